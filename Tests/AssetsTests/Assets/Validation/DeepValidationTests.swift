import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

@Suite("Deep validation decodes what the probe only walks")
struct DeepValidationTests {
    /// The two-frame fixture GIF with the first frame's LZW data replaced by codes that cannot decode.
    static func damagedGIF() throws -> [UInt8] {
        var bytes = try GIFFixture.twoFrames()
        let descriptor = try #require(bytes.firstIndex(of: 0x2C))
        let dataStart = descriptor + 10 + 1
        let length = Int(bytes[dataStart])
        for i in (dataStart + 1)..<(dataStart + 1 + length) { bytes[i] = 0xFF }
        return bytes
    }

    @Test("a GIF with damaged LZW data passes the probe and fails --deep")
    func damagedLZW() throws {
        // Given a data set holding a GIF whose block structure is sound but whose pixels are not
        let fixture = try FixtureCatalog()
        try fixture.write("anim.dataset/Contents.json", #"{"data": [{"filename": "anim.gif", "idiom": "universal"}]}"#)
        try fixture.write("anim.dataset/anim.gif", try DeepValidationTests.damagedGIF())

        // When it is validated with and without --deep
        let probed = try fixture.validate()
        let deep = try fixture.validate(CatalogValidator.Options(deep: true, placeholders: []))

        // Then only the deep run reports it
        #expect(probed.diagnostics.isEmpty, "\(probed.diagnostics)")
        #expect(deep.codes == [.undecodableImage], "\(deep.diagnostics)")
        #expect(deep.diagnostics.first?.path == "anim.dataset/anim.gif")
    }
}

@Suite("Validation of a damaged copy of the example catalog")
struct DamagedCatalogTests {
    @Test("seeded damage to every file is reported, never a crash", arguments: [1, 2, 3])
    func damage(seed: UInt64) throws {
        // Given a copy of the shipped example with one byte changed in each of its files
        let root = PackageRoot.url
        let fixture = try FixtureCatalog()
        try FileManager.default.removeItem(atPath: fixture.root)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Assets.catalog"), to: URL(fileURLWithPath: fixture.root))
        var generator = SplitMix(seed: seed)
        var damaged = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: fixture.root) {
            let url = URL(fileURLWithPath: fixture.root).appendingPathComponent(path)
            guard var bytes = try? [UInt8](Data(contentsOf: url)), !bytes.isEmpty else { continue }
            bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            try Data(bytes).write(to: url)
            damaged += 1
        }

        // When it is probed and decoded
        let probed = try fixture.validate(CatalogValidator.Options())
        let deep = try fixture.validate(CatalogValidator.Options(deep: true))

        // Then both finish, and the deep run finds at least what the probe found
        #expect(damaged > 30)
        #expect(deep.errorCount >= probed.errorCount)
        #expect(deep.errorCount > 0)
    }
}
