/// Walks a JPEG's marker segments up to the frame header (SOF), reading JFIF, EXIF (APP1) and Adobe (APP14)
/// on the way. Reads no entropy-coded data, so it is fast and works from a prefix of the file.
import AssetsSupport

struct JPEGHeaderScan {
    /// Whether an Adobe APP14 segment was seen, and its colour transform (0 none, 1 YCbCr, 2 YCCK).
    var adobeTransform: Int?
    var sawJFIF = false
    var info: ImageInfo

    init<Bytes: RandomAccessCollection>(_ bytes: Bytes) throws(ImageError) where Bytes.Element == UInt8, Bytes.Index == Int {
        info = ImageInfo(format: .jpeg)
        let start = bytes.startIndex
        let end = bytes.endIndex
        func byte(_ i: Int) -> Int { Int(bytes[i]) }
        guard bytes.count >= 3, byte(start) == 0xFF, byte(start + 1) == 0xD8 else {
            throw ImageError(.notAnImage, format: .jpeg, offset: 0, detail: "no JPEG start-of-image marker")
        }
        var i = start + 2
        var sawOrientation = false
        var skipped = 0
        while true {
            // Find the next marker, counting bytes that are not part of one (libjpeg warns about them too).
            while i < end, byte(i) != 0xFF {
                i += 1
                skipped += 1
            }
            while i < end, byte(i) == 0xFF { i += 1 }
            guard i < end else {
                throw ImageError(.truncated, format: .jpeg, offset: i - start, detail: "file ends before the frame header (SOF)")
            }
            if skipped > 0 {
                info.warnings.append(
                    ImageWarning(
                        code: .corruptData, message: "\(skipped) extraneous bytes before a marker",
                        offset: i - start - 1))
                skipped = 0
            }
            let marker = byte(i)
            let markerOffset = i - 1 - start
            i += 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA {
                throw ImageError(
                    .corrupt, format: .jpeg, offset: markerOffset,
                    detail: "marker \(Self.hex(marker)) before any frame header (SOF)")
            }
            guard i + 2 <= end else {
                throw ImageError(.truncated, format: .jpeg, offset: markerOffset, detail: "file ends inside a segment length")
            }
            let length = byte(i) << 8 | byte(i + 1)
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            guard length >= 2 else {
                // libjpeg skips nothing more for such a segment and looks for the next marker; so do we.
                if isFrame {
                    throw ImageError(.corrupt, format: .jpeg, offset: markerOffset, detail: "frame header length \(length)")
                }
                info.warnings.append(
                    ImageWarning(
                        code: .corruptData, message: "segment \(Self.hex(marker)) has length \(length)",
                        offset: markerOffset))
                i += 2
                continue
            }
            let payload = i + 2
            let next = i + length
            if next > end {
                throw ImageError(
                    .truncated, format: .jpeg, offset: markerOffset,
                    detail: "file ends inside the \(Self.hex(marker)) segment")
            }
            let body = Array(bytes[payload..<next])
            switch marker {
            case 0xE0 where body.starts(with: Array("JFIF\0".utf8)):
                sawJFIF = true
            case 0xE1 where !sawOrientation && body.starts(with: Array("Exif\0\0".utf8)):
                sawOrientation = true
                do {
                    let raw = try EXIFOrientationReader.orientation(inAPP1: body[...])
                    let (orientation, warning) = EXIFOrientationReader.resolve(raw, offset: markerOffset)
                    info.orientation = orientation
                    if let warning { info.warnings.append(warning) }
                } catch {
                    info.warnings.append(
                        ImageWarning(
                            code: .malformedExif, message: "EXIF block unreadable: \(error)",
                            offset: markerOffset))
                }
            case 0xEE where body.count >= 12 && body.starts(with: Array("Adobe".utf8)):
                adobeTransform = Int(body[11])
            default:
                break
            }
            if isFrame {
                try readFrame(body, marker: marker, offset: markerOffset)
                return
            }
            i = next
        }
    }

    private mutating func readFrame(_ body: [UInt8], marker: Int, offset: Int) throws(ImageError) {
        guard body.count >= 6 else {
            throw ImageError(.corrupt, format: .jpeg, offset: offset, detail: "frame header is \(body.count) bytes")
        }
        let components = Int(body[5])
        guard components >= 1, body.count >= 6 + components * 3 else {
            throw ImageError(
                .corrupt, format: .jpeg, offset: offset,
                detail: "frame header too short for \(components) components")
        }
        info.bitDepth = Int(body[0])
        info.height = Int(body[1]) << 8 | Int(body[2])
        info.width = Int(body[3]) << 8 | Int(body[4])
        info.progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        info.arithmeticCoded = marker >= 0xC9
        info.frameCount = 1
        if [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) {
            info.isDecodable = false
            info.warnings.append(ImageWarning(code: .unsupported, message: "lossless JPEG is not decoded", offset: offset))
        }
        if info.bitDepth != 8 {
            info.isDecodable = false
            info.warnings.append(
                ImageWarning(
                    code: .unsupported,
                    message: "\(info.bitDepth ?? 0)-bit samples are not decoded", offset: offset))
        }
        if info.height == 0 {
            info.warnings.append(ImageWarning(code: .heightInDNL, message: "height given later by a DNL marker", offset: offset))
        }
        let ids = (0..<components).map { body[6 + $0 * 3] }
        let sampling: [(Int, Int)] = (0..<components).map { (index: Int) -> (Int, Int) in
            let factors: UInt8 = body[7 + index * 3]
            return (Int(factors >> 4), Int(factors & 0x0F))
        }
        switch components {
        case 1:
            info.colorModel = .gray
        case 3:
            // libjpeg's rule: JFIF means YCbCr; else Adobe's transform; else component ids R, G, B mean RGB.
            if sawJFIF {
                info.colorModel = .ycbcr
            } else if let adobeTransform {
                info.colorModel = adobeTransform == 0 ? .rgb : .ycbcr
            } else {
                info.colorModel = ids == [0x52, 0x47, 0x42] ? .rgb : .ycbcr
            }
        case 4:
            info.colorModel = adobeTransform == 2 ? .ycck : .cmyk
            if adobeTransform == nil {
                info.warnings.append(
                    ImageWarning(
                        code: .cmykAssumedInverted,
                        message: "CMYK without an Adobe marker: read as Adobe's inverted CMYK, as djpeg does",
                        offset: offset))
            }
        default:
            info.colorModel = .unknown
        }
        if components >= 3, info.colorModel == .ycbcr || info.colorModel == .ycck {
            info.chromaSubsampling = Self.subsampling(sampling)
        }
    }

    static func hex(_ marker: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[(marker >> 4) & 15]) + String(digits[marker & 15])
    }

    static func subsampling(_ factors: [(Int, Int)]) -> String {
        let rest = factors.dropFirst()
        if rest.allSatisfy({ $0 == (1, 1) }) {
            switch factors[0] {
            case (1, 1): return "4:4:4"
            case (2, 1): return "4:2:2"
            case (2, 2): return "4:2:0"
            case (1, 2): return "4:4:0"
            case (4, 1): return "4:1:1"
            case (4, 2): return "4:1:0"
            default: break
            }
        }
        return factors.map { "\($0.0)x\($0.1)" }.joined(separator: ",")
    }
}
