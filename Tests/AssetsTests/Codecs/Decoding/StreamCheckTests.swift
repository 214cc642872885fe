import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// Hand-made PNG files: real CRCs and a real Adler-32 around zlib streams of stored blocks, so a test
/// puts exactly the inflated bytes it means (a bad filter type, a row too many) into the image data.
enum PNGStreams {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8], crcFix: UInt32 = 0) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed) ^ crcFix)
    }

    static func ihdr(width: Int, height: Int, depth: Int = 8, colorType: Int = 0, interlaced: Bool = false) -> [UInt8] {
        chunk(
            "IHDR",
            bigEndian(UInt32(width)) + bigEndian(UInt32(height))
                + [UInt8(depth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
    }

    /// `raw` as a zlib stream of stored blocks; `header` is CMF and FLG (0x78 0x01: a 32 KiB window).
    static func zlib(_ raw: [UInt8], header: [UInt8] = [0x78, 0x01], adlerFix: UInt32 = 0) -> [UInt8] {
        var out = header
        var at = 0
        repeat {
            let count = min(65_535, raw.count - at)
            let final: UInt8 = at + count == raw.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[at..<(at + count)]
            at += count
        } while at < raw.count
        return out + bigEndian(adler32(raw) ^ adlerFix)
    }

    /// Rows of a gray 8-bit image: each a filter-type byte, then `width` samples.
    static func grayRows(width: Int, height: Int, filter: UInt8 = 1) -> [UInt8] {
        (0..<height).flatMap { y in [filter] + (0..<width).map { UInt8(truncatingIfNeeded: $0 * 7 + y * 13) } }
    }

    static func png(_ header: [UInt8], _ chunks: [[UInt8]]) -> [UInt8] {
        signature + header + chunks.joined()
    }

    static let iend = chunk("IEND", [])
}

@Suite("validate --deep checks image data without the steps that cannot fail")
struct StreamCheckTests {
    /// Whether the check of `bytes` took the zlib walk (true) or decoded rows through libpng (false).
    static func tookStreamCheck(_ bytes: [UInt8]) -> Bool {
        PNGDecoder.checkWalksStream(bytes)
    }

    static func outcomes(_ bytes: [UInt8]) -> (checked: String, decoded: String) {
        (
            RowCheckTests.outcome { () throws(ImageError) in try ImageInspector.check(bytes).1 },
            RowCheckTests.outcome { () throws(ImageError) in try ImageInspector.decode(bytes).warnings }
        )
    }

    static let sizes: [(Int, Int)] = [(1, 1), (1, 9), (9, 1), (2, 2), (5, 5), (8, 8), (33, 17), (200, 150)]

    @Test(
        "every colour type, depth and size, plain and interlaced: clean files take the walk; palettes go to libpng",
        arguments: PNGFixture.all)
    func cleanFixtures(fixture: PNGFixture) throws {
        for (width, height) in StreamCheckTests.sizes {
            // Given a sound file that libpng wrote (adaptive filters, its own IDAT splitting)
            var sized = fixture
            sized.width = width
            sized.height = height
            let bytes = try sized.encode(comment: "sized \(width)x\(height)")

            // When it is checked, and decoded
            let (checked, decoded) = StreamCheckTests.outcomes(bytes)

            // Then both find it sound, and only palette images needed libpng's rows
            #expect(checked == decoded, "\(sized)")
            #expect(checked == "ok ", "\(sized)")
            #expect(StreamCheckTests.tookStreamCheck(bytes) == (fixture.colorType != 3), "\(sized)")
        }
    }

    /// Hand-made files around one 6x4 gray image; `clean` says whether the walk may call it sound.
    static let cases: [(name: String, clean: Bool, bytes: [UInt8])] = {
        let header = PNGStreams.ihdr(width: 6, height: 4)
        let rows = PNGStreams.grayRows(width: 6, height: 4)
        let stream = PNGStreams.zlib(rows)
        let half = stream.count / 2
        let end = PNGStreams.iend
        func idat(_ data: [UInt8]) -> [UInt8] { PNGStreams.chunk("IDAT", data) }
        var badFilter = rows
        badFilter[14] = 5
        let text = PNGStreams.chunk("tEXt", Array("Comment\u{0}after".utf8))
        return [
            ("clean", true, PNGStreams.png(header, [idat(stream), end])),
            (
                "split over IDATs with an empty one", true,
                PNGStreams.png(header, [idat(Array(stream[..<half])), idat([]), idat(Array(stream[half...])), end])
            ),
            ("bytes after IEND", true, PNGStreams.png(header, [idat(stream), end, [0x20, 0x20, 0x20]])),
            (
                "Paeth and Average rows", true,
                PNGStreams.png(header, [idat(PNGStreams.zlib(PNGStreams.grayRows(width: 6, height: 4, filter: 4))), end])
            ),
            ("filter type 5", false, PNGStreams.png(header, [idat(PNGStreams.zlib(badFilter)), end])),
            ("a row missing", false, PNGStreams.png(header, [idat(PNGStreams.zlib(Array(rows.dropLast(7)))), end])),
            ("a row too many", false, PNGStreams.png(header, [idat(PNGStreams.zlib(rows + Array(rows.prefix(7)))), end])),
            ("a byte too many", false, PNGStreams.png(header, [idat(PNGStreams.zlib(rows + [0])), end])),
            ("compressed bytes after the stream", false, PNGStreams.png(header, [idat(stream + [1, 2, 3]), end])),
            ("an IDAT after the stream", false, PNGStreams.png(header, [idat(stream), idat([1, 2, 3]), end])),
            ("an empty IDAT after the stream", false, PNGStreams.png(header, [idat(stream), idat([]), end])),
            (
                "text between IDATs", false,
                PNGStreams.png(header, [idat(Array(stream[..<half])), text, idat(Array(stream[half...])), end])
            ),
            ("text after IDAT", false, PNGStreams.png(header, [idat(stream), text, end])),
            ("no IEND", false, PNGStreams.png(header, [idat(stream)])),
            ("IEND with data", false, PNGStreams.png(header, [idat(stream), PNGStreams.chunk("IEND", [0])])),
            ("IEND with a bad CRC", false, PNGStreams.png(header, [idat(stream), PNGStreams.chunk("IEND", [], crcFix: 1)])),
            ("IDAT with a bad CRC", false, PNGStreams.png(header, [PNGStreams.chunk("IDAT", stream, crcFix: 1), end])),
            ("a bad Adler-32", false, PNGStreams.png(header, [idat(PNGStreams.zlib(rows, adlerFix: 1)), end])),
            ("a 64 KiB window", false, PNGStreams.png(header, [idat(PNGStreams.zlib(rows, header: [0x88, 0x1C])), end])),
            ("a 256-byte window", true, PNGStreams.png(header, [idat(PNGStreams.zlib(rows, header: [0x08, 0x1D])), end])),
            ("not zlib", false, PNGStreams.png(header, [idat([0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF]), end])),
            ("cut inside IDAT", false, Array(PNGStreams.png(header, [idat(stream), end]).dropLast(20))),
            ("cut after IDAT", false, PNGStreams.png(header, [idat(stream)]) + [0, 0, 0]),
        ]
    }()

    @Test(
        "hand-made image data: the walk passes only clean files, and the verdict is libpng's",
        arguments: 0..<StreamCheckTests.cases.count)
    func handMade(index: Int) {
        // Given a hand-made file
        let (name, clean, bytes) = StreamCheckTests.cases[index]

        // When it is checked and decoded
        let (checked, decoded) = StreamCheckTests.outcomes(bytes)

        // Then the two agree, and the walk alone decided exactly the clean ones
        #expect(checked == decoded, "\(name)")
        #expect(StreamCheckTests.tookStreamCheck(bytes) == clean, "\(name): \(checked)")
        if clean { #expect(checked == "ok ", "\(name)") }
    }

    @Test("the hand-made damage gives libpng's errors and warnings, not only successes")
    func handMadeVariety() {
        // Given the outcomes of every hand-made file
        let outcomes = Set(StreamCheckTests.cases.map { StreamCheckTests.outcomes($0.bytes).checked })
        // Then there are errors of several kinds, and warnings
        #expect(outcomes.filter { $0.hasPrefix("error") }.count >= 4, "\(outcomes)")
        #expect(outcomes.contains { $0.hasPrefix("ok ") && $0.count > 3 }, "\(outcomes)")
    }

    @Test(
        "a wrong Adler-32 is damage, whether libpng finds it during the rows (an error) or after them (a warning)",
        arguments: [false, true])
    func adlerIsDamage(checksumInItsOwnIDAT: Bool) throws {
        // Given a file whose image data is whole but whose zlib checksum is wrong; with the checksum in an
        // IDAT of its own, libpng meets it only after the last row, where it merely warns
        let rows = PNGStreams.grayRows(width: 6, height: 4)
        let stream = PNGStreams.zlib(rows, adlerFix: 1)
        let idats =
            checksumInItsOwnIDAT
            ? [PNGStreams.chunk("IDAT", Array(stream.dropLast(4))), PNGStreams.chunk("IDAT", Array(stream.suffix(4)))]
            : [PNGStreams.chunk("IDAT", stream)]
        let bytes = PNGStreams.png(PNGStreams.ihdr(width: 6, height: 4), idats + [PNGStreams.iend])

        // When it is checked and decoded, and validated with --deep
        let (checked, decoded) = StreamCheckTests.outcomes(bytes)
        let fixture = try FixtureCatalog()
        try fixture.write("icon.imageset/Contents.json", FixtureCatalog.imageSet([("icon.png", nil)]))
        try fixture.write("icon.imageset/icon.png", bytes)
        let report = try fixture.validate(CatalogValidator.Options(deep: true, placeholders: []))

        // Then check and decode agree on libpng's outcome, a warning is corrupt data, and the validator
        // reports the file as undecodable either way
        #expect(checked == decoded)
        #expect(
            checked.hasPrefix(checksumInItsOwnIDAT ? "ok corrupt-data libpng: IDAT: incorrect data check" : "error corrupt"),
            "\(checked)")
        #expect(report.codes == [.undecodableImage], "\(report.diagnostics.map(\.description))")
        #expect(throws: ImageError.self) { try ImageInspector.decode(bytes, options: DecodeOptions(rejectDamagedData: true)) }
    }

    @Test(
        "seeded byte flips in image data, CRC repaired so zlib and the filters see them",
        arguments: [
            "rgba-fast", "rgb16-interlaced", "gray-adaptive",
        ])
    func flipsBelowTheCRC(kind: String) throws {
        // Given a sound file
        var generator = SplitMix(seed: 29)
        let bytes: [UInt8]
        switch kind {
        case "rgba-fast":
            let pixels = (0..<(48 * 32 * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next() % 48) }
            bytes = try PNGEncoder.fast.encode(try #require(RGBAImage(width: 48, height: 32, pixels: pixels)))
        case "rgb16-interlaced":
            bytes = try PNGFixture(colorType: 2, depth: 16, interlaced: true, transparency: false, width: 37, height: 23).encode()
        default:
            bytes = try PNGFixture(colorType: 0, depth: 8, interlaced: false, transparency: true, width: 64, height: 40).encode()
        }
        let start = try #require(PNGDecoderTests.chunkData(bytes, "IDAT"))
        let length = Int(bytes[start - 8]) << 24 | Int(bytes[start - 7]) << 16 | Int(bytes[start - 6]) << 8 | Int(bytes[start - 5])
        var seen: Set<String> = []
        for _ in 0..<120 {
            // When one byte of the first IDAT's data is flipped and its CRC made right again
            var copy = bytes
            copy[start + Int(generator.next() % UInt64(length))] ^= UInt8(1 << (generator.next() % 8))
            let crc = PNGStreams.bigEndian(PNGStreams.crc32(Array(copy[(start - 4)..<(start + length)])))
            copy.replaceSubrange((start + length)..<(start + length + 4), with: crc)

            // Then checking and decoding say the same
            let (checked, decoded) = StreamCheckTests.outcomes(copy)
            #expect(checked == decoded)
            seen.insert(checked)
        }
        // (and the flips reached zlib or the filters: errors are among the outcomes)
        #expect(seen.contains { $0.hasPrefix("error") }, "\(seen)")
    }

    @Test(
        "every corpus JPEG: the entropy-only check gives the full decode's errors and warnings",
        .enabled(if: ImageDumps.corpusPresent, "../shared/corpus is absent: the corpus check is skipped"))
    func corpusJPEGs() throws {
        // Given every JPEG of the corpus (sound, damaged, progressive, arithmetic, CMYK)
        let entries = JPEGCorpusEntry.jpeg()
        #expect(entries.count > 50)
        var kinds: Set<String> = []
        for entry in entries {
            let bytes = try [UInt8](Data(contentsOf: ImageDumps.corpus.appendingPathComponent(entry.path)))
            // When it is checked and decoded
            let (checked, decoded) = StreamCheckTests.outcomes(bytes)
            // Then the outcomes are the same
            #expect(checked == decoded, "\(entry.path)")
            kinds.insert(String(checked.prefix(while: { $0 != " " })) + (checked.count > 3 ? "+" : ""))
        }
        // (sound files, warnings and errors all occur)
        #expect(kinds.count >= 3, "\(kinds)")
    }

    @Test(
        "seeded byte flips of JPEGs of every coding: check and decode agree",
        arguments: ["420", "444", "422-restarts", "gray", "progressive", "arithmetic"])
    func jpegFlips(kind: String) throws {
        // Given a sound JPEG
        var generator = SplitMix(seed: 31)
        let pixels = (0..<(64 * 48 * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next() % 200) }
        let image = try #require(RGBAImage(width: 64, height: 48, pixels: pixels))
        let bytes: [UInt8]
        switch kind {
        case "444": bytes = try JPEGEncoder(subsampling: .s444).encode(image)
        case "422-restarts": bytes = try JPEGEncoder(subsampling: .s422, restartInterval: 2).encode(image)
        case "gray": bytes = try JPEGEncoder(colorModel: .grayscale).encode(image)
        case "progressive": bytes = try JPEGEncoder(quality: 80, progressive: true).encode(image)
        case "arithmetic": bytes = try JPEGEncoder(arithmetic: true).encode(image)
        default: bytes = try JPEGEncoder().encode(image)
        }
        var seen: Set<String> = []
        for _ in 0..<80 {
            // When a byte past the headers is flipped
            var copy = bytes
            let at = bytes.count / 3 + Int(generator.next() % UInt64(bytes.count - bytes.count / 3))
            copy[at] ^= UInt8(1 << (generator.next() % 8))
            // Then checking and decoding say the same
            let (checked, decoded) = StreamCheckTests.outcomes(copy)
            #expect(checked == decoded)
            seen.insert(checked)
        }
        #expect(seen.count > 1, "\(seen)")
    }
}
