/// A B-tree of a BOM store, walked in key order: its `tree` block (tag, version, root page, page size,
/// entry count), pages of (value block, key block) pairs; inner pages point to child pages, leaves chain
/// forward. Every page is visited at most once and the descent is bounded, so a cyclic or endlessly deep
/// tree is an error naming the page, never a hang.
struct BOMTree {
    let store: BOMStore
    let name: String
    let root: UInt32
    /// The entry count the tree's header claims (reported; the walk trusts only the pages).
    let claimedCount: Int

    /// The deepest descent from the root to a leaf the reader follows.
    static let maxDepth = 64

    init(store: BOMStore, named name: String) throws(CompiledCatalogError) {
        guard let index = store.namedBlock(name) else { throw .missingNamedBlock(name) }
        let header = try store.block(index, what: "tree \(name)", namedAt: 0)
        try header.tag(0, is: "tree", "tag")
        self.store = store
        self.name = name
        self.root = try header.bigUInt32(8, "root page")
        self.claimedCount = Int(try header.bigUInt32(16, "entry count"))
    }

    /// Calls `body` with each entry's key block and value block, in order; stops when it returns false.
    func forEach(
        _ body: (_ key: UInt32, _ value: UInt32, _ pageOffset: Int) throws(CompiledCatalogError) -> Bool
    ) throws(CompiledCatalogError) {
        var visited = Set<UInt32>()
        var pageIndex = root
        var page = try self.page(pageIndex, from: 0, visited: &visited)
        var depth = 0
        // Down the first child of each inner page to the first leaf.
        while !page.isLeaf {
            depth += 1
            guard depth <= Self.maxDepth, page.count > 0 else {
                throw .cyclicTree(tree: name, offset: page.bytes.fileOffset, block: pageIndex)
            }
            let child = try page.bytes.bigUInt32(12, "first child")
            pageIndex = child
            page = try self.page(child, from: page.bytes.fileOffset + 12, visited: &visited)
        }
        while true {
            for entry in 0..<page.count {
                let value = try page.bytes.bigUInt32(12 + 8 * entry, "value block")
                let key = try page.bytes.bigUInt32(16 + 8 * entry, "key block")
                guard try body(key, value, page.bytes.fileOffset + 12 + 8 * entry) else { return }
            }
            guard page.forward != 0 else { return }
            pageIndex = page.forward
            page = try self.page(page.forward, from: page.bytes.fileOffset + 4, visited: &visited)
            guard page.isLeaf else { throw .cyclicTree(tree: name, offset: page.bytes.fileOffset, block: pageIndex) }
        }
    }

    private struct Page {
        let bytes: StoredBytes
        let isLeaf: Bool
        let count: Int
        let forward: UInt32
    }

    private func page(_ index: UInt32, from offset: Int, visited: inout Set<UInt32>) throws(CompiledCatalogError) -> Page {
        guard visited.insert(index).inserted else { throw .cyclicTree(tree: name, offset: offset, block: index) }
        let bytes = try store.block(index, what: "tree \(name) page", namedAt: offset)
        let isLeaf = try bytes.bigUInt16(0, "leaf flag") != 0
        let count = Int(try bytes.bigUInt16(2, "count"))
        let fit = max(0, (bytes.count - 12) / 8)
        guard count <= fit else {
            throw .countTooLarge(what: "tree \(name) page entries", offset: bytes.fileOffset + 2, count: count, limit: fit)
        }
        return Page(bytes: bytes, isLeaf: isLeaf, count: count, forward: try bytes.bigUInt32(4, "next page"))
    }
}
