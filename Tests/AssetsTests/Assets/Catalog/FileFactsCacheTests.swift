import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The cache of what validate learned from each file (`FileFactsCache`): a warm run finds what a cold one
/// finds, a changed file is read again, a damaged cache is read as empty.
@Suite("The cache of files' facts")
struct FileFactsCacheTests {
    /// ReadOnceTests' catalog (a sound PNG pair, a cut PNG, a GIF, a file of no format, a missing file) and an
    /// SVG, every file dated an hour back (a file written in the last second is never kept), and a cache
    /// folder beside the catalog.
    static func catalog() throws -> (FixtureCatalog, cache: String) {
        let fixture = try ReadOnceTests.catalog()
        try fixture.write("vector.imageset/Contents.json", FixtureCatalog.imageSet([("v.svg", nil)]))
        try fixture.write("vector.imageset/v.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>")
        try backdate(fixture, by: 3600)
        return (fixture, (fixture.root as NSString).deletingLastPathComponent + "/cache")
    }

    /// Sets every file's modification time `seconds` back.
    static func backdate(_ fixture: FixtureCatalog, by seconds: TimeInterval) throws {
        let files = try #require(FileManager.default.enumerator(atPath: fixture.root)).compactMap { $0 as? String }
        for file in files {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: "\(fixture.root)/\(file)")
        }
    }

    static func validator(cache: String?) -> CatalogValidator {
        var options = CatalogValidator.Options(placeholders: [])
        options.cacheFolder = cache
        options.cacheTool = "tests"
        return CatalogValidator(options: options)
    }

    static func opened(_ fixture: FixtureCatalog, cache: String) -> FileFactsCache {
        FileFactsCache(
            folder: cache, catalog: CatalogFileSystem.realPath(fixture.root) ?? fixture.root,
            options: "tests headers \(DecodingLimits.default) contents \(CatalogLimits.default.maxContentsBytes)")
    }

    @Test("a warm run finds what a cold run and a run without the cache find, from the kept facts")
    func warmRunSameFindings() throws {
        // Given the catalog validated once with a cache
        let (fixture, cache) = try Self.catalog()
        let cold = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // When it is validated again with it, and without one
        let kept = Self.opened(fixture, cache: cache)
        let warm = try Self.validator(cache: cache).validate(catalogAt: fixture.root)
        let none = try Self.validator(cache: nil).validate(catalogAt: fixture.root)

        // Then the cache holds the five files that read soundly (the cut PNG and the text file are read every
        // time) and the five set folders, and the three reports are the same, byte for byte
        #expect(kept.count == 10)
        #expect(warm.rendered(as: .json) == cold.rendered(as: .json))
        #expect(warm.rendered(as: .json) == none.rendered(as: .json))
        #expect(warm.diagnostics.contains { $0.path.hasSuffix("cut.png") })
    }

    @Test("every file of a cache of 600 entries is found by its path (the index of the digests' leading bits)")
    func largeCacheFindsEveryEntry() throws {
        // Given 300 sets of two PNGs, dated back, validated once with a cache
        let fixture = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 4, height: 4)
        var paths: [String] = []
        for set in 0..<300 {
            try fixture.write("s\(set).imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x"), ("b.png", "2x")]))
            for name in ["a.png", "b.png"] {
                try fixture.write("s\(set).imageset/\(name)", png)
                paths.append("s\(set).imageset/\(name)")
            }
        }
        try Self.backdate(fixture, by: 3600)
        let cache = (fixture.root as NSString).deletingLastPathComponent + "/cache"
        let cold = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // When the cache is opened again
        let kept = Self.opened(fixture, cache: cache)

        // Then it holds the 600 files and the 300 set folders, finds each file's header by its path and identity,
        // and none by a path it does not hold; a warm run reports what the cold one did
        #expect(kept.count == 900)
        var found = 0
        for path in paths {
            let identity = try #require(FileIdentity.of("\(fixture.root)/\(path)"))
            if kept.header(of: path, identity: identity)?.size == png.count { found += 1 }
        }
        #expect(found == 600)
        let identity = try #require(FileIdentity.of("\(fixture.root)/s0.imageset/a.png"))
        #expect(kept.header(of: "s0.imageset/c.png", identity: identity) == nil)
        let warm = try Self.validator(cache: cache).validate(catalogAt: fixture.root)
        #expect(warm.rendered(as: .json) == cold.rendered(as: .json))
    }

    @Test("a file the cache holds no entry for is not stat'ed first; one it holds is, and a set folder likewise")
    func identityAskedOnlyForHeldEntries() throws {
        // Given a set validated once with a cache, then a second set the cache never saw
        let fixture = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 4, height: 4)
        try fixture.write("a.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x")]))
        try fixture.write("a.imageset/a.png", png)
        try Self.backdate(fixture, by: 3600)
        let cache = (fixture.root as NSString).deletingLastPathComponent + "/cache"
        _ = try Self.validator(cache: cache).validate(catalogAt: fixture.root)
        try fixture.write("b.imageset/Contents.json", FixtureCatalog.imageSet([("b.png", "1x")]))
        try fixture.write("b.imageset/b.png", png)

        // When the cache is asked for both files' headers
        let kept = Self.opened(fixture, cache: cache)
        let identity = try #require(FileIdentity.of("\(fixture.root)/a.imageset/a.png"))
        var askedForKnown = false
        var askedForUnknown = false
        let known = kept.header(of: "a.imageset/a.png") {
            askedForKnown = true
            return identity
        }
        let unknown = kept.header(of: "b.imageset/b.png") {
            askedForUnknown = true
            return identity
        }

        // Then only the file it holds had its identity asked for, and only it is answered
        #expect(askedForKnown && known?.size == png.count)
        #expect(!askedForUnknown && unknown == nil)
        #expect(kept.holdsSet(at: "a.imageset") && !kept.holdsSet(at: "b.imageset"))
    }

    @Test("a file written after the cache, with the same size and a new time, is read again")
    func changedFileReadAgain() throws {
        // Given the catalog validated once with a cache
        let (fixture, cache) = try Self.catalog()
        let before = try Self.validator(cache: cache).validate(catalogAt: fixture.root)
        let png = try FixtureCatalog.png(width: 4, height: 4)

        // When a.png is overwritten by bytes of its size that are no image, dated half an hour back
        try fixture.write("sound.imageset/a.png", Array(repeating: UInt8(ascii: "x"), count: png.count))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -1800)], ofItemAtPath: "\(fixture.root)/sound.imageset/a.png")
        let after = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // Then the warm run reports the new bytes as a run without the cache does
        let none = try Self.validator(cache: nil).validate(catalogAt: fixture.root)
        #expect(!before.diagnostics.contains { $0.path == "sound.imageset/a.png" })
        #expect(after.diagnostics.contains { $0.path == "sound.imageset/a.png" })
        #expect(after.rendered(as: .json) == none.rendered(as: .json))
    }

    /// Sets the modification time of `path` to `nanoseconds` since the epoch, exactly (its status time, which
    /// no call sets back, still changes): a write the modification time alone would not show.
    static func setModified(_ path: String, to nanoseconds: Int64) throws {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        let times = [time, time]
        try #require(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0)
    }

    /// The sound set's folder validated once with a cache that keeps it, and its identity then.
    static func cachedSoundSet() throws -> (FixtureCatalog, cache: String, folder: FileIdentity, before: String) {
        let (fixture, cache) = try catalog()
        let before = try validator(cache: cache).validate(catalogAt: fixture.root).rendered(as: .json)
        try #require(opened(fixture, cache: cache).count == 10)
        let folder = try #require(FileIdentity.ofFolder("\(fixture.root)/sound.imageset"))
        return (fixture, cache, folder, before)
    }

    @Test("a set folder that gained a file is listed again, though its modification time was set back")
    func setGainingFileListedAgain() throws {
        // Given the catalog validated once with a cache that keeps the sound set's listing
        let (fixture, cache, folder, before) = try Self.cachedSoundSet()

        // When a file is added to the set, and the folder's modification time set back to what it was
        try fixture.write("sound.imageset/extra.png", try FixtureCatalog.png(width: 4, height: 4))
        try Self.setModified("\(fixture.root)/sound.imageset", to: folder.modified)
        let warm = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // Then the warm run sees the new file, as a run without the cache does
        let none = try Self.validator(cache: nil).validate(catalogAt: fixture.root)
        #expect(warm.diagnostics.contains { $0.path == "sound.imageset/extra.png" })
        #expect(warm.rendered(as: .json) == none.rendered(as: .json))
        #expect(warm.rendered(as: .json) != before)
    }

    @Test("a file renamed in a set folder is listed again")
    func renamedFileListedAgain() throws {
        // Given the catalog validated once with a cache that keeps the sound set's listing
        let (fixture, cache, folder, before) = try Self.cachedSoundSet()

        // When a@2x.png, which Contents.json names, is renamed, and the folder's modification time set back
        try FileManager.default.moveItem(
            atPath: "\(fixture.root)/sound.imageset/a@2x.png", toPath: "\(fixture.root)/sound.imageset/b@2x.png")
        try Self.setModified("\(fixture.root)/sound.imageset", to: folder.modified)
        let warm = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // Then the warm run misses a@2x.png and sees b@2x.png, as a run without the cache does
        let none = try Self.validator(cache: nil).validate(catalogAt: fixture.root)
        #expect(warm.diagnostics.contains { $0.path == "sound.imageset/b@2x.png" })
        #expect(warm.diagnostics.contains { $0.message.contains("a@2x.png") })
        #expect(warm.rendered(as: .json) == none.rendered(as: .json))
        #expect(warm.rendered(as: .json) != before)
    }

    @Test("a Contents.json edited in place, with the same size and modification time, is read again")
    func editedContentsReadAgain() throws {
        // Given the catalog validated once with a cache that keeps the sound set's Contents.json
        let (fixture, cache, folder, before) = try Self.cachedSoundSet()
        let path = "\(fixture.root)/sound.imageset/Contents.json"
        let contents = try #require(FileIdentity.of(path))
        let text = try String(contentsOfFile: path, encoding: .utf8)

        // When it is rewritten in place to name z@2x.png instead of a@2x.png (same size), its modification
        // time set back: the folder is unchanged, only the file's status time tells
        let edited = text.replacingOccurrences(of: "a@2x.png", with: "z@2x.png")
        try #require(edited.utf8.count == text.utf8.count && edited != text)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        try Self.setModified(path, to: contents.modified)
        try #require(FileIdentity.ofFolder("\(fixture.root)/sound.imageset") == folder)
        try #require(FileIdentity.of(path)?.size == contents.size && FileIdentity.of(path)?.modified == contents.modified)
        let warm = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // Then the warm run reads the new names, as a run without the cache does
        let none = try Self.validator(cache: nil).validate(catalogAt: fixture.root)
        #expect(warm.diagnostics.contains { $0.message.contains("z@2x.png") })
        #expect(warm.rendered(as: .json) == none.rendered(as: .json))
        #expect(warm.rendered(as: .json) != before)
    }

    @Test("a damaged cache never changes the findings: a cut, garbage or damaged end reads as empty, a damaged page is skipped")
    func damagedCacheIgnored() throws {
        // Given the catalog validated once with a cache, and the cache file's bytes: its head, its pages, and its
        // end (entries by digest, the pages' index), which begins where its last 24 bytes say
        let (fixture, cache) = try Self.catalog()
        let expected = try Self.validator(cache: nil).validate(catalogAt: fixture.root).rendered(as: .json)
        _ = try Self.validator(cache: cache).validate(catalogAt: fixture.root)
        let sound = Self.opened(fixture, cache: cache)
        let file = sound.file
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(sound.count == 10)
        var trailer = FactsReader(bytes, from: bytes.count - FileFactsCache.trailerBytes)
        let tailOffset = try #require(trailer.u64().map { Int($0) })
        let pages = FileFactsCache.head(stamp: sound.stamp).count..<tailOffset
        #expect(!pages.isEmpty && pages.upperBound < bytes.count - 24)

        // When the file is cut short, replaced by garbage, or a byte of it flipped
        var damaged: [(bytes: [UInt8], inPage: Bool)] = [
            (Array(bytes.prefix(bytes.count / 2)), false), (Array(bytes.dropLast()), false), ([], false),
            (Array("garbage".utf8), false),
        ]
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            var flipped = bytes
            flipped[position] ^= 0x20
            damaged.append((flipped, pages.contains(position)))
        }

        // Then outside the pages it reads as an empty cache; in a page, that page is not used; either way a run
        // with it finds what a run without the cache finds
        #expect(damaged.contains { $0.inPage } && damaged.contains { !$0.inPage })
        for (damagedBytes, inPage) in damaged {
            try Data(damagedBytes).write(to: URL(fileURLWithPath: file))
            let opened = Self.opened(fixture, cache: cache)
            if !inPage { #expect(opened.isEmpty, "\(damagedBytes.count) bytes") }
            #expect(try Self.validator(cache: cache).validate(catalogAt: fixture.root).rendered(as: .json) == expected)
        }
        #expect(Self.opened(fixture, cache: cache).count == 10)
    }

    @Test("a file written in the last second is not kept: a second write in the same clock grain could go unseen")
    func recentFileNotKept() throws {
        // Given the catalog with its files dated now
        let (fixture, cache) = try Self.catalog()
        try Self.backdate(fixture, by: 0)

        // When it is validated with a cache
        _ = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // Then nothing was kept
        #expect(Self.opened(fixture, cache: cache).isEmpty)
    }

    @Test("a cache folder keeps at most 64 catalogs' files: the least recently written go, nothing else")
    func folderBounded() throws {
        // Given a cache folder with 70 old catalogs' files and a file of another name
        let (fixture, cache) = try Self.catalog()
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        for number in 0..<70 {
            let path = "\(cache)/facts-\(number).cache"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(-7200 + number))], ofItemAtPath: path)
        }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(cache)/notes.txt"))

        // When the catalog is validated with it
        _ = try Self.validator(cache: cache).validate(catalogAt: fixture.root)

        // Then 64 cache files are left: the new one and the 63 most recent, and the other file
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        #expect(left.filter { $0.hasSuffix(".cache") }.count == FileFactsCache.maxCatalogs)
        #expect(left.contains((Self.opened(fixture, cache: cache).file as NSString).lastPathComponent))
        #expect(left.contains("notes.txt") && left.contains("facts-7.cache") && !left.contains("facts-6.cache"))
    }
}
