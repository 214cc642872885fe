import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("JPEG decoding")
struct JPEGDecoderTests {
    static let image = JPEGEncoderTests.gradient(width: 40, height: 24)

    @Test(
        "progressive, arithmetic, restart markers and 4:4:4/4:2:2/4:2:0 decode",
        arguments: [
            JPEGEncoder(progressive: true),
            JPEGEncoder(arithmetic: true),
            JPEGEncoder(restartInterval: 1),
            JPEGEncoder(progressive: true, arithmetic: true),
            JPEGEncoder(optimizeCoding: true),
        ])
    func entropyVariants(encoder: JPEGEncoder) throws {
        // Given the same image as baseline Huffman and as another entropy coding (same DCT coefficients)
        let baseline = try ImageInspector.decode(try JPEGEncoder().encode(Self.image))
        let bytes = try encoder.encode(Self.image)
        // When the variant is probed and decoded
        let info = try ImageInspector.probe(bytes)
        let decoded = try ImageInspector.decode(bytes)
        // Then the header says what it is, and the pixels equal the baseline's
        #expect(info.progressive == encoder.progressive)
        #expect(info.arithmeticCoded == encoder.arithmetic)
        #expect(decoded.image == baseline.image)
    }

    @Test("subsampling is reported and pixels stay close to the source", arguments: JPEGEncoder.Subsampling.allCases)
    func subsampling(mode: JPEGEncoder.Subsampling) throws {
        // Given a high-quality JPEG with this chroma subsampling
        let bytes = try JPEGEncoder(quality: 100, subsampling: mode).encode(Self.image)
        // When it is probed and decoded
        let info = try ImageInspector.probe(bytes)
        let decoded = try ImageInspector.decode(bytes)
        // Then the subsampling is named and the pixels are within JPEG's error of the source
        #expect(info.chromaSubsampling == mode.rawValue)
        #expect(info.colorModel == .ycbcr)
        #expect(Self.meanDifference(decoded.image, Self.image) < 2.5)
    }

    @Test("grayscale files give R = G = B")
    func grayscale() throws {
        // Given a grayscale JPEG
        let bytes = try JPEGEncoder(colorModel: .grayscale).encode(Self.image)
        // When it is decoded
        let decoded = try ImageInspector.decode(bytes)
        // Then it is reported grey and every pixel is grey and opaque
        #expect(decoded.info.colorModel == .gray)
        for i in stride(from: 0, to: decoded.image.pixels.count, by: 4) {
            let p = decoded.image.pixels
            #expect(p[i] == p[i + 1] && p[i + 1] == p[i + 2] && p[i + 3] == 255)
        }
    }

    @Test("Adobe CMYK and YCCK become RGB as R = C x K / 255", arguments: [false, true])
    func cmyk(ycck: Bool) throws {
        // Given 16x16 flat Adobe (inverted) CMYK with C=200, M=100, Y=50, K=128
        let pixels = [UInt8]((0..<256).flatMap { _ in [200, 100, 50, 128] as [UInt8] })
        let bytes = try JPEGEncoder(quality: 100).encodeCMYK(pixels, width: 16, height: 16, ycck: ycck)
        // When it is probed and decoded
        let info = try ImageInspector.probe(bytes)
        let decoded = try ImageInspector.decode(bytes)
        // Then the model is named and the colour is (100, 50, 25) within JPEG's rounding
        #expect(info.colorModel == (ycck ? .ycck : .cmyk))
        let (r, g, b, a) = decoded.image[8, 8]
        #expect(abs(Int(r) - 100) <= 2 && abs(Int(g) - 50) <= 2 && abs(Int(b) - 25) <= 2 && a == 255)
    }

    @Test("DCT scaling gives 1/2, 1/4 and 1/8 sizes, rounded up", arguments: DecodeOptions.Scale.allCases)
    func scaling(scale: DecodeOptions.Scale) throws {
        // Given a 40x24 JPEG
        let bytes = try JPEGEncoder().encode(Self.image)
        // When it is decoded at a scale
        let decoded = try ImageInspector.decode(bytes, options: DecodeOptions(scale: scale))
        // Then the size is ceil(size / denominator)
        let d = scale.rawValue
        #expect(decoded.image.width == (40 + d - 1) / d && decoded.image.height == (24 + d - 1) / d)
    }

    @Test("limits are checked before decoding")
    func limits() throws {
        // Given a 40x24 JPEG
        let bytes = try JPEGEncoder().encode(Self.image)
        // When it is decoded with a 500-pixel limit, at full size and at 1/8
        let error = #expect(throws: ImageError.self) {
            try ImageInspector.decode(bytes, file: "x.jpg", options: DecodeOptions(limits: DecodingLimits(maxPixels: 500)))
        }
        // Then the full decode is refused as too large; the stored size counts too, so 1/8 is refused as well
        #expect(error?.kind == .tooLarge)
        #expect(throws: ImageError.self) {
            try ImageInspector.decode(bytes, options: DecodeOptions(limits: DecodingLimits(maxPixels: 500), scale: .eighth))
        }
    }

    @Test("formats follow the bytes; a wrong extension is reported")
    func extensionMismatch() throws {
        // Given a JPEG named .png
        let bytes = try JPEGEncoder().encode(Self.image)
        // When it is probed
        let info = try ImageInspector.probe(bytes, file: "photo.png")
        // Then it is read as JPEG and the mismatch is a warning
        #expect(info.format == .jpeg)
        #expect(info.extensionMismatch == .png)
        #expect(info.warnings.contains { $0.code == .extensionMismatch })
    }

    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var total = 0
        for (x, y) in zip(a.pixels, b.pixels) { total += abs(Int(x) - Int(y)) }
        return Double(total) / Double(max(a.pixels.count, 1))
    }
}

@Suite("JPEG hostile input")
struct JPEGHostileInputTests {
    @Test("a progressive file with more than 500 scans is refused as too large")
    func scanFlood() throws {
        // Given a progressive JPEG whose last scan is repeated 600 times
        let bytes = try JPEGEncoder(progressive: true).encode(JPEGEncoderTests.gradient(width: 16, height: 16))
        let lastScan = try #require(bytes.indices.last { bytes[$0] == 0xFF && $0 + 1 < bytes.count && bytes[$0 + 1] == 0xDA })
        let scan = Array(bytes[lastScan..<(bytes.count - 2)])
        var flooded = Array(bytes[..<(bytes.count - 2)])
        for _ in 0..<600 { flooded += scan }
        flooded += [0xFF, 0xD9]
        // When it is decoded
        let error = #expect(throws: ImageError.self) { try ImageInspector.decode(flooded, file: "flood.jpg") }
        // Then the scan limit stops it
        #expect(error?.kind == .tooLarge)
        #expect(error?.detail.contains("500") == true)
    }
}
