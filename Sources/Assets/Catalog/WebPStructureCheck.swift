/// The structural check `HEIFStructureCheck` makes, for WebP (a RIFF file): the RIFF size must fit the
/// file, and the first chunk's header (`VP8X`, `VP8L` or `VP8 `) gives the canvas size. Hand-written for the same reason: libwebp is not
/// among the libraries this package may use, and reading two headers needs no codec.
import AssetsSupport
import AssetsCodecs

enum WebPStructureCheck {
    typealias Outcome = HEIFStructureCheck.Outcome

    static func check(_ sample: FileSample) -> Outcome {
        let bytes = sample.head
        func little(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 20 else { return .damaged("is cut short inside its RIFF header") }
        let riffEnd = 8 + little(4, 4)
        guard riffEnd <= sample.size else {
            return .damaged("RIFF data runs past the end of the file (\(riffEnd) of \(sample.size) bytes): the file is cut short")
        }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        let data = 20
        switch chunk {
        case "VP8X" where bytes.count >= data + 10:
            return .sound(width: little(data + 4, 3) + 1, height: little(data + 7, 3) + 1)
        case "VP8L" where bytes.count >= data + 5:
            guard bytes[data] == 0x2F else { return .damaged("VP8L chunk lacks its signature byte") }
            let bits = little(data + 1, 4)
            return .sound(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8 " where bytes.count >= data + 10:
            guard bytes[data + 3] == 0x9D, bytes[data + 4] == 0x01, bytes[data + 5] == 0x2A else {
                return .damaged("VP8 chunk lacks its start code")
            }
            return .sound(width: little(data + 6, 2) & 0x3FFF, height: little(data + 8, 2) & 0x3FFF)
        case "VP8X", "VP8L", "VP8 ":
            return .damaged("is cut short inside its \(chunk == "VP8 " ? "VP8" : chunk) header")
        default:
            return .damaged("starts with a '\(chunk)' chunk, not VP8, VP8L or VP8X")
        }
    }
}
