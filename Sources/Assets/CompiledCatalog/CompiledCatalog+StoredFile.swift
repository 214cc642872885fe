import AssetsCodecs

/// `car extract`: the file a rendition stores, with no image decoding: a PDF, JPEG or data set's bytes kept
/// as raw data (`RAWD`): uncompressed (version 0), or LZFSE-compressed (version 1, `bvx` blocks), which the
/// system's LZFSE library inflates where there is one (`LZFSELibrary`). Pixels: `CompiledCatalog+Pixels`.
extension CompiledCatalog {
    /// The most bytes an LZFSE-compressed file may inflate to.
    static let maxStoredFile = BOMStore.maxBlockRead

    /// The stored file's bytes, or nil when the rendition keeps none (it holds pixels, a colour, ...).
    /// Throws `.undecodable` for an LZFSE-compressed file where no LZFSE library is present or the
    /// stream does not inflate.
    package func storedFile(of rendition: CompiledRendition) throws(CompiledCatalogError) -> [UInt8]? {
        guard rendition.payloadTag == "DWAR", rendition.compression == "uncompressed" || rendition.compression == "lzfse",
            rendition.payloadBytes >= 12
        else { return nil }
        let store = try BOMStore.open(path: path)
        let head = try store.bytes(at: rendition.payloadOffset, length: 12, what: "raw data")
        let length = Int(try head.uint32(8, "raw data length"))
        guard length <= rendition.payloadBytes - 12 else {
            throw .countTooLarge(
                what: "raw data length", offset: rendition.payloadOffset + 8, count: length, limit: rendition.payloadBytes - 12)
        }
        let stored = try store.bytes(at: rendition.payloadOffset + 12, length: length, what: "raw data").bytes
        guard rendition.compression == "lzfse" else { return stored }
        if let reason = LZFSELibrary.unavailableReason {
            throw .undecodable(rendition: rendition.renditionName, reason: "its data is LZFSE-compressed and there is \(reason)")
        }
        guard let inflated = LZFSELibrary.decode(stored[...], capacity: Self.maxStoredFile + 1) else {
            throw .undecodable(
                rendition: rendition.renditionName,
                reason: "the LZFSE data at offset \(rendition.payloadOffset + 12) does not inflate to at most \(Self.maxStoredFile) bytes")
        }
        return inflated
    }
}
