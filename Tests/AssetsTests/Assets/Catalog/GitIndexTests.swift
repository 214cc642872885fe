import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The cache keyed by content where git vouches for it (`GitIndex`, #33): a CI checkout, whose files all have new
/// inodes and times, finds what a restored cache learned from the same content in another checkout.
@Suite("The cache of files' facts: content from git's index")
struct GitIndexTests {
    static let git = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs git in `folder`; its standard output.
    @discardableResult
    static func run(_ arguments: [String], in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(git))
        process.arguments = ["-c", "user.name=Tests", "-c", "user.email=tests@example.com", "-c", "core.autocrlf=false"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// FileFactsCacheTests' catalog (files dated an hour back), committed to a repository at its parent folder.
    static func committed() throws -> (FixtureCatalog, cache: String, repository: String) {
        let (fixture, cache) = try FileFactsCacheTests.catalog()
        let repository = (fixture.root as NSString).deletingLastPathComponent
        try run(["init", "-q"], in: repository)
        try run(["add", "Fixture.xcassets"], in: repository)
        try run(["commit", "-q", "-m", "catalog"], in: repository)
        return (fixture, cache, repository)
    }

    /// Sets the index's modification time `seconds` ahead: the entries git wrote just before it are then not
    /// racily clean, as in a checkout of many files.
    static func settleIndex(_ repository: String, by seconds: TimeInterval = 10) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: seconds)], ofItemAtPath: repository + "/.git/index")
    }

    @Test("the index's entries under a catalog carry git's object ids, in index versions 2, 3 and 4", .enabled(if: git != nil, "needs git"))
    func entriesMatchGit() throws {
        // Given a committed catalog
        let (fixture, _, repository) = try Self.committed()
        let listed = try Self.run(["ls-files", "-s", "Fixture.xcassets"], in: repository).split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 3)
            let path = line.split(separator: "\t", maxSplits: 1).last.map(String.init) ?? ""
            return (String(path.dropFirst("Fixture.xcassets/".count)), String(fields[1]))
        }
        #expect(listed.count == 11)  // five sets: five Contents.json, six image and other files
        for version in ["2", "3", "4"] {
            // When the index is written in that version and read
            try Self.run(["update-index", "--index-version", version], in: repository)
            let index = try #require(GitIndex.covering(CatalogFileSystem.realPath(fixture.root) ?? fixture.root))

            // Then each tracked file of the catalog is there, by its catalog-relative path, with git's object id
            #expect(index.entries.count == listed.count, "version \(version)")
            for (path, object) in listed {
                let entry = try #require(index.entries[path], "version \(version): \(path)")
                let hex =
                    String(format: "%016llx", entry.object.0) + String(format: "%016llx", entry.object.1)
                    + String(format: "%08x", entry.object.2)
                #expect(hex == object, "version \(version): \(path)")
            }
        }
    }

    @Test(
        "a fresh clone finds the facts a cache learned in another clone; a file changed since is read again",
        .enabled(if: git != nil, "needs git"))
    func freshCloneHits() throws {
        // Given a committed catalog validated once with a cache
        let (fixture, cache, repository) = try Self.committed()
        try Self.settleIndex(repository)
        let expected = try FileFactsCacheTests.validator(cache: nil).validate(catalogAt: fixture.root).rendered(as: .json)
        _ = try FileFactsCacheTests.validator(cache: cache).validate(catalogAt: fixture.root)

        // When the repository is cloned afresh at the same place (every file a new inode and new times), as a CI
        // checkout with the cache folder restored
        let elsewhere = repository + "-first"
        try FileManager.default.moveItem(atPath: repository, toPath: elsewhere)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try Self.run(["clone", "-q", "--no-hardlinks", elsewhere, repository], in: (elsewhere as NSString).deletingLastPathComponent)
        try FileManager.default.moveItem(atPath: elsewhere + "/cache", toPath: cache)
        try Self.settleIndex(repository)
        let path = fixture.root + "/sound.imageset/a.png"
        let identity = try #require(FileIdentity.of(path))

        // Then the new file's facts are found by its content, and the run's findings are unchanged
        let opened = FileFactsCacheTests.opened(fixture, cache: cache)
        #expect(opened.header(of: "sound.imageset/a.png", identity: identity) != nil)
        #expect(try FileFactsCacheTests.validator(cache: cache).validate(catalogAt: fixture.root).rendered(as: .json) == expected)

        // and a file rewritten since git looked (same size, other bytes) is not taken from the cache
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        bytes[bytes.count - 13] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let changed = try #require(FileIdentity.of(path))
        #expect(FileFactsCacheTests.opened(fixture, cache: cache).header(of: "sound.imageset/a.png", identity: changed) == nil)
    }

    @Test("an entry written in the clock grain of the index (racily clean) is not trusted", .enabled(if: git != nil, "needs git"))
    func raceNotTrusted() throws {
        // Given a committed catalog whose index is dated before its files
        let (fixture, _, repository) = try Self.committed()
        try Self.settleIndex(repository, by: -7200)
        let index = try #require(GitIndex.covering(CatalogFileSystem.realPath(fixture.root) ?? fixture.root))
        let identity = try #require(FileIdentity.of(fixture.root + "/sound.imageset/a.png"))

        // Then its file has no identity from content
        #expect(index.contentIdentity(of: "sound.imageset/a.png", identity: identity) == nil)
        // while with the index dated after it, it has one
        try Self.settleIndex(repository)
        let settled = try #require(GitIndex.covering(CatalogFileSystem.realPath(fixture.root) ?? fixture.root))
        #expect(settled.contentIdentity(of: "sound.imageset/a.png", identity: identity)?.device == GitIndex.contentDevice)
    }

    @Test("a repository whose objects are named by SHA-256 gives no index", .enabled(if: git != nil, "needs git"))
    func sha256Refused() throws {
        // Given a catalog committed to a SHA-256 repository, its index dated after its files
        let (fixture, _) = try FileFactsCacheTests.catalog()
        let repository = (fixture.root as NSString).deletingLastPathComponent
        try Self.run(["init", "-q", "--object-format=sha256"], in: repository)
        try Self.run(["add", "Fixture.xcassets"], in: repository)
        try Self.settleIndex(repository)

        // Then its index is not read (its entries hold 32-byte ids)
        #expect(GitIndex.covering(CatalogFileSystem.realPath(fixture.root) ?? fixture.root) == nil)
        // while the same catalog in a SHA-1 repository has one
        try FileManager.default.removeItem(atPath: repository + "/.git")
        try Self.run(["init", "-q"], in: repository)
        try Self.run(["add", "Fixture.xcassets"], in: repository)
        #expect(GitIndex.covering(CatalogFileSystem.realPath(fixture.root) ?? fixture.root) != nil)
    }

    @Test("a cut, flipped or foreign index gives no index and never traps")
    func damagedIndex() throws {
        // Given an index of two entries written by hand in version 2's layout
        var bytes = Array("DIRC".utf8) + [0, 0, 0, 2, 0, 0, 0, 2]
        for name in ["Assets.xcassets/a.imageset/a.png", "Assets.xcassets/b.imageset/b.png"] {
            let start = bytes.count
            bytes += [UInt8](repeating: 1, count: 24) + [0, 0, 0x81, 0xA4] + [UInt8](repeating: 0, count: 12)
            bytes += [UInt8](repeating: 7, count: 20) + [0, UInt8(name.utf8.count)] + Array(name.utf8)
            bytes += [UInt8](repeating: 0, count: (bytes.count - start + 8) / 8 * 8 - (bytes.count - start))
        }
        bytes += [UInt8](repeating: 0, count: 20)
        #expect(GitIndex.parse(bytes, under: "Assets.xcassets/")?.keys.sorted() == ["a.imageset/a.png", "b.imageset/b.png"])

        // When it is cut anywhere or any byte is flipped
        for cut in 0..<bytes.count { #expect(GitIndex.parse(Array(bytes[..<cut]), under: "Assets.xcassets/") == nil) }
        for offset in bytes.indices {
            var flipped = bytes
            flipped[offset] ^= 0xFF
            _ = GitIndex.parse(flipped, under: "Assets.xcassets/")
        }
        // Then no index comes of a cut one, and a flipped one is read or refused without trapping; a split index
        // (its `link` extension) and another version are refused
        let linked = Array(bytes.dropLast(20)) + Array("link".utf8) + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 20)
        #expect(GitIndex.parse(linked, under: "") == nil)
        var five = bytes
        five[7] = 5
        #expect(GitIndex.parse(five, under: "") == nil)
    }
}
