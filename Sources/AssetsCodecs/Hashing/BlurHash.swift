#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// BlurHash (woltapp/blurhash): a few DCT components of an image as 6 to 162 base-83 characters.
///
/// Written by hand on purpose: BlurHash is a few lines of arithmetic over decoded pixels, not a codec, and
/// no Debian library implements it. To give the same string as the reference C encoder (`C/encode.c`) on
/// the same pixels, this port keeps that file's arithmetic, not only its formula: the sums are 32-bit
/// floats accumulated per channel in row-major pixel order, the basis is `cosf` of the angle computed in
/// double as `M_PI * component * x / width`, the sRGB-to-linear table is built with `encode.c`'s mixed
/// float/double expressions and `powf`, and the quantisation rounds where `encode.c` rounds (float
/// products, double `+ 0.5`, `floorf`, truncation to int). A port in 64-bit floats misses on large photos,
/// where one component lands on the other side of a quantisation step. The reference's build flags matter
/// too: `-Ofast` (its Makefile) lets the compiler reorder the sums; this port equals a build without
/// fast-math (as `blurhash-python` compiles it).
///
/// Where the reference is wrong, this is not: `encode.c`'s running float sums lose precision as they grow
/// (a white 24-megapixel image previews as grey 218, a 64-megapixel one as 140; a grey 1-megapixel one is
/// already a level off). The same terms are also summed without that loss (`BlurHashSums`); when the
/// reference's normalised factors are within `referenceTolerance` of those, its string is kept (a
/// difference there is a value on a quantisation edge, which the reference's own arithmetic decides), and
/// beyond it the string is made from the accurate sums (Docs/hashing.md).
///
/// The sums for all components run in one pass over the pixels, component lanes side by side in SIMD
/// registers; each lane adds in the same order as the reference's separate pass, so the result is the same.
public enum BlurHash {
    /// The base-83 alphabet.
    package static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// How many cosine components across and down (each 1...9).
    public struct Components: Sendable, Hashable, CustomStringConvertible {
        public var x: Int
        public var y: Int

        /// Throws when either count is outside 1...9.
        public init(x: Int, y: Int) throws(BlurHashError) {
            guard (1...9).contains(x), (1...9).contains(y) else { throw .componentsOutOfRange(x: x, y: y) }
            self.x = x
            self.y = y
        }

        private init(checkedX x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        /// 4 across, 3 down: the reference's and most servers' default.
        public static let `default` = Components(checkedX: 4, y: 3)

        /// Parses `XxY` (for example `4x3`).
        public init(parsing text: String) throws(BlurHashError) {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else {
                throw .badComponents(text)
            }
            try self.init(x: x, y: y)
        }

        public var description: String { "\(x)x\(y)" }
    }

    /// How far (in normalised factor units, a factor of a white image's DC being 1) `encode.c`'s float sums
    /// may stray from the accurate sums of the same terms for its string to be kept: 2^-12, a quarter of the
    /// smallest step of an 8-bit channel in linear light above the darkest 1 %. In practice the reference
    /// stays within it up to about 0.3 megapixels (flat grey 500x500: 1.3e-4; smooth 512x384: 1.6e-4) and
    /// leaves it above (640x480: 6.6e-4; 1600x1200: 8.7e-3; white 24 MP: 0.3).
    package static let referenceTolerance: Double = 1.0 / 4096

    /// The BlurHash of `image`'s RGB (alpha ignored, colours as stored): `encode.c`'s string where its sums
    /// are within `referenceTolerance` of the accurate ones, else the string of the accurate sums.
    public static func encode(_ image: RGBAImage, components: Components = .default) throws(BlurHashError) -> String {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let sums = BlurHashSums.factors(image, components: components)
        return string(factors: chosenFactors(sums), components: components)
    }

    /// The reference's factors when they are within `referenceTolerance` of the accurate ones, else the
    /// accurate factors (as floats, the type the reference quantises).
    package static func chosenFactors(_ sums: (reference: [Float], accurate: [Double])) -> [Float] {
        referenceDeviation(sums) <= referenceTolerance ? sums.reference : sums.accurate.map { Float($0) }
    }

    /// The largest difference between the reference's normalised factors and the accurate ones.
    package static func referenceDeviation(_ sums: (reference: [Float], accurate: [Double])) -> Double {
        zip(sums.reference, sums.accurate).reduce(0) { max($0, abs(Double($1.0) - $1.1)) }
    }

    /// The characters for the factors (DC first, then AC in component order, three channels each).
    static func string(factors: [Float], components: Components) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4 + 2 * components.x * components.y)
        append(value: (components.x - 1) + (components.y - 1) * 9, length: 1, to: &out)
        let acCount = components.x * components.y - 1
        let maximumValue: Float
        if acCount > 0 {
            var actualMaximum: Float = 0
            for i in 3..<(3 + acCount * 3) { actualMaximum = fmaxf(fabsf(factors[i]), actualMaximum) }
            // encode.c: floorf(actualMaximumValue * 166 - 0.5): a float product, a double subtraction.
            let quantised = clampedInt(floorf(Float(Double(actualMaximum * 166) - 0.5)), upper: 82)
            maximumValue = (Float(quantised) + 1) / 166
            append(value: quantised, length: 1, to: &out)
        } else {
            maximumValue = 1
            append(value: 0, length: 1, to: &out)
        }
        let dc = (linearToSRGB(factors[0]) << 16) + (linearToSRGB(factors[1]) << 8) + linearToSRGB(factors[2])
        append(value: dc, length: 4, to: &out)
        for i in 0..<acCount {
            let base = 3 + i * 3
            let r = quantiseAC(factors[base], maximumValue)
            let g = quantiseAC(factors[base + 1], maximumValue)
            let b = quantiseAC(factors[base + 2], maximumValue)
            append(value: r * 19 * 19 + g * 19 + b, length: 2, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `fmaxf(0, fminf(upper, value))` converted to int as C does (NaN gives 0 through fmaxf).
    private static func clampedInt(_ value: Float, upper: Float) -> Int {
        Int(fmaxf(0, fminf(upper, value)))
    }

    /// encode.c's `encodeAC` for one channel.
    private static func quantiseAC(_ value: Float, _ maximumValue: Float) -> Int {
        let scaled = signPow(value / maximumValue, 0.5) * 9
        return clampedInt(floorf(Float(Double(scaled) + 9.5)), upper: 18)
    }

    static func signPow(_ value: Float, _ exponent: Float) -> Float {
        copysignf(powf(fabsf(value), exponent), value)
    }

    /// common.h's `linearTosRGB`: clamps, then double arithmetic around `powf`, truncated.
    static func linearToSRGB(_ value: Float) -> Int {
        let v = fmaxf(0, fminf(1, value))
        if Double(v) <= 0.0031308 { return Int(Double(v) * 12.92 * 255 + 0.5) }
        return Int((1.055 * Double(powf(v, Float(1 / 2.4))) - 0.055) * 255 + 0.5)
    }

    /// common.h's `sRGBToLinear` for each byte value.
    static let linearTable: [Float] = (0..<256).map { value in
        let v = Float(value) / 255
        if Double(v) <= 0.04045 { return Float(Double(v) / 12.92) }
        return powf(Float((Double(v) + 0.055) / 1.055), Float(2.4 as Double))
    }

    static func append(value: Int, length: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 0..<(length - 1) { divisor *= 83 }
        for _ in 0..<length {
            out.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
    }
}
