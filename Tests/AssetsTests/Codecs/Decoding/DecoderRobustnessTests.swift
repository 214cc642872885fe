import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// Every prefix of a valid file, and seeded byte flips, decode or throw a typed error: never crash.
@Suite("Decoder robustness")
struct DecoderRobustnessTests {
    static func fixtures() throws -> [(String, [UInt8])] {
        let image = JPEGEncoderTests.gradient(width: 20, height: 12)
        return [
            ("baseline.jpg", try JPEGEncoder(quality: 50, exifOrientation: 6).encode(image)),
            ("progressive.jpg", try JPEGEncoder(quality: 50, progressive: true).encode(image)),
            ("arithmetic.jpg", try JPEGEncoder(quality: 50, arithmetic: true, restartInterval: 2).encode(image)),
            ("interlaced.png", try PNGFixture(colorType: 3, depth: 4, interlaced: true, transparency: true).encode()),
            ("rgba.png", try PNGEncoder.fast.encode(image)),
        ]
    }

    @Test("every strict prefix throws a typed error; the probe never crashes")
    func prefixes() throws {
        for (name, bytes) in try Self.fixtures() {
            // Given every strict prefix of a valid file
            for length in 0..<bytes.count {
                let prefix = Array(bytes.prefix(length))
                // When it is probed and decoded
                _ = try? ImageInspector.probe(prefix, file: name)
                let result = Result { () throws(ImageError) in try ImageInspector.decode(prefix, file: name) }
                // Then decoding fails with a typed error naming the file
                switch result {
                case .success: Issue.record("\(name) prefix \(length) of \(bytes.count) decoded")
                case .failure(let error): #expect(error.file == name)
                }
            }
            // And the whole file decodes
            #expect(throws: Never.self) { try ImageInspector.decode(bytes, file: name) }
        }
    }

    @Test("seeded byte flips decode or throw")
    func byteFlips() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        for (name, bytes) in try Self.fixtures() {
            for _ in 0..<150 {
                // Given a copy with one to four random bytes changed
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                // When it is probed and decoded
                _ = try? ImageInspector.probe(damaged, file: name)
                let result = Result { () throws(ImageError) in try ImageInspector.decode(damaged, file: name) }
                // Then it either gives an image of a sane size or a typed error
                if case .success(let decoded) = result {
                    #expect(decoded.image.pixels.count == decoded.image.width * decoded.image.height * 4)
                }
            }
        }
    }
}

/// SplitMix64, so the flips are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Decoder robustness on corpus files", .enabled(if: ImageDumps.corpusPresent, "corpus folder absent: skipped"))
struct CorpusByteFlipTests {
    @Test(
        "seeded byte flips of small corpus JPEGs decode or throw",
        arguments: [
            "jpeg/wuffs/hippopotamus.jpeg", "jpeg/wuffs/mona-lisa.21x32.q50.jpeg", "jpeg/blink/cs-uma-ycck.jpg",
            "jpeg/libjpeg-turbo/testimgari.jpg", "jpeg/wuffs/peacock.progressive.jpeg",
        ])
    func flips(path: String) throws {
        // Given a corpus JPEG
        let bytes = try ImageDumps.read(path)
        var generator = SeededGenerator(seed: UInt64(bytes.count))
        for _ in 0..<60 {
            // When a few of its bytes are changed and it is decoded
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                damaged[Int.random(in: 2..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let result = Result { () throws(ImageError) in try ImageInspector.decode(damaged, file: path) }
            // Then it gives a consistent image or a typed error naming the file
            switch result {
            case .success(let decoded):
                #expect(decoded.image.pixels.count == decoded.image.width * decoded.image.height * 4)
            case .failure(let error):
                #expect(error.file == path)
            }
        }
    }
}

@Suite("Concurrent decoding")
struct ConcurrentDecodingTests {
    @Test("decoders share no state: eight at once give the same pixels")
    func parallel() async throws {
        // Given a JPEG and a PNG
        let image = JPEGEncoderTests.gradient(width: 64, height: 48)
        let jpeg = try JPEGEncoder(progressive: true).encode(image)
        let png = try PNGEncoder.fast.encode(image)
        let expectedJPEG = try ImageInspector.decode(jpeg).image
        // When each is decoded eight times concurrently
        let results = try await withThrowingTaskGroup(of: (Bool, RGBAImage).self) { group in
            for i in 0..<16 {
                group.addTask { (i % 2 == 0, try ImageInspector.decode(i % 2 == 0 ? jpeg : png).image) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then every result equals the single-threaded one
        for (isJPEG, decoded) in results {
            #expect(decoded == (isJPEG ? expectedJPEG : image))
        }
    }
}
