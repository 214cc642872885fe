internal import CPNGShim

/// Encodes RGBA rasters as 8-bit PNG through libpng.
public struct PNGEncoder: Sendable, Hashable {
    /// Row filters libpng may use.
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        /// No filtering: the fastest, and close in size to other tools' defaults on animation frames.
        case none
        case sub
        case up
        /// libpng's per-row heuristic over all filters: smaller on photographs, slower.
        case adaptive
    }

    /// zlib level, 0 (store) to 9 (smallest).
    public var compressionLevel: Int
    public var filter: Filter

    public init(compressionLevel: Int = 6, filter: Filter = .none) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.filter = filter
    }

    /// The fast default used for frame extraction.
    public static let fast = PNGEncoder(compressionLevel: 6, filter: .none)
    /// Smallest output, several times slower.
    public static let smallest = PNGEncoder(compressionLevel: 9, filter: .adaptive)

    /// Encodes `image` as an RGBA PNG file in memory.
    public func encode(_ image: RGBAImage) throws(PNGEncodingError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let shimFilter: assets_png_filter
        switch filter {
        case .none: shimFilter = ASSETS_PNG_FILTER_NONE
        case .sub: shimFilter = ASSETS_PNG_FILTER_SUB
        case .up: shimFilter = ASSETS_PNG_FILTER_UP
        case .adaptive: shimFilter = ASSETS_PNG_FILTER_ADAPTIVE
        }
        var output = assets_png_encode_output()
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            assets_png_encode(buffer.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                              1, Int32(compressionLevel), shimFilter, &output)
        }
        defer { assets_png_encode_free(&output) }
        switch status {
        case ASSETS_PNG_ENCODE_OK:
            guard let bytes = output.bytes else { throw .library("libpng produced no output") }
            return Array(UnsafeBufferPointer(start: bytes, count: output.count))
        case ASSETS_PNG_ENCODE_OUT_OF_MEMORY:
            throw .outOfMemory
        case ASSETS_PNG_ENCODE_INVALID_ARGUMENT:
            throw .library("invalid arguments for a \(image.width)x\(image.height) image")
        default:
            let message = withUnsafeBytes(of: output.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .library(message)
        }
    }
}

/// Why a PNG could not be encoded.
public enum PNGEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyImage
    case outOfMemory
    case library(String)

    public var description: String {
        switch self {
        case .emptyImage: return "cannot encode an image with no pixels"
        case .outOfMemory: return "out of memory while encoding PNG"
        case .library(let message): return "libpng: \(message)"
        }
    }
}
