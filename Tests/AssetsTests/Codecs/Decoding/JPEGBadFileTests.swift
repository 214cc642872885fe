import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// Every JPEG under `bad/`: rejected with a typed error, or (where the suite itself says the pixels are fine)
/// decoded with the pixels the suite states.
@Suite("JPEG bad files (../shared/corpus/bad/jpeg)", .enabled(if: ImageDumps.corpusPresent, "corpus folder absent: skipped"))
struct JPEGBadFileTests {
    static let rejected: [String: ImageErrorKind] = [
        "bad/jpeg/blink/55.jpg": .corrupt,
        "bad/jpeg/blink/cs-uma-two-channels-jfif-marker.jpg": .unsupported,
        "bad/jpeg/blink/half_scan-2.jpg": .truncated,
        "bad/jpeg/blink/half_scan.jpg": .truncated,
        "bad/jpeg/blink/invalid.jpg": .notAnImage,
        // 48,010 x 16,173 pixels (776 million): refused by the default limits before any pixel is decoded.
        "bad/jpeg/blink/large-size-image-crash.jpeg": .tooLarge,
        "bad/jpeg/blink/missing-eoi.jpg": .truncated,
        "bad/jpeg/blink/non-interleaved_progressive-1.jpg": .truncated,
        "bad/jpeg/blink/non-interleaved_progressive.jpg": .truncated,
        "bad/jpeg/wuffs/peacock.default.truncated.jpeg": .truncated,
        "bad/jpeg/wuffs/peacock.progressive.truncated.jpeg": .truncated,
    ]

    /// Damaged only in ways libjpeg decodes around with a "Corrupt JPEG data" warning; the suite gives the
    /// expected pixels as a PNG. Decoded with a warning by default, rejected with `rejectDamagedData`.
    static let damagedWithExpectedPixels: [String: String] = [
        "bad/jpeg/wuffs/3pdata-asset/182.0-original.jpg": "bad/jpeg/wuffs/3pdata-asset/182.0-original.djpeg.png",
        "bad/jpeg/wuffs/3pdata-asset/182.1-byte-change.jpg": "bad/jpeg/wuffs/3pdata-asset/182.1-byte-change.png",
        "bad/jpeg/wuffs/3pdata-asset/182.2-byte-change.jpg": "bad/jpeg/wuffs/3pdata-asset/182.2-byte-change.png",
    ]

    /// Odd but valid structure: the suite states the same pixels as `jpeg/wuffs/hippopotamus.jpeg`.
    static let samePixelsAsHippopotamus = [
        "bad/jpeg/wuffs/artificial-jpeg/hippopotamus-bad-comment-length.jpeg",
        "bad/jpeg/wuffs/artificial-jpeg/hippopotamus-sof-dht-swap.jpeg",
    ]

    @Test("every bad/ JPEG in the manifest has a stated outcome here")
    func covered() {
        // Given the manifest's bad JPEGs
        let paths = Set(JPEGCorpusEntry.jpeg().map(\.path).filter { $0.hasPrefix("bad/") })
        // When they are compared with the three tables
        let known = Set(Self.rejected.keys).union(Self.damagedWithExpectedPixels.keys).union(Self.samePixelsAsHippopotamus)
        // Then none is forgotten
        #expect(paths == known)
        #expect(paths.count == 16)
    }

    @Test("rejected with a typed error naming the file", arguments: rejected.keys.sorted())
    func rejects(path: String) throws {
        // Given a damaged, truncated or unsupported file
        let bytes = try ImageDumps.read(path)
        // When it is decoded
        let error = #expect(throws: ImageError.self) { try ImageInspector.decode(bytes, file: path) }
        // Then the error has the expected kind and names the file
        #expect(error?.kind == Self.rejected[path], "\(path): \(String(describing: error))")
        #expect(error?.file == path)
        #expect(error?.description.hasPrefix(path + ":") == true)
    }

    @Test("corrupt-but-decodable files give the suite's pixels and a warning", arguments: damagedWithExpectedPixels.keys.sorted())
    func damaged(path: String) throws {
        // Given a file libjpeg decodes with a corrupt-data warning, and the suite's expected PNG
        let bytes = try ImageDumps.read(path)
        let expectedPNG = try ImageDumps.read(try #require(Self.damagedWithExpectedPixels[path]))
        // When both are decoded
        let decoded = try ImageInspector.decode(bytes, file: path)
        let expected = try ImageInspector.decode(expectedPNG)
        // Then the pixels are equal, the damage is reported, and strict decoding refuses the file
        #expect(decoded.image == expected.image)
        #expect(decoded.warnings.contains { $0.code == .corruptData })
        let strict = #expect(throws: ImageError.self) {
            try ImageInspector.decode(bytes, file: path, options: DecodeOptions(rejectDamagedData: true))
        }
        #expect(strict?.kind == .corrupt)
    }

    @Test("structurally odd files decode to the same pixels as the original", arguments: samePixelsAsHippopotamus)
    func samePixels(path: String) throws {
        // Given a reordered or oddly commented copy of hippopotamus.jpeg
        let original = try ImageInspector.decode(try ImageDumps.read("jpeg/wuffs/hippopotamus.jpeg"))
        // When it is decoded
        let decoded = try ImageInspector.decode(try ImageDumps.read(path), file: path)
        // Then the pixels are the original's
        #expect(decoded.image == original.image)
    }

    @Test("12-bit JPEG (monkey12.jpg) is recognised and refused as unsupported")
    func twelveBit() throws {
        // Given libjpeg-turbo's 12-bit test image
        let path = "jpeg/libjpeg-turbo/monkey12.jpg"
        let bytes = try ImageDumps.read(path)
        // When it is probed and decoded
        let info = try ImageInspector.probe(bytes, file: path)
        let error = #expect(throws: ImageError.self) { try ImageInspector.decode(bytes, file: path) }
        // Then the probe names 12 bits and the decode says unsupported
        #expect(info.bitDepth == 12 && !info.isDecodable)
        #expect(error?.kind == .unsupported)
    }
}
