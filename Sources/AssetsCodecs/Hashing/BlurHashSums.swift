#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The BlurHash factor sums of `encode.c`'s `multiplyBasisFunction`, for every component in one pass.
///
/// Component `k = cy * xCount + cx` is lane `k % 8` of SIMD group `k / 8`. For each pixel every lane does
/// what the reference does for its component: `basis = cosf(x angle) * cosf(y angle)` in float, then
/// `sum += basis * linear` for each channel, pixels in row-major order. Lanes are independent IEEE float
/// operations (no fused multiply-add), so each sum is bit for bit the reference's.
enum BlurHashSums {
    /// Factors in `encode.c`'s layout: component-major, then R, G, B; each already multiplied by its scale.
    static func factors(_ image: RGBAImage, components: BlurHash.Components) -> [Float] {
        let width = image.width, height = image.height
        let xCount = components.x, yCount = components.y
        let count = xCount * yCount
        let groups = (count + 7) / 8
        // The x basis of every lane for each column: cosX[x * groups + g].
        var cosX = [SIMD8<Float>](repeating: .zero, count: width * groups)
        var columnCos = [Float](repeating: 0, count: xCount)
        for x in 0..<width {
            for c in 0..<xCount { columnCos[c] = angleCos(c, x, width) }
            for k in 0..<count { cosX[x * groups + k / 8][k % 8] = columnCos[k % xCount] }
        }
        var rowCos = [SIMD8<Float>](repeating: .zero, count: groups)
        var red = [SIMD8<Float>](repeating: .zero, count: groups)
        var green = red, blue = red
        var lineCos = [Float](repeating: 0, count: yCount)
        let table = BlurHash.linearTable
        image.pixels.withUnsafeBufferPointer { pixels in
            table.withUnsafeBufferPointer { table in
                cosX.withUnsafeBufferPointer { cosX in
                    red.withUnsafeMutableBufferPointer { red in
                        green.withUnsafeMutableBufferPointer { green in
                            blue.withUnsafeMutableBufferPointer { blue in
                                for y in 0..<height {
                                    for c in 0..<yCount { lineCos[c] = angleCos(c, y, height) }
                                    for k in 0..<count { rowCos[k / 8][k % 8] = lineCos[k / xCount] }
                                    rowCos.withUnsafeBufferPointer { rowCos in
                                        var index = y * width * 4
                                        for x in 0..<width {
                                            let r = SIMD8(repeating: table[Int(pixels[index])])
                                            let g = SIMD8(repeating: table[Int(pixels[index + 1])])
                                            let b = SIMD8(repeating: table[Int(pixels[index + 2])])
                                            index += 4
                                            let base = x * groups
                                            for group in 0..<groups {
                                                let basis = cosX[base + group] * rowCos[group]
                                                red[group] += basis * r
                                                green[group] += basis * g
                                                blue[group] += basis * b
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // encode.c: normalisation / (width * height), the int product converted to float.
        let pixelCount = Float(width * height)
        var factors = [Float](repeating: 0, count: count * 3)
        for k in 0..<count {
            let scale = (k == 0 ? Float(1) : Float(2)) / pixelCount
            factors[k * 3] = red[k / 8][k % 8] * scale
            factors[k * 3 + 1] = green[k / 8][k % 8] * scale
            factors[k * 3 + 2] = blue[k / 8][k % 8] * scale
        }
        return factors
    }

    /// `cosf(M_PI * component * position / size)`: the angle in double, then converted to float.
    @inline(__always)
    static func angleCos(_ component: Int, _ position: Int, _ size: Int) -> Float {
        cosf(Float(Double.pi * Double(component) * Double(position) / Double(size)))
    }
}
