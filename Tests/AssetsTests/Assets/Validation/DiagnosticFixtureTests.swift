import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// One fixture catalog per diagnostic code: each shows its code and no other.
@Suite("Catalog diagnostics: one fixture per code")
struct DiagnosticFixtureTests {
    /// Builds the fixture that must show exactly `code`.
    static func build(_ code: CatalogDiagnostic.Code, in fixture: FixtureCatalog) throws {
        let info = "\"info\": {\"author\": \"xcode\", \"version\": 1}"
        switch code {
        case .invalidJSON:
            try fixture.write("icon.imageset/Contents.json", "{\n  \"images\" : [\n    { \"idiom\" : \"universal\", }\n  ]\n}\n")
        case .missingContents:
            try fixture.folder("icon.imageset")
        case .missingFile:
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", "1x")]))
        case .unlistedFile:
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", "1x")]))
            try fixture.write("icon.imageset/icon.png", try FixtureCatalog.png(width: 4, height: 4))
            try fixture.write("icon.imageset/old-icon.png", try FixtureCatalog.png(width: 4, height: 4))
        case .undecodableImage:
            let png = try FixtureCatalog.png(width: 4, height: 4)
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", "1x")]))
            try fixture.write("icon.imageset/icon.png", Array(png.prefix(40)))
        case .formatMismatch:
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.gif", "1x")]))
            try fixture.write("icon.imageset/icon.gif", try FixtureCatalog.png(width: 4, height: 4))
        case .unsupportedFormat:
            // A TIFF (macOS apps' multi-resolution images): Xcode takes it, nothing here decodes it.
            let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0, count: 26)
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.tiff", nil)]))
            try fixture.write("icon.imageset/icon.tiff", tiff)
        case .scaleMismatch:
            try fixture.write(
                "icon.imageset/Contents.json",
                FixtureCatalog.imageSet([("icon.png", "1x"), ("icon@2x.png", "2x"), ("icon@3x.png", "3x")]))
            try fixture.write("icon.imageset/icon.png", try FixtureCatalog.png(width: 10, height: 10))
            try fixture.write("icon.imageset/icon@2x.png", try FixtureCatalog.png(width: 20, height: 20))
            // A 2x-sized file in the 3x slot: no rounding makes 20 pixels 3 times 10.
            try fixture.write("icon.imageset/icon@3x.png", try FixtureCatalog.png(width: 20, height: 20))
        case .duplicateName:
            for group in ["Light", "Dark"] {
                try fixture.write("\(group)/icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", "1x")]))
                try fixture.write("\(group)/icon.imageset/icon.png", try FixtureCatalog.png(width: 4, height: 4))
            }
        case .ambiguousVariant:
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x"), ("b.png", "1x")]))
            try fixture.write("icon.imageset/a.png", try FixtureCatalog.png(width: 4, height: 4))
            try fixture.write("icon.imageset/b.png", try FixtureCatalog.png(width: 4, height: 4))
        case .unsafePath:
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("../secret.png", "1x")]))
        case .unknownValue:
            try fixture.write(
                "icon.imageset/Contents.json",
                "{\"images\": [{\"filename\": \"icon.png\", \"idiom\": \"iphonex\", \"scale\": \"1x\"}], \(info)}")
            try fixture.write("icon.imageset/icon.png", try FixtureCatalog.png(width: 4, height: 4))
        case .emptyAsset:
            try fixture.write(
                "icon.imageset/Contents.json",
                "{\"images\": [{\"idiom\": \"universal\", \"scale\": \"1x\"}, {\"idiom\": \"universal\", \"scale\": \"2x\"}], \(info)}")
        case .animatedInImageSet:
            try fixture.write("spinner.imageset/Contents.json", FixtureCatalog.imageSet([("spinner.gif", nil)]))
            try fixture.write("spinner.imageset/spinner.gif", try GIFFixture.twoFrames())
        case .missingPlaceholder:
            try fixture.write("Contents.json", "{\(info)}")
        case .ignoredConfig:
            // A catalog that tries to switch its own checks off: the file is not read, and said so.
            try fixture.write("Contents.json", "{\(info)}")
            try fixture.write(".asset-tool.json", "{\"exclude\": [\"*\"]}")
        case .missingAsset, .unusedAsset, .assetKindMismatch, .assetNameCase, .dynamicAssetName, .unreadableSource, .missingAppIcon,
            .invalidIconFile:
            // About the app's sources, not one catalog: their fixtures are projects (ReferenceScanTests).
            break
        case .duplicateImage:
            // The same pixels in two sets, written by two encoders: different bytes, same image.
            let image = CostFixture.gradient(width: 8, height: 8)
            try fixture.write("a.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
            try fixture.write("a.imageset/a.png", try PNGEncoder.fast.encode(image))
            try fixture.write("b.imageset/Contents.json", FixtureCatalog.imageSet([("b.png", nil)]))
            try fixture.write("b.imageset/b.png", try PNGEncoder.smallest.encode(image))
        case .unusedScale:
            // 1x, 2x and 3x for an app that targets iOS 15 (the options say so): no such device loads 1x.
            try fixture.write(
                "icon.imageset/Contents.json",
                FixtureCatalog.imageSet([("icon.png", "1x"), ("icon@2x.png", "2x"), ("icon@3x.png", "3x")]))
            for (name, side) in [("icon.png", 8), ("icon@2x.png", 16), ("icon@3x.png", 24)] {
                try fixture.write("icon.imageset/\(name)", try PNGEncoder.fast.encode(CostFixture.gradient(width: side, height: side)))
            }
        case .oversizedImage:
            // A 3x file of 200 pixels in a set shown at 10 points (the options say so): 30 pixels would do.
            try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon@3x.png", "3x")]))
            try fixture.write("icon.imageset/icon@3x.png", try PNGEncoder.fast.encode(CostFixture.gradient(width: 200, height: 200)))
        case .compressibleImage:
            // A 64x64 PNG stored without compression: 16 KiB that a rewrite makes a fraction of.
            try fixture.write("photo.imageset/Contents.json", FixtureCatalog.imageSet([("photo.png", nil)]))
            try fixture.write("photo.imageset/photo.png", try CostFixture.storedPNG(CostFixture.gradient(width: 64, height: 64)))
        case .iconAlpha:
            // The single-size iOS icon saved as RGBA with every alpha 255: still rejected (ITMS-90717).
            try fixture.write("AppIcon.appiconset/Contents.json", appIcon([("icon.png", "universal", "1024x1024", nil, "ios", nil)]))
            try fixture.write(
                "AppIcon.appiconset/icon.png", try PNGEncoder(opaqueAsRGB: false).encode(CostFixture.gradient(width: 1024, height: 1024)))
        case .storeIconFormat:
            try fixture.write("AppIcon.appiconset/Contents.json", appIcon([("store.png", "ios-marketing", "1024x1024", "1x", nil, nil)]))
            try fixture.write("AppIcon.appiconset/store.png", try opaquePNG(512))
        case .mixedIconSizes:
            try fixture.write(
                "AppIcon.appiconset/Contents.json",
                appIcon([
                    ("icon.png", "universal", "1024x1024", nil, "ios", nil),
                    ("60@2x.png", "iphone", "60x60", "2x", nil, nil),
                ]))
            try fixture.write("AppIcon.appiconset/icon.png", try opaquePNG(1024))
            try fixture.write("AppIcon.appiconset/60@2x.png", try opaquePNG(120))
        case .opaqueDarkIcon:
            try fixture.write(
                "AppIcon.appiconset/Contents.json",
                appIcon([
                    ("icon.png", "universal", "1024x1024", nil, "ios", nil),
                    ("dark.png", "universal", "1024x1024", nil, "ios", "dark"),
                ]))
            try fixture.write("AppIcon.appiconset/icon.png", try opaquePNG(1024))
            try fixture.write("AppIcon.appiconset/dark.png", try opaquePNG(1024))
        case .missingIconSize:
            // iPhone icons at 3x only: the 120-pixel 60pt@2x is missing.
            try fixture.write(
                "AppIcon.appiconset/Contents.json",
                appIcon([
                    ("store.png", "ios-marketing", "1024x1024", "1x", nil, nil),
                    ("60@3x.png", "iphone", "60x60", "3x", nil, nil),
                ]))
            try fixture.write("AppIcon.appiconset/store.png", try opaquePNG(1024))
            try fixture.write("AppIcon.appiconset/60@3x.png", try opaquePNG(180))
        case .imageStackLayers:
            // A tvOS layered image with one layer: two to five are asked for.
            try fixture.write(
                "Poster.imagestack/Contents.json", "{ \"layers\" : [ { \"filename\" : \"Back.imagestacklayer\" } ], \(info) }")
            try fixture.write("Poster.imagestack/Back.imagestacklayer/Contents.json", "{ \(info) }")
            try fixture.write(
                "Poster.imagestack/Back.imagestacklayer/Content.imageset/Contents.json", FixtureCatalog.imageSet([("back.png", "1x")]))
            try fixture.write("Poster.imagestack/Back.imagestacklayer/Content.imageset/back.png", try opaquePNG(8))
        }
    }

    /// An opaque RGB PNG of `side` pixels (colour type 2: no alpha channel).
    static func opaquePNG(_ side: Int) throws -> [UInt8] {
        try PNGEncoder.fast.encode(CostFixture.gradient(width: side, height: side))
    }

    /// An app icon set's Contents.json: (filename, idiom, size, scale, platform, luminosity appearance).
    static func appIcon(_ entries: [(String, String, String, String?, String?, String?)]) -> String {
        let items = entries.map { file, idiom, size, scale, platform, appearance in
            var keys = ["\"filename\": \"\(file)\"", "\"idiom\": \"\(idiom)\"", "\"size\": \"\(size)\""]
            if let scale { keys.append("\"scale\": \"\(scale)\"") }
            if let platform { keys.append("\"platform\": \"\(platform)\"") }
            if let appearance { keys.append("\"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"\(appearance)\"}]") }
            return "{" + keys.joined(separator: ", ") + "}"
        }
        return "{\"images\": [\(items.joined(separator: ", "))], \"info\": {\"author\": \"xcode\", \"version\": 1}}"
    }

    /// The options a fixture is validated with: the cost codes' fixtures with the cost checks on, for an
    /// app targeting iOS 15, with a 10-point size configured for `icon.imageset`.
    static func options(for code: CatalogDiagnostic.Code) -> CatalogValidator.Options {
        var options =
            code == .missingPlaceholder
            ? CatalogValidator.Options(placeholders: PlaceholderRole.expectedInCatalog) : CatalogValidator.Options(placeholders: [])
        if CatalogCostReport.codes.contains(code) {
            options.costChecks = true
            options.deployment = DeploymentTarget(ios: [15, 0], source: "the test")
            if code == .oversizedImage {
                options.config.cost.pointSizes = [("icon.imageset", 10)]
                // (its gradient, written fast, also shrinks losslessly)
                options.config.rules[.compressibleImage] = .off
            }
        }
        return options
    }

    @Test("each fixture shows its own code and no other", arguments: CatalogDiagnostic.Code.allCases.filter { !$0.readsSources })
    func fixtureShowsOnlyItsCode(code: CatalogDiagnostic.Code) throws {
        // Given a catalog built to show one problem
        let fixture = try FixtureCatalog()
        try DiagnosticFixtureTests.build(code, in: fixture)
        var options = DiagnosticFixtureTests.options(for: code)
        // (the configuration search is what finds an ignored file; the cost fixtures carry their settings in options)
        if code == .ignoredConfig { options.config = try ValidationConfig.load(forCatalog: fixture.root) }

        // When it is validated
        let report = try fixture.validate(options)

        // Then that code, and only it, is reported, with its default severity
        #expect(!report.diagnostics.isEmpty, "no diagnostic for \(code.rawValue)")
        #expect(report.codes == [code], "\(report.diagnostics.map(\.description))")
        #expect(report.diagnostics.allSatisfy { $0.severity == code.defaultSeverity })
    }

    @Test("invalid JSON gives the line and column of the syntax error")
    func invalidJSONPosition() throws {
        // Given a Contents.json with a trailing comma on line 3
        let fixture = try FixtureCatalog()
        try DiagnosticFixtureTests.build(.invalidJSON, in: fixture)

        // When it is validated
        let report = try fixture.validate()

        // Then the message names line 3, column 30 (the '}' after the comma)
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.path == "icon.imageset/Contents.json")
        #expect(diagnostic.message == "does not parse: expected a quoted key, found '}'", "\(diagnostic.message)")
        #expect(diagnostic.description.hasPrefix("icon.imageset/Contents.json:3:30: error: does not parse: expected a quoted key"))
        #expect(diagnostic.position == SourcePosition(line: 3, column: 30))
        #expect(diagnostic.description.hasSuffix("[invalid-json]"))
    }

    @Test("a wrong shape gives invalid-json with the key path")
    func wrongShapeKeyPath() throws {
        // Given entries where a scale is a number and an appearance is a string
        let fixture = try FixtureCatalog()
        try fixture.write(
            "icon.imageset/Contents.json",
            """
            {"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"},
                        {"filename": "b.png", "idiom": "universal", "scale": 2},
                        {"filename": "c.png", "idiom": "universal", "scale": "3x", "appearances": ["dark"]}]}
            """)
        for name in ["a.png", "b.png", "c.png"] {
            try fixture.write("icon.imageset/\(name)", try FixtureCatalog.png(width: 4, height: 4))
        }

        // When it is validated
        let report = try fixture.validate()

        // Then each wrong value is named by its key path, and the rest of the file is still read
        let invalid = report.diagnostics.filter { $0.code == .invalidJSON }
        #expect(invalid.map(\.keyPath) == ["images[1].scale", "images[2].appearances[0]"])
        #expect(invalid.first?.message == "is a number, expected a string")
        let catalog = try AssetCatalog.read(at: fixture.root)
        #expect(catalog.assets.first?.entries.count == 3)
    }

    @Test("missing placeholders name the state without an image, and become errors on request")
    func placeholders() throws {
        // Given a catalog holding only the error placeholder
        let fixture = try FixtureCatalog()
        try fixture.write("placeholder_error_icon.imageset/Contents.json", FixtureCatalog.imageSet([("e.png", nil)]))
        try fixture.write("placeholder_error_icon.imageset/e.png", try FixtureCatalog.png(width: 4, height: 4))

        // When it is validated with and without --require-placeholders
        let lenient = try fixture.validate(CatalogValidator.Options(placeholders: PlaceholderRole.expectedInCatalog))
        let strict = try fixture.validate(CatalogValidator.Options(requirePlaceholders: true))

        // Then the three others are reported, as warnings, then as errors
        #expect(
            lenient.diagnostics.map(\.message) == [
                "no image named global_image_placeholder_icon: an image that has not loaded yet (the global placeholder) goes without an image",
                "no image named placeholder_empty_state_icon: the empty state goes without an image",
                "no image named placeholder_loading_data_icon: the loading-data error state goes without an image",
            ])
        #expect(lenient.warningCount == 3 && lenient.errorCount == 0)
        #expect(strict.errorCount == 3 && strict.warningCount == 0)
    }

    @Test("links out of the catalog and link loops are unsafe paths and are not followed")
    func symlinks() throws {
        // Given a set with a file linked from outside and a group linking to its own parent
        let fixture = try FixtureCatalog()
        let outside = (fixture.root as NSString).deletingLastPathComponent + "/outside.png"
        try Data(try FixtureCatalog.png(width: 4, height: 4)).write(to: URL(fileURLWithPath: outside))
        try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", "1x")]))
        try fixture.write("icon.imageset/icon.png", try FixtureCatalog.png(width: 4, height: 4))
        try fixture.link("icon.imageset/stolen.png", to: outside)
        try fixture.folder("Group")
        try fixture.link("Group/again", to: fixture.root + "/Group")

        // When it is validated
        let report = try fixture.validate()

        // Then both links are reported and nothing else
        #expect(report.diagnostics.map(\.path) == ["Group/again", "icon.imageset/stolen.png"])
        #expect(report.codes == [.unsafePath])
    }

    @Test("PDF and SVG get a structural check")
    func vectorFiles() throws {
        // Given a sound PDF and SVG, and a cut PDF and a broken SVG
        let fixture = try FixtureCatalog()
        let pdf = Array("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".utf8)
        let svg = Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>".utf8)
        try fixture.write("good.imageset/Contents.json", FixtureCatalog.imageSet([("good.pdf", nil)]))
        try fixture.write("good.imageset/good.pdf", pdf)
        try fixture.write("goodsvg.imageset/Contents.json", FixtureCatalog.imageSet([("good.svg", nil)]))
        try fixture.write("goodsvg.imageset/good.svg", svg)
        try fixture.write("cut.imageset/Contents.json", FixtureCatalog.imageSet([("cut.pdf", nil)]))
        try fixture.write("cut.imageset/cut.pdf", Array(pdf.prefix(30)))
        try fixture.write("bad.imageset/Contents.json", FixtureCatalog.imageSet([("bad.svg", nil)]))
        try fixture.write("bad.imageset/bad.svg", Array("<svg><g></svg>".utf8))

        // When it is validated
        let report = try fixture.validate()

        // Then only the damaged two are reported
        #expect(report.diagnostics.map(\.path) == ["bad.imageset/bad.svg", "cut.imageset/cut.pdf"])
        #expect(report.codes == [.undecodableImage])
    }

    @Test("the validator never writes into the catalog")
    func readOnly() throws {
        // Given a catalog with many problems
        let fixture = try FixtureCatalog()
        for code in CatalogDiagnostic.Code.allCases where code != .missingPlaceholder && code != .duplicateName && !code.readsSources {
            let sub = try FixtureCatalog()
            try DiagnosticFixtureTests.build(code, in: sub)
            try FileManager.default.copyItem(atPath: sub.root, toPath: fixture.root + "/\(code.rawValue)")
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: fixture.root).sorted()

        // When it is validated deeply
        let report = try fixture.validate(CatalogValidator.Options(deep: true))

        // Then every problem is found and the folder is unchanged
        #expect(report.codes.count >= 12)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: fixture.root).sorted() == before)
    }

    @Test("a FIFO listed as an image is reported, never waited on")
    func fifo() throws {
        // Given a set whose listed file is a named pipe nobody writes to
        let fixture = try FixtureCatalog()
        try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", "1x")]))
        #expect(mkfifo(fixture.root + "/icon.imageset/icon.png", 0o644) == 0)

        // When it is validated
        let report = try fixture.validate()

        // Then it is an unreadable image, and validation finished
        #expect(report.codes == [.undecodableImage])
        #expect(report.diagnostics.first?.message.hasPrefix("cannot be read") == true)
    }
}
