import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("Catalog loading")
struct CatalogLoadingTests {
    @Test("sprite atlases and namespacing groups prefix names; plain groups do not")
    func namespaces() throws {
        // Given a sprite atlas, a namespacing group inside a plain group, and no root Contents.json
        let fixture = try FixtureCatalog()
        let empty = FixtureCatalog.imageSet([])
        try fixture.write("Sprites.spriteatlas/Contents.json", "{}")
        try fixture.write("Sprites.spriteatlas/hero.imageset/Contents.json", empty)
        try fixture.write("Plain/Named/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        try fixture.write("Plain/Named/close.imageset/Contents.json", empty)
        try fixture.write("Plain/open.dataset/Contents.json", #"{"data": []}"#)
        try fixture.write("Plain/.DS_Store", "x")

        // When it is read
        let catalog = try AssetCatalog.read(at: fixture.root)

        // Then names follow the namespace rule and groups are recorded
        #expect(catalog.assets.map(\.name).sorted() == ["Named/close", "Sprites/hero", "open"])
        #expect(catalog.groups.map(\.path) == ["Plain", "Plain/Named", "Sprites.spriteatlas"])
        #expect(catalog.groups.map(\.providesNamespace) == [false, true, true])
        #expect(catalog.readingDiagnostics.isEmpty)
    }

    @Test("unknown set types and wrong group properties are reported, never a crash")
    func unknownTypes() throws {
        // Given a folder with an unknown extension, a Game Center leaderboard, and a bad group flag
        let fixture = try FixtureCatalog()
        try fixture.write("thing.widgetset/Contents.json", "{}")
        try fixture.write("board.gcleaderboard/Contents.json", "{}")
        try fixture.write("Group/Contents.json", #"{"properties": {"provides-namespace": "yes"}}"#)

        // When it is read
        let catalog = try AssetCatalog.read(at: fixture.root)

        // Then the unknown type and the wrong flag are the only findings
        #expect(catalog.readingDiagnostics.map(\.code) == [.invalidJSON, .unknownValue])
        #expect(catalog.readingDiagnostics.map(\.keyPath) == ["properties.provides-namespace", nil])
        #expect(catalog.assets.map(\.kind) == [.gameCenterLeaderboard, .unknown])
        #expect(catalog.assets.map(\.folderExtension).sorted() == ["gcleaderboard", "widgetset"])
    }

    @Test("nesting deeper than the bound stops with an unsafe-path finding")
    func depth() throws {
        // Given groups nested beyond the reader's bound
        let fixture = try FixtureCatalog()
        let deep = (0...CatalogLimits.default.maxDepth).map { "g\($0)" }.joined(separator: "/")
        try fixture.folder(deep)

        // When it is read
        let catalog = try AssetCatalog.read(at: fixture.root)

        // Then one finding names the folder where reading stopped
        #expect(catalog.readingDiagnostics.map(\.code) == [.unsafePath])
        #expect(catalog.readingDiagnostics.first?.path == deep)
    }

    @Test("Contents.json values the model does not interpret are kept as written, typed")
    func valuesAsWritten() throws {
        // Given an app icon entry with a size, an entry with a memory class, a colour with an extra key, and set properties
        let fixture = try FixtureCatalog()
        try fixture.write(
            "AppIcon.appiconset/Contents.json",
            #"""
            {"images": [{"filename": "a.png", "idiom": "iphone", "scale": "2x", "size": "60x60"},
                        {"idiom": "universal", "memory": "2GB", "graphics-feature-set": ["apple7", 1.50]}]}
            """#)
        try fixture.write(
            "tint.colorset/Contents.json",
            #"""
            {"colors": [{"idiom": "universal", "locale": "fr", "color": {"color-space": "srgb",
             "components": {"red": "0.5", "green": "0.5", "blue": "0.5", "alpha": "1.000"}}}]}
            """#)
        try fixture.write(
            "icon.imageset/Contents.json",
            #"""
            {"images": [], "properties": {"template-rendering-intent": "template",
             "preserves-vector-representation": true, "localizable": {"on": null}}}
            """#)

        // When it is read
        let catalog = try AssetCatalog.read(at: fixture.root)
        let icon = try #require(catalog.assets(named: "AppIcon").first)
        let tint = try #require(catalog.assets(named: "tint").first)
        let image = try #require(catalog.assets(named: "icon").first)

        // Then each value is the JSON value written, numbers with their literal and members in their order
        #expect(
            icon.entries.map(\.otherKeys) == [
                ["size": .string("60x60")],
                ["memory": .string("2GB"), "graphics-feature-set": .array([.string("apple7"), .number("1.50")])],
            ])
        #expect(icon.entries[1].otherKeys["graphics-feature-set"] != .array([.string("apple7"), .number("1.5")]))
        #expect(tint.colors.map(\.otherKeys) == [["locale": .string("fr")]])
        #expect(image.properties["localizable"] == .object([(key: "on", value: .null)]))
        #expect(image.templateRenderingIntent == "template")
        #expect(image.preservesVectorRepresentation)
    }

    @Test("a catalog path that is missing or a file throws a readable error")
    func unreadable() throws {
        // Given a path to nothing and a path to a file
        let fixture = try FixtureCatalog()
        try fixture.write("file.txt", "x")

        // When each is read, then the error names the path
        #expect(throws: CatalogReadError.self) { try AssetCatalog.read(at: fixture.root + "/nothing") }
        do {
            _ = try AssetCatalog.read(at: fixture.root + "/file.txt")
        } catch {
            #expect(error.description == "\(fixture.root)/file.txt: cannot read the catalog: not a folder")
        }
    }
}
