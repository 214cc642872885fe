/// Bytes read from a compiled catalog with the file offset they came from: every field is read through a
/// bounds check that throws `CompiledCatalogError.truncated` naming the file offset, so no index or length
/// from the file is used before it is checked. The BOM store's own fields are big-endian, CoreUI's
/// structures inside its blocks little-endian.
struct StoredBytes: Sendable {
    let bytes: [UInt8]
    /// The file offset of `bytes[0]`.
    let fileOffset: Int
    /// What these bytes are, for errors ("block 12", "CARHEADER").
    let what: String

    var count: Int { bytes.count }

    func require(_ offset: Int, _ length: Int, _ field: String) throws(CompiledCatalogError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw .truncated(
                what: "\(what) \(field)", offset: fileOffset + offset, needed: length,
                available: max(0, bytes.count - max(0, offset)))
        }
    }

    func bigUInt32(_ offset: Int, _ field: String) throws(CompiledCatalogError) -> UInt32 {
        try require(offset, 4, field)
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    func bigUInt16(_ offset: Int, _ field: String) throws(CompiledCatalogError) -> UInt16 {
        try require(offset, 2, field)
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func uint32(_ offset: Int, _ field: String) throws(CompiledCatalogError) -> UInt32 {
        try require(offset, 4, field)
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    func uint16(_ offset: Int, _ field: String) throws(CompiledCatalogError) -> UInt16 {
        try require(offset, 2, field)
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func double(_ offset: Int, _ field: String) throws(CompiledCatalogError) -> Double {
        try require(offset, 8, field)
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * index) }
        return Double(bitPattern: bits)
    }

    func slice(_ offset: Int, _ length: Int, _ field: String) throws(CompiledCatalogError) -> ArraySlice<UInt8> {
        try require(offset, length, field)
        return bytes[offset..<(offset + length)]
    }

    /// The tag at `offset`, checked against `expected` (as the bytes appear in the file).
    func tag(_ offset: Int, is expected: String, _ field: String) throws(CompiledCatalogError) {
        let found = Array(try slice(offset, 4, field))
        guard found == Array(expected.utf8) else {
            throw .wrongTag(what: "\(what) \(field)", offset: fileOffset + offset, expected: "\"\(expected)\"", found: found)
        }
    }

    /// A NUL-terminated name in a fixed field of `length` bytes; a name that fills the field without a
    /// terminator, or is not UTF-8, is an error naming its offset.
    func fixedName(_ offset: Int, _ length: Int, _ field: String, terminated: Bool = true) throws(CompiledCatalogError) -> String {
        let stored = try slice(offset, length, field)
        let end = stored.firstIndex(of: 0)
        if end == nil, terminated { throw .badName(what: "\(what) \(field)", offset: fileOffset + offset) }
        let name = stored[stored.startIndex..<(end ?? stored.endIndex)]
        guard let text = String(validating: name, as: UTF8.self) else {
            throw .badName(what: "\(what) \(field)", offset: fileOffset + offset)
        }
        return text
    }

    /// The whole bytes as a name (a tree key: no terminator, possibly one trailing NUL).
    func wholeName(_ field: String) throws(CompiledCatalogError) -> String {
        var name = bytes[...]
        if name.last == 0 { name = name.dropLast() }
        guard !name.contains(0), let text = String(validating: name, as: UTF8.self) else {
            throw .badName(what: "\(what) \(field)", offset: fileOffset)
        }
        return text
    }

    /// `length` bytes from `offset` of these bytes when they hold them, else read from `store` (the same
    /// file offsets either way): a structure that usually fits in a first read is not read twice.
    func part(at offset: Int, length: Int, what: String, store: BOMStore) throws(CompiledCatalogError) -> StoredBytes {
        if offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset {
            return StoredBytes(bytes: Array(bytes[offset..<(offset + length)]), fileOffset: fileOffset + offset, what: what)
        }
        return try store.bytes(at: fileOffset + offset, length: length, what: what)
    }
}
