import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("PNG encoding")
struct PNGEncoderTests {
    @Test("encodes a signature and an IHDR with the image's size")
    func header() throws {
        // Given a 3x2 image
        var image = RGBAImage(width: 3, height: 2)
        image.pixels[0] = 255
        image.pixels[3] = 255
        // When it is encoded by libpng's own writer at its defaults
        let bytes = try PNGEncoder().encode(image)
        // Then the file starts with the PNG signature and an IHDR of 3x2, 8-bit RGBA
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(Array(bytes[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2])
        #expect(bytes[24] == 8 && bytes[25] == 6)
        #expect(ImageFormat(sniffing: bytes) == .png)
    }

    @Test("refuses an empty image")
    func empty() {
        #expect(throws: PNGEncodingError.emptyImage) {
            try PNGEncoder.fast.encode(RGBAImage(width: 0, height: 0))
        }
    }

    /// A `width` x `height` image cycling through `colors` distinct colours (every fifth one half
    /// transparent when `translucent`, the first fully transparent with a colour under it).
    static func image(colors: Int, width: Int = 37, height: Int = 11, translucent: Bool) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for pixel in 0..<(width * height) {
            let color = (pixel * 7 + pixel / width) % colors
            let alpha: UInt8 = !translucent ? 255 : color == 0 ? 0 : color % 5 == 0 ? 128 : 255
            image.pixels.replaceSubrange(
                pixel * 4..<pixel * 4 + 4,
                with: [UInt8(color % 256), UInt8(color / 256 * 40 + 3), UInt8(255 - color % 200), alpha])
        }
        return image
    }

    /// The chunk types of a PNG file, in order.
    static func chunks(_ bytes: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 8 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[at + 4..<at + 8], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    @Test(
        "an image of at most 256 colours is written indexed at the smallest bit depth and reads back the same",
        arguments: [(1, 1), (2, 1), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (256, 8)], [false, true])
    func indexed(_ sizing: (colors: Int, depth: UInt8), translucent: Bool) throws {
        // Given an image of that many distinct colours (37 pixels wide: rows end inside a packed byte)
        let image = Self.image(colors: sizing.colors, translucent: translucent && sizing.colors > 1)
        // When the fast encoder writes it
        let bytes = try PNGEncoder.fast.encode(image)
        // Then it is a palette PNG at that depth, with tRNS only when a colour is not opaque
        #expect(bytes[24] == sizing.depth && bytes[25] == 3)
        let chunks = Self.chunks(bytes)
        #expect(chunks.first == "IHDR" && chunks.last == "IEND" && chunks.contains("PLTE"))
        #expect(chunks.contains("tRNS") == (translucent && sizing.colors > 1))
        // And it decodes to exactly the same RGBA, colour under transparency included
        #expect(try ImageInspector.decode(bytes).image == image)
    }

    @Test(
        "libpng's own writer (zlib, any filter) indexes the same way: --smallest is not larger on GIF frames",
        arguments: [PNGEncoder.smallestOnAnyContent, PNGEncoder(compressionLevel: 6, filter: .adaptive, indexedWhenFewColors: true)])
    func indexedThroughZlib(_ encoder: PNGEncoder) throws {
        // Given an image of 5 colours, one half transparent, and one of 300 opaque colours
        let few = Self.image(colors: 5, translucent: true)
        let many = Self.image(colors: 300, width: 40, height: 20, translucent: false)
        // When the encoder writes them
        let fewBytes = try encoder.encode(few)
        let manyBytes = try encoder.encode(many)
        // Then the first is indexed at 4 bits with tRNS, the second RGB when the encoder asks for it, and both
        // read back the same
        #expect(fewBytes[24] == 4 && fewBytes[25] == 3 && Self.chunks(fewBytes).contains("tRNS"))
        #expect(manyBytes[25] == (encoder.opaqueAsRGB ? 2 : 6))
        #expect(try ImageInspector.decode(fewBytes).image == few)
        #expect(try ImageInspector.decode(manyBytes).image == many)
    }

    @Test("an image of more than 256 colours is written as RGB when opaque and RGBA otherwise", arguments: [false, true])
    func manyColors(_ translucent: Bool) throws {
        // Given an image of 257 colours
        let image = Self.image(colors: 257, width: 40, height: 20, translucent: translucent)
        // When the fast encoder writes it
        let bytes = try PNGEncoder.fast.encode(image)
        // Then it is 8-bit RGB or RGBA and reads back the same
        #expect(bytes[24] == 8 && bytes[25] == (translucent ? 6 : 2))
        #expect(!Self.chunks(bytes).contains("PLTE"))
        #expect(try ImageInspector.decode(bytes).image == image)
    }

    @Test("without indexing, an image of few colours keeps the colour type it had", arguments: [false, true])
    func indexingOff(_ translucent: Bool) throws {
        // Given an image of 3 colours and the fast encoder with indexing off
        let image = Self.image(colors: 3, translucent: translucent)
        var encoder = PNGEncoder.fast
        encoder.indexedWhenFewColors = false
        // When it is written
        let bytes = try encoder.encode(image)
        // Then it is RGB when opaque, RGBA otherwise, and reads back the same
        #expect(bytes[25] == (translucent ? 6 : 2))
        #expect(try ImageInspector.decode(bytes).image == image)
    }

    @Test(
        "prepared on one buffer and finished later gives the bytes of a whole encode",
        arguments: [PNGEncoder.fast, PNGEncoder(compressionLevel: 2, filter: .none, deflater: .libdeflate), PNGEncoder.smallest])
    func prepared(_ encoder: PNGEncoder) throws {
        // Given a buffer prepared with a few-colour image, then with a many-colour one, each finished in turn
        let buffer = PNGEncodingBuffer()
        var images = [Self.image(colors: 9, translucent: true), Self.image(colors: 600, width: 50, height: 30, translucent: false)]
        var files: [[UInt8]] = []
        for index in images.indices {
            try encoder.prepare(images[index], into: buffer)
            // When the caller changes its image before the file is finished
            let original = images[index]
            images[index].pixels[0] ^= 0xff
            files.append(try encoder.finishPrepared(in: buffer) { Array($0) })
            images[index] = original
        }
        // Then each file is the whole encode of the image as it was when prepared
        #expect(files == (try images.map { try encoder.encode($0) }))
        #expect(try files.map { try ImageInspector.decode($0).image } == images)
    }
}
