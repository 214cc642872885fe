import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

/// A PNG fixture written by libpng from known samples, with the RGBA the PNG specification says it shows.
struct PNGFixture: CustomStringConvertible, Sendable {
    var colorType: Int
    var depth: Int
    var interlaced: Bool
    var transparency: Bool
    var width = 13
    var height = 7

    var description: String {
        "type \(colorType) depth \(depth)\(interlaced ? " interlaced" : "")\(transparency ? " tRNS" : "")"
    }

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }
    var maxSample: Int { (1 << depth) - 1 }

    /// Deterministic samples: every pixel's channels, each in 0...maxSample.
    func sample(_ x: Int, _ y: Int, _ c: Int) -> Int {
        let mixed: Int = (x &* 73_856_093) ^ (y &* 19_349_663) ^ (c &* 83_492_791) ^ (depth &* 2_654_435_761)
        var h = UInt32(truncatingIfNeeded: mixed)
        h ^= h >> 13
        h = h &* 0x5bd1_e995
        h ^= h >> 15
        let limit = colorType == 3 ? min(maxSample, paletteCount - 1) : maxSample
        return Int(h % UInt32(limit + 1))
    }

    var paletteCount: Int { min(1 << depth, 20) }
    var palette: [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<paletteCount {
            bytes.append(UInt8(i * 12))
            bytes.append(UInt8(255 - i * 7))
            bytes.append(UInt8((i * 37) & 0xFF))
        }
        return bytes
    }
    var paletteAlpha: [UInt8] { (0..<min(paletteCount, 5)).map { UInt8($0 * 60) } }
    /// The transparent sample value(s) for colour types 0 and 2: the first pixel's, so it occurs.
    var transparentSamples: [Int] { (0..<channels).map { sample(0, 0, $0) } }

    func packedRows() -> [UInt8] {
        let bitsPerRow = width * channels * depth
        let stride = (bitsPerRow + 7) / 8
        var rows = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            var bit = 0
            for x in 0..<width {
                for c in 0..<channels {
                    let value = sample(x, y, c)
                    if depth == 16 {
                        rows[y * stride + bit / 8] = UInt8(value >> 8)
                        rows[y * stride + bit / 8 + 1] = UInt8(value & 0xFF)
                    } else {
                        rows[y * stride + bit / 8] |= UInt8(value << (8 - depth - bit % 8))
                    }
                    bit += depth
                }
            }
        }
        return rows
    }

    func encode(comment: String? = nil) throws -> [UInt8] {
        var encoder = PNGRawEncoder(bitDepth: depth, colorType: colorType)
        encoder.interlaced = interlaced
        encoder.palette = palette
        if transparency && colorType == 3 { encoder.paletteAlpha = paletteAlpha }
        if transparency && (colorType == 0 || colorType == 2) { encoder.transparentSamples = transparentSamples.map { UInt16($0) } }
        encoder.comment = comment
        return try encoder.encode(rows: packedRows(), width: width, height: height)
    }

    /// The 8-bit RGBA the PNG specification gives for these samples (16-bit keeps the high byte).
    func expectedRGBA() -> [UInt8] {
        func to8(_ v: Int) -> UInt8 { depth == 16 ? UInt8(v >> 8) : UInt8(v * 255 / maxSample) }
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let s = (0..<channels).map { sample(x, y, $0) }
                switch colorType {
                case 0:
                    let a: UInt8 = transparency && s == transparentSamples ? 0 : 255
                    out += [to8(s[0]), to8(s[0]), to8(s[0]), a]
                case 2:
                    let a: UInt8 = transparency && s == transparentSamples ? 0 : 255
                    out += [to8(s[0]), to8(s[1]), to8(s[2]), a]
                case 3:
                    let a: UInt8 = transparency && s[0] < paletteAlpha.count ? paletteAlpha[s[0]] : 255
                    out += Array(palette[(s[0] * 3)..<(s[0] * 3 + 3)]) + [a]
                case 4:
                    out += [to8(s[0]), to8(s[0]), to8(s[0]), to8(s[1])]
                default:
                    out += [to8(s[0]), to8(s[1]), to8(s[2]), to8(s[3])]
                }
            }
        }
        return out
    }

    static let all: [PNGFixture] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
        .flatMap { type, depths in
            depths.flatMap { depth in
                [false, true].flatMap { interlaced in
                    (type == 4 || type == 6 ? [false] : [false, true]).map { trns in
                        PNGFixture(colorType: type, depth: depth, interlaced: interlaced, transparency: trns)
                    }
                }
            }
        }
}

@Suite("PNG decoding")
struct PNGDecoderTests {
    static let fixtures = PackageRoot.fixtures

    /// File name of a fixture: type, depth, interlace, tRNS.
    static func name(_ fixture: PNGFixture) -> String {
        "png-t\(fixture.colorType)-d\(fixture.depth)\(fixture.interlaced ? "-i" : "")\(fixture.transparency ? "-trns" : "")"
    }

    /// name -> md5 of the RGBA bytes Pillow decodes (Tests/Fixtures/png-pillow-goldens.txt).
    static func goldens() throws -> [String: String] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("png-pillow-goldens.txt"), encoding: .utf8)
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 2 { table[String(fields[0])] = String(fields[1]) }
        }
        return table
    }

    /// The fixtures Pillow turns into 8-bit RGBA faithfully (the others are listed in make-png-goldens.py).
    static let pillowFixtures = PNGFixture.all.filter { fixture in (try? goldens())?[name(fixture)] != nil }

    @Test("a Pillow golden exists for 42 of the 52 fixtures")
    func pillowCoverage() throws {
        #expect(try Self.goldens().count == 42)
        #expect(Self.pillowFixtures.count == 42)
    }

    @Test("8-bit RGBA equals Pillow's decoding of the same fixture", arguments: pillowFixtures)
    func matchesPillow(fixture: PNGFixture) throws {
        // Given a fixture and Pillow's md5 of its RGBA
        let golden = try #require(try Self.goldens()[Self.name(fixture)])
        // When it is decoded
        let decoded = try ImageInspector.decode(try fixture.encode())
        // Then the RGBA bytes have Pillow's md5
        #expect(Checksums.md5(decoded.image.pixels) == golden)
    }

    @Test(
        "writes the PNG fixtures when ASSETS_WRITE_FIXTURES names a folder",
        .enabled(if: ProcessInfo.processInfo.environment["ASSETS_WRITE_FIXTURES"] != nil))
    func writeFixtures() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["ASSETS_WRITE_FIXTURES"])
        for fixture in PNGFixture.all {
            try Data(try fixture.encode()).write(to: URL(fileURLWithPath: folder).appendingPathComponent(Self.name(fixture) + ".png"))
        }
    }

    @Test("every colour type and bit depth, plain and interlaced, with and without tRNS", arguments: PNGFixture.all)
    func colourTypes(fixture: PNGFixture) throws {
        // Given a PNG libpng wrote from known samples
        let bytes = try fixture.encode()
        // When it is probed and decoded
        let info = try ImageInspector.probe(bytes, file: "fixture.png")
        let decoded = try ImageInspector.decode(bytes, file: "fixture.png")
        // Then the header facts and every pixel are as the PNG specification says
        #expect(info.width == fixture.width && info.height == fixture.height)
        #expect(info.bitDepth == fixture.depth)
        #expect(info.interlaced == fixture.interlaced)
        #expect(info.hasAlpha == (fixture.transparency || fixture.colorType == 4 || fixture.colorType == 6))
        #expect(decoded.image.pixels == fixture.expectedRGBA())
        #expect(decoded.warnings.isEmpty)
    }

    @Test("round trip through the project's PNG encoder")
    func roundTrip() throws {
        // Given an RGBA image with varied alpha
        var image = JPEGEncoderTests.gradient(width: 31, height: 9)
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = UInt8(i % 256) }
        // When it is encoded and decoded
        let decoded = try ImageInspector.decode(try PNGEncoder.smallest.encode(image))
        // Then the pixels are unchanged
        #expect(decoded.image == image)
    }

    /// Offset of the first byte of chunk `type`'s data.
    static func chunkData(_ bytes: [UInt8], _ type: String) -> Int? {
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self) == type { return i + 8 }
            i += 12 + length
        }
        return nil
    }

    @Test("a CRC error in image data is corrupt; in a text chunk it is a warning")
    func crcErrors() throws {
        // Given a PNG with a comment, and two copies with one flipped byte in IDAT and in tEXt
        let bytes = try PNGFixture(colorType: 2, depth: 8, interlaced: false, transparency: false).encode(comment: "hello")
        var badIDAT = bytes
        badIDAT[try #require(Self.chunkData(bytes, "IDAT")) + 2] ^= 0x01
        var badText = bytes
        badText[try #require(Self.chunkData(bytes, "tEXt")) + 1] ^= 0x20
        // When they are decoded
        let error = #expect(throws: ImageError.self) { try ImageInspector.decode(badIDAT, file: "a.png") }
        let decoded = try ImageInspector.decode(badText, file: "b.png")
        // Then IDAT damage is a corrupt error naming the file and the CRC, tEXt damage a crc-error warning
        #expect(error?.kind == .corrupt)
        #expect(error?.file == "a.png")
        #expect(error?.detail.contains("CRC") == true)
        #expect(decoded.warnings.contains { $0.code == .crcError })
        #expect(throws: ImageError.self) {
            try ImageInspector.decode(badText, options: DecodeOptions(rejectDamagedData: true))
        }
    }

    @Test("sizes over the limits are refused before decoding")
    func limits() throws {
        // Given a 13x7 PNG and limits of 50 pixels, and of 10 pixels a side
        let bytes = try PNGFixture(colorType: 6, depth: 8, interlaced: false, transparency: false).encode()
        // When it is decoded under them
        let pixels = #expect(throws: ImageError.self) {
            try ImageInspector.decode(bytes, options: DecodeOptions(limits: DecodingLimits(maxPixels: 50)))
        }
        let side = #expect(throws: ImageError.self) {
            try ImageInspector.decode(bytes, options: DecodeOptions(limits: DecodingLimits(maxDimension: 10)))
        }
        // Then both are too-large errors
        #expect(pixels?.kind == .tooLarge)
        #expect(side?.kind == .tooLarge)
    }

    @Test("a file cut after the image data is truncated")
    func truncated() throws {
        // Given a PNG without its last 12 bytes (IEND)
        let bytes = try PNGFixture(colorType: 0, depth: 8, interlaced: true, transparency: false).encode()
        // When it is decoded
        let error = #expect(throws: ImageError.self) { try ImageInspector.decode(Array(bytes.dropLast(12))) }
        // Then it is reported as truncated
        #expect(error?.kind == .truncated)
    }
}
