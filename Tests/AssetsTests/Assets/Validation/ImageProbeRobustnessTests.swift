import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("Image checks on damaged files")
struct ImageProbeRobustnessTests {
    static func sample(_ bytes: [UInt8]) -> FileSample {
        FileSample(head: bytes, tail: Array(bytes.suffix(1024)), size: bytes.count)
    }

    @Test("every prefix of a PNG and a GIF either probes or throws; only the whole file probes clean")
    func prefixes() throws {
        // Given a PNG and a two-frame GIF
        let png = try FixtureCatalog.png(width: 6, height: 5)
        let gif = try GIFFixture.twoFrames()
        let checker = CodecImageChecker()

        for (bytes, format) in [(png, ImageFormat.png), (gif, ImageFormat.gif)] {
            // When every prefix is probed
            var clean: [Int] = []
            for length in 0...bytes.count {
                if (try? checker.probe(ImageProbeRobustnessTests.sample(Array(bytes.prefix(length))), format: format, file: "f")) != nil {
                    clean.append(length)
                }
            }
            // Then only the complete file passes
            #expect(clean == [bytes.count], "\(format)")
        }
        let facts = try checker.probe(ImageProbeRobustnessTests.sample(gif), format: .gif, file: "f")
        #expect(facts == ImageFacts(format: .gif, width: 8, height: 8, frameCount: 2))
        let pngFacts = try checker.probe(ImageProbeRobustnessTests.sample(png), format: .png, file: "f")
        #expect(pngFacts.format == .png && pngFacts.width == 6 && pngFacts.height == 5)
    }

    @Test("seeded byte flips never crash the probe")
    func flips() throws {
        // Given a PNG, a GIF and a tiny hand-made JPEG header
        let jpegHead: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [
                0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
                0xFF, 0xC0, 0, 11, 8, 0, 7, 0, 9, 1, 1, 0x11, 0, 0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0xFF, 0xD9,
            ]
        let inputs = [
            (try FixtureCatalog.png(width: 6, height: 5), ImageFormat.png), (try GIFFixture.twoFrames(), .gif), (jpegHead, .jpeg),
        ]
        let checker = CodecImageChecker()
        let jpegFacts = try checker.probe(ImageProbeRobustnessTests.sample(jpegHead), format: .jpeg, file: "f")
        #expect(jpegFacts.format == .jpeg && jpegFacts.width == 9 && jpegFacts.height == 7)
        var generator = SplitMix(seed: 7)

        // When bytes are flipped at random
        var thrown = 0
        for _ in 0..<3000 {
            let (bytes, format) = inputs[Int(generator.next() % 3)]
            var copy = bytes
            copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next())
            do {
                _ = try checker.probe(ImageProbeRobustnessTests.sample(copy), format: format, file: "f")
            } catch {
                thrown += 1
                #expect(error.file == "f")
            }
        }

        // Then the probe answers every time, and some flips are caught
        #expect(thrown > 0)
    }
}
