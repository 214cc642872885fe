import Foundation

/// A small writer of BOM stores and compiled catalogs, from scratch, for the reader's and the CLI's tests: every
/// structure `CompiledCatalog` reads (header, metadata, key format, facet and appearance trees, a
/// renditions tree over two leaf pages under an inner page, and renditions of each kind: a compressed
/// image, a packed atlas and an internal reference into it, a colour, a multisize set, raw PDF data).
/// Layout as Docs/car.md describes; the offsets it records let hostile variants aim at one field.
package struct CARFixture {
    package init() {}

    package var blocks: [[UInt8]] = [[]]  // block 0 is the null block
    package var names: [(String, UInt32)] = []

    package mutating func add(_ bytes: [UInt8]) -> UInt32 {
        blocks.append(bytes)
        return UInt32(blocks.count - 1)
    }

    package static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    package static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    package static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
    package static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    package static func fixed(_ text: String, _ length: Int) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(length - 1))
        return bytes + [UInt8](repeating: 0, count: length - bytes.count)
    }

    /// A tree of `entries` (key, value) block pairs: one leaf page, or two leaves under an inner page.
    package mutating func tree(_ name: String, _ entries: [(key: [UInt8], value: [UInt8])], split: Bool = false) {
        var pairs: [(UInt32, UInt32)] = []
        for entry in entries { pairs.append((add(entry.value), add(entry.key))) }
        func page(leaf: Bool, _ items: [(UInt32, UInt32)], forward: UInt32 = 0) -> [UInt8] {
            var bytes = Self.be16(leaf ? 1 : 0) + Self.be16(UInt16(items.count)) + Self.be32(forward) + Self.be32(0)
            for (value, key) in items { bytes += Self.be32(value) + Self.be32(key) }
            return bytes + [UInt8](repeating: 0, count: max(0, 4096 - bytes.count))
        }
        let root: UInt32
        if split, pairs.count > 1 {
            let half = pairs.count / 2
            let second = add(page(leaf: true, Array(pairs[half...])))
            let first = add(page(leaf: true, Array(pairs[..<half]), forward: second))
            root = add(page(leaf: false, [(first, pairs[half - 1].1), (second, pairs[pairs.count - 1].1)]))
        } else {
            root = add(page(leaf: true, pairs))
        }
        let header = Array("tree".utf8) + Self.be32(1) + Self.be32(root) + Self.be32(4096) + Self.be32(UInt32(entries.count)) + [0]
        names.append((name, add(header)))
    }

    package mutating func named(_ name: String, _ bytes: [UInt8]) { names.append((name, add(bytes))) }

    /// The block a name lists.
    package func block(named name: String) -> Int { names.first { $0.0 == name }.map { Int($0.1) } ?? -1 }

    /// The file: header, blocks in order, the index, the names.
    package func bytes() -> [UInt8] {
        var body: [UInt8] = []
        var index: [(UInt32, UInt32)] = []
        let start = 512
        for block in blocks {
            index.append((block.isEmpty ? 0 : UInt32(start + body.count), UInt32(block.count)))
            body += block
        }
        var indexBytes = Self.be32(UInt32(index.count))
        for (address, length) in index { indexBytes += Self.be32(address) + Self.be32(length) }
        var nameBytes = Self.be32(UInt32(names.count))
        for (name, block) in names { nameBytes += Self.be32(block) + [UInt8(name.utf8.count)] + Array(name.utf8) }
        let indexOffset = start + body.count
        let namesOffset = indexOffset + indexBytes.count
        var header = Array("BOMStore".utf8) + Self.be32(1) + Self.be32(UInt32(blocks.count))
        header += Self.be32(UInt32(indexOffset)) + Self.be32(UInt32(indexBytes.count))
        header += Self.be32(UInt32(namesOffset)) + Self.be32(UInt32(nameBytes.count))
        header += [UInt8](repeating: 0, count: start - header.count)
        return header + body + indexBytes + nameBytes
    }

    /// A CSI header, TLVs and payload.
    /// `flags`: the CSI header's flags (bits 3-4 the template mode: 1 template, 2 automatic).
    package static func rendition(
        name: String, layout: UInt16, flags: UInt32 = 0, width: UInt32 = 0, height: UInt32 = 0, scale: UInt32 = 100,
        pixelFormat: String = "ARGB", tlvs: [(UInt32, [UInt8])] = [], payload: [UInt8]
    ) -> [UInt8] {
        var tlvBytes: [UInt8] = []
        for (tag, value) in tlvs { tlvBytes += le32(tag) + le32(UInt32(value.count)) + value }
        let format = pixelFormat.isEmpty ? le32(0) : Array(pixelFormat.utf8.reversed())
        var bytes = Array("ISTC".utf8) + le32(1) + le32(flags) + le32(width) + le32(height) + le32(scale) + format + le32(1)
        bytes += le32(0) + le16(layout) + le16(0) + fixed(name, 128)
        bytes += le32(UInt32(tlvBytes.count)) + le32(1) + le32(0) + le32(UInt32(payload.count))
        return bytes + tlvBytes + payload
    }

    /// Key format: appearance, scale, idiom, identifier, element, part (the order a key's values follow).
    package static let keyFormat: [UInt32] = [7, 12, 15, 17, 1, 2]
    package static func key(
        appearance: UInt16 = 0, scale: UInt16, idiom: UInt16, identifier: UInt16, element: UInt16 = 85, part: UInt16 = 181
    ) -> [UInt8] {
        [appearance, scale, idiom, identifier, element, part].flatMap(le16)
    }
    package static func facet(identifier: UInt16) -> [UInt8] {
        le16(0) + le16(0) + le16(3) + le16(1) + le16(85) + le16(2) + le16(181) + le16(17) + le16(identifier)
    }

    /// The fixture catalog the tests read; its facts are asserted in `CompiledCatalogTests`.
    package static func catalog(split: Bool = true, duplicate: Bool = false) -> [UInt8] {
        fixture(split: split, duplicate: duplicate).bytes()
    }

    /// `duplicate`: add an eighth rendition, set Terms at @1x, whose payload is the Logo's (a payload stored twice).
    package static func fixture(split: Bool = true, duplicate: Bool = false) -> CARFixture {
        var car = CARFixture()
        var header = Array("RATC".utf8) + le32(689) + le32(17) + le32(0) + le32(7)
        header +=
            fixed("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-689.3\n", 128) + fixed("Xcode 12.3 (12C33) via IBCocoaTouchImageCatalogTool", 256)
        header += [UInt8](repeating: 0xAB, count: 16) + le32(0) + le32(2) + le32(1) + le32(2)
        car.named("CARHEADER", header)
        car.named(
            "EXTENDED_METADATA",
            Array("META".utf8) + fixed("", 256) + fixed("15.0", 256) + fixed("ios", 256) + fixed("CoreThemeDefinition-581", 256))
        car.named("KEYFORMAT", Array("tmfk".utf8) + le32(0) + le32(UInt32(keyFormat.count)) + keyFormat.flatMap(le32))
        car.tree(
            "FACETKEYS",
            [
                (Array("AppIcon".utf8), facet(identifier: 6849)), (Array("Brand".utf8), facet(identifier: 100)),
                (Array("Logo".utf8), facet(identifier: 200)), (Array("Terms".utf8), facet(identifier: 300)),
            ])
        car.tree("APPEARANCEKEYS", [(Array("UIAppearanceAny".utf8), le16(0)), (Array("UIAppearanceDark".utf8), le16(1))])
        let image = rendition(
            name: "logo@2x.png", layout: 12, flags: 0x08, width: 64, height: 32, scale: 200,
            payload: Array("MLEC".utf8) + le32(0) + le32(4) + le32(20) + Array("bvx2".utf8) + [UInt8](repeating: 7, count: 16))
        let atlas = rendition(
            name: "ZZZZPackedAsset-2.0.0-gamut0", layout: 0x3EC, width: 128, height: 64, scale: 200,
            payload: Array("MLEC".utf8) + le32(1) + le32(4) + le32(1) + Array("KCBC".utf8) + [UInt8](repeating: 1, count: 40))
        let inlk =
            Array("KLNI".utf8) + le32(0) + le32(2) + le32(4) + le32(60) + le32(60) + le16(12) + le32(20)
            + [1, 9, 2, 181, 12, 2, 15, 1].flatMap { le16(UInt16($0)) } + le32(0)
        let reference = rendition(
            name: "icon-60@2x.png", layout: 0x3EB, width: 60, height: 60, scale: 200, tlvs: [(0x3F2, inlk)], payload: [])
        let color = rendition(
            name: "Brand", layout: 0x3F1, pixelFormat: "",
            payload: Array("RLOC".utf8) + le32(1) + le32(1) + le32(4) + [0.25, 0.5, 0.75, 1.0].flatMap { le64($0.bitPattern) })
        let multisize = rendition(
            name: "AppIcon", layout: 0x3F2, pixelFormat: "",
            payload: Array("SISM".utf8) + le32(1) + le32(2) + le32(20) + le32(20) + le32(0) + le32(60) + le32(60) + le32(1))
        let pdf = rendition(
            name: "terms.pdf", layout: 9, pixelFormat: "PDF ", payload: Array("DWAR".utf8) + le32(0) + le32(8) + Array("%PDF-1.3".utf8))
        let darkLogo = rendition(
            name: "logo-dark@2x.png", layout: 12, flags: 0x10, width: 64, height: 32, scale: 200,
            payload: Array("MLEC".utf8) + le32(0) + le32(11) + le32(8) + [UInt8](repeating: 9, count: 8))
        let logoPayload = Array("MLEC".utf8) + le32(0) + le32(4) + le32(20) + Array("bvx2".utf8) + [UInt8](repeating: 7, count: 16)
        let copy =
            duplicate
            ? [
                (
                    key(scale: 1, idiom: 0, identifier: 300),
                    rendition(name: "terms.png", layout: 12, width: 32, height: 16, payload: logoPayload)
                )
            ] : []
        car.tree(
            "RENDITIONS",
            [
                (key(scale: 2, idiom: 1, identifier: 0, element: 9, part: 181), atlas),
                (key(scale: 1, idiom: 1, identifier: 6849, element: 85, part: 220), multisize),
                (key(scale: 2, idiom: 1, identifier: 6849, element: 85, part: 220), reference),
                (key(scale: 1, idiom: 0, identifier: 100, element: 85, part: 217), color),
                (key(scale: 2, idiom: 0, identifier: 200), image),
                (key(appearance: 1, scale: 2, idiom: 0, identifier: 200), darkLogo),
                (key(scale: 0, idiom: 0, identifier: 300), pdf),
            ] + copy, split: split)
        return car
    }

    package static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(value >> (8 * UInt64($0)) & 0xFF) } }
}
