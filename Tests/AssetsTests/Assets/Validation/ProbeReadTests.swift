import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The validator reads only a file's head and its last bytes: what lies past the head, and how a file
/// ends, must still be judged as if the whole file had been read.
@Suite("Validation reads heads and ends, not whole files")
struct ProbeReadTests {
    /// A PNG of noisy pixels, so that it is far larger than the probe's head.
    static func largePNG(side: Int = 96) throws -> [UInt8] {
        var generator = SplitMix(seed: 7)
        let pixels = (0..<(side * side * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let image = try #require(RGBAImage(width: side, height: side, pixels: pixels))
        let bytes = try PNGEncoder.fast.encode(image)
        #expect(bytes.count > CatalogReader.probeHead * 2)
        return bytes
    }

    /// A chunk with its length and type; the CRC is not checked by the header walk, so zeros do.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    func validate(_ name: String, _ bytes: [UInt8], deep: Bool = false) throws -> CatalogReport {
        let fixture = try FixtureCatalog()
        try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([(name, nil)]))
        try fixture.write("icon.imageset/\(name)", bytes)
        return try fixture.validate(CatalogValidator.Options(deep: deep, placeholders: []))
    }

    @Test("an animation control chunk behind a large text chunk is still found")
    func chunkPastTheHead() throws {
        // Given a large PNG whose acTL (3 frames) comes after a 20 KB tEXt chunk, past the probe's head
        let png = try ProbeReadTests.largePNG()
        let text = ProbeReadTests.chunk("tEXt", Array("Comment\u{0}".utf8) + [UInt8](repeating: 0x41, count: 20_000))
        let control = ProbeReadTests.chunk("acTL", [0, 0, 0, 3, 0, 0, 0, 0])
        let bytes = Array(png[..<33]) + text + control + Array(png[33...])

        // When it is validated by header probe
        let report = try validate("icon.png", bytes)

        // Then the animation is reported as it would be from the whole file
        #expect(report.codes == [.animatedInImageSet], "\(report.diagnostics.map(\.description))")
        #expect(report.diagnostics.first?.message.contains("3 frames") == true)
    }

    @Test("bytes after the end chunk are tolerated; a missing end is damage", arguments: [true, false])
    func endOfLargeFile(keepsEnd: Bool) throws {
        // Given a large PNG with 100 bytes after its IEND, or with its IEND cut off
        let png = try ProbeReadTests.largePNG()
        let bytes = keepsEnd ? png + [UInt8](repeating: 0x20, count: 100) : Array(png.dropLast(12))

        // When it is validated by header probe
        let report = try validate("icon.png", bytes)

        // Then only the cut file is undecodable, and the finding says the end is missing
        if keepsEnd {
            #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        } else {
            #expect(report.codes == [.undecodableImage])
            #expect(report.diagnostics.first?.message.contains("IEND") == true, "\(report.diagnostics.map(\.description))")
        }
    }

    @Test("a JPEG whose headers run past the head is probed from more of the file")
    func longJPEGHeaders() throws {
        // Given a JPEG with a 30 KB comment segment before its frame header
        let image = try #require(RGBAImage(width: 16, height: 16, pixels: [UInt8](repeating: 90, count: 16 * 16 * 4)))
        let jpeg = try JPEGEncoder().encode(image)
        let comment: [UInt8] = [0xFF, 0xFE, 0x75, 0x32] + [UInt8](repeating: 0x43, count: 30_000)
        let bytes = Array(jpeg[..<2]) + comment + Array(jpeg[2...])

        // When it is validated by header probe, and decoded
        let probed = try validate("photo.jpg", bytes)
        let deep = try validate("photo.jpg", bytes, deep: true)

        // Then both find it sound
        #expect(probed.diagnostics.isEmpty, "\(probed.diagnostics.map(\.description))")
        #expect(deep.diagnostics.isEmpty, "\(deep.diagnostics.map(\.description))")
    }

    @Test("the IEND search finds the chunk at the end, inside the window, or not at all")
    func iendSearch() {
        // Given tails ending with IEND, holding it before trailing bytes, and lacking it
        let iend = ImageInfo.iend
        let cases: [([UInt8], Bool)] = [
            ([1, 2, 3] + iend, true),
            (iend + [0x20, 0x20], true),
            ([9] + iend + [UInt8](repeating: 0, count: 4000), true),
            (Array(iend.dropLast()), false),
            ([UInt8](repeating: 0, count: 4096), false),
            ([], false),
        ]
        for (tail, expected) in cases {
            // When it is searched
            // Then it is found exactly when a whole IEND chunk is there
            #expect(ImageInfo.containsIEND(tail) == expected, "\(tail.count) bytes")
            #expect(ImageInfo.containsIEND(tail[...]) == expected)
        }
    }

    @Test("a loaded catalog and a catalog read while validating give the same report")
    func bothPathsAgree() throws {
        // Given a catalog with findings of many kinds
        let fixture = try FixtureCatalog()
        for code in CatalogDiagnostic.Code.allCases where code != .duplicateName && code != .missingPlaceholder && !code.readsSources {
            let part = try FixtureCatalog()
            try DiagnosticFixtureTests.build(code, in: part)
            try FileManager.default.copyItem(atPath: part.root, toPath: fixture.root + "/\(code.rawValue)")
        }

        // When it is validated in one pass and from a loaded catalog
        let validator = CatalogValidator()
        let direct = try validator.validate(catalogAt: fixture.root)
        let loaded = validator.validate(try AssetCatalog.read(at: fixture.root))

        // Then the reports are the same, and hold every code planted
        #expect(direct == loaded)
        // (the cost codes' checks are off by default: CostCheckTests covers them)
        #expect(
            direct.codes.count >= CatalogDiagnostic.Code.allCases.filter { !$0.readsSources }.count - 2 - CatalogCostReport.codes.count,
            "\(direct.codes)")
    }
}

@Suite("A row-by-row check decodes as a full decode does")
struct RowCheckTests {
    /// Outcome of a call, as comparable text: the warnings, or the error's kind and detail.
    static func outcome(_ body: () throws(ImageError) -> [ImageWarning]) -> String {
        do {
            return "ok " + (try body()).map { "\($0.code.rawValue) \($0.message)" }.joined(separator: "; ")
        } catch {
            return "error \(error.kind) \(error.detail)"
        }
    }

    @Test("damaged PNG and JPEG files give the same warnings and errors", arguments: ["png", "jpeg", "interlaced"])
    func sameOutcome(kind: String) throws {
        // Given a sound file and damaged copies of it: cut short, and with bytes flipped
        var generator = SplitMix(seed: 11)
        let pixels = (0..<(40 * 30 * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next() % 64) }
        let image = try #require(RGBAImage(width: 40, height: 30, pixels: pixels))
        let bytes: [UInt8]
        switch kind {
        case "png": bytes = try PNGEncoder.fast.encode(image)
        case "interlaced":
            bytes = try PNGFixture(colorType: 4, depth: 16, interlaced: true, transparency: false, width: 40, height: 30).encode()
        default: bytes = try JPEGEncoder().encode(image)
        }
        var copies = [bytes, Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(bytes.count - 3))]
        for _ in 0..<12 {
            var copy = bytes
            let at = 40 + Int(generator.next() % UInt64(bytes.count - 40))
            copy[at] ^= 0x5A
            copies.append(copy)
        }
        var seen: Set<String> = []
        for copy in copies {
            // When it is checked row by row and decoded whole
            let checked = RowCheckTests.outcome { () throws(ImageError) in try ImageInspector.check(copy).1 }
            let decoded = RowCheckTests.outcome { () throws(ImageError) in try ImageInspector.decode(copy).warnings }

            // Then both say the same
            #expect(checked == decoded)
            seen.insert(checked)
        }
        // (and the damage gave more than one kind of outcome, so the comparison means something)
        #expect(seen.count > 1, "\(seen)")
    }
}
