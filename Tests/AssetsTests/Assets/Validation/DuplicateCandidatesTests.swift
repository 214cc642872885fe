import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// `duplicate-image` without reading or decoding what cannot be a duplicate, and its stable digest.
@Suite("duplicate-image: candidates by size and header shape, a stable digest")
struct DuplicateCandidatesTests {
    /// A catalog with the same 6x6 pixels compressed (a) and stored (b), other 6x6 pixels (c), and an 8x8
    /// file whose shape no other file has (d).
    static func catalog() throws -> FixtureCatalog {
        let fixture = try FixtureCatalog()
        let image = CostFixture.gradient(width: 6, height: 6)
        let files: [(String, [UInt8])] = [
            ("a", try PNGEncoder.fast.encode(image)),
            ("b", try PNGEncoder(compressionLevel: 0, filter: .none).encode(image)),
            ("c", try PNGEncoder.fast.encode(CostFixture.gradient(width: 6, height: 6, seed: 3))),
            ("d", try PNGEncoder.fast.encode(CostFixture.gradient(width: 8, height: 8))),
        ]
        for (name, bytes) in files {
            try fixture.write("\(name).imageset/Contents.json", FixtureCatalog.imageSet([("\(name).png", nil)]))
            try fixture.write("\(name).imageset/\(name).png", bytes)
        }
        return fixture
    }

    static func listing(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: root) ?? [] {
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder), !folder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return files
    }

    @Test(
        "validate reports byte-for-byte copies (with or without --deep); size's comparison also the same pixels in other bytes; the catalog is not written"
    )
    func bytesThenPixels() throws {
        // Given the catalog, plus e: a byte-for-byte copy of a (small: the probe reads it whole), and g: one of
        // f, a stored 64x64 PNG of 16 KiB (read again to be compared)
        let fixture = try Self.catalog()
        try fixture.write("e.imageset/Contents.json", FixtureCatalog.imageSet([("e.png", nil)]))
        try fixture.write("e.imageset/e.png", try PNGEncoder.fast.encode(CostFixture.gradient(width: 6, height: 6)))
        let large = try PNGEncoder(compressionLevel: 0, filter: .none).encode(CostFixture.gradient(width: 64, height: 64))
        #expect(large.count > CatalogReader.probeHead)
        for name in ["f", "g"] {
            try fixture.write("\(name).imageset/Contents.json", FixtureCatalog.imageSet([("\(name).png", nil)]))
            try fixture.write("\(name).imageset/\(name).png", large)
        }
        let before = try Self.listing(fixture.root)
        var byBytes = CostCheckTests.costOptions()
        byBytes.costRewritesFiles = false
        var deep = byBytes
        deep.deep = true
        var pixels = byBytes
        pixels.costRewritesFiles = true

        // When it is validated as validate does by default, with --deep, and as size does
        let plain = try fixture.validate(byBytes)
        let deepened = try fixture.validate(deep)
        let decoded = try fixture.validate(pixels)

        // Then the copy e is found in all three (as a copy, then as the same pixels); b (a's pixels stored
        // without compression) only by size's pixel comparison; c and d never; the catalog is as it was
        let found = { (report: CatalogReport) in
            report.diagnostics.filter { $0.code == .duplicateImage }.map { "\($0.path): \($0.message)" }
        }
        let small = try Self.listing(fixture.root)["e.imageset/e.png"]?.count ?? 0
        #expect(
            found(plain) == [
                "e.imageset/e.png: has the same bytes as a.imageset/a.png; \(small) bytes at stake",
                "g.imageset/g.png: has the same bytes as f.imageset/f.png; \(CatalogValidator.bytes(large.count)) at stake",
            ],
            "\(found(plain))")
        #expect(found(deepened) == found(plain), "\(found(deepened))")
        #expect(
            found(decoded).map { $0.prefix(while: { $0 != ":" }) } == ["b.imageset/b.png", "e.imageset/e.png", "g.imageset/g.png"],
            "\(found(decoded))")
        #expect(found(decoded).prefix(2).allSatisfy { $0.contains("shows the same pixels as a.imageset/a.png") })
        #expect(try Self.listing(fixture.root) == before)
    }

    @Test("a file whose size (by bytes) or header shape (by pixels) no other file shares is never looked at")
    func prefilter() throws {
        // Given a table of five rows: two 6x6 PNGs of 100 bytes, one 6x6 PNG of 120 bytes, one 8x8 PNG of
        // 100 bytes, and a 6x6 JPEG of 100 bytes; none of the paths exists (a row that is read has no digest)
        let png6 = ImageDigestTable.Shape(format: .png, orientation: .up, width: 6, height: 6)
        let rows: [(ImageDigestTable.Shape, Int)] = [
            (png6, 100), (png6, 100), (png6, 120),
            (.init(format: .png, orientation: .up, width: 8, height: 8), 100),
            (.init(format: .jpeg, orientation: .up, width: 6, height: 6), 100),
        ]
        var table = ImageDigestTable()
        for (index, (shape, size)) in rows.enumerated() {
            table.add(set: [ImageDigestTable.File(shape: shape, path: "missing\(index).png", size: size)])
        }
        let root = try FixtureCatalog().root

        // When the candidates are resolved by bytes, and (on a fresh copy) by pixels
        var byBytes = [table]
        var byPixels = [table]
        DuplicateCandidates.resolve(&byBytes, roots: [root], by: .bytes, limits: .default)
        DuplicateCandidates.resolve(&byPixels, roots: [root], by: .pixels, limits: .default)

        // Then by bytes only the two 100-byte 6x6 PNGs were looked at; by pixels the three 6x6 PNGs
        #expect(byBytes[0].rows.map(\.looked) == [true, true, false, false, false])
        #expect(byPixels[0].rows.map(\.looked) == [true, true, true, false, false])
    }

    @Test("a digest table row is 48 bytes and keeps its digest, whether it was looked at, and its path")
    func compactRow() {
        // Given a table of a file the probe digested, a file not yet looked at, and a non-ASCII path
        let shape = ImageDigestTable.Shape(format: .png, orientation: .up, width: 6, height: 6)
        let known = PixelDigest(high: 0, low: 0)
        var table = ImageDigestTable()
        table.add(set: [
            ImageDigestTable.File(shape: shape, path: "a.imageset/a.png", size: 100, bytesDigest: known),
            ImageDigestTable.File(shape: shape, path: "b.imageset/b.png", size: 200),
        ])
        table.add(set: [ImageDigestTable.File(shape: shape, path: "é.imageset/é.png", size: 300)])

        // When the second row is found not to decode, and the third gets a digest
        table.setDigest(nil, ofRow: 1)
        table.setDigest(PixelDigest(high: 7, low: 9), ofRow: 2)

        // Then each row says what was set, with its size, set and path, in 48 bytes
        #expect(MemoryLayout<ImageDigestTable.Row>.stride == 48)
        #expect(table.rows.map(\.digest) == [known, nil, PixelDigest(high: 7, low: 9)])
        #expect(table.rows.map(\.looked) == [true, true, true])
        #expect(table.rows.map(\.size) == [100, 200, 300])
        #expect(table.rows.map(\.set) == [0, 0, 1])
        #expect((0..<3).map { table.path($0) } == ["a.imageset/a.png", "b.imageset/b.png", "é.imageset/é.png"])
    }

    @Test("paths past the first 1 MiB page of the digest table read back whole and sort as strings")
    func pagedPaths() {
        // Given 24,000 files whose paths (60 bytes or more, some non-ASCII) fill more than one page, added in reverse order
        let shape = ImageDigestTable.Shape(format: .png, orientation: .up, width: 1, height: 1)
        let paths = (0..<24_000).map { index in
            "Section\(index % 7)/Group\(index % 13)/set_\(String(24_000 - index)).imageset/\(index % 5 == 0 ? "é" : "e")_padding_@2x.png"
        }
        var table = ImageDigestTable()
        for path in paths {
            table.add(set: [ImageDigestTable.File(shape: shape, path: path, size: 1)])
        }

        // When the table is read back, then sorted by path
        let readBack = (0..<table.count).map { table.path($0) }
        table.sortByPath()

        // Then every path is whole, and the sorted rows are in String's order
        #expect(readBack == paths)
        #expect((0..<table.count).map { table.path($0) } == paths.sorted())
    }

    @Test("a set's folder is kept once: its files' paths read back whole and sort as strings across sets")
    func pathsInFolders() {
        // Given sets of several files whose folders sort apart from their paths ("a.imageset-old" before
        // "a.imageset/", as "-" is before "/"), a non-ASCII folder, and a file outside its set's folder
        let shape = ImageDigestTable.Shape(format: .png, orientation: .up, width: 1, height: 1)
        let sets = [
            ["G/a.imageset/z.png", "G/a.imageset/a@2x.png"],
            ["G/a.imageset-old/a.png", "G/a.imageset-old/b.png"],
            ["G/é.imageset/e.png", "G/é.imageset/f.png"],
            ["G/b.imageset/b.png", "G/other/b.png", "G/b.imageset/a.png"],
            ["G/a.imagese/a.png"],
        ]
        var table = ImageDigestTable()
        for paths in sets {
            table.add(set: paths.map { ImageDigestTable.File(shape: shape, path: $0, size: 1) })
        }

        // When the table is read back, then sorted by path
        let readBack = (0..<table.count).map { table.path($0) }
        table.sortByPath()

        // Then every path is whole, and the sorted rows are in String's order with their sets
        #expect(readBack == sets.flatMap { $0 })
        #expect((0..<table.count).map { table.path($0) } == sets.flatMap { $0 }.sorted())
        #expect(table.rows.map(\.set) == [4, 1, 1, 0, 0, 3, 3, 3, 2, 2])
    }

    @Test("a set's folder given as its path is kept as given: files in it and below it, and one outside, read back and sort")
    func givenFolders() {
        // Given sets added with their set folder named (as the validator names each set's path), one holding a
        // file in a subfolder and one whose file lies outside it
        let shape = ImageDigestTable.Shape(format: .png, orientation: .up, width: 1, height: 1)
        let sets: [(folder: String, paths: [String])] = [
            (
                "Section001/Group00002/set_000003.imageset",
                ["Section001/Group00002/set_000003.imageset/b@2x.png", "Section001/Group00002/set_000003.imageset/sub/a.png"]
            ),
            ("Section001/Group00002/set_000002.imageset", ["Section001/Group00002/set_000002.imageset/z.png"]),
            ("Section001/Group00002/set_000001.imageset", ["Section001/Group00002/elsewhere.png"]),
            ("Section001/Grüppe/set_000001.imageset", ["Section001/Grüppe/set_000001.imageset/a.png"]),
        ]
        var table = ImageDigestTable()
        for set in sets {
            table.add(set: set.paths.map { ImageDigestTable.File(shape: shape, path: $0, size: 1) }, folder: set.folder)
        }

        // When the table is read back, then sorted by path
        let readBack = (0..<table.count).map { table.path($0) }
        table.sortByPath()

        // Then every path is whole, and the sorted rows are in String's order with their sets
        #expect(readBack == sets.flatMap(\.paths))
        #expect((0..<table.count).map { table.path($0) } == sets.flatMap(\.paths).sorted())
        #expect(table.rows.map(\.set) == [2, 1, 0, 0, 3])
    }

    @Test("two sets' files sort by where their folders differ, a folder inside another's by the whole path")
    func foldersDifferOrNest() {
        // Given sets whose folders differ early, late, or where one folder holds the other
        let shape = ImageDigestTable.Shape(format: .png, orientation: .up, width: 1, height: 1)
        let sets = [
            ["G/x.imageset/b.png", "G/x.imageset/a.png"],
            ["G/x.imageset/sub.imageset/a.png"],
            ["G/w.imageset/c.png"],
            ["G/x.imageset0/a.png"],
            ["F/z.imageset/a.png", "F/z.imageset/0.png"],
        ]
        var table = ImageDigestTable()
        for paths in sets {
            table.add(set: paths.map { ImageDigestTable.File(shape: shape, path: $0, size: 1) })
        }

        // When the table is sorted by path
        table.sortByPath()

        // Then the rows are in String's order
        #expect((0..<table.count).map { table.path($0) } == sets.flatMap { $0 }.sorted())
    }

    @Test("the pixel digest is the same on every run: a fixed-key hash, not Swift's seeded Hasher")
    func stableDigest() throws {
        // Given bytes fed whole and in uneven pieces
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var whole = StableHasher()
        whole.add(bytes)
        var pieces = StableHasher()
        var start = 0
        for size in [1, 7, 8, 9, 3, 100, 500] {
            pieces.add(Array(bytes[start..<min(start + size, bytes.count)]))
            start += size
        }
        pieces.add(Array(bytes[min(start, bytes.count)...]))

        // When each is finished, and a known input is digested
        let empty = StableHasher().finish()
        let abc = Array("abc".utf8).withUnsafeBytes { PixelDigest.ofBytes($0, tag: 0) }

        // Then pieces do not matter, and the values are the ones every run gives (pinned here)
        #expect(whole.finish() == pieces.finish())
        #expect(empty != abc)
        #expect("\(String(abc.high, radix: 16)) \(String(abc.low, radix: 16))" == StableDigestGolden.abc, "\(abc)")
    }
}

/// The digest of `abc` (tag 0), written down from a run: another process, machine or platform gives the same
/// (Swift's seeded `Hasher` would not), and a change of the hash shows here.
enum StableDigestGolden {
    static let abc = "5758e322cd0cb63c 163e999479542cad"
}
