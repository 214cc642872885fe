#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cosine of fdlibm 5.3 (Sun Microsystems, 1993: `s_cos.c`, `k_cos.c`, `k_sin.c`, `e_rem_pio2.c`), the
/// one JavaScript engines run for `Math.cos`: V8 (Node.js; `src/base/ieee754.cc`, "adapted from fdlibm") and
/// SpiderMonkey (Firefox) both ship a port of it.
///
/// Written by hand on purpose: ThumbHash (evanw/thumbhash) is defined by its JavaScript reference, whose
/// cosines come from `Math.cos`. The C library's `cos` (glibc, Apple's libm) is a different algorithm that
/// differs from fdlibm's in the last place on about 3 % of the arguments ThumbHash uses, and a coefficient
/// sitting on a rounding edge then rounds the other way, changing the hash. No Debian or Swift package
/// exposes fdlibm's cosine (glibc and Apple's libm replaced it), so the four routines are ported here,
/// operation for operation, with fdlibm's constants written as the bit patterns fdlibm documents.
///
/// Algorithm (fdlibm's): reduce `x` to `y0 + y1` in [-pi/4, pi/4] with `x = n * pi/2 + y0 + y1`
/// (Cody-Waite: pi/2 split in 33-bit pieces, a second and third step when cancellation is large), then
/// a degree-14 polynomial for the cosine or degree-13 for the sine of the reduced argument, chosen and signed
/// by `n mod 4`. The reduction here covers |x| <= 2^19 * pi/2 (fdlibm's "medium size"); beyond that fdlibm
/// uses the Payne-Hanek reduction `__kernel_rem_pio2`, not ported: those arguments fall back to the C
/// library's `cos` (ThumbHash's arguments are below 8 * pi).
enum Fdlibm {
    /// fdlibm's `cos(x)`.
    static func cos(_ x: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix <= 0x3FE9_21FB { return kernelCos(x, 0) }  // |x| ~<= pi/4
        if ix >= 0x7FF0_0000 { return x - x }  // NaN or infinity
        guard let (n, y0, y1) = remainderPiOver2(x) else {
            return libraryCosine(x)
        }
        switch n & 3 {
        case 0: return kernelCos(y0, y1)
        case 1: return -kernelSin(y0, y1)
        case 2: return -kernelCos(y0, y1)
        default: return kernelSin(y0, y1)
        }
    }

    /// The high 32 bits of `x`, signed, as fdlibm's `GET_HIGH_WORD`.
    @inline(__always)
    private static func highWord(_ x: Double) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: x.bitPattern >> 32))
    }

    @inline(__always)
    private static func double(_ bits: UInt64) -> Double { Double(bitPattern: bits) }

    /// `__ieee754_rem_pio2` for |x| <= 2^19 * pi/2: `(n, y0, y1)` with x = n * pi/2 + y0 + y1; nil beyond.
    // fdlibm's own names (pio2_1 ... pio2_3t) are kept, to read beside e_rem_pio2.c.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private static func remainderPiOver2(_ x: Double) -> (Int32, Double, Double)? {
        let invpio2 = double(0x3FE4_5F30_6DC9_C883)  // 53 bits of 2/pi
        let pio2_1 = double(0x3FF9_21FB_5440_0000)  // first 33 bits of pi/2
        let pio2_1t = double(0x3DD0_B461_1A62_6331)  // pi/2 - pio2_1
        let pio2_2 = double(0x3DD0_B461_1A60_0000)  // second 33 bits of pi/2
        let pio2_2t = double(0x3BA3_198A_2E03_7073)  // pi/2 - (pio2_1 + pio2_2)
        let pio2_3 = double(0x3BA3_198A_2E00_0000)  // third 33 bits of pi/2
        let pio2_3t = double(0x397B_839A_2520_49C1)  // pi/2 - (pio2_1 + pio2_2 + pio2_3)
        let hx = highWord(x)
        let ix = hx & 0x7FFF_FFFF
        if ix <= 0x3FE9_21FB { return (0, x, 0) }
        if ix < 0x4002_D97C {  // |x| < 3pi/4: n = +-1
            if hx > 0 {
                var z = x - pio2_1
                if ix != 0x3FF9_21FB {  // 33 + 53 bits of pi are enough
                    let y0 = z - pio2_1t
                    return (1, y0, (z - y0) - pio2_1t)
                }
                z -= pio2_2  // near pi/2: 33 + 33 + 53 bits
                let y0 = z - pio2_2t
                return (1, y0, (z - y0) - pio2_2t)
            }
            var z = x + pio2_1
            if ix != 0x3FF9_21FB {
                let y0 = z + pio2_1t
                return (-1, y0, (z - y0) + pio2_1t)
            }
            z += pio2_2
            let y0 = z + pio2_2t
            return (-1, y0, (z - y0) + pio2_2t)
        }
        guard ix <= 0x4139_21FB else { return nil }  // beyond 2^19 * pi/2 (or NaN, handled by the caller)
        let t = abs(x)
        let n = Int32(t * invpio2 + 0.5)
        let fn = Double(n)
        var r = t - fn * pio2_1
        var w = fn * pio2_1t  // first round, good to 85 bits
        var y0: Double
        if n < 32 && ix != npio2HighWords[Int(n) - 1] {
            y0 = r - w  // quick check: no cancellation
        } else {
            let j = ix >> 20
            y0 = r - w
            var i = j - ((highWord(y0) >> 20) & 0x7FF)
            if i > 16 {  // second iteration, good to 118 bits
                var tt = r
                w = fn * pio2_2
                r = tt - w
                w = fn * pio2_2t - ((tt - r) - w)
                y0 = r - w
                i = j - ((highWord(y0) >> 20) & 0x7FF)
                if i > 49 {  // third iteration, 151 bits
                    tt = r
                    w = fn * pio2_3
                    r = tt - w
                    w = fn * pio2_3t - ((tt - r) - w)
                    y0 = r - w
                }
            }
        }
        let y1 = (r - y0) - w
        return hx < 0 ? (-n, -y0, -y1) : (n, y0, y1)
    }

    /// fdlibm's `npio2_hw`: the high words of n * pi/2 for n = 1...32.
    private static let npio2HighWords: [Int32] = [
        0x3FF9_21FB, 0x4009_21FB, 0x4012_D97C, 0x4019_21FB, 0x401F_6A7A, 0x4022_D97C,
        0x4025_FDBB, 0x4029_21FB, 0x402C_463A, 0x402F_6A7A, 0x4031_475C, 0x4032_D97C,
        0x4034_6B9C, 0x4035_FDBB, 0x4037_8FDB, 0x4039_21FB, 0x403A_B41B, 0x403C_463A,
        0x403D_D85A, 0x403F_6A7A, 0x4040_7E4C, 0x4041_475C, 0x4042_106C, 0x4042_D97C,
        0x4043_A28C, 0x4044_6B9C, 0x4045_34AC, 0x4045_FDBB, 0x4046_C6CB, 0x4047_8FDB,
        0x4048_58EB, 0x4049_21FB,
    ]

    /// `__kernel_cos(x, y)`: cos(x + y) for |x| <= pi/4, `y` the tail of `x`.
    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let c1 = double(0x3FA5_5555_5555_554C)
        let c2 = double(0xBF56_C16C_16C1_5177)
        let c3 = double(0x3EFA_01A0_19CB_1590)
        let c4 = double(0xBE92_7E4F_809C_52AD)
        let c5 = double(0x3E21_EE9E_BDB4_B1C4)
        let c6 = double(0xBDA8_FAE9_BE88_38D4)
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix < 0x3E40_0000 { return 1 }  // |x| < 2^-27
        let z = x * x
        let r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
        if ix < 0x3FD3_3333 {  // |x| < 0.3
            return 1 - (0.5 * z - (z * r - x * y))
        }
        let qx: Double =
            ix > 0x3FE9_0000
            ? 0.28125  // |x| > 0.78125
            : double(UInt64(UInt32(bitPattern: ix - 0x0020_0000)) << 32)  // |x| / 4, low word cleared
        let hz = 0.5 * z - qx
        let a = 1 - qx
        return a - (hz - (z * r - x * y))
    }

    /// `__kernel_sin(x, y, 1)`: sin(x + y) for |x| <= pi/4, `y` the tail of `x`.
    private static func kernelSin(_ x: Double, _ y: Double) -> Double {
        let s1 = double(0xBFC5_5555_5555_5549)
        let s2 = double(0x3F81_1111_1110_F8A6)
        let s3 = double(0xBF2A_01A0_19C1_61D5)
        let s4 = double(0x3EC7_1DE3_57B1_FE7D)
        let s5 = double(0xBE5A_E5E6_8A2B_9CEB)
        let s6 = double(0x3DE5_D93A_5ACF_D57C)
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix < 0x3E40_0000 { return x }  // |x| < 2^-27
        let z = x * x
        let v = z * x
        let r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }
}

/// The C library's `cos` (Glibc's or Darwin's, whichever is imported above), named at file scope where
/// `Fdlibm.cos` does not hide it.
private func libraryCosine(_ x: Double) -> Double { cos(x) }
