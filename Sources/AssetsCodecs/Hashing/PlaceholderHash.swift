/// A compact preview of an image that is still loading, as an API carries it: a BlurHash or a ThumbHash.
public enum PlaceholderHash: Sendable, Hashable {
    case blurHash(String)
    /// The ThumbHash's bytes (standard base64 in JSON).
    case thumbHash([UInt8])

    /// Reads a ThumbHash from standard base64.
    public static func thumbHash(base64: String) throws(ThumbHashError) -> PlaceholderHash {
        let bytes = try ThumbHash.bytes(base64: base64)
        _ = try ThumbHash.header(bytes)
        return .thumbHash(bytes)
    }

    /// The decoded preview: a BlurHash drawn at `blurHashSize` (it carries no size of its own), a ThumbHash
    /// at its own size (32 px on the longer side, the image's aspect ratio).
    public func preview(blurHashSize: (width: Int, height: Int) = (32, 32)) throws -> RGBAImage {
        switch self {
        case .blurHash(let hash): return try BlurHash.decode(hash, width: blurHashSize.width, height: blurHashSize.height)
        case .thumbHash(let bytes): return try ThumbHash.decode(bytes)
        }
    }

    /// Whether the hash is well formed (its length and characters; a ThumbHash's header).
    public var isValid: Bool {
        switch self {
        case .blurHash(let hash): return (try? BlurHash.components(of: hash)) != nil
        case .thumbHash(let bytes): return (try? ThumbHash.header(bytes)) != nil
        }
    }
}
