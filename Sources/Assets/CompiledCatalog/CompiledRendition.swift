/// One rendition of a compiled catalog: its key (the attribute values in `KEYFORMAT`'s order) and what its
/// CSI header and payload say. Read from the header, the TLV list and the payload's first bytes; the
/// payload is only streamed through the digest, never kept.
package struct CompiledRendition: Sendable, Hashable {
    /// The key's values, in the order of `CompiledCatalog.keyFormat`.
    package var key: [UInt16]
    /// The set's name (from `FACETKEYS`, by the key's identifier); nil when no facet names it (a packed atlas).
    package var name: String?
    /// The file name the CSI header records (`icon@2x.png`, `ZZZZPackedAsset-2.1.0-gamut0`).
    package var renditionName: String
    package var layout: UInt16
    package var flags: UInt32
    package var width: UInt32
    package var height: UInt32
    /// The CSI header's scale factor, ×100 (200 is @2x).
    package var scaleFactor: UInt32
    package var pixelFormat: String?
    package var colorSpaceID: UInt32
    /// The payload's tag as stored (`MLEC`, `DWAR`, `RLOC`, `SISM`, ...), nil when there is no payload.
    package var payloadTag: String?
    package var compression: String?
    /// The whole value block: CSI header, TLVs and payload (what the rendition costs the file).
    package var sizeOnDisk: Int
    package var payloadBytes: Int
    /// The payload length the CSI header claims (more than `payloadBytes` when the block is shorter).
    package var claimedPayloadBytes: Int
    /// The stable 128-bit digest of the payload bytes (`StableHasher`), 32 hex digits (Docs/car.md: a stable
    /// digest, not `assetutil`'s SHA-1); empty when the listing was asked for without digests (then only
    /// headers are read).
    package var digest: String
    /// The file offset of the value block.
    package var offset: Int
    /// The file offset of the payload (after the CSI header and the TLVs).
    package var payloadOffset: Int
    /// A colour's components and its colour space (`COLR` payloads).
    package var colorComponents: [Double]?
    /// An internal reference's place in its packed atlas (`INLK`, TLV 1010): the crop and the atlas key's attributes.
    package var link: Link?
    /// A multisize image set's sizes (`MSIS` payloads).
    package var sizes: [MultisizeEntry]?
    /// A packed atlas's member count: the internal references that crop it (set by the catalog).
    package var atlasMembers: Int?

    /// How the image is drawn (`assetutil`'s "Template Mode"): bits 3 and 4 of the CSI header's flags,
    /// `template` (1), `automatic` (2, what Xcode's "Default" writes) or `original` (0); nil for a
    /// rendition that is not an image (colours, data, atlases, multisize sets). Docs/car.md says where
    /// this comes from.
    package var templateMode: String? {
        guard (9...50).contains(layout) || layout == 0x3EB else { return nil }
        return RenditionVocabulary.templateMode((flags >> 3) & 3)
    }

    package struct Link: Sendable, Hashable {
        package var x: UInt32, y: UInt32, width: UInt32, height: UInt32
        package var targetLayout: UInt16
        /// (attribute identifier, value) pairs of the atlas's key.
        package var targetAttributes: [Attribute]
        /// The atlas's rendition name, once the catalog has found it.
        package var targetName: String?

        /// The atlas's rendition key in the catalog's key format (attributes it does not name are 0).
        package func targetKey(in keyFormat: [UInt32]) -> [UInt16] {
            var key = [UInt16](repeating: 0, count: keyFormat.count)
            for attribute in targetAttributes {
                if let slot = keyFormat.firstIndex(of: UInt32(attribute.identifier)) { key[slot] = attribute.value }
            }
            return key
        }
    }

    package struct Attribute: Sendable, Hashable {
        package var identifier: UInt16
        package var value: UInt16
    }

    package struct MultisizeEntry: Sendable, Hashable {
        package var width: UInt32, height: UInt32, index: UInt32
    }

    static let headerLength = 184
    /// The bytes of a payload's head its tag and fields are read from (a colour's 16 components, a
    /// multisize set's 16 sizes).
    static let payloadHead = 64 + 16 * 12
    /// What the first read of a rendition asks for: the header, a few TLVs and the payload's head.
    static let firstRead = 4096
    /// The most TLV bytes a rendition may hold.
    static let maxTLVBytes = 1 << 20

    /// Reads the rendition whose value block is `place`; streams its payload through the digest when asked.
    init(key: [UInt16], store: BOMStore, place: (offset: Int, length: Int), digest wantsDigest: Bool = true) throws(CompiledCatalogError) {
        guard place.length >= Self.headerLength else {
            throw .truncated(what: "rendition (CSI header)", offset: place.offset, needed: Self.headerLength, available: place.length)
        }
        // One read for the header, the TLVs and the payload's head, as they nearly always fit in it.
        let first = try store.bytes(at: place.offset, length: min(place.length, Self.firstRead), what: "rendition")
        let header = first
        try header.tag(0, is: "ISTC", "tag")
        flags = try header.uint32(8, "flags")
        width = try header.uint32(12, "width")
        height = try header.uint32(16, "height")
        scaleFactor = try header.uint32(20, "scale")
        pixelFormat = RenditionVocabulary.pixelFormat(try header.uint32(24, "pixel format"))
        colorSpaceID = try header.uint32(28, "colour space") & 0xF
        layout = try header.uint16(36, "layout")
        renditionName = try header.fixedName(40, 128, "name", terminated: false)
        let tlvLength = Int(try header.uint32(168, "TLV length"))
        let claimedPayload = Int(try header.uint32(180, "payload length"))
        let room = place.length - Self.headerLength
        guard tlvLength <= min(room, Self.maxTLVBytes) else {
            throw .countTooLarge(
                what: "rendition TLV length", offset: place.offset + 168, count: tlvLength, limit: min(room, Self.maxTLVBytes))
        }
        // The payload is what the block holds after the TLVs: a length that claims more (text effects of
        // macOS 10.14's system catalogs do) is kept as claimed, never read past the block.
        let payloadLength = min(claimedPayload, room - tlvLength)
        self.key = key
        self.name = nil
        self.offset = place.offset
        self.payloadOffset = place.offset + Self.headerLength + tlvLength
        self.sizeOnDisk = place.length
        self.payloadBytes = payloadLength
        self.claimedPayloadBytes = claimedPayload
        self.colorComponents = nil
        self.link = nil
        self.sizes = nil
        self.atlasMembers = nil
        self.compression = nil
        self.payloadTag = nil
        self.digest = ""
        let tlvs = try first.part(at: Self.headerLength, length: tlvLength, what: "rendition TLVs", store: store)
        try readTLVs(tlvs)
        let payloadOffset = place.offset + Self.headerLength + tlvLength
        let head = try first.part(
            at: Self.headerLength + tlvLength, length: min(payloadLength, Self.payloadHead), what: "rendition payload", store: store)
        try readPayloadHead(head, length: payloadLength)
        if wantsDigest { digest = try PayloadDigest.of(store: store, offset: payloadOffset, length: payloadLength) }
    }

    private mutating func readTLVs(_ tlvs: StoredBytes) throws(CompiledCatalogError) {
        var at = 0
        while at + 8 <= tlvs.count {
            let tag = try tlvs.uint32(at, "TLV tag")
            let length = Int(try tlvs.uint32(at + 4, "TLV length"))
            let value = StoredBytes(
                bytes: Array(try tlvs.slice(at + 8, length, "TLV \(tag) value")), fileOffset: tlvs.fileOffset + at + 8, what: "TLV \(tag)")
            if tag == 0x3F2 { link = try Self.link(value) }
            at += 8 + length
        }
    }

    /// An `INLK` reference: tag, zero, the crop (x, y, width, height), the atlas's layout, the key's byte
    /// length, then (identifier, value) pairs ended by a zero pair.
    static func link(_ value: StoredBytes) throws(CompiledCatalogError) -> Link {
        try value.tag(0, is: "KLNI", "tag")
        let keyLength = Int(try value.uint32(26, "key length"))
        _ = try value.slice(30, keyLength, "key")
        var attributes: [Attribute] = []
        var at = 30
        while at + 4 <= 30 + keyLength {
            let identifier = try value.uint16(at, "attribute")
            let attributeValue = try value.uint16(at + 2, "attribute value")
            if identifier == 0, attributeValue == 0 { break }
            attributes.append(Attribute(identifier: identifier, value: attributeValue))
            at += 4
        }
        return Link(
            x: try value.uint32(8, "x"), y: try value.uint32(12, "y"), width: try value.uint32(16, "width"),
            height: try value.uint32(20, "height"), targetLayout: try value.uint16(24, "layout"),
            targetAttributes: attributes, targetName: nil)
    }

    private mutating func readPayloadHead(_ head: StoredBytes, length: Int) throws(CompiledCatalogError) {
        guard head.count >= 4 else { return }
        let tagBytes = Array(head.bytes.prefix(4))
        payloadTag = tagBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? String(decoding: tagBytes, as: UTF8.self) : nil
        switch payloadTag {
        case "MLEC":
            compression = RenditionVocabulary.compression(try head.uint32(8, "compression"))
        case "DWAR":
            // Raw data: version, length, bytes; version 1 keeps them LZFSE-compressed ("bvx" blocks).
            let data = try head.slice(12, min(3, head.count - 12), "raw data")
            compression = Array(data) == Array("bvx".utf8) ? "lzfse" : "uncompressed"
        case "RLOC":
            let count = Int(try head.uint32(12, "component count"))
            guard count <= (length - 16) / 8, count <= 16 else {
                throw .countTooLarge(
                    what: "colour components", offset: head.fileOffset + 12, count: count, limit: min(16, max(0, (length - 16) / 8)))
            }
            let components = try (0..<count).map { (index: Int) throws(CompiledCatalogError) -> Double in
                try head.double(16 + 8 * index, "component")
            }
            colorComponents = components
            colorSpaceID = try head.uint32(8, "colour space") & 0xFF
        case "SISM":
            let count = Int(try head.uint32(8, "size count"))
            guard count <= 16, 12 + 12 * count <= length else {
                throw .countTooLarge(
                    what: "multisize entries", offset: head.fileOffset + 8, count: count, limit: min(16, max(0, (length - 12) / 12)))
            }
            sizes = try (0..<count).map { (index: Int) throws(CompiledCatalogError) -> MultisizeEntry in
                MultisizeEntry(
                    width: try head.uint32(12 + 12 * index, "width"), height: try head.uint32(16 + 12 * index, "height"),
                    index: try head.uint32(20 + 12 * index, "index"))
            }
        default:
            break
        }
    }
}
