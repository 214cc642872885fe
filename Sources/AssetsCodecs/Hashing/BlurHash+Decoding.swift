#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BlurHash {
    /// The largest width or height `decode` draws.
    public static let maximumDecodeSide = 4096

    /// The components a valid hash holds; throws for a wrong length or a character outside the alphabet.
    public static func components(of hash: String) throws(BlurHashError) -> Components {
        let digits = try digits(of: hash)
        guard digits.count >= 6 else { throw .wrongLength(hash: hash, length: digits.count, expected: nil) }
        let x = digits[0] % 9 + 1, y = digits[0] / 9 + 1
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
        let xCount = components.x, yCount = components.y
        var image = RGBAImage(width: width, height: height)
        var xCos = [Double](repeating: 0, count: width * xCount)
        for x in 0..<width { for i in 0..<xCount { xCos[x * xCount + i] = cos(Double.pi * Double(x) * Double(i) / Double(width)) } }
        var yCos = [Double](repeating: 0, count: yCount)
        image.pixels.withUnsafeMutableBufferPointer { out in
            var index = 0
            for y in 0..<height {
                for j in 0..<yCount { yCos[j] = cos(Double.pi * Double(y) * Double(j) / Double(height)) }
                for x in 0..<width {
                    var r: Float = 0, g: Float = 0, b: Float = 0
                    for j in 0..<yCount {
                        for i in 0..<xCount {
                            // decode.c: cos(...) * cos(...) in double, stored as float.
                            let basis = Float(xCos[x * xCount + i] * yCos[j])
                            let c = (i + j * xCount) * 3
                            r += colours[c] * basis
                            g += colours[c + 1] * basis
                            b += colours[c + 2] * basis
                        }
                    }
                    out[index] = UInt8(linearToSRGB(r))
                    out[index + 1] = UInt8(linearToSRGB(g))
                    out[index + 2] = UInt8(linearToSRGB(b))
                    out[index + 3] = 255
                    index += 4
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
    private static func decodeColours(_ digits: [Int], components: Components, punch: Float) -> [Float] {
        let count = components.x * components.y
        var colours = [Float](repeating: 0, count: count * 3)
        let maximumValue = Float(digits[1] + 1) / 166 * punch
        let dc = ((digits[2] * 83 + digits[3]) * 83 + digits[4]) * 83 + digits[5]
        colours[0] = linearTable[(dc >> 16) & 255]
        colours[1] = linearTable[(dc >> 8) & 255]
        colours[2] = linearTable[dc & 255]
        for k in 1..<max(count, 1) {
            let value = digits[4 + k * 2] * 83 + digits[5 + k * 2]
            let quantR = value / (19 * 19), quantG = (value / 19) % 19, quantB = value % 19
            colours[k * 3] = signPow((Float(quantR) - 9) / 9, 2) * maximumValue
            colours[k * 3 + 1] = signPow((Float(quantG) - 9) / 9, 2) * maximumValue
            colours[k * 3 + 2] = signPow((Float(quantB) - 9) / 9, 2) * maximumValue
        }
        return colours
    }

    /// The base-83 value of each character; throws at the first character outside the alphabet.
    private static func digits(of hash: String) throws(BlurHashError) -> [Int] {
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
