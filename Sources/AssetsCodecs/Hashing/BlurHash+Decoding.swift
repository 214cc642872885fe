#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import AssetsSupport

extension BlurHash {
    /// The largest width or height `decode` draws.
    public static let maximumDecodeSide = 4096

    /// The components a valid hash holds; throws for a wrong length or a character outside the alphabet.
    public static func components(of hash: String) throws(BlurHashError) -> Components {
        let digits = try digits(of: hash)
        guard digits.count >= 6 else { throw .wrongLength(hash: hash, length: digits.count, expected: nil) }
        let x = digits[0] % 9 + 1
        let y = digits[0] / 9 + 1
        let expected = 4 + 2 * x * y
        guard digits.count == expected else { throw .wrongLength(hash: hash, length: digits.count, expected: expected) }
        return try Components(x: x, y: y)
    }

    /// Draws `hash` as a `width` x `height` opaque RGBA image, as the reference C decoder (`decode.c`) does:
    /// float colours, a double cosine basis converted to float, `punch` scaling the AC terms.
    public static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1) throws(BlurHashError) -> RGBAImage {
        guard (1...maximumDecodeSide).contains(width), (1...maximumDecodeSide).contains(height) else {
            throw .sizeOutOfRange(width: width, height: height)
        }
        guard punch.isFinite, punch > 0 else { throw .badPunch(punch) }
        let components = try components(of: hash)
        let digits = try digits(of: hash)
        let colours = decodeColours(digits, components: components, punch: Float(max(1, punch)))
        let xCount = components.x
        let yCount = components.y
        var image = RGBAImage(width: width, height: height)
        // Eight columns at a time, one per SIMD lane; each lane does decode.c's arithmetic for its pixel in
        // its order (for each j, for each i: the basis in double, stored as float, then each channel's
        // float multiply-add as two roundings), so every pixel is bit for bit what a pixel-by-pixel loop
        // makes. The x cosines of each block of eight columns, padded past the last column with zeros.
        let blocks = (width + 7) / 8
        var xCos = [SIMD8<Double>](repeating: .zero, count: blocks * xCount)
        for x in 0..<width {
            for i in 0..<xCount { xCos[(x / 8) * xCount + i][x % 8] = cos(Double.pi * Double(x) * Double(i) / Double(width)) }
        }
        let levels = SRGBLevels.shared
        // Bands of rows on every core for a large image (each pixel is the same on any thread).
        let bandHeight = 32
        let bands = (height + bandHeight - 1) / bandHeight
        let parallel = width * height >= 1 << 20
        image.pixels.withUnsafeMutableBufferPointer { out in
            xCos.withUnsafeBufferPointer { xCos in
                colours.withUnsafeBufferPointer { colours in
                    let shared = UnsafeSendable((out, xCos, colours))
                    let draw = { (band: Int) in
                        let (out, xCos, colours) = shared.value
                        var yCos = [Double](repeating: 0, count: yCount)
                        for y in (band * bandHeight)..<min(height, (band + 1) * bandHeight) {
                            for j in 0..<yCount { yCos[j] = cos(Double.pi * Double(y) * Double(j) / Double(height)) }
                            for block in 0..<blocks {
                                var r = SIMD8<Float>.zero
                                var g = r
                                var b = r
                                for j in 0..<yCount {
                                    let yBasis = yCos[j]
                                    for i in 0..<xCount {
                                        // decode.c: cos(...) * cos(...) in double, stored as float.
                                        let basis = SIMD8<Float>(xCos[block * xCount + i] * yBasis)
                                        let c = (i + j * xCount) * 3
                                        r += SIMD8(repeating: colours[c]) * basis
                                        g += SIMD8(repeating: colours[c + 1]) * basis
                                        b += SIMD8(repeating: colours[c + 2]) * basis
                                    }
                                }
                                var index = (y * width + block * 8) * 4
                                for lane in 0..<min(8, width - block * 8) {
                                    out[index] = levels.level(r[lane])
                                    out[index + 1] = levels.level(g[lane])
                                    out[index + 2] = levels.level(b[lane])
                                    out[index + 3] = 255
                                    index += 4
                                }
                            }
                        }
                    }
                    if parallel {
                        _ = ParallelWork.map(count: bands, chunk: 1) { band in draw(band) }
                    } else {
                        for band in 0..<bands { draw(band) }
                    }
                }
            }
        }
        return image
    }

    /// The average colour a hash carries (its DC term) as 8-bit sRGB.
    public static func averageColour(of hash: String) throws(BlurHashError) -> (red: UInt8, green: UInt8, blue: UInt8) {
        _ = try components(of: hash)
        let digits = try digits(of: hash)
        let value = ((digits[2] * 83 + digits[3]) * 83 + digits[4]) * 83 + digits[5]
        return (UInt8((value >> 16) & 255), UInt8((value >> 8) & 255), UInt8(value & 255))
    }

    /// decode.c's colour table: the DC through the sRGB table, each AC `signPow((q - 9) / 9, 2) * max * punch`.
    static func decodeColours(_ digits: [Int], components: Components, punch: Float) -> [Float] {
        let count = components.x * components.y
        var colours = [Float](repeating: 0, count: count * 3)
        let maximumValue = Float(digits[1] + 1) / 166 * punch
        let dc = ((digits[2] * 83 + digits[3]) * 83 + digits[4]) * 83 + digits[5]
        colours[0] = linearTable[(dc >> 16) & 255]
        colours[1] = linearTable[(dc >> 8) & 255]
        colours[2] = linearTable[dc & 255]
        for k in 1..<max(count, 1) {
            let value = digits[4 + k * 2] * 83 + digits[5 + k * 2]
            let quantR = value / (19 * 19)
            let quantG = (value / 19) % 19
            let quantB = value % 19
            colours[k * 3] = signPow((Float(quantR) - 9) / 9, 2) * maximumValue
            colours[k * 3 + 1] = signPow((Float(quantG) - 9) / 9, 2) * maximumValue
            colours[k * 3 + 2] = signPow((Float(quantB) - 9) / 9, 2) * maximumValue
        }
        return colours
    }

    /// `linearToSRGB` of a float by table: the smallest float that reaches each level, found once by
    /// bisection over the floats' bit patterns (ordered as their values for non-negative floats), so a
    /// level costs eight comparisons instead of a `powf`. Values within 64 representable floats of a
    /// threshold take `linearToSRGB` itself, so the table is exact even if `powf` is not monotonic there.
    struct SRGBLevels: Sendable {
        static let shared = SRGBLevels()
        /// thresholds[k - 1]: the smallest float in 0...1 whose level is at least k (k = 1...255).
        let thresholds: [Float]

        init() {
            var thresholds: [Float] = []
            for level in 1...255 {
                var low: UInt32 = 0
                var high = Float(1).bitPattern  // linearToSRGB(low) < level <= linearToSRGB(high)
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if BlurHash.linearToSRGB(Float(bitPattern: middle)) >= level { high = middle } else { low = middle }
                }
                thresholds.append(Float(bitPattern: high))
            }
            self.thresholds = thresholds
        }

        @inline(__always)
        func level(_ value: Float) -> UInt8 {
            let v = fmaxf(0, fminf(1, value))
            var low = 0
            var high = thresholds.count  // the count of thresholds <= v, by bisection
            while low < high {
                let middle = (low + high) / 2
                if thresholds[middle] <= v { low = middle + 1 } else { high = middle }
            }
            let bits = v.bitPattern
            if low > 0, bits &- thresholds[low - 1].bitPattern < 64 { return UInt8(linearToSRGB(v)) }
            if low < thresholds.count, thresholds[low].bitPattern &- bits <= 64 { return UInt8(linearToSRGB(v)) }
            return UInt8(low)
        }
    }

    /// The base-83 value of each character; throws at the first character outside the alphabet.
    static func digits(of hash: String) throws(BlurHashError) -> [Int] {
        var digits: [Int] = []
        for (offset, character) in hash.enumerated() {
            guard let ascii = character.asciiValue, let digit = alphabetIndex[Int(ascii)] else {
                throw .badCharacter(hash: hash, character: character, offset: offset)
            }
            digits.append(digit)
        }
        return digits
    }

    private static let alphabetIndex: [Int?] = {
        var index = [Int?](repeating: nil, count: 128)
        for (i, byte) in alphabet.enumerated() { index[Int(byte)] = i }
        return index
    }()
}
