import Testing
@testable import AssetsCodecs
@testable import AssetsSupport

/// Fixtures for the lossless rewrites, made with the package's encoders and libpng through `PNGRawEncoder`.
enum CostFixture {
    /// A gradient, so neighbouring pixels differ and filters matter.
    static func gradient(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }, seed: Int = 0) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                pixels[at] = UInt8(truncatingIfNeeded: x * 4 + seed)
                pixels[at + 1] = UInt8(truncatingIfNeeded: y * 4)
                pixels[at + 2] = UInt8(truncatingIfNeeded: (x + y) * 2)
                pixels[at + 3] = alpha(x, y)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: 1, height: 1)
    }

    /// A PNG stored without compression (zlib level 0): large, and a rewrite shrinks it.
    static func storedPNG(_ image: RGBAImage) throws -> [UInt8] {
        try PNGEncoder(compressionLevel: 0, filter: .none).encode(image)
    }

    /// `png` with a chunk inserted after IHDR (its CRC computed here).
    static func inserting(_ type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var chunk = bigEndian(UInt32(data.count)) + body
        chunk += bigEndian(crc32(body))
        return Array(png[0..<33]) + chunk + Array(png[33...])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (the test computes it itself, to build chunks the package did not write).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The chunk types of a PNG, in order.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            types.append(String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    /// The data of the first chunk of `type`, or nil.
    static func chunkData(_ type: String, _ png: [UInt8]) -> [UInt8]? {
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            guard at + 12 + length <= png.count else { return nil }
            if String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self) == type { return Array(png[(at + 8)..<(at + 8 + length)]) }
            at += 12 + length
        }
        return nil
    }

    /// A 16-bit grey PNG of `width` x `height` whose samples are `sample(x, y)`.
    static func grey16(width: Int, height: Int, sample: (Int, Int) -> UInt16) throws -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let value = sample(x, y)
                rows += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
        }
        return try PNGRawEncoder(bitDepth: 16, colorType: 0).encode(rows: rows, width: width, height: height)
    }
}

@Suite("Lossless rewrites: smaller, and proven to show the same")
struct LosslessOptimizerTests {
    @Test("a stored PNG is rewritten smaller, and decodes to the same pixels")
    func storedPNG() throws {
        // Given a 64x64 gradient stored without compression
        let image = CostFixture.gradient(width: 64, height: 64)
        let png = try CostFixture.storedPNG(image)

        // When it is rewritten
        let rewrite = try #require(try LosslessOptimizer.rewrite(png, format: .png))

        // Then it is much smaller, opaque RGBA became RGB, and the package's decoder reads the same pixels
        #expect(rewrite.bytes.count * 2 < png.count, "\(rewrite.bytes.count) of \(png.count)")
        #expect(rewrite.change.hasSuffix("RGB 8-bit"), "\(rewrite.change)")
        #expect(try ImageInspector.decode(rewrite.bytes).image.pixels == image.pixels)
        #expect(try LosslessOptimizer.sameImage(png, rewrite.bytes, format: .png))
    }

    @Test("few colours become a palette of the fewest bits; the pixels stay, alpha included")
    func palette() throws {
        // Given an image of three colours, one of them half transparent
        var pixels: [UInt8] = []
        for index in 0..<(48 * 48) {
            switch index % 3 {
            case 0: pixels += [255, 0, 0, 255]
            case 1: pixels += [0, 0, 255, 128]
            default: pixels += [0, 0, 0, 0]
            }
        }
        let image = try #require(RGBAImage(width: 48, height: 48, pixels: pixels))
        let png = try CostFixture.storedPNG(image)

        // When it is rewritten
        let rewrite = try #require(try LosslessOptimizer.rewrite(png, format: .png))

        // Then it is a 2-bit palette image that decodes to the same RGBA
        #expect(rewrite.change.hasSuffix("palette 2-bit"), "\(rewrite.change)")
        #expect(try ImageInspector.decode(rewrite.bytes).image.pixels == pixels)
        // and its palette is in order: translucent entries first (by alpha, then luma), then opaque by luma
        #expect(CostFixture.chunkData("PLTE", rewrite.bytes) == [0, 0, 0, 0, 0, 255, 255, 0, 0])
        #expect(CostFixture.chunkData("tRNS", rewrite.bytes) == [0, 128])
    }

    @Test("a small black icon of 49 alpha levels becomes grey+alpha: a palette's PLTE and tRNS would outweigh it")
    func paletteOverheadCounts() throws {
        // Given a 48x48 black disc whose edge fades over six pixels (49 colours, all black at some alpha)
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<48 {
                let d = ((Double(x) - 23.5) * (Double(x) - 23.5) + (Double(y) - 23.5) * (Double(y) - 23.5)).squareRoot()
                let alpha = d < 10 ? 255 : d > 16 ? 0 : Int(255 * (16 - d) / 6)
                pixels += [0, 0, 0, UInt8(alpha)]
            }
        }
        let image = try #require(RGBAImage(width: 48, height: 48, pixels: pixels))
        let png = try CostFixture.storedPNG(image)

        // When it is rewritten
        let rewrite = try #require(try LosslessOptimizer.rewrite(png, format: .png))

        // Then grey+alpha wins (the trials count the palette's chunks, not only its image data; a palette
        // came out at 588 bytes, grey+alpha at 489), and the pixels are the same
        #expect(rewrite.change.hasSuffix("grey+alpha 8-bit"), "\(rewrite.change)")
        #expect(rewrite.bytes.count < 540, "\(rewrite.bytes.count) bytes")
        #expect(try ImageInspector.decode(rewrite.bytes).image.pixels == pixels)
    }

    @Test("a 16-bit PNG whose low bytes carry information stays 16-bit; one that does not becomes 8-bit")
    func sixteenBit() throws {
        // Given two 16-bit grey images: one with distinct low bytes, one whose two bytes always agree
        let fine = try CostFixture.grey16(width: 64, height: 64) { x, y in UInt16(x * 1000 + y * 7) }
        let coarse = try CostFixture.grey16(width: 64, height: 64) { x, _ in UInt16(x * 4) * 257 }

        // When each is rewritten
        let fineRewrite = try LosslessOptimizer.rewrite(fine, format: .png)
        let coarseRewrite = try #require(try LosslessOptimizer.rewrite(coarse, format: .png))

        // Then the first keeps 16 bits (or is not rewritten at all), the second drops to 8
        if let fineRewrite {
            #expect(fineRewrite.change.hasSuffix("grey 16-bit"), "\(fineRewrite.change)")
            #expect(try LosslessOptimizer.sameImage(fine, fineRewrite.bytes, format: .png))
        }
        #expect(coarseRewrite.change.hasSuffix("grey 8-bit"), "\(coarseRewrite.change)")
        // and the 8-bit file differs from one that lost the low bytes of the fine image
        let truncated = try CostFixture.grey16(width: 64, height: 64) { x, y in UInt16((x * 1000 + y * 7) >> 8) * 257 }
        #expect(try !LosslessOptimizer.sameImage(fine, truncated, format: .png))
    }

    @Test("colour chunks and eXIf are kept byte for byte; text is dropped")
    func keptChunks() throws {
        // Given a stored PNG with a gAMA chunk, an eXIf chunk and a tEXt chunk
        var png = try CostFixture.storedPNG(CostFixture.gradient(width: 64, height: 64))
        png = CostFixture.inserting("tEXt", Array("Comment\u{0}made by a test".utf8), into: png)
        png = CostFixture.inserting("gAMA", CostFixture.bigEndian(45455), into: png)
        let exif: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        png = CostFixture.inserting("eXIf", exif, into: png)

        // When it is rewritten
        let rewrite = try #require(try LosslessOptimizer.rewrite(png, format: .png))

        // Then gAMA and eXIf are there, tEXt is not, and the proof holds
        let types = CostFixture.chunkTypes(rewrite.bytes)
        #expect(types.contains("gAMA") && types.contains("eXIf") && !types.contains("tEXt"), "\(types)")
        #expect(try LosslessOptimizer.sameImage(png, rewrite.bytes, format: .png))
        // and a file without the gAMA chunk is not the same image
        let withoutGamma = try CostFixture.storedPNG(CostFixture.gradient(width: 64, height: 64))
        #expect(try !LosslessOptimizer.sameImage(png, withoutGamma, format: .png))
    }

    @Test("a JPEG is transcoded losslessly: same decoded pixels, EXIF orientation kept")
    func jpeg() throws {
        // Given a JPEG written without Huffman optimisation, with an EXIF orientation
        let image = CostFixture.gradient(width: 96, height: 64)
        let jpeg = try JPEGEncoder(quality: 92, optimizeCoding: false, exifOrientation: 6).encode(image)

        // When it is rewritten
        let rewrite = try #require(try LosslessOptimizer.rewrite(jpeg, format: .jpeg))

        // Then it is smaller, the package decodes the same pixels, and the orientation is still 6
        #expect(rewrite.bytes.count < jpeg.count)
        let before = try ImageInspector.decode(jpeg)
        let after = try ImageInspector.decode(rewrite.bytes)
        #expect(before.image.pixels == after.image.pixels)
        #expect(after.info.orientation == .right && before.info.orientation == .right)
    }

    @Test("damaged and animated files are left alone")
    func leftAlone() throws {
        // Given a truncated PNG and a GIF
        let png = try CostFixture.storedPNG(CostFixture.gradient(width: 32, height: 32))
        // When each is offered for a rewrite, Then there is none
        #expect(try LosslessOptimizer.rewrite(Array(png.prefix(png.count - 40)), format: .png) == nil)
        #expect(try LosslessOptimizer.rewrite(Array("GIF89a".utf8), format: .gif) == nil)
    }

    @Test("the digest is of the pixels: a palette PNG and an RGBA PNG of the same pixels agree; another profile does not")
    func digest() throws {
        // Given the same pixels stored three ways, and once more with a different colour chunk
        let image = CostFixture.gradient(width: 40, height: 40)
        let stored = try CostFixture.storedPNG(image)
        let smallest = try PNGEncoder.smallest.encode(image)
        let rewritten = try #require(try LosslessOptimizer.rewrite(stored, format: .png)).bytes
        let tagged = CostFixture.inserting("gAMA", CostFixture.bigEndian(100_000), into: stored)

        // When each is digested
        let digests = [stored, smallest, rewritten, tagged].map { LosslessOptimizer.digest($0, format: .png) }

        // Then the first three agree and the tagged one differs
        #expect(digests[0] != nil && digests[0] == digests[1] && digests[1] == digests[2])
        #expect(digests[3] != nil && digests[3] != digests[0])
    }
}
