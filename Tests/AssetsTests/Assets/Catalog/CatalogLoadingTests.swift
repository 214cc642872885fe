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
