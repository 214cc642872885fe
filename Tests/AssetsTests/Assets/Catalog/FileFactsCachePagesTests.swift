import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The pages of the cache of files' facts (`FileFactsCache+Pages.swift`): entries in the walk's order, written
/// while the run goes on and read a page at a time, so a catalog of any size is kept whole.
@Suite("The cache's pages")
struct FileFactsCachePagesTests {
    /// A cache folder of its own, and a catalog path no file is at (the cache keeps what it is told).
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func opened(_ folder: String) -> FileFactsCache {
        FileFactsCache(folder: folder, catalog: "/no/such/Assets.xcassets", options: "pages tests")
    }

    /// The file at number `number`: a path that sorts by its number (groups of 100 sets), an identity of an
    /// hour ago, and a header whose width tells them apart.
    static func file(_ number: Int) -> (path: String, identity: FileIdentity, header: FileHeader) {
        let digits = String(number)
        let padded = String(repeating: "0", count: 6 - digits.count) + digits
        let path = "Group\(padded.prefix(4))/set\(padded).imageset/image.png"
        // 2026-01-01, the same in every call (a time taken now would differ from one call to the next).
        let hourAgo: Int64 = 1_767_225_600_000_000_000
        let identity = FileIdentity(size: 100 + number, device: 1, inode: UInt64(number + 1), modified: hourAgo, changed: hourAgo)
        let header = FileHeader(content: .raster(.png, .success(ImageInfo(format: .png, width: number + 1, height: 7))), size: 100 + number)
        return (path, identity, header)
    }

    /// Records the facts of the files numbered `numbers` in `cache`.
    static func record(_ numbers: some Sequence<Int>, into cache: FileFactsCache) {
        for number in numbers {
            let (path, identity, header) = file(number)
            cache.record(header, of: path, identity: identity)
        }
    }

    /// A cache folder whose cache holds the files numbered `0..<count`, saved; and the cache file.
    static func saved(_ count: Int) throws -> (folder: String, file: String) {
        let folder = try folder()
        let first = opened(folder)
        record(0..<count, into: first)
        #expect(first.save())
        return (folder, first.file)
    }

    /// How many of `numbers` the cache answers with their own header, and how many with another (never right).
    static func found(_ cache: FileFactsCache, _ numbers: some Sequence<Int>) -> (right: Int, wrong: Int) {
        var (right, wrong) = (0, 0)
        for number in numbers {
            let (path, identity, header) = file(number)
            guard let kept = cache.header(of: path, identity: identity) else { continue }
            if kept == header { right += 1 } else { wrong += 1 }
        }
        return (right, wrong)
    }

    @Test("40,000 files' facts (past the bound of the entries read whole) are all kept and found")
    func manyEntriesKept() throws {
        // Given a first run that learns 40,000 files' facts in nearly the walk's order: every 50th file comes
        // 40 files late, as a set still being read on the other core when the file has passed its place
        let folder = try Self.folder()
        let cache = Self.opened(folder)
        let late = Set(stride(from: 100, to: 40_000, by: 50))
        for number in 0..<40_000 {
            if !late.contains(number) {
                let (path, identity, header) = Self.file(number)
                cache.record(header, of: path, identity: identity)
            }
            if late.contains(number - 40) {
                let (path, identity, header) = Self.file(number - 40)
                cache.record(header, of: path, identity: identity)
            }
        }
        #expect(cache.save())

        // When the cache is opened again
        let kept = Self.opened(folder)

        // Then it holds every file, in pages larger than the bound of entries kept by digest, and answers each
        // with its own facts; a file of another identity is not answered
        let size = try #require(FileManager.default.attributesOfItem(atPath: kept.file)[.size] as? Int)
        #expect(size > FileFactsCache.maxEntryBytes)
        #expect(kept.count == 40_000)
        #expect(Self.found(kept, 0..<40_000) == (40_000, 0))
        let (path, identity, _) = Self.file(5)
        var other = identity
        other.inode += 1
        #expect(kept.header(of: path, identity: other) == nil)
    }

    @Test("a run that used every entry writes nothing; one that used fewer or learned more writes them, merged")
    func runsMergeWhatTheyUsedAndLearned() throws {
        // Given a cache of 20,000 files
        let (folder, file) = try Self.saved(20_000)
        let written = try FileManager.default.attributesOfItem(atPath: file)

        // When a run uses every entry, in the walk's order
        let warm = Self.opened(folder)
        #expect(Self.found(warm, 0..<20_000) == (20_000, 0))
        #expect(warm.save())

        // Then the file is the one written before (same inode and time)
        let after = try FileManager.default.attributesOfItem(atPath: file)
        #expect(after[.systemFileNumber] as? Int == written[.systemFileNumber] as? Int)
        #expect(after[.modificationDate] as? Date == written[.modificationDate] as? Date)

        // When a run uses all but every 7th file (removed) and learns 3,000 new files between and after them,
        // some of them after the file had passed their place
        let changed = Self.opened(folder)
        var learned: [Int] = []
        for number in 0..<20_000 where number % 7 != 0 {
            let (path, identity, _) = Self.file(number)
            _ = changed.header(of: path, identity: identity)
            if number % 10 == 3 {
                let new = 100_000 + number
                learned.append(new)
                let (path, identity, header) = Self.file(new)
                changed.record(header, of: path, identity: identity)
            }
        }
        learned += 20_000..<21_000
        Self.record(20_000..<21_000, into: changed)
        #expect(changed.save())

        // Then the next run finds exactly the used and the learned files
        let next = Self.opened(folder)
        let usedCount = (0..<20_000).filter { $0 % 7 != 0 }.count
        #expect(next.count == usedCount + learned.count)
        #expect(Self.found(next, (0..<20_000).filter { $0 % 7 != 0 }) == (usedCount, 0))
        #expect(Self.found(next, learned) == (learned.count, 0))
        #expect(Self.found(next, stride(from: 0, to: 20_000, by: 7)) == (0, 0))
    }

    @Test("an entry used after the new file passed its place is kept by its digest, not lost")
    func entryUsedLateKept() throws {
        // Given a cache of 20,000 files
        let (folder, _) = try Self.saved(20_000)

        // When a run learns 12,000 new files (pages are written as it goes) and only then uses the old ones
        let run = Self.opened(folder)
        Self.record(30_000..<42_000, into: run)
        #expect(Self.found(run, 0..<20_000) == (20_000, 0))
        #expect(run.save())

        // Then the next run finds every one of them
        let next = Self.opened(folder)
        #expect(Self.found(next, 0..<20_000) == (20_000, 0))
        #expect(Self.found(next, 30_000..<42_000) == (12_000, 0))
    }

    @Test("a damaged page is not used: its files are read again, no other file's facts are lost, none is wrong")
    func damagedPageSkipped() throws {
        // Given a cache of 10,000 files written in pages, and its bytes
        let (folder, file) = try Self.saved(10_000)
        let sound = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))

        // When one byte in a page near the middle of the file is flipped
        var damaged = sound
        damaged[sound.count / 2] ^= 0x01
        try Data(damaged).write(to: URL(fileURLWithPath: file))
        let run = Self.opened(folder)

        // Then the cache opens, a page's worth of files is not answered and no answer is wrong
        let (right, wrong) = Self.found(run, 0..<10_000)
        #expect(wrong == 0)
        #expect(right < 10_000 && right > 9_000)

        // And when that run saves (it used fewer entries than the file holds), the next run holds the others
        #expect(run.save())
        let next = Self.opened(folder)
        #expect(next.count == right)
        #expect(Self.found(next, 0..<10_000) == (right, 0))
    }

    @Test("places order as the walk meets them: a folder's contents before its next sibling")
    func placesInWalkOrder() {
        let walked = ["A/a.imageset", "A/a.imageset/x.png", "A/b.imageset", "A.b/c.imageset", "A0/d.imageset", "B/e.imageset"]
        let places = walked.map(FileFactsCache.position)
        for (before, after) in zip(places, places.dropFirst()) {
            #expect(ByteSearch.order(before[...], after[...]) < 0)
        }
        // Byte order of the paths themselves would put "A.b/…" before "A/…"
        #expect(Array("A.b/c".utf8).lexicographicallyPrecedes(Array("A/a".utf8)))
    }
}
