import Foundation
import Testing
@testable import Assets

/// The false findings seen on real apps' catalogs (issue 14), each rebuilt from a fixture of our own,
/// next to the real problems the same checks must keep finding.
@Suite("Real apps' catalogs: no false findings")
struct RealCatalogFindingsTests {
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// An SVG as Illustrator writes it: a DOCTYPE whose internal subset declares entities, and a long
    /// licence comment, so that `<svg` comes after the first 1024 bytes.
    static func illustratorSVG() -> [UInt8] {
        let licence = String(repeating: "Licensed under the Apache License, Version 2.0. ", count: 30)
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- \(licence) -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
                <!ENTITY ns_svg "\(svgNamespace)">
                <!ENTITY ns_flows "http://ns.adobe.com/Flows/1.0/">
                <!-- an entity holding a '>' and a ']' in quotes -->
                <!ENTITY note "a > b ] c">
            ]>
            <svg version="1.1" xmlns="&ns_svg;" width="24" height="24"><path d="M0 0h24v24H0z"/></svg>
            """
        return Array(text.utf8)
    }

    @Test("an SVG whose <svg> comes after a DOCTYPE with an internal subset and a licence comment")
    func svgAfterLongProlog() throws {
        // Given an SVG whose root element starts past byte 1024
        let svg = Self.illustratorSVG()
        let marker = Array("<svg ".utf8)
        let root = try #require((0..<svg.count - marker.count).first { Array(svg[$0..<$0 + marker.count]) == marker })
        #expect(root > 1024)
        let fixture = try FixtureCatalog()
        try fixture.write("logo.imageset/Contents.json", FixtureCatalog.imageSet([("logo.svg", nil)]))
        try fixture.write("logo.imageset/logo.svg", svg)

        // When it is sniffed and validated
        let report = try fixture.validate()

        // Then it is an SVG and sound
        #expect(ImageFormat(sniffing: svg) == .svg)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
    }

    @Test(
        "SVG sniffing: the first element decides, comments and PIs are skipped, HTML is not SVG",
        arguments: [
            ("<svg/>", true),
            ("\u{FEFF}  <?xml version='1.0'?><!-- <html> --><svg:svg xmlns:svg='x'/>", true),
            ("<!DOCTYPE svg [ <!ENTITY a '<html>'> ]><svg/>", true),
            ("<html><body><svg/></body></html>", false),
            ("<!-- never closed <svg/>", false),
            ("<?xml version='1.0'?><svgfoo/>", false),
            ("plain text <svg/>", false),
        ])
    func svgSniff(text: String, isSVG: Bool) {
        #expect((ImageFormat(sniffing: Array(text.utf8)) == .svg) == isSVG)
    }

    /// A macOS icon set's file names and pixel sizes.
    static func writeIconSet(_ fixture: FixtureCatalog, folder: String, skipping: Set<String> = []) throws {
        for points in IconSetNaming.pointSizes where points <= 32 {
            for scale in [1, 2] {
                let name = scale == 1 ? "icon_\(points)x\(points).png" : "icon_\(points)x\(points)@2x.png"
                guard !skipping.contains(name) else { continue }
                try fixture.write("\(folder)/\(name)", try FixtureCatalog.png(width: points * scale, height: points * scale))
            }
        }
    }

    @Test(".iconset folders have no Contents.json by design and are checked by their own naming and size rules")
    func iconSets() throws {
        // Given a sound icon set, and one with a wrong size, a stray file and a damaged PNG
        let fixture = try FixtureCatalog()
        try Self.writeIconSet(fixture, folder: "DocIcons/doc_mp4.iconset")
        try Self.writeIconSet(fixture, folder: "DocIcons/doc_bad.iconset", skipping: ["icon_16x16@2x.png", "icon_32x32.png"])
        try fixture.write("DocIcons/doc_bad.iconset/icon_16x16@2x.png", try FixtureCatalog.png(width: 16, height: 16))
        try fixture.write("DocIcons/doc_bad.iconset/icon_32x32.png", Array(try FixtureCatalog.png(width: 32, height: 32).prefix(30)))
        try fixture.write("DocIcons/doc_bad.iconset/icon_20x20.png", try FixtureCatalog.png(width: 20, height: 20))

        // When the catalog is validated
        let report = try fixture.validate()

        // Then the sound one has no finding (no missing-contents), and the other has exactly its three problems
        #expect(!report.diagnostics.contains { $0.path.hasPrefix("DocIcons/doc_mp4.iconset") }, "\(report.diagnostics.map(\.description))")
        let found: [String] = report.diagnostics.map { "\($0.code.rawValue) \($0.path)" }
        let expected: [String] = [
            "scale-mismatch DocIcons/doc_bad.iconset/icon_16x16@2x.png",
            "unlisted-file DocIcons/doc_bad.iconset/icon_20x20.png",
            "undecodable-image DocIcons/doc_bad.iconset/icon_32x32.png",
        ]
        #expect(found == expected)
        let size = try #require(report.diagnostics.first { $0.code == .scaleMismatch })
        #expect(size.message == "is 16x16, but a 16x16 point icon at 2x is 32x32")
        let catalog = try AssetCatalog.read(at: fixture.root)
        #expect(catalog.assets.first { $0.name == "doc_mp4" }?.kind == .iconSet)
    }

    @Test("every folder type of the format reference is known: none is unknown-value")
    func everyFolderType() throws {
        // Given one folder of each type Apple defines, each with a minimal Contents.json
        let fixture = try FixtureCatalog()
        let info = "\"info\": {\"author\": \"xcode\", \"version\": 1}"
        for kind in AssetKind.allCases where kind != .unknown && kind != .iconSet {
            try fixture.write("All/Thing.\(kind.rawValue)/Contents.json", "{\(info)}")
        }
        try fixture.write("All/Thing.iconset/icon_16x16.png", try FixtureCatalog.png(width: 16, height: 16))

        // When it is read and validated
        let catalog = try AssetCatalog.read(at: fixture.root)
        let report = try fixture.validate()

        // Then every kind loads as itself, and no folder is an unknown type
        #expect(Set(catalog.assets.map(\.kind)) == Set(AssetKind.allCases).subtracting([.unknown]))
        #expect(
            !report.diagnostics.contains { $0.code == .unknownValue || $0.code == .missingContents },
            "\(report.diagnostics.map(\.description))")
    }

    @Test("image sets inside a complication set are validated and resolvable; the set checks what it lists")
    func complicationSet() throws {
        // Given a complication set listing three image sets, one missing and one with a damaged PNG
        let fixture = try FixtureCatalog()
        let info = "\"info\": {\"author\": \"xcode\", \"version\": 1}"
        try fixture.write(
            "Complication.complicationset/Contents.json",
            """
            {"assets": [{"filename": "Circular.imageset", "idiom": "watch", "role": "circular"},
                        {"filename": "Modular.imageset", "idiom": "watch", "role": "modular"},
                        {"filename": "Utilitarian.imageset", "idiom": "watch", "role": "utilitarian"}], \(info)}
            """)
        try fixture.write(
            "Complication.complicationset/Circular.imageset/Contents.json",
            FixtureCatalog.imageSet([("circular@2x.png", "2x")]))
        try fixture.write("Complication.complicationset/Circular.imageset/circular@2x.png", try FixtureCatalog.png(width: 32, height: 32))
        try fixture.write("Complication.complicationset/Modular.imageset/Contents.json", FixtureCatalog.imageSet([("modular.png", "2x")]))
        try fixture.write(
            "Complication.complicationset/Modular.imageset/modular.png", Array(try FixtureCatalog.png(width: 8, height: 8).prefix(20)))

        // When it is validated and a child is resolved by its name under the set
        let report = try fixture.validate()
        let catalog = try AssetCatalog.read(at: fixture.root)
        let answer = VariantResolver(catalog: catalog).resolve("Complication/Circular", for: VariantQuery(scale: .two, idiom: .watch))

        // Then the damaged image and the missing folder are found, and the child resolves
        #expect(
            report.diagnostics.map { "\($0.code.rawValue) \($0.path)" }.sorted() == [
                "missing-file Complication.complicationset/Contents.json",
                "undecodable-image Complication.complicationset/Modular.imageset/modular.png",
            ])
        #expect(answer.file == "Complication.complicationset/Circular.imageset/circular@2x.png")
    }

    @Test("a .stickersiconset is known and its icons' sizes are checked")
    func stickersIconSet() throws {
        // Given a Messages app icon set with one right and one wrong icon
        let fixture = try FixtureCatalog()
        let info = "\"info\": {\"author\": \"xcode\", \"version\": 1}"
        try fixture.write(
            "iMessage App Icon.stickersiconset/Contents.json",
            """
            {"images": [{"filename": "a.png", "idiom": "iphone", "scale": "2x", "size": "60x45"},
                        {"filename": "b.png", "idiom": "iphone", "scale": "3x", "size": "60x45"}], \(info)}
            """)
        try fixture.write("iMessage App Icon.stickersiconset/a.png", try FixtureCatalog.png(width: 120, height: 90))
        try fixture.write("iMessage App Icon.stickersiconset/b.png", try FixtureCatalog.png(width: 120, height: 90))

        // When it is validated
        let report = try fixture.validate()

        // Then only the wrong size is reported
        #expect(
            report.diagnostics.map(\.description) == [
                "iMessage App Icon.stickersiconset/b.png: warning: images[1]: is 120x90, but a 60x45 point icon at 3x is 180x135 [scale-mismatch]"
            ])
    }

    /// A one-slot image set with these (scale, width, height) files.
    static func scaledSet(_ fixture: FixtureCatalog, _ name: String, _ files: [(Int, Int, Int)]) throws {
        try fixture.write(
            "\(name).imageset/Contents.json",
            FixtureCatalog.imageSet(files.map { ("\(name)@\($0.0)x.png", "\($0.0)x") }))
        for (scale, width, height) in files {
            try fixture.write("\(name).imageset/\(name)@\(scale)x.png", try FixtureCatalog.png(width: width, height: height))
        }
    }

    @Test("scale check: sizes rounded either way pass, real mismatches stay with the ratio found")
    func scaleRounding() throws {
        // Given sets whose sizes differ from exact multiples only by rounding, and two real mistakes
        let fixture = try FixtureCatalog()
        try Self.scaledSet(fixture, "round77", [(1, 77, 77), (2, 154, 154), (3, 231, 231)])
        try Self.scaledSet(fixture, "halfUp", [(2, 77, 77), (3, 116, 116)])  // 115.5 rounded up
        try Self.scaledSet(fixture, "halfDown", [(2, 77, 77), (3, 115, 115)])  // 115.5 rounded down
        try Self.scaledSet(fixture, "figma", [(1, 160, 118), (3, 480, 353)])  // 117.67 points: 118 at 1x, 353 at 3x
        try Self.scaledSet(fixture, "twoInOne", [(1, 80, 80), (2, 80, 80)])  // a 2x file in the 1x slot
        try Self.scaledSet(fixture, "photo", [(1, 428, 656), (2, 642, 984)])  // 1.5 times, not 2

        // When it is validated
        let report = try fixture.validate()

        // Then only the two mistakes are reported, each with the ratio it has
        #expect(
            report.diagnostics.map(\.description) == [
                "photo.imageset/photo@2x.png: warning: images[1]: is 642x984 at 2x: 1.5 times the 1x 428x656, where 2 is expected (856x1312, rounded either way) [scale-mismatch]",
                "twoInOne.imageset/twoInOne@2x.png: warning: images[1]: is 80x80 at 2x: 1 times the 1x 80x80, where 2 is expected (160x160, rounded either way) [scale-mismatch]",
            ])
    }

    @Test("scale check: a 1x at the 3x's size is the one finding, not its 2x and 3x")
    func scaleOddOneOut() throws {
        // Given a set whose 2x and 3x agree and whose 1x was exported at the 3x's size (seen in a real app),
        // and one whose 1x and 2x agree and whose 3x is wrong
        let fixture = try FixtureCatalog()
        try Self.scaledSet(fixture, "badge", [(1, 274, 130), (2, 182, 86), (3, 274, 130)])
        try Self.scaledSet(fixture, "logo", [(1, 91, 43), (2, 182, 86), (3, 182, 86)])

        // When it is validated
        let report = try fixture.validate()

        // Then the 1x alone is reported in the first, against the 2x; the 3x in the second
        #expect(
            report.diagnostics.filter { $0.code == .scaleMismatch }.map(\.description) == [
                "badge.imageset/badge@1x.png: warning: images[0]: is 274x130 at 1x: 1.505 x 1.512 times the 2x 182x86, where 0.5 is expected (91x43, rounded either way) [scale-mismatch]",
                "logo.imageset/logo@3x.png: warning: images[2]: is 182x86 at 3x: 2 times the 1x 91x43, where 3 is expected (273x129, rounded either way) [scale-mismatch]",
            ])
    }

    @Test("duplicate-name only within one lookup: image + app icon and image + symbol are allowed, two images are not")
    func duplicateNames() throws {
        // Given an image set named like an app icon set and like a symbol set, a colour set named like an
        // image set, and an image set and an image stack sharing a name
        let fixture = try FixtureCatalog()
        let info = "\"info\": {\"author\": \"xcode\", \"version\": 1}"
        for name in ["AppIcon-Dark", "star", "brand", "poster"] {
            try fixture.write("Images/\(name).imageset/Contents.json", FixtureCatalog.imageSet([("i.png", nil)]))
            try fixture.write("Images/\(name).imageset/i.png", try FixtureCatalog.png(width: 4, height: 4))
        }
        try fixture.write(
            "Icons/AppIcon-Dark.appiconset/Contents.json",
            "{\"images\": [{\"filename\": \"i.png\", \"idiom\": \"universal\", \"platform\": \"ios\", \"size\": \"4x4\"}], \(info)}")
        try fixture.write("Icons/AppIcon-Dark.appiconset/i.png", try FixtureCatalog.png(width: 4, height: 4))
        try fixture.write(
            "Symbols/star.symbolset/Contents.json", "{\"symbols\": [{\"filename\": \"star.svg\", \"idiom\": \"universal\"}], \(info)}")
        try fixture.write("Symbols/star.symbolset/star.svg", Array("<svg xmlns=\"\(Self.svgNamespace)\"/>".utf8))
        try fixture.write(
            "Colors/brand.colorset/Contents.json",
            "{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"color-space\": \"srgb\", \"components\": {\"red\": \"1\", \"green\": \"0\", \"blue\": \"0\", \"alpha\": \"1\"}}}], \(info)}"
        )
        try fixture.write("TV/poster.imagestack/Contents.json", "{\"layers\": [], \(info)}")

        // When it is validated
        let report = try fixture.validate()

        // Then only the image set and the image stack named "poster" collide
        #expect(report.diagnostics.filter { $0.code == .duplicateName }.map(\.path) == ["Images/poster.imageset", "TV/poster.imagestack"])
        // (the stack lists no layer, which `image-stack-layers` reports: a tvOS layered image has two to five)
        #expect(
            report.diagnostics.allSatisfy { $0.code == .duplicateName || $0.code == .imageStackLayers },
            "\(report.diagnostics.map(\.description))")
    }

    @Test("missing-placeholder runs only where the project declares placeholders")
    func placeholdersOnlyWhenDeclared() throws {
        // Given a catalog without the conventional placeholders, first alone, then beside a placeholders.json
        let fixture = try FixtureCatalog()
        try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("i.png", nil)]))
        try fixture.write("icon.imageset/i.png", try FixtureCatalog.png(width: 4, height: 4))
        let alone = try CatalogValidator(options: .forProject(catalog: fixture.root)).validate(catalogAt: fixture.root)
        let required = try CatalogValidator(options: .forProject(catalog: fixture.root, requirePlaceholders: true)).validate(
            catalogAt: fixture.root)
        let beside = PlaceholderConfig.path(besideCatalog: fixture.root)
        try Data("{\"names\": {}}".utf8).write(to: URL(fileURLWithPath: beside))
        let declared = try CatalogValidator(options: .forProject(catalog: fixture.root)).validate(catalogAt: fixture.root)
        let turnedOff = try CatalogValidator(
            options: .forProject(catalog: fixture.root, config: ValidationConfig(requirePlaceholders: false))
        )
        .validate(catalogAt: fixture.root)

        // Then: nothing alone; four errors when required; four warnings when declared; nothing when turned off
        #expect(alone.diagnostics.isEmpty)
        #expect(required.diagnostics.filter { $0.code == .missingPlaceholder && $0.severity == .error }.count == 4)
        #expect(declared.diagnostics.filter { $0.code == .missingPlaceholder && $0.severity == .warning }.count == 4)
        #expect(turnedOff.diagnostics.isEmpty)
    }

    @Test(".asset-tool.json is found walking up to the repository root, and its rules and excludes apply")
    func configuration() throws {
        // Given a repository (a .git folder) holding a configuration, with the catalog two folders below it,
        // and a configuration above the repository that must not be read
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: top) }
        let repository = top.appendingPathComponent("repo")
        let catalog = repository.appendingPathComponent("App/Resources/Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data(#"{"rules": {"scale-mismatch": "off"}}"#.utf8).write(to: top.appendingPathComponent(".asset-tool.json"))
        #expect(ValidationConfig.locate(forCatalog: catalog.path).file == nil)
        try Data(#"{"rules": {"unlisted-file": "error", "scale-mismatch": "off"}, "exclude": ["Legacy/*"]}"#.utf8)
            .write(to: repository.appendingPathComponent(".asset-tool.json"))
        let icon = catalog.appendingPathComponent("icon.imageset")
        let legacy = catalog.appendingPathComponent("Legacy/old.imageset")
        for folder in [icon, legacy] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(FixtureCatalog.imageSet([("i@1x.png", "1x"), ("i@2x.png", "2x")]).utf8).write(
                to: folder.appendingPathComponent("Contents.json"))
            try Data(try FixtureCatalog.png(width: 10, height: 10)).write(to: folder.appendingPathComponent("i@1x.png"))
            try Data(try FixtureCatalog.png(width: 10, height: 10)).write(to: folder.appendingPathComponent("i@2x.png"))
            try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        }

        // When the configuration is located and loaded, and the catalog validated with it
        let located = ValidationConfig.locate(forCatalog: catalog.path).file
        let config = try ValidationConfig.load(forCatalog: catalog.path)
        let report = try CatalogValidator(options: .init(config: config)).validate(catalogAt: catalog.path)
        let flags = config.adding(disabled: [.unlistedFile], raised: [], exclude: [])
        let quiet = try CatalogValidator(options: .init(config: flags)).validate(catalogAt: catalog.path)

        // Then the repository's file is the one read; scale-mismatch is off, unlisted-file an error,
        // Legacy excluded; and a --disable on top silences the rest
        #expect(
            located.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                == repository.appendingPathComponent(".asset-tool.json").resolvingSymlinksInPath().path)
        #expect(
            report.diagnostics.map(\.description) == [
                "icon.imageset/notes.txt: error: is in the set folder but no entry of Contents.json lists it [unlisted-file]"
            ])
        #expect(quiet.diagnostics.isEmpty)
    }

    @Test("a bad configuration names the file and the key path")
    func badConfiguration() {
        let cases: [(String, String)] = [
            (#"{"rule": {}}"#, "x.json: rule: is not a key this file takes"),
            (#"{"rules": {"scale": "off"}}"#, "x.json: rules.scale: \"scale\" is not a diagnostic code"),
            (
                #"{"rules": {"scale-mismatch": true}}"#,
                "x.json: rules.scale-mismatch: is true, expected \"off\", \"note\", \"warning\" or \"error\""
            ),
            (#"{"exclude": "Legacy"}"#, "x.json: exclude: is a string, expected an array of patterns"),
            (#"{"require_placeholders": "yes"}"#, "x.json: require_placeholders: is a string, expected true or false"),
            ("{", "x.json: is not JSON"),
        ]
        for (text, start) in cases {
            do {
                _ = try ValidationConfig.parse(Array(text.utf8), file: "x.json")
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description.hasPrefix(start), "\(error.description)")
            }
        }
    }
}
