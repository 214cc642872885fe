/// An image container format, recognised by its leading bytes, never by a file extension.
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
        let head = Array(bytes.prefix(32))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("%PDF-".utf8)) {
            self = .pdf
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4),
                  head.count >= 12,
                  case let brand = String(decoding: head[8..<12], as: UTF8.self),
                  ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(brand) {
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
