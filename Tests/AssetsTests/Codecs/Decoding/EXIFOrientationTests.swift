import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("EXIF orientation")
struct EXIFOrientationTests {
    /// A 3x2 image whose pixels are numbered 0...5 in the red channel.
    static let numbered: RGBAImage = {
        var image = RGBAImage(width: 3, height: 2)
        for i in 0..<6 {
            image.pixels[i * 4] = UInt8(i)
            image.pixels[i * 4 + 3] = 255
        }
        return image
    }()

    static func reds(_ image: RGBAImage) -> [UInt8] { stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] } }

    @Test(
        "each orientation turns a numbered 3x2 image upright",
        arguments: [
            (1, [0, 1, 2, 3, 4, 5]), (2, [2, 1, 0, 5, 4, 3]), (3, [5, 4, 3, 2, 1, 0]), (4, [3, 4, 5, 0, 1, 2]),
            (5, [0, 3, 1, 4, 2, 5]), (6, [3, 0, 4, 1, 5, 2]), (7, [5, 2, 4, 1, 3, 0]), (8, [2, 5, 1, 4, 0, 3]),
        ])
    func transforms(raw: Int, expected: [UInt8]) throws {
        // Given the stored image 0 1 2 / 3 4 5 and an orientation
        let orientation = try #require(ImageOrientation(rawValue: raw))
        // When it is applied
        let upright = Self.numbered.applying(orientation)
        // Then the pixels land where the EXIF definition puts them
        #expect(Self.reds(upright) == expected)
        #expect(upright.width == (raw >= 5 ? 2 : 3))
    }

    @Test("reads the tag in both byte orders, applies it, and keeps it on request", arguments: [true, false])
    func byteOrders(bigEndian: Bool) throws {
        // Given a 24x16 JPEG carrying orientation 6 (shown turned 90° clockwise)
        let image = JPEGEncoderTests.gradient(width: 24, height: 16)
        let bytes = try JPEGEncoder(quality: 95, exifOrientation: 6, exifBigEndian: bigEndian).encode(image)
        // When it is probed and decoded both ways
        let info = try ImageInspector.probe(bytes)
        let applied = try ImageInspector.decode(bytes)
        let kept = try ImageInspector.decode(bytes, options: DecodeOptions(orientation: .keep))
        // Then the orientation is read, the applied image is 16x24 and equals the kept one turned
        #expect(info.orientation == .right)
        #expect(info.displayWidth == 16 && info.displayHeight == 24)
        #expect(applied.image.width == 16 && applied.image.height == 24)
        #expect(applied.appliedOrientation == .right)
        #expect(kept.image.width == 24 && kept.appliedOrientation == .up)
        #expect(applied.image == kept.image.applying(.right))
    }

    @Test("invalid values are treated as 1 and reported", arguments: [UInt16(0), 9, 65535])
    func invalid(value: UInt16) throws {
        // Given a JPEG whose orientation tag holds an invalid value
        let bytes = try JPEGEncoder(exifOrientation: value).encode(JPEGEncoderTests.gradient(width: 8, height: 8))
        // When it is decoded
        let decoded = try ImageInspector.decode(bytes)
        // Then it is shown as stored and a warning says why
        #expect(decoded.info.orientation == .up)
        #expect(decoded.appliedOrientation == .up)
        #expect(decoded.warnings.contains { $0.code == .invalidOrientation && $0.message.contains("\(value)") })
    }

    @Test("a truncated or malformed EXIF block is a warning, never a crash")
    func malformed() throws {
        // Given every prefix of a valid EXIF block
        let block = EXIFOrientationBlock.make(orientation: 3, bigEndian: false)
        for length in 0..<block.count {
            // When it is read
            let result = Result { () throws(EXIFOrientationReader.Problem) in
                try EXIFOrientationReader.orientation(inAPP1: block.prefix(length))
            }
            // Then it gives an error until the orientation entry is complete (28 bytes), then 3
            if case .success(let value) = result { #expect(length >= 28 && value == 3) }
        }
        #expect(try EXIFOrientationReader.orientation(inAPP1: block[...]) == 3)
    }
}

@Suite(
    "EXIF orientation set (../shared/corpus/jpeg/exif-orientation)",
    .enabled(if: ImageDumps.corpusPresent, "corpus folder absent: skipped"))
struct EXIFOrientationCorpusTests {
    static let files: [(String, Int)] = ["Landscape", "Portrait"].flatMap { kind in (0...8).map { ("\(kind)_\($0)", $0) } }

    @Test("orientation value, upright size, and pixels close to the _1 reference", arguments: files)
    func orientation(name: String, value: Int) throws {
        // Given file _N and the upright reference _1, decoded at 1/8 scale
        let options = DecodeOptions(scale: .eighth)
        let path = "jpeg/exif-orientation/\(name).jpg"
        let reference = try ImageInspector.decode(
            try ImageDumps.read("jpeg/exif-orientation/\(name.prefix { $0 != "_" })_1.jpg"), options: options)
        // When _N is probed and decoded with its orientation applied
        let info = try ImageInspector.probe(try ImageDumps.read(path), file: path)
        let decoded = try ImageInspector.decode(try ImageDumps.read(path), file: path, options: options)
        // Then the value is read (0 becomes 1 with a warning), and the upright pixels match the reference
        #expect(info.orientation.rawValue == max(value, 1))
        #expect(info.warnings.contains { $0.code == .invalidOrientation } == (value == 0))
        #expect(decoded.image.width == reference.image.width && decoded.image.height == reference.image.height)
        guard decoded.image.pixels.count == reference.image.pixels.count else { return }
        var total = 0
        for (a, b) in zip(decoded.image.pixels, reference.image.pixels) { total += abs(Int(a) - Int(b)) }
        let meanDifference = Double(total) / Double(decoded.image.pixels.count)
        #expect(meanDifference < 3.0, "\(name): mean difference \(meanDifference)")
    }
}
