import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The cost checks' near-misses, the deployment target read from projects, the cost settings, `size`'s
/// table and `optimize`'s output.
@Suite("Cost checks: duplicates, unused scales, oversized and compressible images")
struct CostCheckTests {
    static func costOptions(ios: [Int]? = [15, 0], families: Set<String>? = nil) -> CatalogValidator.Options {
        var options = CatalogValidator.Options(placeholders: [])
        options.costChecks = true
        options.deployment = DeploymentTarget(ios: ios, families: families, source: "the test")
        return options
    }

    @Test("same pixels with a different colour profile are not duplicates")
    func differentProfile() throws {
        // Given the same pixels in two sets, one file carrying an iCCP chunk
        let fixture = try FixtureCatalog()
        let png = try PNGEncoder.fast.encode(CostFixture.gradient(width: 8, height: 8))
        let profile = Array("sRGB-like\u{0}".utf8) + [0, 0x78, 0x9C, 0x03, 0, 0, 0, 0, 1]
        try fixture.write("a.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
        try fixture.write("a.imageset/a.png", png)
        try fixture.write("b.imageset/Contents.json", FixtureCatalog.imageSet([("b.png", nil)]))
        try fixture.write("b.imageset/b.png", CostFixture.inserting("iCCP", profile, into: png))

        // When it is validated with the cost checks
        let report = try fixture.validate(Self.costOptions())

        // Then no duplicate is reported
        #expect(!report.codes.contains(.duplicateImage), "\(report.diagnostics.map(\.description))")
    }

    @Test("a set whose scales repeat one image, and three copies across sets: each copy after the first, with its bytes")
    func repeatedScales() throws {
        // Given one set whose 2x and 3x are the same file content, and a third copy in another set
        let fixture = try FixtureCatalog()
        let png = try PNGEncoder.fast.encode(CostFixture.gradient(width: 12, height: 12))
        try fixture.write("a.imageset/Contents.json", FixtureCatalog.imageSet([("a@2x.png", "2x"), ("a@3x.png", "3x")]))
        try fixture.write("a.imageset/a@2x.png", png)
        try fixture.write("a.imageset/a@3x.png", png)
        try fixture.write("b.imageset/Contents.json", FixtureCatalog.imageSet([("b.png", nil)]))
        try fixture.write("b.imageset/b.png", png)

        // When it is validated with the cost checks
        let report = try fixture.validate(Self.costOptions())
        let duplicates = report.diagnostics.filter { $0.code == .duplicateImage }

        // Then the two later copies are reported against the first, each with its size at stake
        #expect(duplicates.map(\.path) == ["a.imageset/a@3x.png", "b.imageset/b.png"])
        #expect(duplicates.allSatisfy { $0.bytesAtStake == png.count })
        #expect(duplicates[0].message.contains("another entry of the same set"))
    }

    @Test("an app icon's two slots of the same pixels (256@2x, 512@1x) and an iconset's are what the format asks for, not copies")
    func iconSlotsOfTheSamePixels() throws {
        // Given a macOS app icon whose 256@2x and 512@1x files have the same bytes, an iconset whose
        // icon_16x16@2x.png and icon_32x32.png do, and an image set holding a third copy of the 512 file
        let fixture = try FixtureCatalog()
        let large = try PNGEncoder.fast.encode(CostFixture.gradient(width: 16, height: 16))
        let small = try PNGEncoder.fast.encode(CostFixture.gradient(width: 4, height: 4, seed: 3))
        try fixture.write(
            "AppIcon.appiconset/Contents.json",
            """
            {"images": [{"filename": "icon-256@2x.png", "idiom": "mac", "scale": "2x", "size": "256x256"},
                        {"filename": "icon-512.png", "idiom": "mac", "scale": "1x", "size": "512x512"}],
             "info": {"author": "xcode", "version": 1}}
            """)
        try fixture.write("AppIcon.appiconset/icon-256@2x.png", large)
        try fixture.write("AppIcon.appiconset/icon-512.png", large)
        try fixture.write("doc.iconset/icon_16x16@2x.png", small)
        try fixture.write("doc.iconset/icon_32x32.png", small)
        try fixture.write("copy.imageset/Contents.json", FixtureCatalog.imageSet([("copy.png", nil)]))
        try fixture.write("copy.imageset/copy.png", large)

        // When it is validated with the cost checks
        let report = try fixture.validate(Self.costOptions())
        let duplicates = report.diagnostics.filter { $0.code == .duplicateImage }

        // Then only the image set's copy is a duplicate (of the app icon's first file by path)
        #expect(duplicates.map(\.path) == ["copy.imageset/copy.png"], "\(report.diagnostics.map(\.description))")
        #expect(duplicates.first?.message.contains("AppIcon.appiconset/icon-256@2x.png") == true)
    }

    @Test("1x is used when the app supports iOS 9; a 1x Display P3 file never is; an iPad file in an iPhone-only app is not")
    func unusedScaleRules() throws {
        // Given a set with universal 1x and 2x, a 1x display-P3 variant, and an iPad 2x
        let fixture = try FixtureCatalog()
        try fixture.write(
            "icon.imageset/Contents.json",
            """
            {"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"},
                        {"filename": "b.png", "idiom": "universal", "scale": "2x"},
                        {"filename": "p3.png", "idiom": "universal", "scale": "1x", "display-gamut": "display-P3"},
                        {"filename": "pad.png", "idiom": "ipad", "scale": "2x"}],
             "info": {"author": "xcode", "version": 1}}
            """)
        for (name, side) in [("a.png", 8), ("b.png", 16), ("p3.png", 8), ("pad.png", 16)] {
            try fixture.write(
                "icon.imageset/\(name)", try PNGEncoder.fast.encode(CostFixture.gradient(width: side, height: side, seed: name.count)))
        }

        // When it is validated for iOS 9 on iPhone and iPad, and for iOS 15 on iPhone only
        let old = try fixture.validate(Self.costOptions(ios: [9, 0], families: ["iphone", "ipad"]))
        let phone = try fixture.validate(Self.costOptions(ios: [15, 0], families: ["iphone"]))

        // Then iOS 9 loses only the P3 1x file; iPhone-only iOS 15 loses 1x, the P3 1x and the iPad file
        #expect(old.diagnostics.filter { $0.code == .unusedScale }.map(\.path) == ["icon.imageset/p3.png"])
        #expect(
            phone.diagnostics.filter { $0.code == .unusedScale }.map(\.path)
                == ["icon.imageset/a.png", "icon.imageset/p3.png", "icon.imageset/pad.png"])
    }

    @Test("a 3x file more than twice its siblings' point size is oversized, with the bytes it would save")
    func oversizedFromSiblings() throws {
        // Given 1x 10 and 2x 20 pixels, and a 3x of 90 (30 would do)
        let fixture = try FixtureCatalog()
        try fixture.write(
            "icon.imageset/Contents.json",
            FixtureCatalog.imageSet([("i.png", "1x"), ("i@2x.png", "2x"), ("i@3x.png", "3x")]))
        for (name, side) in [("i.png", 10), ("i@2x.png", 20), ("i@3x.png", 90)] {
            try fixture.write("icon.imageset/\(name)", try PNGEncoder.fast.encode(CostFixture.gradient(width: side, height: side)))
        }

        // When it is validated with the cost checks
        let report = try fixture.validate(Self.costOptions(ios: nil))
        let oversized = report.diagnostics.filter { $0.code == .oversizedImage }

        // Then the 3x is reported as shown at 30x30 (and 2x at 20 is not)
        #expect(oversized.map(\.path) == ["icon.imageset/i@3x.png"])
        #expect(oversized.first?.message.hasPrefix("is 90x90, but at 3x the set shows 30x30") == true, "\(oversized)")
        #expect((oversized.first?.bytesAtStake ?? 0) > 0)
    }

    @Test("a set of more than 32 entries (its variants hashed, not compared in order) finds the same oversized and mismatched file")
    func oversizedInLargeSet() throws {
        // Given twelve localized variants at 1x, 2x and 3x (36 entries), each 10, 20 and 30 pixels but the 3x
        // of one locale, at 90
        let fixture = try FixtureCatalog()
        var entries: [String] = []
        for locale in 0..<12 {
            for (scale, side) in [(1, 10), (2, 20), (3, 30)] {
                let name = "i\(locale)@\(scale)x.png"
                entries.append(
                    "{\"filename\": \"\(name)\", \"idiom\": \"universal\", \"scale\": \"\(scale)x\", \"locale\": \"l\(locale)\"}")
                let pixels = locale == 7 && scale == 3 ? 90 : side
                try fixture.write(
                    "icon.imageset/\(name)", try PNGEncoder.fast.encode(CostFixture.gradient(width: pixels, height: pixels)))
            }
        }
        try fixture.write("icon.imageset/Contents.json", "{\"images\": [\(entries.joined(separator: ", "))], \"info\": {\"version\": 1}}")

        // When it is validated with the cost checks
        let report = try fixture.validate(Self.costOptions(ios: nil))

        // Then that one file is oversized (shown at 30x30 by its locale's other scales) and off its 1x, and no other is
        let oversized = report.diagnostics.filter { $0.code == .oversizedImage }
        #expect(oversized.map(\.path) == ["icon.imageset/i7@3x.png"])
        #expect(oversized.first?.message.hasPrefix("is 90x90, but at 3x the set shows 30x30") == true, "\(oversized)")
        #expect(report.diagnostics.filter { $0.code == .scaleMismatch }.map(\.path) == ["icon.imageset/i7@3x.png"])
    }

    @Test("compressible-image follows the configured thresholds and can be turned off")
    func compressibleThresholds() throws {
        // Given the compressible fixture
        let fixture = try FixtureCatalog()
        try DiagnosticFixtureTests.build(.compressibleImage, in: fixture)

        // When it is validated with a 1 MB threshold, and with the rule off
        var strict = Self.costOptions()
        strict.config.cost.compressibleMinBytes = 1_000_000
        var off = Self.costOptions()
        off.config.rules[.compressibleImage] = .off

        // Then neither reports it, while the default does, as a note with the bytes at stake
        #expect(!(try fixture.validate(strict)).codes.contains(.compressibleImage))
        #expect(!(try fixture.validate(off)).codes.contains(.compressibleImage))
        let found = try #require(try fixture.validate(Self.costOptions()).diagnostics.first { $0.code == .compressibleImage })
        #expect(found.severity == .note && (found.bytesAtStake ?? 0) > 4096)
    }

    @Test("the deployment target is read from project.pbxproj and Package.swift; the lowest wins")
    func deploymentTarget() {
        // Given a project with two targets and a package manifest
        let project = DeploymentTarget.parseProject(
            """
                IPHONEOS_DEPLOYMENT_TARGET = 16.0;
                TARGETED_DEVICE_FAMILY = 1;
                IPHONEOS_DEPLOYMENT_TARGET = 15.4;
            """, source: "p")
        let manifest = DeploymentTarget.parseManifest("platforms: [.iOS(.v14), .macOS(.v12)]", source: "m")
        let quoted = DeploymentTarget.parseManifest("platforms: [.iOS(\"13.2\")]", source: "m")

        // Then each gives its lowest iOS version and what else it targets
        #expect(project.ios == [15, 4] && project.families == ["iphone"] && !project.alsoMac)
        #expect(manifest.ios == [14] && manifest.alsoMac)
        #expect(quoted.ios == [13, 2])
    }

    @Test("the deployment target is found in the project above the catalog; the configuration wins")
    func deploymentSearch() throws {
        // Given a catalog inside App/, beside App.xcodeproj
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cost-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/App/Assets.xcassets", withIntermediateDirectories: true)
        try Data("IPHONEOS_DEPLOYMENT_TARGET = 12.0;\n".utf8).write(to: URL(fileURLWithPath: base + "/App.xcodeproj/project.pbxproj"))

        // When the target is looked up, without and with a configured one
        let found = DeploymentTarget.find(forCatalog: base + "/App/Assets.xcassets", settings: CostSettings())
        var settings = CostSettings()
        settings.iosDeploymentTarget = "17.0"
        let configured = DeploymentTarget.find(forCatalog: base + "/App/Assets.xcassets", settings: settings)

        // Then the project gives 12.0 and the configuration 17.0; the finding names the project as a reader
        // knows it, not by the absolute path it was found at
        #expect(found.ios == [12, 0])
        #expect(found.source == "App.xcodeproj/project.pbxproj")
        #expect(configured.ios == [17, 0])
    }

    @Test(".asset-tool.json's cost settings parse, and a wrong value names its key path")
    func settings() throws {
        // Given a configuration with every cost key, and one with a bad threshold
        let good = try ValidationConfig.parse(
            Array(
                """
                {"rules": {"compressible-image": "warning"},
                 "cost": {"compressible_min_percent": 5, "compressible_min_bytes": 100, "ios_deployment_target": "16.0",
                          "device_families": ["iphone"], "point_sizes": {"Icons/*": 24}}}
                """.utf8), file: "c.json")

        // Then each value is read
        #expect(good.cost.compressibleMinPercent == 5 && good.cost.compressibleMinBytes == 100)
        #expect(good.cost.iosDeploymentTarget == "16.0" && good.cost.deviceFamilies == ["iphone"])
        #expect(good.cost.pointSize(forSet: "Icons/star.imageset") == 24)
        #expect(good.rules[.compressibleImage] == .warning)
        #expect(throws: ValidationConfigError.self) {
            _ = try ValidationConfig.parse(Array("{\"cost\": {\"compressible_min_percent\": 300}}".utf8), file: "c.json")
        }
    }

    @Test("size sums sets into groups and the catalog, each file's saving counted once")
    func sizeReport() throws {
        // Given a duplicate pair in a group and a compressible file
        let fixture = try FixtureCatalog()
        let png = try PNGEncoder.fast.encode(CostFixture.gradient(width: 12, height: 12))
        try fixture.write("Icons/a.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
        try fixture.write("Icons/a.imageset/a.png", png)
        try fixture.write("Icons/b.imageset/Contents.json", FixtureCatalog.imageSet([("b.png", nil)]))
        try fixture.write("Icons/b.imageset/b.png", png)
        try DiagnosticFixtureTests.build(.compressibleImage, in: fixture)

        // When its cost report is made
        let report = try fixture.validate(Self.costOptions())
        let cost = CatalogCostReport(report)

        // Then the group holds both icons' bytes and the duplicate's saving, and the total adds the photo's
        let group = try #require(cost.rows.first { $0.path == "Icons" })
        #expect(group.bytes == 2 * png.count && group.savings[.duplicateImage] == png.count && group.saving == png.count)
        let compressible = report.diagnostics.first { $0.code == .compressibleImage }?.bytesAtStake ?? 0
        #expect(compressible > 0 && cost.total.saving == png.count + compressible)
        #expect(cost.text.contains("total ("))
    }

    @Test("optimize writes the catalog again: rewritten files proven, everything else byte for byte")
    func optimizeCatalog() throws {
        // Given a catalog with a compressible PNG, a data set and the other fixtures
        let fixture = try FixtureCatalog()
        try DiagnosticFixtureTests.build(.compressibleImage, in: fixture)
        try fixture.write("blob.dataset/Contents.json", "{\"data\": [{\"filename\": \"blob.png\", \"idiom\": \"universal\"}]}")
        let stored = try CostFixture.storedPNG(CostFixture.gradient(width: 64, height: 64))
        try fixture.write("blob.dataset/blob.png", stored)
        let output = fixture.root + "-optimized"
        defer { try? FileManager.default.removeItem(atPath: output) }

        // When it is optimised into a new folder, and again without --force
        let result = try CatalogOptimizer().optimize(catalogAt: fixture.root, output: output, overwrite: false)

        // Then the image set's PNG is rewritten and proven, the data set's is copied as it was
        #expect(result.rewritten.map(\.path) == ["photo.imageset/photo.png"])
        let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.root + "/photo.imageset/photo.png")))
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output + "/photo.imageset/photo.png")))
        let same = try LosslessOptimizer.sameImage(before, after, format: .png)
        #expect(after.count < before.count && same)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: output + "/blob.dataset/blob.png"))) == stored)
        #expect(throws: CatalogOptimizationError.self) {
            _ = try CatalogOptimizer().optimize(catalogAt: fixture.root, output: output, overwrite: false)
        }
    }
}
