extension ThumbHash {
    /// What a ThumbHash's header says.
    struct Header {
        var lDC, pDC, qDC, lScale, pScale, qScale, aDC, aScale: Double
        var hasAlpha: Bool
        var isLandscape: Bool
        /// Luminance components across and down as stored (the aspect ratio) and as decoded (at least 3).
        var storedX, storedY, lx, ly: Int
        var byteCount: Int
    }

    /// Reads and checks the header and the length of `hash`.
    static func header(_ hash: [UInt8]) throws(ThumbHashError) -> Header {
        guard hash.count >= 5 else { throw .wrongLength(length: hash.count, expected: nil) }
        let header24 = Int(hash[0]) | (Int(hash[1]) << 8) | (Int(hash[2]) << 16)
        let header16 = Int(hash[3]) | (Int(hash[4]) << 8)
        let hasAlpha = (header24 >> 23) != 0
        let isLandscape = (header16 >> 15) != 0
        let storedX = isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7
        let storedY = isLandscape ? header16 & 7 : (hasAlpha ? 5 : 7)
        guard storedX > 0, storedY > 0 else {
            throw .badHeader("its luminance component count is 0, so it has no aspect ratio")
        }
        let lx = max(3, storedX)
        let ly = max(3, storedY)
        var nibbles = 0
        for cy in 0..<ly {
            var cx = cy == 0 ? 1 : 0
            while cx * ly < lx * (ly - cy) {
                nibbles += 1
                cx += 1
            }
        }
        nibbles += 5 + 5 + (hasAlpha ? 14 : 0)
        let expected = (hasAlpha ? 6 : 5) + (nibbles + 1) / 2
        guard hash.count == expected else { throw .wrongLength(length: hash.count, expected: expected) }
        return Header(
            lDC: Double(header24 & 63) / 63, pDC: Double((header24 >> 6) & 63) / 31.5 - 1,
            qDC: Double((header24 >> 12) & 63) / 31.5 - 1, lScale: Double((header24 >> 18) & 31) / 31,
            pScale: Double((header16 >> 3) & 63) / 63, qScale: Double((header16 >> 9) & 63) / 63,
            aDC: hasAlpha ? Double(hash[5] & 15) / 15 : 1, aScale: Double(hash[5] >> 4) / 15,
            hasAlpha: hasAlpha, isLandscape: isLandscape, storedX: storedX, storedY: storedY, lx: lx, ly: ly,
            byteCount: expected)
    }

    /// The width / height of the image the hash was made from, as the reference approximates it.
    public static func approximateAspectRatio(of hash: [UInt8]) throws(ThumbHashError) -> Double {
        let header = try header(hash)
        return Double(header.storedX) / Double(header.storedY)
    }

    /// The average colour (0...1 each, not premultiplied), as the reference's `thumbHashToAverageRGBA`.
    public static func averageColour(of hash: [UInt8]) throws(ThumbHashError) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let header = try header(hash)
        let l = header.lDC
        let p = header.pDC
        let q = header.qDC
        let b = l - 2 / 3 * p
        let r = (3 * l - b + q) / 2
        let g = r - q
        return (max(0, min(1, r)), max(0, min(1, g)), max(0, min(1, b)), header.aDC)
    }

    /// Draws `hash` at its own size (32 px on the longer side) as the reference's `thumbHashToRGBA`.
    public static func decode(_ hash: [UInt8]) throws(ThumbHashError) -> RGBAImage {
        let header = try header(hash)
        let acStart = header.hasAlpha ? 6 : 5
        var acIndex = 0
        func channel(_ nx: Int, _ ny: Int, _ scale: Double) -> [Double] {
            var ac: [Double] = []
            for cy in 0..<ny {
                var cx = cy == 0 ? 1 : 0
                while cx * ny < nx * (ny - cy) {
                    let nibble = (hash[acStart + (acIndex >> 1)] >> ((acIndex & 1) << 2)) & 15
                    ac.append((Double(nibble) / 7.5 - 1) * scale)
                    acIndex += 1
                    cx += 1
                }
            }
            return ac
        }
        let lx = header.lx
        let ly = header.ly
        let lAC = channel(lx, ly, header.lScale)
        let pAC = channel(3, 3, header.pScale * 1.25)
        let qAC = channel(3, 3, header.qScale * 1.25)
        let aAC = header.hasAlpha ? channel(5, 5, header.aScale) : []
        let ratio = Double(header.storedX) / Double(header.storedY)
        let w = jsRound(ratio > 1 ? 32 : 32 * ratio)
        let h = jsRound(ratio > 1 ? 32 / ratio : 32)
        var image = RGBAImage(width: w, height: h)
        let nx = max(lx, header.hasAlpha ? 5 : 3)
        let ny = max(ly, header.hasAlpha ? 5 : 3)
        var fx = [Double](repeating: 0, count: nx)
        var fy = [Double](repeating: 0, count: ny)
        var i = 0
        for y in 0..<h {
            for x in 0..<w {
                var l = header.lDC
                var p = header.pDC
                var q = header.qDC
                var a = header.aDC
                for cx in 0..<nx { fx[cx] = Fdlibm.cos(Double.pi / Double(w) * (Double(x) + 0.5) * Double(cx)) }
                for cy in 0..<ny { fy[cy] = Fdlibm.cos(Double.pi / Double(h) * (Double(y) + 0.5) * Double(cy)) }
                var j = 0
                for cy in 0..<ly {
                    var cx = cy == 0 ? 1 : 0
                    let fy2 = fy[cy] * 2
                    while cx * ly < lx * (ly - cy) {
                        l += lAC[j] * fx[cx] * fy2
                        cx += 1
                        j += 1
                    }
                }
                j = 0
                for cy in 0..<3 {
                    var cx = cy == 0 ? 1 : 0
                    let fy2 = fy[cy] * 2
                    while cx < 3 - cy {
                        let f = fx[cx] * fy2
                        p += pAC[j] * f
                        q += qAC[j] * f
                        cx += 1
                        j += 1
                    }
                }
                if header.hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        var cx = cy == 0 ? 1 : 0
                        let fy2 = fy[cy] * 2
                        while cx < 5 - cy {
                            a += aAC[j] * fx[cx] * fy2
                            cx += 1
                            j += 1
                        }
                    }
                }
                let b = l - 2 / 3 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                image.pixels[i] = toByte(r)
                image.pixels[i + 1] = toByte(g)
                image.pixels[i + 2] = toByte(b)
                image.pixels[i + 3] = toByte(a)
                i += 4
            }
        }
        return image
    }

    /// `max(0, 255 * min(1, v))` stored into a `Uint8Array`: truncated, NaN as 0.
    private static func toByte(_ value: Double) -> UInt8 {
        let v = max(0, 255 * min(1, value))
        return v.isNaN ? 0 : UInt8(v)
    }

    /// Standard base64 (with padding) of a hash.
    public static func base64(_ hash: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < hash.count {
            let b0 = Int(hash[i])
            let b1 = i + 1 < hash.count ? Int(hash[i + 1]) : 0
            let b2 = i + 2 < hash.count ? Int(hash[i + 2]) : 0
            out.append(table[b0 >> 2])
            out.append(table[((b0 & 3) << 4) | (b1 >> 4)])
            out.append(i + 1 < hash.count ? table[((b1 & 15) << 2) | (b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < hash.count ? table[b2 & 63] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of standard base64 text (padding optional); throws for any other character.
    public static func bytes(base64 text: String) throws(ThumbHashError) -> [UInt8] {
        var values: [Int] = []
        var padding = 0
        for byte in text.utf8 {
            let value: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte) - 97 + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte) - 48 + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            default: throw .badBase64(text)
            }
            guard padding == 0 else { throw .badBase64(text) }
            values.append(value)
        }
        guard values.count % 4 != 1, padding <= 2, padding == 0 || (values.count + padding) % 4 == 0 else {
            throw .badBase64(text)
        }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let chunk = values[i..<min(i + 4, values.count)]
            let v = chunk.enumerated().reduce(0) { $0 | ($1.element << (18 - 6 * $1.offset)) }
            out.append(UInt8((v >> 16) & 255))
            if chunk.count > 2 { out.append(UInt8((v >> 8) & 255)) }
            if chunk.count > 3 { out.append(UInt8(v & 255)) }
            i += 4
        }
        return out
    }
}
