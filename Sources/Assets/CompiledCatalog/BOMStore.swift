import AssetsSupport

/// The BOM store a compiled catalog is kept in (Apple's "bill of materials" container, also used by
/// installer packages): a header, a table of blocks (address and length each), and named blocks; B-trees
/// of key and value blocks sit on top. Read through `OpenFile`'s positioned reads, one block at a time:
/// only the block table and the names are held, never the file.
///
/// Layout (big-endian; Docs/car.md cites where each field comes from): `BOMStore` (8 bytes), version,
/// block count, index offset and length, names offset and length. The index: a count, then that many
/// (address, length) pairs. The names: a count, then (block index, name length as one byte, name).
package final class BOMStore: @unchecked Sendable {
    let file: OpenFile
    package let fileSize: Int
    /// Each block's place in the file, index by index (block 0 is the null block).
    let blocks: [(address: UInt32, length: UInt32)]
    /// The named blocks, in the order the store lists them.
    package let namedBlocks: [(name: String, block: UInt32)]

    /// The most blocks the index may hold (each costs 8 bytes of memory here).
    static let maxBlocks = 1 << 24
    /// The most bytes one block read may ask for.
    package static let maxBlockRead = 64 << 20

    init(file: OpenFile, fileSize: Int) throws(CompiledCatalogError) {
        self.file = file
        self.fileSize = fileSize
        let header = try Self.read(file, offset: 0, length: min(32, fileSize), fileSize: fileSize, what: "BOM header")
        let magic = Array(header.bytes.prefix(8))
        guard magic == Array("BOMStore".utf8) else { throw .notBOMStore(found: magic) }
        try header.require(0, 32, "fields")
        let indexOffset = Int(try header.bigUInt32(16, "index offset"))
        let indexLength = Int(try header.bigUInt32(20, "index length"))
        let namesOffset = Int(try header.bigUInt32(24, "names offset"))
        let namesLength = Int(try header.bigUInt32(28, "names length"))
        for (what, offset, length) in [("block index", indexOffset, indexLength), ("named blocks", namesOffset, namesLength)] {
            guard offset <= fileSize, length <= fileSize - offset else {
                throw .truncated(what: what, offset: offset, needed: length, available: max(0, fileSize - offset))
            }
        }
        let index = try Self.read(file, offset: indexOffset, length: indexLength, fileSize: fileSize, what: "block index")
        let count = Int(try index.bigUInt32(0, "count"))
        let fit = max(0, (indexLength - 4) / 8)
        guard count <= min(fit, Self.maxBlocks) else {
            throw .countTooLarge(what: "block index count", offset: indexOffset, count: count, limit: min(fit, Self.maxBlocks))
        }
        var blocks: [(address: UInt32, length: UInt32)] = []
        blocks.reserveCapacity(count)
        for entry in 0..<count {
            blocks.append((try index.bigUInt32(4 + 8 * entry, "address"), try index.bigUInt32(8 + 8 * entry, "length")))
        }
        self.blocks = blocks
        let names = try Self.read(file, offset: namesOffset, length: namesLength, fileSize: fileSize, what: "named blocks")
        let nameCount = Int(try names.bigUInt32(0, "count"))
        guard nameCount <= namesLength / 5 else {
            throw .countTooLarge(what: "named block count", offset: namesOffset, count: nameCount, limit: namesLength / 5)
        }
        var named: [(name: String, block: UInt32)] = []
        var at = 4
        for _ in 0..<nameCount {
            let block = try names.bigUInt32(at, "block")
            let length = Int(try names.slice(at + 4, 1, "name length").first ?? 0)
            let name = try StoredBytes(
                bytes: Array(try names.slice(at + 5, length, "name")), fileOffset: namesOffset + at + 5, what: "named block"
            )
            .wholeName("name")
            named.append((name, block))
            at += 5 + length
        }
        self.namedBlocks = named
    }

    /// Opens the store at `path` (a path the user gave: not under a catalog's rule).
    package static func open(path: String) throws(CompiledCatalogError) -> BOMStore {
        let file: OpenFile
        do { file = try CatalogFileSystem.open(path) } catch { throw .unreadable(path: path, reason: error.description) }
        let size: Int
        switch file.status() {
        case .failure(let error): throw .unreadable(path: path, reason: error.description)
        case .success(let status) where status.type == .file: size = status.size
        case .success: throw .unreadable(path: path, reason: "not a regular file")
        }
        return try BOMStore(file: file, fileSize: size)
    }

    /// The block a name gives, if the store lists it.
    package func namedBlock(_ name: String) -> UInt32? {
        namedBlocks.first { $0.name == name }?.block
    }

    /// Where block `index` lies, checked against the index and the file. `what` and `offset` say who named it.
    package func range(of index: UInt32, what: String, namedAt offset: Int) throws(CompiledCatalogError) -> (offset: Int, length: Int) {
        guard Int(index) < blocks.count else { throw .blockOutOfRange(what: what, offset: offset, index: index, count: blocks.count) }
        let (address, length) = blocks[Int(index)]
        guard Int(address) <= fileSize, Int(length) <= fileSize - Int(address) else {
            throw .blockOutsideFile(index: index, address: address, length: length, fileSize: fileSize)
        }
        return (Int(address), Int(length))
    }

    /// Block `index` whole (at most `maxBlockRead` bytes, else an error).
    func block(_ index: UInt32, what: String, namedAt offset: Int) throws(CompiledCatalogError) -> StoredBytes {
        let place = try range(of: index, what: what, namedAt: offset)
        guard place.length <= Self.maxBlockRead else {
            throw .countTooLarge(
                what: "\(what) (block \(index)) length", offset: place.offset, count: place.length, limit: Self.maxBlockRead)
        }
        return try Self.read(file, offset: place.offset, length: place.length, fileSize: fileSize, what: "\(what) (block \(index))")
    }

    /// `length` bytes at `offset`, both already checked to lie in the file.
    func bytes(at offset: Int, length: Int, what: String) throws(CompiledCatalogError) -> StoredBytes {
        try Self.read(file, offset: offset, length: length, fileSize: fileSize, what: what)
    }

    static func read(_ file: OpenFile, offset: Int, length: Int, fileSize: Int, what: String) throws(CompiledCatalogError) -> StoredBytes {
        guard offset >= 0, length >= 0, offset <= fileSize, length <= fileSize - offset else {
            throw .truncated(what: what, offset: offset, needed: length, available: max(0, fileSize - offset))
        }
        let bytes: [UInt8]
        do { bytes = try file.readFully(count: length, at: offset) } catch {
            throw .unreadable(path: "\(what) at offset \(offset)", reason: error.description)
        }
        guard bytes.count == length else { throw .truncated(what: what, offset: offset, needed: length, available: bytes.count) }
        return StoredBytes(bytes: bytes, fileOffset: offset, what: what)
    }
}
