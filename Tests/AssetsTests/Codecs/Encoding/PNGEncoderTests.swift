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
        // When it is encoded
        let bytes = try PNGEncoder.fast.encode(image)
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
}
