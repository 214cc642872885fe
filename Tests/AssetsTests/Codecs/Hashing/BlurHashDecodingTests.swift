import Foundation
import Testing
@testable import AssetsCodecs

/// BlurHash decoding eight columns at a time draws every pixel as decode.c's pixel-by-pixel loop does.
@Suite("BlurHash decoding, vectorised, against the pixel-by-pixel loop")
struct BlurHashDecodingTests {
    /// decode.c's loop as it reads, one pixel at a time (the package's decoder before it was vectorised).
    static func pixelByPixel(_ hash: String, width: Int, height: Int, punch: Double) throws -> [UInt8] {
        let components = try BlurHash.components(of: hash)
        let colours = BlurHash.decodeColours(try BlurHash.digits(of: hash), components: components, punch: Float(max(1, punch)))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var index = 0
        for y in 0..<height {
            for x in 0..<width {
                var r: Float = 0
                var g: Float = 0
                var b: Float = 0
                for j in 0..<components.y {
                    for i in 0..<components.x {
                        let basis = Float(
                            cos(Double.pi * Double(x) * Double(i) / Double(width))
                                * cos(Double.pi * Double(y) * Double(j) / Double(height)))
                        let c = (i + j * components.x) * 3
                        r += colours[c] * basis
                        g += colours[c + 1] * basis
                        b += colours[c + 2] * basis
                    }
                }
                out[index] = UInt8(BlurHash.linearToSRGB(r))
                out[index + 1] = UInt8(BlurHash.linearToSRGB(g))
                out[index + 2] = UInt8(BlurHash.linearToSRGB(b))
                out[index + 3] = 255
                index += 4
            }
        }
        return out
    }

    @Test("identical pixels for every component count, odd sizes and punch")
    func identical() throws {
        let image = HashInputs.pattern(width: 37, height: 23, seed: 4)
        var checked = 0
        for x in 1...9 {
            for y in 1...9 where (x + y) % 3 == 0 || x == y {
                let hash = try BlurHash.encode(image, components: try BlurHash.Components(x: x, y: y))
                for (width, height, punch) in [(1, 1, 1.0), (7, 13, 1.0), (32, 32, 1.5), (33, 17, 1.0), (64, 9, 3.0)] {
                    let drawn = try BlurHash.decode(hash, width: width, height: height, punch: punch)
                    #expect(
                        drawn.pixels == (try Self.pixelByPixel(hash, width: width, height: height, punch: punch)),
                        "\(hash) \(width)x\(height) punch \(punch)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("the level table gives linearToSRGB's level for every float near each threshold and across 0...1")
    func levels() {
        let table = BlurHash.SRGBLevels.shared
        for threshold in table.thresholds {
            for step in -80...80 {
                let v = Float(bitPattern: UInt32(Int(threshold.bitPattern) + step))
                #expect(Int(table.level(v)) == BlurHash.linearToSRGB(v), "\(v)")
            }
        }
        for k in 0...100_000 {
            let v = Float(k) / 100_000
            #expect(Int(table.level(v)) == BlurHash.linearToSRGB(v), "\(v)")
        }
        #expect(table.level(-0.5) == 0 && table.level(2) == 255 && table.level(.nan) == 255)
    }
}
