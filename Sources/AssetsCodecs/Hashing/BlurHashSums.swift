#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The BlurHash factor sums of `encode.c`'s `multiplyBasisFunction`, for every component in one pass, twice:
/// as the reference adds them and as they are.
///
/// Component `k = cy * xCount + cx` is lane `k % 8` of SIMD group `k / 8`. For each pixel every lane does
/// what the reference does for its component: `basis = cosf(x angle) * cosf(y angle)` in float, then
/// `sum += basis * linear` for each channel, pixels in row-major order. Lanes are independent IEEE float
/// operations (no fused multiply-add), so each `reference` sum is bit for bit the reference's.
///
/// The reference's one running float sum per component loses precision as it grows: once it passes 2^24
/// (a white image above 16.7 megapixels) adding a pixel's 1.0 changes nothing, and long before that the
/// low bits of each term are rounded away (a white 24 MP image sums to 0.7 of its pixel count). So each lane
/// also adds the same float terms into a block sum of at most `blockLength` pixels (small enough that its
/// float rounding stays below 2^-18 of a term), and each block sum into a `Double`: the `accurate` sums, the
/// same terms added without the loss.
enum BlurHashSums {
    /// Pixels per float block sum before it is moved into the `Double` total.
    static let blockLength = 64

    /// Factors in `encode.c`'s layout: component-major, then R, G, B; each already multiplied by its scale.
    /// `reference` is `encode.c`'s arithmetic; `accurate` the same terms summed without its precision loss.
    static func factors(_ image: RGBAImage, components: BlurHash.Components) -> (reference: [Float], accurate: [Double]) {
        let width = image.width
        let height = image.height
        let xCount = components.x
        let yCount = components.y
        let count = xCount * yCount
        let groups = (count + 7) / 8
        // The x basis of every lane for each column: cosX[x * groups + g].
        var cosX = [SIMD8<Float>](repeating: .zero, count: width * groups)
        var columnCos = [Float](repeating: 0, count: xCount)
        for x in 0..<width {
            for c in 0..<xCount { columnCos[c] = angleCos(c, x, width) }
            for k in 0..<count { cosX[x * groups + k / 8][k % 8] = columnCos[k % xCount] }
        }
        // The reference sums R, G, B at [0, groups, 2 * groups]; the Double totals the same way; the row's y
        // basis; the linear R, G, B of the block's pixels.
        let sums = UnsafeMutableBufferPointer<SIMD8<Float>>.allocate(capacity: 3 * groups)
        sums.initialize(repeating: .zero)
        let totals = UnsafeMutableBufferPointer<SIMD8<Double>>.allocate(capacity: 3 * groups)
        totals.initialize(repeating: .zero)
        let rowCos = UnsafeMutableBufferPointer<SIMD8<Float>>.allocate(capacity: groups)
        rowCos.initialize(repeating: .zero)
        let linear = UnsafeMutableBufferPointer<Float>.allocate(capacity: 3 * blockLength)
        linear.initialize(repeating: 0)
        defer {
            sums.deallocate()
            totals.deallocate()
            rowCos.deallocate()
            linear.deallocate()
        }
        var lineCos = [Float](repeating: 0, count: yCount)
        let table = BlurHash.linearTable
        image.pixels.withUnsafeBufferPointer { pixels in
            table.withUnsafeBufferPointer { table in
                cosX.withUnsafeBufferPointer { cosX in
                    for y in 0..<height {
                        for c in 0..<yCount { lineCos[c] = angleCos(c, y, height) }
                        for k in 0..<count { rowCos[k / 8][k % 8] = lineCos[k / xCount] }
                        var start = 0
                        while start < width {
                            let length = min(width - start, blockLength)
                            var index = (y * width + start) * 4
                            for i in 0..<length {
                                linear[3 * i] = table[Int(pixels[index])]
                                linear[3 * i + 1] = table[Int(pixels[index + 1])]
                                linear[3 * i + 2] = table[Int(pixels[index + 2])]
                                index += 4
                            }
                            // Each group's lanes over the block, pixels in order: per lane the reference's
                            // order of additions, the running sums and the block's sums in registers.
                            for group in 0..<groups {
                                var red = sums[group]
                                var green = sums[groups + group]
                                var blue = sums[2 * groups + group]
                                var blockRed = SIMD8<Float>.zero
                                var blockGreen = blockRed
                                var blockBlue = blockRed
                                let yBasis = rowCos[group]
                                var column = (start * groups) + group
                                for i in 0..<length {
                                    let basis = cosX[column] * yBasis
                                    column += groups
                                    let termR = basis * SIMD8(repeating: linear[3 * i])
                                    let termG = basis * SIMD8(repeating: linear[3 * i + 1])
                                    let termB = basis * SIMD8(repeating: linear[3 * i + 2])
                                    red += termR
                                    green += termG
                                    blue += termB
                                    blockRed += termR
                                    blockGreen += termG
                                    blockBlue += termB
                                }
                                sums[group] = red
                                sums[groups + group] = green
                                sums[2 * groups + group] = blue
                                for lane in 0..<8 {
                                    totals[group][lane] += Double(blockRed[lane])
                                    totals[groups + group][lane] += Double(blockGreen[lane])
                                    totals[2 * groups + group][lane] += Double(blockBlue[lane])
                                }
                            }
                            start += length
                        }
                    }
                }
            }
        }
        // encode.c: normalisation / (width * height), the int product converted to float.
        let pixelCount = Float(width * height)
        var reference = [Float](repeating: 0, count: count * 3)
        var accurate = [Double](repeating: 0, count: count * 3)
        for k in 0..<count {
            let scale = (k == 0 ? Float(1) : Float(2)) / pixelCount
            let exactScale = (k == 0 ? 1.0 : 2.0) / Double(width * height)
            for channel in 0..<3 {
                reference[k * 3 + channel] = sums[channel * groups + k / 8][k % 8] * scale
                accurate[k * 3 + channel] = totals[channel * groups + k / 8][k % 8] * exactScale
            }
        }
        return (reference, accurate)
    }

    /// `cosf(M_PI * component * position / size)`: the angle in double, then converted to float.
    @inline(__always)
    static func angleCos(_ component: Int, _ position: Int, _ size: Int) -> Float {
        cosf(Float(Double.pi * Double(component) * Double(position) / Double(size)))
    }
}
