import Foundation

/// MD5 (RFC 1321) and CRC-32/IEEE, to compare decoder output with the corpus' checksum statements.
enum Checksums {
    static func md5(_ message: [UInt8]) -> String {
        let s: [UInt32] = [
            7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
            5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
            4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
            6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
        ]
        let k: [UInt32] = (0..<64).map { i in
            UInt32((abs(sin(Double(i + 1))) * 4_294_967_296.0).rounded(.down))
        }
        var a0: UInt32 = 0x6745_2301
        var b0: UInt32 = 0xefcd_ab89
        var c0: UInt32 = 0x98ba_dcfe
        var d0: UInt32 = 0x1032_5476
        var data = message
        let bitLength = UInt64(message.count) &* 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for i in 0..<8 { data.append(UInt8((bitLength >> (8 * UInt64(i))) & 0xFF)) }
        var m = [UInt32](repeating: 0, count: 16)
        var chunk = 0
        while chunk < data.count {
            for i in 0..<16 {
                let j = chunk + i * 4
                m[i] = UInt32(data[j]) | UInt32(data[j + 1]) << 8 | UInt32(data[j + 2]) << 16 | UInt32(data[j + 3]) << 24
            }
            var a = a0
            var b = b0
            var c = c0
            var d = d0
            for i in 0..<64 {
                var f: UInt32
                let g: Int
                switch i {
                case 0..<16:
                    f = (b & c) | (~b & d)
                    g = i
                case 16..<32:
                    f = (d & b) | (~d & c)
                    g = (5 * i + 1) % 16
                case 32..<48:
                    f = b ^ c ^ d
                    g = (3 * i + 5) % 16
                default:
                    f = c ^ (b | ~d)
                    g = (7 * i) % 16
                }
                f = f &+ a &+ k[i] &+ m[g]
                a = d
                d = c
                c = b
                b = b &+ (f << s[i] | f >> (32 - s[i]))
            }
            a0 = a0 &+ a
            b0 = b0 &+ b
            c0 = c0 &+ c
            d0 = d0 &+ d
            chunk += 64
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8((word >> (8 * UInt32($0))) & 0xFF) } }
            .map { hex($0) }.joined()
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    struct CRC32 {
        var value: UInt32 = 0xFFFF_FFFF
        mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes { value = Checksums.crcTable[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        var hex: String {
            let v = value ^ 0xFFFF_FFFF
            return (0..<4).reversed().map { Checksums.hex(UInt8((v >> (8 * UInt32($0))) & 0xFF)) }.joined()
        }
    }
}
