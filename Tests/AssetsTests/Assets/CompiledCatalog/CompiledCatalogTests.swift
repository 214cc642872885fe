import Foundation
import Testing
@testable import Assets
import TestSupport

@Suite("Compiled catalog (Assets.car) reading")
struct CompiledCatalogTests {
    /// A scratch file's path: in memory (`/dev/shm`) where there is one, as the robustness tests write thousands.
    static func scratchPath() -> String {
        let folder =
            FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        return folder.appendingPathComponent("car-\(UUID().uuidString).car").path
    }

    static func read(_ bytes: [UInt8]) throws -> CompiledCatalog {
        let path = scratchPath()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try CompiledCatalog.read(at: path)
    }

    /// Writes each variant to one file in turn and reads it: the error, or nil when it read.
    static func outcomes(_ variants: [[UInt8]]) throws -> [CompiledCatalogError?] {
        let path = scratchPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var results: [CompiledCatalogError?] = []
        for bytes in variants {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try CompiledCatalog.read(at: path)
                results.append(nil)
            } catch {
                results.append(error)
            }
        }
        return results
    }

    @Test("the header, key format, facets, appearances and every rendition of a catalog made from scratch")
    func readsFixture() throws {
        // Given a catalog whose renditions tree spans two leaf pages under an inner page
        let bytes = CARFixture.catalog()
        // When it is read
        let car = try Self.read(bytes)
        // Then the header and the trees say what was written
        #expect(car.header.coreUIVersion == 689)
        #expect(car.header.storageVersion == 17)
        #expect(car.header.mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-689.3")
        #expect(car.header.versionString == "Xcode 12.3 (12C33) via IBCocoaTouchImageCatalogTool")
        #expect(car.header.deploymentPlatform == "ios")
        #expect(car.header.deploymentPlatformVersion == "15.0")
        #expect(car.header.authoringTool == "CoreThemeDefinition-581")
        #expect(car.header.uuid == String(repeating: "ab", count: 16))
        #expect(car.keyFormat == CARFixture.keyFormat)
        #expect(car.facets.map(\.name) == ["AppIcon", "Brand", "Logo", "Terms"])
        #expect(car.appearances == [0: "UIAppearanceAny", 1: "UIAppearanceDark"])
        #expect(
            car.renditions.map(\.renditionName) == [
                "ZZZZPackedAsset-2.0.0-gamut0", "AppIcon", "icon-60@2x.png", "Brand",
                "logo@2x.png", "logo-dark@2x.png", "terms.pdf",
            ])
        #expect(car.renditions.map(\.name) == [nil, "AppIcon", "AppIcon", "Brand", "Logo", "Logo", "Terms"])
        #expect(car.renditions.map(\.compression) == ["lzfse", nil, nil, nil, "lzfse", "deepmap2", "uncompressed"])
        #expect(car.renditions.map(\.payloadTag) == ["MLEC", "SISM", nil, "RLOC", "MLEC", "MLEC", "DWAR"])
        #expect(
            car.renditions.map { RenditionVocabulary.layout($0.layout) } == [
                "packed-image", "multisize-image-set", "internal-reference",
                "color", "image", "image", "vector",
            ])
        let logo = car.renditions[4]
        #expect((logo.width, logo.height, logo.scaleFactor, logo.pixelFormat) == (64, 32, 200, "ARGB"))
        #expect(car.traits(of: logo).idiom == "universal")
        #expect(car.traits(of: logo).scale == 2)
        #expect(car.traits(of: car.renditions[5]).appearance == "UIAppearanceDark")
        #expect(car.renditions[3].colorComponents == [0.25, 0.5, 0.75, 1.0])
        #expect(car.renditions[1].sizes?.map(\.width) == [20, 60])
        let link = try #require(car.renditions[2].link)
        #expect((link.x, link.y, link.width, link.height) == (2, 4, 60, 60))
        #expect(link.targetName == "ZZZZPackedAsset-2.0.0-gamut0")
        #expect(car.renditions[6].pixelFormat == "PDF")
        // And the template mode comes from the CSI flags' bits 3-4, for images only; the atlas counts its members
        #expect(car.renditions.map(\.templateMode) == [nil, nil, "original", nil, "template", "automatic", "original"])
        #expect(car.renditions[0].atlasMembers == 1)
        #expect(car.renditions[1].atlasMembers == nil)
        // And the renditions' blocks and the container add up to the file
        #expect(car.renditions.reduce(0) { $0 + $1.sizeOnDisk } + car.containerBytes == bytes.count)
        #expect(car.renditions[4].digest != car.renditions[5].digest)
    }

    @Test("one leaf page and two under an inner page list the same renditions")
    func pageLayouts() throws {
        let split = try Self.read(CARFixture.catalog(split: true))
        let single = try Self.read(CARFixture.catalog(split: false))
        #expect(split.renditions.map(\.renditionName) == single.renditions.map(\.renditionName))
        #expect(split.renditions.map(\.digest) == single.renditions.map(\.digest))
    }

    @Test("every prefix of the file throws a typed error")
    func everyPrefix() throws {
        let bytes = CARFixture.catalog()
        let outcomes = try Self.outcomes((0..<bytes.count).map { Array(bytes.prefix($0)) })
        #expect(outcomes.allSatisfy { $0 != nil })
    }

    @Test("seeded byte flips read or throw a typed error, never crash")
    func byteFlips() throws {
        let bytes = CARFixture.catalog()
        var generator = SeededGenerator(seed: 36)
        var variants: [[UInt8]] = []
        for _ in 0..<400 {
            var copy = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            variants.append(copy)
        }
        let outcomes = try Self.outcomes(variants)
        // Both kinds happen: some flips land in bytes nobody reads, some in fields that are checked
        #expect(outcomes.contains { $0 == nil })
        #expect(outcomes.contains { $0 != nil })
    }

    @Test("a leaf page that links to itself is a cycle, named with its offset")
    func cyclicTree() throws {
        var car = CARFixture.fixture(split: true)
        let treeHeader = car.blocks[car.block(named: "RENDITIONS")]
        let root = Int(treeHeader[8]) << 24 | Int(treeHeader[9]) << 16 | Int(treeHeader[10]) << 8 | Int(treeHeader[11])
        let firstLeaf = Int(car.blocks[root][15])  // the inner page's first child (a small block number)
        car.blocks[firstLeaf].replaceSubrange(4..<8, with: CARFixture.be32(UInt32(firstLeaf)))
        #expect {
            _ = try Self.read(car.bytes())
        } throws: { error in
            guard case .cyclicTree(let tree, _, let block) = error as? CompiledCatalogError else { return false }
            return tree == "RENDITIONS" && block == UInt32(firstLeaf)
        }
    }

    @Test("a rendition block claiming 4 GB is outside the file")
    func hugeBlock() throws {
        var bytes = CARFixture.catalog()
        // The index entry of block 1's neighbour: find the index from the header and make a block huge
        let indexOffset = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
        let car = CARFixture.fixture()
        let atlasBlock = car.blocks.firstIndex { $0.starts(with: Array("ISTC".utf8)) }!
        bytes.replaceSubrange((indexOffset + 8 + 8 * atlasBlock)..<(indexOffset + 12 + 8 * atlasBlock), with: CARFixture.be32(0xFFFF_FFF0))
        #expect {
            _ = try Self.read(bytes)
        } throws: { error in
            guard case .blockOutsideFile(let index, _, let length, _) = error as? CompiledCatalogError else { return false }
            return index == UInt32(atlasBlock) && length == 0xFFFF_FFF0
        }
    }

    @Test("a block index count larger than its table is refused before allocating")
    func hugeCount() throws {
        var bytes = CARFixture.catalog()
        let indexOffset = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
        bytes.replaceSubrange(indexOffset..<(indexOffset + 4), with: CARFixture.be32(0xFFFF_FFFF))
        #expect {
            _ = try Self.read(bytes)
        } throws: { error in
            guard case .countTooLarge(let what, let offset, _, _) = error as? CompiledCatalogError else { return false }
            return what == "block index count" && offset == indexOffset
        }
    }

    @Test("a named block out of the index's range names the block")
    func blockOutOfRange() throws {
        var car = CARFixture.fixture()
        let index = car.names.firstIndex { $0.0 == "KEYFORMAT" }!
        car.names[index].1 = 9999
        #expect(throws: CompiledCatalogError.self) { _ = try Self.read(car.bytes()) }
        #expect {
            _ = try Self.read(car.bytes())
        } throws: { error in
            guard case .blockOutOfRange(_, _, let block, _) = error as? CompiledCatalogError else { return false }
            return block == 9999
        }
    }

    @Test("a facet name with a NUL inside is not a name")
    func unterminatedName() throws {
        var car = CARFixture.fixture()
        let nameBlock = car.blocks.firstIndex { $0 == Array("Brand".utf8) }!
        car.blocks[nameBlock] = Array("Br\0nd".utf8)
        #expect {
            _ = try Self.read(car.bytes())
        } throws: { error in
            guard case .badName = error as? CompiledCatalogError else { return false }
            return true
        }
    }

    @Test("not a BOM store")
    func notBOM() throws {
        #expect {
            _ = try Self.read(Array("PK\u{3}\u{4}not a car at all, just bytes".utf8))
        } throws: { error in
            guard case .notBOMStore = error as? CompiledCatalogError else { return false }
            return true
        }
    }

    @Test("diff: added, removed and changed renditions, and the totals account for the file's size")
    func diff() throws {
        // Given a catalog, and one where the logo's payload grew and the PDF is gone
        let before = try Self.read(CARFixture.catalog())
        var car = CARFixture.fixture()
        let logo = car.blocks.firstIndex { $0.count > 100 && Array($0[40..<51]) == Array("logo@2x.png".utf8) }!
        car.blocks[logo] = CARFixture.rendition(
            name: "logo@2x.png", layout: 12, width: 64, height: 32, scale: 200,
            payload: Array("MLEC".utf8) + CARFixture.le32(0) + CARFixture.le32(4) + CARFixture.le32(100) + [UInt8](repeating: 3, count: 100)
        )
        let after = try Self.read(car.bytes())
        // When they are compared
        let diff = CompiledCatalogDiff(from: before, to: after)
        // Then the logo changed by its payload's growth, and the totals add up
        #expect(diff.changed.map(\.identity) == ["Logo scale=2 element=85 part=181"])
        #expect(diff.changed.first?.delta == 80)
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        #expect(diff.unchanged == 6)
        #expect(diff.fileDelta == diff.renditionDelta + diff.containerDelta)
        #expect(diff.renditionDelta == 80)
    }
}
