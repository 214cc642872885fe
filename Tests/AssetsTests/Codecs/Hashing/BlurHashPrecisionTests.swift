import Foundation
import Testing
@testable import AssetsCodecs

/// BlurHash where `encode.c`'s 32-bit float sums lose precision: large images hash as what they show, and
/// images where the reference is accurate keep its string.
@Suite("BlurHash above the reference's float precision")
struct BlurHashPrecisionTests {
    static func flat(width: Int, height: Int, _ value: UInt8) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            var i = 0
            while i < pixels.count {
                pixels[i] = value
                pixels[i + 1] = value
                pixels[i + 2] = value
                pixels[i + 3] = 255
                i += 4
            }
        }
        return image
    }

    static let largeTests = ProcessInfo.processInfo.environment["ASSETS_LARGE_HASH_TESTS"] != nil

    @Test(
        "a white 24 MP and a white 64 MP image hash as white, as a plain 64-bit encoder hashes them",
        .enabled(if: largeTests, "ASSETS_LARGE_HASH_TESTS is not set: 88 megapixels take minutes in a debug build, skipped"),
        arguments: [(6000, 4000), (8000, 8000)])
    func largeWhite(width: Int, height: Int) throws {
        // Given a white image above 2^24 pixels, where encode.c's running float sum stops growing
        let image = Self.flat(width: width, height: height, 255)

        // When it is hashed (what `encode` does, with the sums kept to look at)
        let sums = BlurHashSums.factors(image, components: .default)
        let hash = BlurHash.string(factors: BlurHash.chosenFactors(sums), components: .default)

        // Then the reference's arithmetic alone would preview it grey, but the hash is a white one's
        #expect(BlurHash.linearToSRGB(sums.reference[0]) < 230)
        let average = try BlurHash.averageColour(of: hash)
        #expect(average.red == 255 && average.green == 255 && average.blue == 255, "\(hash)")
        #expect(hash == PlainBlurHash.encode(image, components: .default))
    }

    @Test("a flat grey 1 MP image keeps its grey (encode.c: one level off)")
    func megapixelGrey() throws {
        let image = Self.flat(width: 1000, height: 1000, 128)
        let sums = BlurHashSums.factors(image, components: .default)
        #expect(BlurHash.referenceDeviation(sums) > BlurHash.referenceTolerance)
        #expect(BlurHash.linearToSRGB(sums.reference[0]) == 129)
        let hash = BlurHash.string(factors: BlurHash.chosenFactors(sums), components: .default)
        let average = try BlurHash.averageColour(of: hash)
        #expect(average.red == 128 && average.green == 128 && average.blue == 128)
        #expect(hash == PlainBlurHash.encode(image, components: .default))
    }

    @Test(
        "up to 512x384 the reference's float sums stay within the tolerance, so its string is kept",
        arguments: [(1, 1), (7, 3), (64, 64), (100, 100), (256, 256), (300, 200), (512, 384)])
    func referenceKept(width: Int, height: Int) throws {
        for seed in UInt32(1)...3 {
            let image = HashInputs.pattern(width: width, height: height, seed: seed, alpha: seed == 3)
            for components in [BlurHash.Components.default, try BlurHash.Components(x: 9, y: 9)] {
                let sums = BlurHashSums.factors(image, components: components)
                #expect(BlurHash.referenceDeviation(sums) <= BlurHash.referenceTolerance, "\(width)x\(height) \(components)")
                #expect(BlurHash.chosenFactors(sums) == sums.reference)
            }
        }
    }
}

/// BlurHash as its formula says, in Double throughout (linear light by the sRGB formula, `cos`, sums,
/// quantisation as `encode.c` rounds): the independent value `BlurHash.encode` must give where the
/// reference's float sums have lost precision.
enum PlainBlurHash {
    static func encode(_ image: RGBAImage, components: BlurHash.Components) -> String {
        let w = image.width
        let h = image.height
        let nx = components.x
        let ny = components.y
        func linear(_ byte: UInt8) -> Double {
            let v = Double(byte) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let table = (0...255).map { linear(UInt8($0)) }
        var cosX = [Double](repeating: 0, count: w * nx)
        var cosY = [Double](repeating: 0, count: h * ny)
        for x in 0..<w { for i in 0..<nx { cosX[x * nx + i] = cos(Double.pi * Double(i) * Double(x) / Double(w)) } }
        for y in 0..<h { for j in 0..<ny { cosY[y * ny + j] = cos(Double.pi * Double(j) * Double(y) / Double(h)) } }
        var sums = [Double](repeating: 0, count: nx * ny * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            cosX.withUnsafeBufferPointer { cosX in
                cosY.withUnsafeBufferPointer { cosY in
                    sums.withUnsafeMutableBufferPointer { sums in
                        // Each row summed across first, then weighted by the row's cosines (the same sums).
                        for y in 0..<h {
                            var rowSums = [Double](repeating: 0, count: nx * 3)
                            for x in 0..<w {
                                let p = (y * w + x) * 4
                                let r = table[Int(pixels[p])]
                                let g = table[Int(pixels[p + 1])]
                                let b = table[Int(pixels[p + 2])]
                                for i in 0..<nx {
                                    let c = cosX[x * nx + i]
                                    rowSums[i * 3] += c * r
                                    rowSums[i * 3 + 1] += c * g
                                    rowSums[i * 3 + 2] += c * b
                                }
                            }
                            for j in 0..<ny {
                                for i in 0..<nx {
                                    let k = (j * nx + i) * 3
                                    for c in 0..<3 { sums[k + c] += cosY[y * ny + j] * rowSums[i * 3 + c] }
                                }
                            }
                        }
                    }
                }
            }
        }
        let count = Double(w * h)
        let factors = sums.enumerated().map { $0.element * ($0.offset < 3 ? 1 : 2) / count }
        func sRGB(_ value: Double) -> Int {
            let v = max(0, min(1, value))
            return v <= 0.0031308 ? Int(v * 12.92 * 255 + 0.5) : Int((1.055 * pow(v, 1 / 2.4) - 0.055) * 255 + 0.5)
        }
        var digits: [(Int, Int)] = [((nx - 1) + (ny - 1) * 9, 1)]
        let ac = factors.dropFirst(3)
        var maximum = 1.0
        if ac.isEmpty {
            digits.append((0, 1))
        } else {
            let quantised = max(0, min(82, Int(floor((ac.map(abs).max() ?? 0) * 166 - 0.5))))
            maximum = Double(quantised + 1) / 166
            digits.append((quantised, 1))
        }
        digits.append(((sRGB(factors[0]) << 16) + (sRGB(factors[1]) << 8) + sRGB(factors[2]), 4))
        func quantise(_ v: Double) -> Int {
            let scaled = (v / maximum < 0 ? -1.0 : 1.0) * pow(abs(v / maximum), 0.5) * 9
            return max(0, min(18, Int(floor(scaled + 9.5))))
        }
        var k = 3
        while k < factors.count {
            digits.append((quantise(factors[k]) * 361 + quantise(factors[k + 1]) * 19 + quantise(factors[k + 2]), 2))
            k += 3
        }
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        var out = ""
        for (value, length) in digits {
            var divisor = 1
            for _ in 1..<max(length, 1) { divisor *= 83 }
            for _ in 0..<length {
                out.append(alphabet[(value / divisor) % 83])
                divisor /= 83
            }
        }
        return out
    }
}
