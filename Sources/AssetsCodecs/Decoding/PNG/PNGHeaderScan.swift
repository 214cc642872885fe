/// Reads a PNG's IHDR and walks chunk headers (never their data, never IDAT) for tRNS, acTL and eXIf.
/// Stops at the first IDAT, so it is fast and works from a prefix of the file.
import AssetsSupport

package struct PNGHeaderScan {
    var info: ImageInfo

    init<Bytes: RandomAccessCollection>(_ bytes: Bytes) throws(ImageError) where Bytes.Element == UInt8, Bytes.Index == Int {
        info = ImageInfo(format: .png)
        let start = bytes.startIndex
        let end = bytes.endIndex
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        guard bytes.count >= 8 else {
            throw ImageError(.truncated, format: .png, offset: 0, detail: "file ends inside the PNG signature")
        }
        guard bytes.count >= 33 else {
            throw ImageError(.truncated, format: .png, offset: 8, detail: "file ends before the IHDR chunk is complete")
        }
        guard u32(start + 8) == 13, u32(start + 12) == PNGHeaderScan.chunk("IHDR") else {
            throw ImageError(.corrupt, format: .png, offset: 8, detail: "the first chunk is not a 13-byte IHDR")
        }
        let width = u32(start + 16)
        let height = u32(start + 20)
        let depth = Int(bytes[start + 24])
        let colorType = Int(bytes[start + 25])
        let interlace = Int(bytes[start + 28])
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageError(.corrupt, format: .png, offset: 16, detail: "IHDR size \(width)x\(height) is not allowed")
        }
        let depthAllowed: Bool
        switch colorType {
        case 0: depthAllowed = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
        case 3: depthAllowed = depth == 1 || depth == 2 || depth == 4 || depth == 8
        case 2, 4, 6: depthAllowed = depth == 8 || depth == 16
        default: depthAllowed = false
        }
        guard depthAllowed else {
            throw ImageError(
                .corrupt, format: .png, offset: 24,
                detail: "colour type \(colorType) with bit depth \(depth) is not allowed")
        }
        guard interlace <= 1 else {
            throw ImageError(.corrupt, format: .png, offset: 28, detail: "interlace method \(interlace) is unknown")
        }
        info.width = width
        info.height = height
        info.bitDepth = depth
        info.interlaced = interlace == 1
        info.frameCount = 1
        switch colorType {
        case 0: info.colorModel = .gray
        case 2: info.colorModel = .rgb
        case 3: info.colorModel = .indexed
        case 4:
            info.colorModel = .grayAlpha
            info.hasAlpha = true
        default:
            info.colorModel = .rgba
            info.hasAlpha = true
        }
        // Chunk headers only, up to the first IDAT; a prefix that stops earlier simply ends the walk.
        var i = start + 33
        while i + 8 <= end {
            let length = u32(i)
            let code = u32(i + 4)
            if code == PNGHeaderScan.chunk("IDAT") || code == PNGHeaderScan.chunk("IEND") { break }
            guard length <= Int(Int32.max) else {
                let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
                throw ImageError(.corrupt, format: .png, offset: i - start, detail: "chunk \(type) length \(length) is too large")
            }
            switch code {
            case PNGHeaderScan.chunk("tRNS"):
                info.hasAlpha = true
            case PNGHeaderScan.chunk("acTL") where length >= 8 && i + 16 <= end:
                info.frameCount = u32(i + 8)
                info.loopCount = u32(i + 12)
                info.warnings.append(
                    ImageWarning(
                        code: .apng, message: "animated PNG: only the default image is decoded",
                        offset: i - start))
            case PNGHeaderScan.chunk("eXIf") where i + 8 + length <= end:
                do {
                    let raw = try EXIFOrientationReader.orientation(inTIFF: Array(bytes[(i + 8)..<(i + 8 + length)])[...])
                    let (orientation, warning) = EXIFOrientationReader.resolve(raw, offset: i - start)
                    info.orientation = orientation
                    if let warning { info.warnings.append(warning) }
                } catch {
                    info.warnings.append(
                        ImageWarning(
                            code: .malformedExif, message: "eXIf chunk unreadable: \(error)",
                            offset: i - start))
                }
            default:
                break
            }
            i += 12 + length
        }
    }

    /// A chunk type as the big-endian number its four letters make.
    static func chunk(_ name: StaticString) -> Int {
        name.withUTF8Buffer { letters in letters.reduce(0) { $0 << 8 | Int($1) } }
    }

    /// Whether `bytes` (a file's head) reach the first IDAT or IEND chunk header walking chunk by chunk,
    /// or stop being a chunk walk before: the scan then has seen every chunk it reads.
    package static func reachesImageData(_ bytes: [UInt8]) -> Bool {
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        var i = 8
        while i + 8 <= bytes.count {
            let code = u32(i + 4)
            if code == chunk("IDAT") || code == chunk("IEND") { return true }
            let length = u32(i)
            guard length <= Int(Int32.max) else { return true }
            i += 12 + length
        }
        return false
    }
}
