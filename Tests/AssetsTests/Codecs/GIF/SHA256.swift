#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SHA-256 for comparing frames with the browser's hashes; Linux has no CryptoKit.
///
/// A compact Swift implementation (FIPS 180-4). In debug builds it hashes about 10 MB/s, so when the
/// system's libcrypto can be loaded its `SHA256()` is used instead; both give the same digest, which
/// `SHA256Tests` checks against the FIPS test vectors.
enum SHA256 {
    private typealias Digest = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?

    private static let system: Digest? = {
        for name in ["libcrypto.so.3", "libcrypto.so", "libcrypto.dylib"] {
            if let handle = dlopen(name, RTLD_NOW), let symbol = dlsym(handle, "SHA256") {
                return unsafeBitCast(symbol, to: Digest.self)
            }
        }
        return nil
    }()

    /// The digest as lowercase hex, by libcrypto when available.
    static func hex(_ message: [UInt8]) -> String {
        guard let system else { return portableHex(message) }
        var digest = [UInt8](repeating: 0, count: 32)
        message.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = system(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of `message` as lowercase hex, in Swift.
    static func portableHex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19]
        // The tail: the last partial block, the 0x80 marker, zeros and the bit length.
        let whole = message.count / 64 * 64
        var tail = Array(message[whole...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 64)
        h.withUnsafeMutableBufferPointer { h in
            w.withUnsafeMutableBufferPointer { w in
                k.withUnsafeBufferPointer { k in
                    message.withUnsafeBufferPointer { body in
                        var offset = 0
                        while offset < whole {
                            compress(UnsafeBufferPointer(rebasing: body[offset..<offset + 64]), h, w, k)
                            offset += 64
                        }
                    }
                    tail.withUnsafeBufferPointer { tail in
                        var offset = 0
                        while offset < tail.count {
                            compress(UnsafeBufferPointer(rebasing: tail[offset..<offset + 64]), h, w, k)
                            offset += 64
                        }
                    }
                }
            }
        }
        let hexDigits = Array("0123456789abcdef")
        var out = ""
        for word in h {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(hexDigits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return out
    }

    @_optimize(speed)
    private static func compress(
        _ blockBuffer: UnsafeBufferPointer<UInt8>, _ hBuffer: UnsafeMutableBufferPointer<UInt32>,
        _ wBuffer: UnsafeMutableBufferPointer<UInt32>, _ kBuffer: UnsafeBufferPointer<UInt32>
    ) {
        guard let block = blockBuffer.baseAddress, let h = hBuffer.baseAddress, let w = wBuffer.baseAddress,
            let k = kBuffer.baseAddress
        else { return }
        @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 &- n)) }
        var i = 0
        while i < 16 {
            let j = i &* 4
            w[i] = UInt32(block[j]) << 24 | UInt32(block[j &+ 1]) << 16 | UInt32(block[j &+ 2]) << 8 | UInt32(block[j &+ 3])
            i &+= 1
        }
        while i < 64 {
            let x = w[i &- 15]
            let y = w[i &- 2]
            let s0 = rotate(x, 7) ^ rotate(x, 18) ^ (x >> 3)
            let s1 = rotate(y, 17) ^ rotate(y, 19) ^ (y >> 10)
            w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
            i &+= 1
        }
        var a = h[0]
        var b = h[1]
        var c = h[2]
        var d = h[3]
        var e = h[4]
        var f = h[5]
        var g = h[6]
        var hh = h[7]
        i = 0
        while i < 64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            hh = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ s0 &+ majority
            i &+= 1
        }
        h[0] &+= a
        h[1] &+= b
        h[2] &+= c
        h[3] &+= d
        h[4] &+= e
        h[5] &+= f
        h[6] &+= g
        h[7] &+= hh
    }
}
