import Foundation
import Testing
@testable import Assets
@testable import AssetsSupport

/// `resolve`'s narrow walk with its cache of group folders' listings (`FileFactsCache+Folders.swift`): a warm
/// run answers as a cold one and as a run without the cache, and a folder that changed between two runs (a set
/// added, removed or renamed in it, its modification time set back or not) is listed again.
@Suite("The cache of group listings a narrow read keeps")
struct ListingCacheTests {
    /// Twelve plain groups of two sets each (enough to be listed ahead on every core), a namespace group, a
    /// plain group inside a plain group and a colour set at the top, every file and folder (the catalog's too)
    /// dated an hour back (a folder changed in the last second is never kept), and a cache folder beside it.
    static func catalog() throws -> (FixtureCatalog, cache: String) {
        let fixture = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 2, height: 2)
        for group in 0..<12 {
            try fixture.write("Group\(group)/Contents.json", "{}")
            for set in ["set\(group)", "other\(group)"] {
                try fixture.write("Group\(group)/\(set).imageset/a.png", png)
                try fixture.write("Group\(group)/\(set).imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
            }
        }
        try fixture.write("Icons/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        try fixture.write("Icons/arrow.imageset/a.png", png)
        try fixture.write("Icons/arrow.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        try fixture.write("Group7/Inner/Contents.json", "{}")
        try fixture.write("Group7/Inner/arrow.imageset/a.png", png)
        try fixture.write("Group7/Inner/arrow.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x")]))
        try fixture.write(
            "tint.colorset/Contents.json",
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "0", "blue": "0", "alpha": "1"}}}]}"#
        )
        try FileFactsCacheTests.backdate(fixture, by: 3600)
        try FileFactsCacheTests.setModified(fixture.root, to: FileIdentity.now() - 3600 * 1_000_000_000)
        return (fixture, (fixture.root as NSString).deletingLastPathComponent + "/cache")
    }

    /// The narrow read of `name`, with the cache folder or without one, on `threads` threads.
    static func read(_ fixture: FixtureCatalog, _ name: String, cache: String?, threads: Int = 2) throws -> AssetCatalog {
        try VariantResolver.catalog(
            at: fixture.root, forResolving: name, limits: CatalogLimits(threads: threads), cacheFolder: cache)
    }

    /// The answer's text and JSON for `name`, from the narrow read with the cache or without one.
    static func answer(_ fixture: FixtureCatalog, _ name: String, cache: String?) throws -> String {
        let answer = VariantResolver(catalog: try read(fixture, name, cache: cache)).resolve(name)
        return answer.reportText + "\n" + answer.reportJSON.rendered()
    }

    /// The listings cache of the fixture's catalog, as the next run opens it.
    static func opened(_ fixture: FixtureCatalog, cache: String) -> FileFactsCache {
        FileFactsCache(
            folder: cache, catalog: CatalogFileSystem.realPath(fixture.root) ?? fixture.root, options: "group listings",
            kind: "listings")
    }

    /// The names the tests resolve: found in a plain group, twice apart from case, in a namespace, missing.
    static let names = ["set3", "arrow", "ARROW", "Icons/arrow", "other11", "missing", "tint"]

    @Test("a warm run reads what a cold run and a run without the cache read, from the kept listings")
    func warmRunSameRead() throws {
        // Given the catalog read once for a name with a cache
        let (fixture, cache) = try Self.catalog()
        for name in Self.names {
            let cold = try Self.read(fixture, name, cache: cache)

            // When it is read again with the cache, without it, and on one thread
            let kept = Self.opened(fixture, cache: cache)
            let warm = try Self.read(fixture, name, cache: cache)
            let none = try Self.read(fixture, name, cache: nil)
            let one = try Self.read(fixture, name, cache: cache, threads: 1)

            // Then the cache holds the listings of the folders the walk lists (the catalog folder, the twelve
            // groups, the namespace group, listed ahead with them, and the inner one), and the reads are the same
            #expect(kept.count == 15, "\(name)")
            #expect(warm == cold, "\(name)")
            #expect(warm == none, "\(name)")
            #expect(one == none, "\(name)")
            #expect(try Self.answer(fixture, name, cache: cache) == Self.answer(fixture, name, cache: nil), "\(name)")
        }
        #expect(try Self.read(fixture, "arrow", cache: cache).assets.map(\.path) == ["Group7/Inner/arrow.imageset"])
        #expect(FileManager.default.fileExists(atPath: Self.opened(fixture, cache: cache).file))
        #expect(Self.opened(fixture, cache: cache).file.hasPrefix(cache + "/listings-"))
    }

    @Test("a set added to a group between two runs is found, its folder's modification time set back or not")
    func setAdded() throws {
        for setBack in [false, true] {
            // Given the catalog read once for "fresh" (not there) with a cache that keeps Group4's listing
            let (fixture, cache) = try Self.catalog()
            let before = try Self.answer(fixture, "fresh", cache: cache)
            let folder = try #require(FileIdentity.ofFolder("\(fixture.root)/Group4"))
            try #require(Self.opened(fixture, cache: cache).count == 15)

            // When a set named so is added to Group4 (and the folder's modification time set back to what it was)
            try fixture.write("Group4/fresh.imageset/a.png", try FixtureCatalog.png(width: 2, height: 2))
            try fixture.write("Group4/fresh.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
            if setBack { try FileFactsCacheTests.setModified("\(fixture.root)/Group4", to: folder.modified) }

            // Then the warm run finds it, as a run without the cache does
            #expect(try Self.read(fixture, "fresh", cache: cache).assets.map(\.path) == ["Group4/fresh.imageset"])
            #expect(try Self.answer(fixture, "fresh", cache: cache) == Self.answer(fixture, "fresh", cache: nil))
            #expect(try Self.answer(fixture, "fresh", cache: cache) != before)
        }
    }

    @Test("a set removed from a group between two runs is not found, and a second set of its name is no longer reported")
    func setRemoved() throws {
        for setBack in [false, true] {
            // Given a second "set3" in Group9, and the catalog read once for "set3" with a cache
            let (fixture, cache) = try Self.catalog()
            try fixture.write("Group9/set3.imageset/a.png", try FixtureCatalog.png(width: 2, height: 2))
            try fixture.write("Group9/set3.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
            try FileFactsCacheTests.backdate(fixture, by: 3600)
            let before = try Self.answer(fixture, "set3", cache: cache)
            #expect(before.contains("2 sets are named"))
            let folder = try #require(FileIdentity.ofFolder("\(fixture.root)/Group9"))

            // When Group9's set3 is removed (and the folder's modification time set back)
            try FileManager.default.removeItem(atPath: "\(fixture.root)/Group9/set3.imageset")
            if setBack { try FileFactsCacheTests.setModified("\(fixture.root)/Group9", to: folder.modified) }

            // Then the warm run finds only Group3's, as a run without the cache does
            #expect(try Self.read(fixture, "set3", cache: cache).assets.map(\.path) == ["Group3/set3.imageset"])
            let after = try Self.answer(fixture, "set3", cache: cache)
            #expect(after == (try Self.answer(fixture, "set3", cache: nil)))
            #expect(!after.contains("2 sets are named"))
        }
    }

    @Test("a set renamed in its group, or moved to another group, between two runs is found by its new name only")
    func setRenamed() throws {
        for (setBack, target) in [(false, "Group2/renamed.imageset"), (true, "Group2/renamed.imageset"), (true, "Group5/renamed.imageset")]
        {
            // Given the catalog read once for the old and the new name with a cache
            let (fixture, cache) = try Self.catalog()
            _ = try Self.answer(fixture, "set2", cache: cache)
            _ = try Self.answer(fixture, "renamed", cache: cache)
            let folders = try ["Group2", "Group5"].map { try #require(FileIdentity.ofFolder("\(fixture.root)/\($0)")) }

            // When Group2's set2 is renamed (in its folder, or into Group5), the folders' times set back or not
            try FileManager.default.moveItem(atPath: "\(fixture.root)/Group2/set2.imageset", toPath: "\(fixture.root)/\(target)")
            if setBack {
                try FileFactsCacheTests.setModified("\(fixture.root)/Group2", to: folders[0].modified)
                try FileFactsCacheTests.setModified("\(fixture.root)/Group5", to: folders[1].modified)
            }

            // Then the warm runs find it by its new name only, as runs without the cache do
            #expect(try Self.read(fixture, "renamed", cache: cache).assets.map(\.path) == [target], "\(target)")
            #expect(try Self.read(fixture, "set2", cache: cache).assets.isEmpty, "\(target)")
            for name in ["renamed", "set2"] {
                #expect(try Self.answer(fixture, name, cache: cache) == Self.answer(fixture, name, cache: nil), "\(target): \(name)")
            }
        }
    }

    @Test("a group added inside a group between two runs is walked, and a group removed is not")
    func groupAddedAndRemoved() throws {
        // Given the catalog read once for "deep" (not there) with a cache
        let (fixture, cache) = try Self.catalog()
        _ = try Self.answer(fixture, "deep", cache: cache)

        // When a plain group holding "deep" is made inside Group1, and Group7 (with its inner "arrow") removed
        try fixture.write("Group1/Nested/Contents.json", "{}")
        try fixture.write("Group1/Nested/deep.imageset/a.png", try FixtureCatalog.png(width: 2, height: 2))
        try fixture.write("Group1/Nested/deep.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        try FileManager.default.removeItem(atPath: "\(fixture.root)/Group7")

        // Then the warm runs answer as runs without the cache
        #expect(try Self.read(fixture, "deep", cache: cache).assets.map(\.path) == ["Group1/Nested/deep.imageset"])
        #expect(try Self.read(fixture, "arrow", cache: cache).assets.isEmpty)
        for name in ["deep", "arrow"] {
            #expect(try Self.answer(fixture, name, cache: cache) == Self.answer(fixture, name, cache: nil), "\(name)")
        }
    }

    @Test("folders changed in the last second are not kept")
    func recentFoldersNotKept() throws {
        // Given the catalog with its folders dated now
        let (fixture, cache) = try Self.catalog()
        try FileFactsCacheTests.backdate(fixture, by: 0)
        try FileFactsCacheTests.setModified(fixture.root, to: FileIdentity.now())

        // When a name is resolved with a cache
        _ = try Self.read(fixture, "set3", cache: cache)

        // Then nothing was kept
        #expect(Self.opened(fixture, cache: cache).isEmpty)
    }

    @Test("a packed listing reads back as the folder's listing; bytes out of shape read as nil, not a crash")
    func packedListing() throws {
        // Given a folder with files, folders, a link and a non-ASCII name
        let fixture = try FixtureCatalog()
        try fixture.write("b.imageset/Contents.json", "{}")
        try fixture.write("Ünïcode/Contents.json", "{}")
        try fixture.write("a.txt", "x")
        try fixture.link("link", to: "b.imageset")
        let packed = try CatalogFileSystem.listPacked(fixture.root).get()

        // When it is read back, whole and filtered
        let whole = try #require(CatalogFileSystem.listed(packed, keeping: { _, _ in true }))
        let folders = try #require(CatalogFileSystem.listed(packed, keeping: { $1 == .directory }))

        // Then it is the folder's listing, names, types and inodes, in byte order
        let listed = try CatalogFileSystem.listTyped(fixture.root).get()
        #expect(whole.map(\.name) == listed.map(\.name))
        #expect(whole.map(\.type) == listed.map(\.type))
        #expect(whole.map(\.inode) == listed.map(\.inode))
        #expect(folders.map(\.name) == ["b.imageset", "Ünïcode"])
        // and every cut of it, and an unknown type byte, read as nil
        for cut in 1..<packed.bytes.count {
            let short = CatalogFileSystem.PackedListing(bytes: Array(packed.bytes.prefix(cut)))
            let read = CatalogFileSystem.listed(short, keeping: { _, _ in true })
            if let read { #expect(read.count < whole.count) }
        }
        var odd = packed
        odd.bytes[0] = 9
        #expect(CatalogFileSystem.listed(odd, keeping: { _, _ in true }) == nil)
        #expect(CatalogFileSystem.listed(CatalogFileSystem.PackedListing(bytes: [1]), keeping: { _, _ in true }) == nil)
    }
}
