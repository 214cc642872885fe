import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// One engine: the catalog reader reads each file an entry names once and keeps what it found on the
/// file's record; the validator checks that model and opens nothing.
@Suite("Validation checks the model the reader made")
struct ReadOnceTests {
    /// A catalog with a sound PNG, a cut one, a GIF in an image set, a file of no format and a missing file.
    static func catalog() throws -> FixtureCatalog {
        let fixture = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 4, height: 4)
        try fixture.write("sound.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x"), ("a@2x.png", "2x")]))
        try fixture.write("sound.imageset/a.png", png)
        try fixture.write("sound.imageset/a@2x.png", try FixtureCatalog.png(width: 13, height: 8))
        try fixture.write("cut.imageset/Contents.json", FixtureCatalog.imageSet([("cut.png", nil)]))
        try fixture.write("cut.imageset/cut.png", Array(png.dropLast(12)))
        try fixture.write("moving.imageset/Contents.json", FixtureCatalog.imageSet([("moving.gif", nil)]))
        try fixture.write("moving.imageset/moving.gif", try GIFFixture.twoFrames())
        try fixture.write("text.imageset/Contents.json", FixtureCatalog.imageSet([("text.png", "1x"), ("gone.png", "2x")]))
        try fixture.write("text.imageset/text.png", "not an image")
        return fixture
    }

    @Test("the reader keeps each named file's header on its record")
    func headersOnRecords() throws {
        // Given the catalog
        let fixture = try ReadOnceTests.catalog()

        // When it is read with headers
        let catalog = try AssetCatalog.read(at: fixture.root, plan: CatalogReadPlan(files: .headers(.default)))

        // Then every file an entry names has what its one read found; nothing else is read
        let sound = try #require(catalog.assets.first { $0.name == "sound" })
        #expect(sound.fileRecords.map(\.listedType) == [.file, .file])
        guard case .raster(.png, .success(let info))? = sound.header(of: "a@2x.png")?.content else {
            Issue.record("no PNG header: \(String(describing: sound.header(of: "a@2x.png")))")
            return
        }
        #expect(info.width == 13 && info.height == 8)
        let text = try #require(catalog.assets.first { $0.name == "text" })
        #expect(text.header(of: "text.png")?.content == .unknownFormat)
        #expect(text.fileRecords.count == 1)
        let plain = try AssetCatalog.read(at: fixture.root)
        #expect(plain.assets.allSatisfy { $0.fileRecords.allSatisfy { $0.header == nil } })
    }

    @Test("the validator judges the model: with the files gone, a model read with headers gives the same report")
    func noFileOpenedByTheValidator() throws {
        // Given the catalog, validated from disk, and read with its headers
        let fixture = try ReadOnceTests.catalog()
        let validator = CatalogValidator(options: .init(placeholders: []))
        let fromDisk = try validator.validate(catalogAt: fixture.root)
        let (kept, again) = try validator.readAndValidate(catalogAt: fixture.root)

        // When every image file is removed, and the kept model is validated
        for asset in kept.assets {
            for record in asset.fileRecords { try FileManager.default.removeItem(atPath: "\(fixture.root)/\(asset.path)/\(record.name)") }
        }
        let fromModel = validator.validate(kept)

        // Then all three reports agree, and they hold the findings the files gave
        #expect(fromModel.diagnostics == fromDisk.diagnostics)
        #expect(again.diagnostics == fromDisk.diagnostics)
        #expect(
            fromDisk.codes == [.animatedInImageSet, .missingFile, .scaleMismatch, .undecodableImage],
            "\(fromDisk.diagnostics.map(\.description))")
        #expect(fromDisk.diagnostics.filter { $0.code == .undecodableImage }.count == 2)
    }

    @Test("--deep decodes the bytes the reader kept; the catalog kept for a report holds no bytes")
    func deepFromKeptBytes() throws {
        // Given the catalog
        let fixture = try ReadOnceTests.catalog()

        // When it is validated with --deep and the catalog kept
        let validator = CatalogValidator(options: .init(deep: true, placeholders: []))
        let (kept, report) = try validator.readAndValidate(catalogAt: fixture.root)

        // Then it finds what the streaming --deep finds, and no record keeps the bytes
        #expect(report.diagnostics == (try validator.validate(catalogAt: fixture.root)).diagnostics)
        #expect(report.codes.contains(.undecodableImage))
        #expect(kept.assets.allSatisfy { $0.fileRecords.allSatisfy { $0.header?.bytes == nil } })
    }
}
