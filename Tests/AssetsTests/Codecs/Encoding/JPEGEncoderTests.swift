import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("JPEG encoding")
struct JPEGEncoderTests {
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                image.pixels[i] = UInt8(x * 255 / max(width - 1, 1))
                image.pixels[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                image.pixels[i + 2] = UInt8((x + y) * 127 / max(width + height - 2, 1))
                image.pixels[i + 3] = 255
            }
        }
        return image
    }

    /// The (marker, offset) list of a JPEG up to SOS.
    static func markers(_ bytes: [UInt8]) -> [UInt8] {
        var found: [UInt8] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            found.append(marker)
            if marker == 0xDA { break }
            i += 2 + Int(bytes[i + 2]) << 8 + Int(bytes[i + 3])
        }
        return found
    }

    @Test("writes SOI, a baseline SOF0 with the size, and EOI")
    func baseline() throws {
        // Given a 33x17 gradient
        let image = Self.gradient(width: 33, height: 17)
        // When it is encoded with defaults
        let bytes = try JPEGEncoder().encode(image)
        // Then the file is a baseline JPEG of that size
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9])
        let markers = Self.markers(bytes)
        #expect(markers.contains(0xC0))
        #expect(markers.last == 0xDA)
    }

    @Test("progressive, arithmetic and EXIF options change the markers")
    func options() throws {
        // Given a gradient
        let image = Self.gradient(width: 16, height: 16)
        // When it is encoded progressive, arithmetic-coded and with an orientation
        let progressive = Self.markers(try JPEGEncoder(progressive: true).encode(image))
        let arithmetic = Self.markers(try JPEGEncoder(arithmetic: true).encode(image))
        let oriented = try JPEGEncoder(exifOrientation: 6).encode(image)
        // Then SOF2, SOF9 and an APP1 "Exif" segment appear
        #expect(progressive.contains(0xC2))
        #expect(arithmetic.contains(0xC9))
        #expect(Self.markers(oriented).contains(0xE1))
        #expect(oriented.indices.contains { Array(oriented[$0..<min($0 + 4, oriented.count)]) == Array("Exif".utf8) })
    }

    @Test("refuses an empty image")
    func empty() {
        #expect(throws: JPEGEncodingError.emptyImage) {
            try JPEGEncoder().encode(RGBAImage(width: 0, height: 0))
        }
    }
}

@Suite("Test checksums")
struct ChecksumTests {
    @Test("md5 and CRC-32 match their published test vectors")
    func vectors() {
        // Given the RFC 1321 and CRC-32 check strings
        // When they are hashed
        var crc = Checksums.CRC32()
        crc.update(Array("123456789".utf8))
        // Then the published digests come out
        #expect(Checksums.md5([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(Checksums.md5(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(Checksums.md5(Array(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
        #expect(crc.hex == "cbf43926")
    }
}
