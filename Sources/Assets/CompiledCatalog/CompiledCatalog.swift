/// A compiled asset catalog (`Assets.car`) as its BOM store's named blocks and trees give it: the header,
/// the rendition key's format, the facets (set names), the appearances and every rendition, read without
/// decompressing anything. Memory is the listing (a few hundred bytes a rendition), not the file.
/// Public for the fuzz harness (`Fuzz/Sources/fuzz-car`), which uses public API only: `read(at:digests:)`,
/// `renditionCount`, `resolve(_:for:)` and `extracted(at:)`; the rest stays `package`.
public struct CompiledCatalog: Sendable {
    package var path: String
    package var fileSize: Int
    package var header: CompiledCatalogHeader
    /// The attribute identifiers of a rendition key, in key order (`KEYFORMAT`).
    package var keyFormat: [UInt32]
    /// Set names and the attributes their facet key holds (`FACETKEYS`).
    package var facets: [(name: String, attributes: [CompiledRendition.Attribute])]
    /// Appearance names by their key value (`APPEARANCEKEYS`).
    package var appearances: [UInt16: String]
    package var renditions: [CompiledRendition]
    /// The store's named blocks and their sizes (the container's own bytes, for `car diff`).
    package var namedBlocks: [(name: String, bytes: Int)]

    /// The most renditions a listing holds.
    package static let maxRenditions = 1 << 20
    static let maxKeyTokens = 64

    /// Reads the file at `path`. `digests`: stream every payload through `PayloadDigest` (the whole file
    /// is read once); without, only the headers, keys and trees are read.
    public static func read(at path: String, digests: Bool = true) throws(CompiledCatalogError) -> CompiledCatalog {
        let store = try BOMStore.open(path: path)
        return try read(store: store, path: path, digests: digests)
    }

    static func read(store: BOMStore, path: String, digests: Bool) throws(CompiledCatalogError) -> CompiledCatalog {
        func named(_ name: String) throws(CompiledCatalogError) -> StoredBytes? {
            guard let index = store.namedBlock(name) else { return nil }
            return try store.block(index, what: name, namedAt: 0)
        }
        guard let headerBytes = try named("CARHEADER") else { throw .missingNamedBlock("CARHEADER") }
        let header = try CompiledCatalogHeader(header: headerBytes, metadata: try named("EXTENDED_METADATA"))
        guard let format = try named("KEYFORMAT") else { throw .missingNamedBlock("KEYFORMAT") }
        try format.tag(0, is: "tmfk", "tag")
        let tokenCount = Int(try format.uint32(8, "token count"))
        guard tokenCount <= min(maxKeyTokens, max(0, (format.count - 12) / 4)) else {
            throw .countTooLarge(
                what: "KEYFORMAT token count", offset: format.fileOffset + 8, count: tokenCount,
                limit: min(maxKeyTokens, max(0, (format.count - 12) / 4)))
        }
        let keyFormat = try (0..<tokenCount).map { (index: Int) throws(CompiledCatalogError) -> UInt32 in
            try format.uint32(12 + 4 * index, "token")
        }

        var facets: [(name: String, attributes: [CompiledRendition.Attribute])] = []
        var namesByIdentifier: [UInt16: String] = [:]
        if store.namedBlock("FACETKEYS") != nil {
            // BOMTree.forEach walks the tree page by page; a tree is not a Sequence.
            // swift-format-ignore: ReplaceForEachWithForLoop
            try BOMTree(store: store, named: "FACETKEYS").forEach { (key, value, at) throws(CompiledCatalogError) -> Bool in
                let name = try store.block(key, what: "facet name", namedAt: at).wholeName("facet name")
                let token = try store.block(value, what: "facet key", namedAt: at)
                let count = Int(try token.uint16(4, "attribute count"))
                guard count <= (token.count - 6) / 4 else {
                    throw .countTooLarge(
                        what: "facet attribute count", offset: token.fileOffset + 4, count: count, limit: max(0, (token.count - 6) / 4))
                }
                let attributes = try (0..<count).map { (index: Int) throws(CompiledCatalogError) -> CompiledRendition.Attribute in
                    .init(identifier: try token.uint16(6 + 4 * index, "attribute"), value: try token.uint16(8 + 4 * index, "value"))
                }
                facets.append((name, attributes))
                if let identifier = attributes.first(where: { UInt32($0.identifier) == RenditionVocabulary.Attribute.identifier }) {
                    namesByIdentifier[identifier.value] = namesByIdentifier[identifier.value] ?? name
                }
                return facets.count <= maxRenditions
            }
        }
        var appearances: [UInt16: String] = [:]
        if store.namedBlock("APPEARANCEKEYS") != nil {
            // BOMTree.forEach walks the tree page by page; a tree is not a Sequence.
            // swift-format-ignore: ReplaceForEachWithForLoop
            try BOMTree(store: store, named: "APPEARANCEKEYS").forEach { (key, value, at) throws(CompiledCatalogError) -> Bool in
                let name = try store.block(key, what: "appearance name", namedAt: at).wholeName("appearance name")
                let id = try store.block(value, what: "appearance value", namedAt: at).uint16(0, "value")
                appearances[id] = name
                return appearances.count <= 1 << 16
            }
        }
        let identifierSlot = keyFormat.firstIndex(of: RenditionVocabulary.Attribute.identifier)
        var renditions: [CompiledRendition] = []
        // BOMTree.forEach walks the tree page by page; a tree is not a Sequence.
        // swift-format-ignore: ReplaceForEachWithForLoop
        try BOMTree(store: store, named: "RENDITIONS").forEach { (keyIndex, valueIndex, at) throws(CompiledCatalogError) -> Bool in
            let keyBytes = try store.block(keyIndex, what: "rendition key", namedAt: at)
            guard keyBytes.count <= 2 * maxKeyTokens else {
                throw .countTooLarge(
                    what: "rendition key length", offset: keyBytes.fileOffset, count: keyBytes.count, limit: 2 * maxKeyTokens)
            }
            let key = try (0..<(keyBytes.count / 2)).map { (index: Int) throws(CompiledCatalogError) -> UInt16 in
                try keyBytes.uint16(2 * index, "token")
            }
            let place = try store.range(of: valueIndex, what: "rendition", namedAt: at + 0)
            var rendition = try CompiledRendition(key: key, store: store, place: place, digest: digests)
            if let identifierSlot, identifierSlot < key.count { rendition.name = namesByIdentifier[key[identifierSlot]] }
            renditions.append(rendition)
            guard renditions.count <= maxRenditions else {
                throw .countTooLarge(what: "renditions", offset: at, count: renditions.count, limit: maxRenditions)
            }
            return true
        }
        // An internal reference names its packed atlas by key: find the atlas's rendition name.
        var byKey: [[UInt16]: String] = [:]
        var members: [[UInt16]: Int] = [:]
        for rendition in renditions where rendition.layout == 0x3EC { byKey[rendition.key] = rendition.renditionName }
        for index in renditions.indices {
            guard var link = renditions[index].link else { continue }
            let key = link.targetKey(in: keyFormat)
            link.targetName = byKey[key]
            renditions[index].link = link
            members[key, default: 0] += 1
        }
        for index in renditions.indices where renditions[index].layout == 0x3EC {
            renditions[index].atlasMembers = members[renditions[index].key, default: 0]
        }
        let blocks = try store.namedBlocks.map {
            (named: (name: String, block: UInt32)) throws(CompiledCatalogError) -> (name: String, bytes: Int) in
            (named.name, try store.range(of: named.block, what: named.name, namedAt: 0).length)
        }
        return CompiledCatalog(
            path: path, fileSize: store.fileSize, header: header, keyFormat: keyFormat, facets: facets,
            appearances: appearances, renditions: renditions, namedBlocks: blocks)
    }

    public var renditionCount: Int { renditions.count }

    /// What `car extract` writes for the rendition at `index` (file order): the file it stores, or its pixels;
    /// nil for an index out of range or a rendition that holds neither (a colour, a multisize set).
    public func extracted(at index: Int) throws(CompiledCatalogError) -> ExtractedRendition? {
        guard renditions.indices.contains(index) else { return nil }
        let rendition = renditions[index]
        if let file = try storedFile(of: rendition) { return .file(file) }
        guard rendition.payloadTag == "MLEC" || rendition.link != nil else { return nil }
        return .pixels(try pixels(of: rendition))
    }

    /// The value of attribute `identifier` in `rendition`'s key, when the key format has it.
    package func value(_ identifier: UInt32, of rendition: CompiledRendition) -> UInt16? {
        guard let slot = keyFormat.firstIndex(of: identifier), slot < rendition.key.count else { return nil }
        return rendition.key[slot]
    }
}
