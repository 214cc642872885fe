/// ThumbHash (evanw/thumbhash): a small DCT of an image in a luminance/chroma/alpha space, with its average
/// colour and aspect ratio, in 5 to 25 bytes.
///
/// Written by hand on purpose: ThumbHash is arithmetic over at most 100x100 decoded pixels, not a codec,
/// and no Debian library implements it. The encoder follows the reference's `rgbaToThumbHash` (JavaScript)
/// step by step in 64-bit floats, in the same order of operations, and rounds as `Math.round` does (half
/// up, towards +infinity), so the bytes equal the reference's. The one source of difference is the
/// cosine: the reference runs on the JavaScript engine's `Math.cos`, this on the C library's `cos`; where
/// the two differ in the last place a value exactly at a rounding tie can round the other way.
public enum ThumbHash {
    /// The largest side `encode(pixels:)` takes, as the reference does.
    public static let maximumSide = 100

    /// The ThumbHash of `image` (RGBA, not premultiplied). An image larger than 100x100 is first shrunk to
    /// fit 100x100 with the package's box filter (keeping the aspect ratio, alpha-weighted).
    public static func encode(_ image: RGBAImage) throws(ThumbHashError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let small = BoxDownscale.fit(image, maxSide: maximumSide)
        return encode(width: small.width, height: small.height, pixels: small.pixels)
    }

    /// The reference's `rgbaToThumbHash` on `width * height` RGBA pixels (each side 1...100).
    static func encode(width w: Int, height h: Int, pixels rgba: [UInt8]) -> [UInt8] {
        let count = w * h
        // The average colour, weighted by alpha.
        var avgR = 0.0
        var avgG = 0.0
        var avgB = 0.0
        var avgA = 0.0
        for i in 0..<count {
            let j = i * 4
            let alpha = Double(rgba[j + 3]) / 255
            avgR += alpha / 255 * Double(rgba[j])
            avgG += alpha / 255 * Double(rgba[j + 1])
            avgB += alpha / 255 * Double(rgba[j + 2])
            avgA += alpha
        }
        if avgA != 0 {
            avgR /= avgA
            avgG /= avgA
            avgB /= avgA
        }
        let hasAlpha = avgA < Double(count)
        let lLimit = hasAlpha ? 5.0 : 7.0
        let longer = Double(max(w, h))
        let lx = max(1, Int(jsRound(lLimit * Double(w) / longer)))
        let ly = max(1, Int(jsRound(lLimit * Double(h) / longer)))
        // RGBA to LPQA, composited over the average colour.
        var l = [Double](repeating: 0, count: count)
        var p = l
        var q = l
        var a = l
        for i in 0..<count {
            let j = i * 4
            let alpha = Double(rgba[j + 3]) / 255
            let r = avgR * (1 - alpha) + alpha / 255 * Double(rgba[j])
            let g = avgG * (1 - alpha) + alpha / 255 * Double(rgba[j + 1])
            let b = avgB * (1 - alpha) + alpha / 255 * Double(rgba[j + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }
        let (lDC, lAC, lScale) = encodeChannel(l, w, h, nx: max(3, lx), ny: max(3, ly))
        let (pDC, pAC, pScale) = encodeChannel(p, w, h, nx: 3, ny: 3)
        let (qDC, qAC, qScale) = encodeChannel(q, w, h, nx: 3, ny: 3)
        let isLandscape = w > h
        let header24 =
            jsRound(63 * lDC) | (jsRound(31.5 + 31.5 * pDC) << 6) | (jsRound(31.5 + 31.5 * qDC) << 12)
            | (jsRound(31 * lScale) << 18) | ((hasAlpha ? 1 : 0) << 23)
        let header16 =
            (isLandscape ? ly : lx) | (jsRound(63 * pScale) << 3) | (jsRound(63 * qScale) << 9)
            | ((isLandscape ? 1 : 0) << 15)
        var hash: [UInt8] = [
            UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8((header24 >> 16) & 255),
            UInt8(header16 & 255), UInt8((header16 >> 8) & 255),
        ]
        var channels = [lAC, pAC, qAC]
        if hasAlpha {
            let (aDC, aAC, aScale) = encodeChannel(a, w, h, nx: 5, ny: 5)
            hash.append(UInt8(truncatingIfNeeded: jsRound(15 * aDC) | (jsRound(15 * aScale) << 4)))
            channels.append(aAC)
        }
        let acStart = hash.count
        var index = 0
        for channel in channels {
            for factor in channel {
                let slot = acStart + (index >> 1)
                if slot == hash.count { hash.append(0) }
                hash[slot] |= UInt8(truncatingIfNeeded: jsRound(15 * factor) << ((index & 1) << 2))
                index += 1
            }
        }
        return hash
    }

    /// The reference's `encodeChannel`: the DC term, the AC terms normalised to 0...1, and their scale.
    private static func encodeChannel(
        _ channel: [Double], _ w: Int, _ h: Int, nx: Int, ny: Int
    )
        -> (dc: Double, ac: [Double], scale: Double)
    {
        var dc = 0.0
        var scale = 0.0
        var ac: [Double] = []
        var fx = [Double](repeating: 0, count: w)
        channel.withUnsafeBufferPointer { channel in
            for cy in 0..<ny {
                var cx = 0
                while cx * ny < nx * (ny - cy) {
                    var f = 0.0
                    for x in 0..<w { fx[x] = Fdlibm.cos(Double.pi / Double(w) * Double(cx) * (Double(x) + 0.5)) }
                    for y in 0..<h {
                        let fy = Fdlibm.cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                        for x in 0..<w { f += channel[x + y * w] * fx[x] * fy }
                    }
                    f /= Double(w * h)
                    if cx != 0 || cy != 0 {
                        ac.append(f)
                        scale = max(scale, abs(f))
                    } else {
                        dc = f
                    }
                    cx += 1
                }
            }
        }
        if scale != 0 {
            for i in ac.indices { ac[i] = 0.5 + 0.5 / scale * ac[i] }
        }
        return (dc, ac, scale)
    }

    /// JavaScript's `Math.round`: the nearest integer, halves towards +infinity.
    static func jsRound(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let down = value.rounded(.down)
        return Int(value - down >= 0.5 ? down + 1 : down)
    }
}
