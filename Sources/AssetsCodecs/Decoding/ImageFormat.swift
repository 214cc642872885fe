/// An image container format, recognised by its leading bytes, never by a file extension.
import AssetsSupport

public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case gif
    case jpeg
    case png
    case pdf
    case svg
    case heic
    case webp

    /// Recognises the format from the first bytes of a file. Returns nil for anything unknown.
    public init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        // Compared in place on the first 32 bytes: this runs once per file checked, so it allocates nothing.
        var head: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &head) { raw in
            for byte in bytes.prefix(32) {
                raw[count] = byte
                count += 1
            }
        }
        let isFormat: (ImageFormat) -> Bool = { format in
            withUnsafeBytes(of: head) { raw in
                func starts(_ magic: StaticString, at offset: Int = 0) -> Bool {
                    let length = magic.utf8CodeUnitCount
                    guard count >= offset + length else { return false }
                    return magic.withUTF8Buffer { magic in
                        (0..<length).allSatisfy { raw[offset + $0] == magic[$0] }
                    }
                }
                switch format {
                case .gif: return starts("GIF87a") || starts("GIF89a")
                case .jpeg: return count >= 3 && raw[0] == 0xFF && raw[1] == 0xD8 && raw[2] == 0xFF
                case .png:
                    // 89 50 4E 47 0D 0A 1A 0A, the first 8 bytes read as a little-endian integer.
                    return count >= 8 && UInt64(littleEndian: head.0) == 0x0A1A_0A0D_474E_5089
                case .pdf: return starts("%PDF-")
                case .webp: return starts("RIFF") && starts("WEBP", at: 8)
                case .heic:
                    return starts("ftyp", at: 4) && count >= 12
                        && ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(String(decoding: raw[8..<12], as: UTF8.self))
                case .svg: return false
                }
            }
        }
        // Checked in this order (the PNG magic's first byte never starts a GIF, and so on).
        if isFormat(.gif) {
            self = .gif
        } else if isFormat(.jpeg) {
            self = .jpeg
        } else if isFormat(.png) {
            self = .png
        } else if isFormat(.pdf) {
            self = .pdf
        } else if isFormat(.webp) {
            self = .webp
        } else if isFormat(.heic) {
            self = .heic
        } else if ImageFormat.looksLikeSVG(head: Array(bytes.prefix(1024))) {
            self = .svg
        } else {
            return nil
        }
    }

    /// The format a file name's extension claims, if it names an image format.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "gif": self = .gif
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        case "pdf": self = .pdf
        case "svg": self = .svg
        case "heic", "heif": self = .heic
        case "webp": self = .webp
        default: return nil
        }
    }

    /// Whether this package decodes the format's pixels (the others get a structural check at most).
    public var isDecodable: Bool {
        switch self {
        case .gif, .jpeg, .png: return true
        case .pdf, .svg, .heic, .webp: return false
        }
    }

    private static func looksLikeSVG(head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<") else { return false }
        return trimmed.contains("<svg")
    }
}
