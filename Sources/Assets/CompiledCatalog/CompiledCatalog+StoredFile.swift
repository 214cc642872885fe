/// `car extract`: the file a rendition stores as it was, with no decoding: a PDF, JPEG or data set's
/// bytes kept as uncompressed raw data (`RAWD`, version 0). Pixels and LZFSE-compressed raw data are not
/// stored plain (Docs/car.md, "Not done yet").
extension CompiledCatalog {
    /// The stored file's bytes, or nil when the rendition keeps none plain.
    package func storedFile(of rendition: CompiledRendition) throws(CompiledCatalogError) -> [UInt8]? {
        guard rendition.payloadTag == "DWAR", rendition.compression == "uncompressed", rendition.payloadBytes >= 12 else { return nil }
        let store = try BOMStore.open(path: path)
        let head = try store.bytes(at: rendition.payloadOffset, length: 12, what: "raw data")
        let length = Int(try head.uint32(8, "raw data length"))
        guard length <= rendition.payloadBytes - 12 else {
            throw .countTooLarge(what: "raw data length", offset: rendition.payloadOffset + 8, count: length, limit: rendition.payloadBytes - 12)
        }
        return try store.bytes(at: rendition.payloadOffset + 12, length: length, what: "raw data").bytes
    }
}
