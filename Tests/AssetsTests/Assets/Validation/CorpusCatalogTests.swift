import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The real catalogs of `../shared/corpus/catalogs`, read in place.
@Suite("Real catalogs from the corpus", .enabled(if: CatalogCorpus.isPresent, "../shared/corpus/catalogs is absent: skipped"))
struct CorpusCatalogTests {
    /// Every finding on each real catalog (placeholder checks off), each checked by hand:
    /// - empty-asset: the Contents.json of these sets lists no filename at all (upstream ships them empty).
    ///   Empty app icon sets and single empty layers of image stacks are no finding: Xcode's templates leave
    ///   them so; a stack with no image in any layer is one finding, on the stack.
    /// - missing-icon-size: an app icon set with an empty slot Apple requires (swiftgen's: the ios-marketing slot).
    /// No scale-mismatch: Figma and the Klar wordmark export round each scale separately (imgZeroEmpty 1x
    /// 160x118, 3x 480x353: 117.67 points rounded up at 1x, down at 3x), which is rounding, not a mistake.
    static let expectedFindings: [String: [String]] = [
        "swiftgen/Food.xcassets": [],
        "swiftgen/Files.xcassets": [],
        "swiftgen/Styles.xcassets": [],
        "swiftgen/Symbols.xcassets": [],
        // Sets inside containers (Game Center, image stacks, sticker packs) are read and checked too: SwiftGen's
        // fixture ships every one of them with no file.
        "swiftgen/Other.xcassets": [
            "missing-icon-size AppIcon (iOS).appiconset/Contents.json",
            "empty-asset Dashboard Image (Game Center).gcdashboardimage/Logo.imageset",
            "empty-asset LaunchImage (iOS).launchimage",
            "empty-asset LaunchImage (tvOS).launchimage",
            "empty-asset Leaderboard (Game Center).gcleaderboard/Poster.imagestack",
            "empty-asset Leaderboard Set (Game Center).gcleaderboardset/Poster.imagestack",
            "empty-asset Sprites.spriteatlas/Sprite.imageset",
            "empty-asset Stack (tvOS).imagestack",
            "empty-asset Sticker Pack.stickerpack/Sticker Sequence.stickersequence",
            "empty-asset Sticker Pack.stickerpack/Sticker.sticker",
        ],
        // The iOS app icon lists an ios-marketing slot and an iPad 83.5@2x slot with no file in either.
        "R.swift/Images.xcassets": [
            "missing-icon-size AppIcon.appiconset/Contents.json", "missing-icon-size AppIcon.appiconset/Contents.json",
        ],
        "R.swift/Images2.xcassets": [],
        "R.swift/Media.xcassets": [],
        "TwitterTextEditor/Assets.xcassets": [],
        "NetNewsWire/iOS/Assets.xcassets": [],
        // ios-marketing.png is RGBA (every alpha 255, checked with Pillow): icon-alpha is a warning for iOS, since
        // apps with such icons ship (Firefox Focus is this app).
        "focus-ios/Blockzilla/Assets.xcassets": ["icon-alpha AppIcon.appiconset/Contents.json"],
        "focus-ios/BlockzillaPackage-DesignSystem/Assets.xcassets": [],
        "focus-ios/BlockzillaPackage-DesignSystem/Colors.xcassets": [],
        "figma-export/Example-UIComponents/Assets.xcassets": [],
        "figma-export/ExampleSwiftUI/Assets.xcassets": [],
    ]

    @Test("every real catalog loads and shows exactly the findings checked by hand", arguments: CatalogCorpus.catalogs)
    func findings(catalog: String) throws {
        // Given a real catalog
        let path = CatalogCorpus.path(catalog)

        // When it is validated, probing and then fully decoding
        let probed = try CatalogValidator(options: .init(placeholders: [])).validate(catalogAt: path)
        let deep = try CatalogValidator(options: .init(deep: true, placeholders: [])).validate(catalogAt: path)

        // Then the findings are the known ones, the same in both modes
        let found = probed.diagnostics.map { "\($0.code.rawValue) \($0.path)" }
        #expect(found == CorpusCatalogTests.expectedFindings[catalog], "\(probed.diagnostics.map(\.description))")
        #expect(deep.diagnostics == probed.diagnostics)
        #expect(probed.assetCount > 0)
    }

    /// The `value:` of every item in a SwiftGen expected-context YAML, with its `type:`.
    static func swiftGenNames(_ yaml: String) -> [String] {
        var names: [String] = []
        var lastType: String?
        for line in yaml.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "- ", with: "")
            if trimmed.hasPrefix("type: ") {
                lastType = trimmed.dropFirst(6).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            } else if trimmed.hasPrefix("value: ") {
                let value = trimmed.dropFirst(7).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                names.append("\(lastType ?? "?") \(value)")
            }
        }
        return names.sorted()
    }

    @Test(
        "fully qualified names match SwiftGen's expected contexts",
        arguments: [("food", "Food"), ("files", "Files"), ("styles", "Styles"), ("symbols", "Symbols")])
    func swiftGenNames(context: String, catalog: String) throws {
        // Given SwiftGen's expected names for a catalog
        let yaml = try String(contentsOfFile: CatalogCorpus.path("swiftgen/expected-stencil-contexts/\(context).yaml"), encoding: .utf8)
        let expected = CorpusCatalogTests.swiftGenNames(yaml)

        // When the catalog is read
        let loaded = try AssetCatalog.read(at: CatalogCorpus.path("swiftgen/\(catalog).xcassets"))

        // Then the same names come out, with the same types
        let types: [AssetKind: String] = [.imageSet: "image", .dataSet: "data", .colorSet: "color", .symbolSet: "symbol"]
        let names = loaded.assets.compactMap { asset in types[asset.kind].map { "\($0) \(asset.name)" } }.sorted()
        #expect(!expected.isEmpty)
        #expect(names == expected)
    }

    @Test("groups carry SwiftGen's isNamespaced, including empty groups")
    func swiftGenGroups() throws {
        // Given SwiftGen's Food and Files catalogs
        let food = try AssetCatalog.read(at: CatalogCorpus.path("swiftgen/Food.xcassets"))
        let files = try AssetCatalog.read(at: CatalogCorpus.path("swiftgen/Files.xcassets"))

        // Then each group's namespace flag is SwiftGen's
        let foodGroups = Dictionary(uniqueKeysWithValues: food.groups.map { ($0.path, $0.providesNamespace) })
        #expect(foodGroups == ["Empty": false, "Exotic": true, "Round": true, "Round/Red": false, "Round/Red/Double": true])
        let filesGroups = Dictionary(uniqueKeysWithValues: files.groups.map { ($0.path, $0.providesNamespace) })
        #expect(filesGroups == ["Empty": true, "Json": true])
    }

    @Test("R.swift's deep namespace chains resolve as Apple names them")
    func rswiftNames() throws {
        // Given R.swift's catalogs with namespaces, clashes and groups without Contents.json
        let images2 = try AssetCatalog.read(at: CatalogCorpus.path("R.swift/Images2.xcassets"))
        let images = try AssetCatalog.read(at: CatalogCorpus.path("R.swift/Images.xcassets"))
        let media = try AssetCatalog.read(at: CatalogCorpus.path("R.swift/Media.xcassets"))

        // Then the fully qualified names follow every namespacing group
        #expect(
            Set(images2.assets.map(\.name)) == [
                "Conflicting", "conflicting/first", "Namespace 1/Second", "Namespace 1/third",
                "Namespace 1/Inner/Namespace 2/first", "Namespace-/Second", "Namespace-/third", "Namespace-/Inner/Namespace/first",
            ])
        #expect(
            Set(images.assets.filter { $0.kind == .imageSet || $0.kind == .appIconSet }.map(\.name)) == [
                "first", "Second", "Namespace/first", "Namespace/Second", "eerste", "second", "first nested",
                "second nested", "TheAppIcon", "AppIcon",
            ])
        #expect(images.groups.contains { $0.path == "Some Folder/A Nested Folder" && !$0.hasContentsFile && !$0.providesNamespace })
        #expect(Set(media.assets.map(\.name)).isSuperset(of: ["Not dupe", "Folder/Not dupe"]))
    }

    @Test("colours read in every notation: decimals, 0-255 integers, hex and system references")
    func colours() throws {
        // Given catalogs writing colours in each notation
        let styles = try AssetCatalog.read(at: CatalogCorpus.path("swiftgen/Styles.xcassets"))
        let figma = try AssetCatalog.read(at: CatalogCorpus.path("figma-export/Example-UIComponents/Assets.xcassets"))
        let netNewsWire = try AssetCatalog.read(at: CatalogCorpus.path("NetNewsWire/iOS/Assets.xcassets"))

        // Then each comes out as fractions or a named system colour
        let vengo = try #require(styles.assets(named: "Vengo/Primary").first)
        #expect(vengo.colors.count == 2)
        #expect(vengo.colors[0].color == .components(ColorComponents(colorSpace: "srgb", red: 0.918, green: 0.902, blue: 0.871, alpha: 1)))
        #expect(
            vengo.colors[1].color
                == .components(ColorComponents(colorSpace: "srgb", red: 66.0 / 255, green: 60.0 / 255, blue: 77.0 / 255, alpha: 1)))
        #expect(vengo.colors[1].appearances == [.dark])
        let hexColours = figma.assets.filter { $0.kind == .colorSet }.flatMap(\.colors)
        #expect(!hexColours.isEmpty)
        #expect(hexColours.allSatisfy { if case .components(let c)? = $0.color { return c.red != nil } else { return false } })
        let references = netNewsWire.assets.flatMap(\.colors).compactMap { entry -> String? in
            if case .system(let name, let platform)? = entry.color { return "\(platform ?? "") \(name)" } else { return nil }
        }
        #expect(references.contains("ios systemBackgroundColor"))
        #expect(ColorComponents.value(of: "0xFF") == 1)
        #expect(ColorComponents.value(of: "-0.25") == -0.25)
        #expect(ColorComponents.value(of: "1.250") == 1.25)
    }

    @Test("image entries keep Apple's keys: appearances, idioms, properties")
    func entries() throws {
        // Given the Klar wordmark (1x/2x/3x x any/dark) and NetNewsWire's vector icons
        let focus = try AssetCatalog.read(at: CatalogCorpus.path("focus-ios/Blockzilla/Assets.xcassets"))
        let wordmark = try #require(focus.assets(named: "img_klar_wordmark").first)
        let netNewsWire = try AssetCatalog.read(at: CatalogCorpus.path("NetNewsWire/iOS/Assets.xcassets"))

        // Then scales, appearances and properties come through
        #expect(Set(wordmark.entries.compactMap(\.scale)) == ["1x", "2x", "3x"])
        #expect(wordmark.entries.filter { $0.appearances == [.dark] }.count == 3)
        #expect(netNewsWire.assets.contains { $0.preservesVectorRepresentation })
        #expect(Set(netNewsWire.assets.compactMap(\.templateRenderingIntent)) == ["original", "template"])
    }
}
