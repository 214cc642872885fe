/// What the cache of files' facts keeps of the catalog-wide checks that read a file whole after its set was
/// checked, so a warm run reads no image's bytes: the digest of the bytes of a PNG or JPEG over 8 KiB whose size
/// and header another file shares (`duplicate-image`, `DuplicateCandidates`: a smaller file's digest is kept with
/// its header), and the verdict of an image that must be opaque and whose header carries alpha (`icon-alpha`,
/// `CatalogValidator.transparentImages`: opaque, or its first pixel that is not).
///
/// Keyed as a file's header is (its catalog-relative path, behind a NUL and the check's name so no file's key is
/// taken, and its identity: git's content id where git vouches for it, else its status); an entry is used only
/// while the identity is unchanged. Only a file that was read and decoded is kept: a read or decode that fails is
/// tried again on every run, so its own finding always comes from reading it.
import AssetsSupport
import AssetsCodecs

extension FileFactsCache {
    /// The first pixel whose alpha is below 255 (row by row from the top left), as `transparentImages` reports it.
    struct TransparentPixel: Sendable, Hashable {
        var x: Int
        var y: Int
        var alpha: UInt8
    }

    /// The digest of the bytes of the file at the catalog-relative `path` (`DuplicateCandidates.bytesDigest`),
    /// when it is kept and the file's identity is still `identity`.
    func bytesDigest(of path: String, identity: FileIdentity) -> PixelDigest? {
        guard var reader = entry(Self.verdictKey("bytes", path), identity: keyIdentity(of: path, identity)),
            reader.u8() == Self.bytesKind, let digest = reader.digest(), reader.isAtEnd
        else { return nil }
        return digest
    }

    /// Keeps the digest of the bytes of the file at `path`, read with identity `identity`.
    func recordBytesDigest(_ digest: PixelDigest, of path: String, identity: FileIdentity) {
        let key = keyIdentity(of: path, identity)
        guard keeps(key) else { return }
        var writer = FactsWriter()
        writer.u8(Self.bytesKind)
        writer.digest(digest)
        record(writer.bytes, at: Self.verdictKey("bytes", path), identity: key)
    }

    /// Whether the image at `path` is opaque (`.some(nil)`) or its first pixel that is not, when the verdict is
    /// kept and the file's identity is still `identity`; nil when it is not kept.
    func opacity(of path: String, identity: FileIdentity) -> TransparentPixel?? {
        guard var reader = entry(Self.verdictKey("opacity", path), identity: keyIdentity(of: path, identity)),
            reader.u8() == Self.opacityKind, let transparent = reader.bool()
        else { return nil }
        guard transparent else { return reader.isAtEnd ? .some(nil) : nil }
        guard let x = reader.int(), let y = reader.int(), let alpha = reader.u8(), x >= 0, y >= 0, alpha < 255, reader.isAtEnd
        else { return nil }
        return .some(TransparentPixel(x: x, y: y, alpha: alpha))
    }

    /// Keeps the verdict of the image at `path`, decoded with identity `identity`: opaque (nil) or its first
    /// pixel that is not.
    func recordOpacity(_ pixel: TransparentPixel?, of path: String, identity: FileIdentity) {
        let key = keyIdentity(of: path, identity)
        guard keeps(key) else { return }
        var writer = FactsWriter()
        writer.u8(Self.opacityKind)
        writer.bool(pixel != nil)
        if let pixel {
            writer.int(pixel.x)
            writer.int(pixel.y)
            writer.u8(pixel.alpha)
        }
        record(writer.bytes, at: Self.verdictKey("opacity", path), identity: key)
    }

    /// The entries' first byte (a header is 1 or 2, a set 3).
    private static let bytesKind: UInt8 = 4
    private static let opacityKind: UInt8 = 5

    /// A verdict's key: a digest of the check's name and the file's path behind a NUL, which no file's path holds.
    private static func verdictKey(_ check: String, _ path: String) -> PixelDigest {
        pathDigest("\u{0}" + check + "/" + path)
    }
}
