import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs

/// BlurHash and ThumbHash against values the reference implementations computed on the same pixels
/// (woltapp/blurhash `C/encode.c` and `C/decode.c`; evanw/thumbhash `js/thumbhash.js`). How the values were
/// made: Tests/Fixtures/README.md.
@Suite("BlurHash and ThumbHash against the reference implementations")
struct HashConformanceTests {
    static let references: HashReferences = (try? HashReferences.load()) ?? HashReferences()
    static let inputs: [String: RGBAImage] = {
        Dictionary((try? HashInputs.all())?.map { ($0.name, $0.image) } ?? [], uniquingKeysWith: { a, _ in a })
    }()

    @Test("the reference values are there")
    func referencesLoaded() throws {
        #expect(Self.references.blurHashes.count >= 90)
        #expect(Self.references.thumbHashes.count >= 8)
        #expect(!Self.references.blurHashDecodes.isEmpty)
        #expect(!Self.references.thumbHashDecodes.isEmpty)
        #expect(Self.inputs.count == 10)
    }

    @Test(
        "writes the inputs for the reference tools when ASSETS_WRITE_HASH_INPUTS names a folder",
        .enabled(
            if: ProcessInfo.processInfo.environment["ASSETS_WRITE_HASH_INPUTS"] != nil,
            "ASSETS_WRITE_HASH_INPUTS names no folder: nothing to write, skipped"))
    func writeInputs() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["ASSETS_WRITE_HASH_INPUTS"])
        try HashInputs.dump(into: URL(fileURLWithPath: folder))
    }

    /// What `BlurHash.encode` must give for an image the reference hashed as `expected`: `encode.c`'s string
    /// where its float sums are within `BlurHash.referenceTolerance` of the accurate sums, else the string of
    /// an encoder in Double written here (`PlainBlurHash`); either way the reference's own arithmetic, kept
    /// beside, still gives `encode.c`'s string. Returns whether the reference lost precision.
    @discardableResult
    static func expectBlurHash(
        _ image: RGBAImage, _ components: BlurHash.Components, equals expected: String,
        _ label: String
    ) throws -> Bool {
        let hash = try BlurHash.encode(image, components: components)
        let sums = BlurHashSums.factors(image, components: components)
        #expect(BlurHash.string(factors: sums.reference, components: components) == expected, "\(label) \(components)")
        guard BlurHash.referenceDeviation(sums) > BlurHash.referenceTolerance else {
            #expect(hash == expected, "\(label) \(components)")
            return false
        }
        #expect(hash == PlainBlurHash.encode(image, components: components), "\(label) \(components)")
        return true
    }

    @Test(
        "BlurHash equals encode.c on generated images, every component count on one of them, but for the 1.9 MP photo where encode.c's sums lose precision"
    )
    func blurHashGenerated() throws {
        let cases = Self.references.blurHashes.filter { !$0.input.contains(":") }
        #expect(cases.count >= 90)
        var lostPrecision: Set<String> = []
        for (input, components, expected) in cases {
            let image = try #require(Self.inputs[input], "no input \(input)")
            if try Self.expectBlurHash(image, try BlurHash.Components(parsing: components), equals: expected, input) {
                lostPrecision.insert(input)
            }
        }
        #expect(lostPrecision == ["photo-1600x1200-jpeg"])
    }

    @Test(
        "BlurHash and ThumbHash equal the references on corpus photos (EXIF orientation applied)",
        .enabled(if: ImageDumps.corpusPresent, "../shared/corpus is absent: skipped"))
    func corpusPhotos() throws {
        let cases = Self.references.blurHashes.filter { $0.input.hasPrefix("corpus:") }
        #expect(cases.count >= 5)
        for (input, components, expected) in cases {
            let bytes = try ImageDumps.read(String(input.dropFirst("corpus:".count)))
            let image = try ImageInspector.decode(bytes).image
            try Self.expectBlurHash(image, try BlurHash.Components(parsing: components), equals: expected, input)
        }
    }

    @Test(
        "BlurHash equals encode.c on the 12-megapixel benchmark photo when ASSETS_BENCH_CORPUS is set",
        .enabled(
            if: ProcessInfo.processInfo.environment["ASSETS_BENCH_CORPUS"] != nil,
            "ASSETS_BENCH_CORPUS names no benchmark corpus (Benchmarks/README.md): skipped"))
    func benchPhoto() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["ASSETS_BENCH_CORPUS"])
        for (input, components, expected) in Self.references.blurHashes where input.hasPrefix("bench:") {
            let path = folder + "/" + input.dropFirst("bench:".count)
            let image = try ImageInspector.decode(file: path).image
            try Self.expectBlurHash(image, try BlurHash.Components(parsing: components), equals: expected, input)
        }
    }

    @Test("ThumbHash equals rgbaToThumbHash byte for byte on images up to 100x100")
    func thumbHash() throws {
        #expect(Self.references.thumbHashes.count >= 8)
        for (input, expected) in Self.references.thumbHashes {
            let image = try #require(Self.inputs[input], "no input \(input)")
            #expect(ThumbHash.base64(try ThumbHash.encode(image)) == expected, "\(input)")
        }
    }

    @Test("BlurHash decoding is within one level per channel of decode.c")
    func blurHashDecode() throws {
        for (hash, width, height, punch, rgb) in Self.references.blurHashDecodes {
            let image = try BlurHash.decode(hash, width: width, height: height, punch: Double(punch))
            #expect(rgb.count == width * height * 3)
            var worst = 0
            for i in 0..<(width * height) {
                for c in 0..<3 { worst = max(worst, abs(Int(image.pixels[i * 4 + c]) - Int(rgb[i * 3 + c]))) }
                #expect(image.pixels[i * 4 + 3] == 255)
            }
            #expect(worst <= 1, "\(hash) \(width)x\(height) punch \(punch): \(worst) levels")
        }
    }

    @Test("ThumbHash decoding is within one level per channel of thumbHashToRGBA")
    func thumbHashDecode() throws {
        for (hash, width, height, rgba) in Self.references.thumbHashDecodes {
            let image = try ThumbHash.decode(try ThumbHash.bytes(base64: hash))
            #expect(image.width == width && image.height == height, "\(hash)")
            guard image.pixels.count == rgba.count else { continue }
            let worst = zip(image.pixels, rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(hash): \(worst) levels")
        }
    }
}
