/// Why a compiled catalog (`Assets.car`) could not be read: each case names the byte offset in the file
/// (or the block) where the reader found what is wrong, so a damaged or hostile file is reported, never
/// trusted.
public enum CompiledCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read (errno text).
    case unreadable(path: String, reason: String)
    /// The first 8 bytes are not `BOMStore`.
    case notBOMStore(found: [UInt8])
    /// A structure runs past the end of the file or of its block.
    case truncated(what: String, offset: Int, needed: Int, available: Int)
    /// A block index that the index table does not hold.
    case blockOutOfRange(what: String, offset: Int, index: UInt32, count: Int)
    /// A block whose address and length do not lie inside the file.
    case blockOutsideFile(index: UInt32, address: UInt32, length: UInt32, fileSize: Int)
    /// A count the file gives that is larger than the space it has or than the reader's limit.
    case countTooLarge(what: String, offset: Int, count: Int, limit: Int)
    /// A tag (magic) that is not the one the structure must start with.
    case wrongTag(what: String, offset: Int, expected: String, found: [UInt8])
    /// A named block (`CARHEADER`, `RENDITIONS`, ...) the store does not list.
    case missingNamedBlock(String)
    /// A tree whose pages link back to a page already visited, or go deeper than the tree's count allows.
    case cyclicTree(tree: String, offset: Int, block: UInt32)
    /// A name that is not valid UTF-8 or has no terminator inside its field.
    case badName(what: String, offset: Int)
    /// A rendition whose pixels or data this reader does not decode (another payload, pixel format or
    /// compression, no LZFSE library), or whose stored bytes are not what its header says.
    case undecodable(rendition: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .notBOMStore(let found): return "not a compiled catalog: the file starts with \(Self.tagText(found)), not BOMStore"
        case .truncated(let what, let offset, let needed, let available):
            return "\(what) at offset \(offset) needs \(needed) bytes, \(available) are there"
        case .blockOutOfRange(let what, let offset, let index, let count):
            return "\(what) at offset \(offset) names block \(index), the index holds \(count)"
        case .blockOutsideFile(let index, let address, let length, let fileSize):
            return "block \(index) claims \(length) bytes at offset \(address), the file has \(fileSize)"
        case .countTooLarge(let what, let offset, let count, let limit):
            return "\(what) at offset \(offset) claims \(count), at most \(limit) fit"
        case .wrongTag(let what, let offset, let expected, let found):
            return "\(what) at offset \(offset) starts with \(Self.tagText(found)), expected \(expected)"
        case .missingNamedBlock(let name): return "the store has no block named \(name)"
        case .cyclicTree(let tree, let offset, let block):
            return "tree \(tree): the page at offset \(offset) leads to block \(block) again (a cycle or a tree deeper than its count)"
        case .badName(let what, let offset): return "\(what) at offset \(offset) is not a terminated UTF-8 name"
        case .undecodable(let rendition, let reason): return "\(rendition): not decoded: \(reason)"
        }
    }

    /// Four or eight bytes as text when printable, else as hex.
    static func tagText(_ bytes: [UInt8]) -> String {
        if !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return "\"\(String(decoding: bytes, as: UTF8.self))\"" }
        return "0x" + bytes.map { String($0, radix: 16).leftPadded(2) }.joined()
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
