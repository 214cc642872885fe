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

    /// The format of bytes held in an array: the generic sniff compiled for `[UInt8]` in this module (a
    /// generic called from another module is not specialized, and this runs once per file checked).
    public init?(sniffing bytes: [UInt8]) {
        self.init(sniffingBytes: bytes)
    }

    /// Recognises the format from the first bytes of a file. Returns nil for anything unknown.
    public init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        self.init(sniffingBytes: bytes)
    }

    private init?<Bytes: Collection>(sniffingBytes bytes: Bytes) where Bytes.Element == UInt8 {
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
        } else if ImageFormat.looksLikeSVG(head: bytes) {
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

    /// How far into a file the SVG sniff looks for the root element: past an XML declaration, comments,
    /// processing instructions and a DOCTYPE with its internal subset (entity declarations, a licence).
    static let svgSniffLimit = 256 << 10

    /// Whether the bytes are XML whose first element is `<svg>` (with or without a namespace prefix). The
    /// prolog is skipped as XML defines it, within `svgSniffLimit` bytes: a BOM and space, `<?...?>`,
    /// `<!-- ... -->` and `<!DOCTYPE ... [ ... ]>` (quoted strings and comments inside the subset included).
    /// Hand-written rather than an XML library: a sniff must not load or expand anything (entities, DTDs).
    static func looksLikeSVG(head: some Collection<UInt8>) -> Bool {
        let bytes = Array(head.prefix(svgSniffLimit))
        var index = 0
        func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        }
        /// Moves past `terminator`; false when the bytes end first.
        func skip(past terminator: StaticString) -> Bool {
            let count = terminator.utf8CodeUnitCount
            while index + count <= bytes.count {
                if terminator.withUTF8Buffer({ bytes[index..<index + count].elementsEqual($0) }) {
                    index += count
                    return true
                }
                index += 1
            }
            return false
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while true {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return false }
            if starts("<?") {
                index += 2
                guard skip(past: "?>") else { return false }
            } else if starts("<!--") {
                index += 4
                guard skip(past: "-->") else { return false }
            } else if starts("<!DOCTYPE") {
                index += 9
                var inSubset = false
                var closed = false
                while index < bytes.count, !closed {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        index += 1
                        guard byte == UInt8(ascii: "'") ? skip(past: "'") : skip(past: "\"") else { return false }
                    } else if inSubset, starts("<!--") {
                        index += 4
                        guard skip(past: "-->") else { return false }
                    } else {
                        index += 1
                        if byte == UInt8(ascii: "[") { inSubset = true }
                        if byte == UInt8(ascii: "]") { inSubset = false }
                        if byte == UInt8(ascii: ">"), !inSubset { closed = true }
                    }
                }
                guard closed else { return false }
            } else {
                // The first element: `svg` or `prefix:svg`, then space, `>` or `/`.
                index += 1
                let start = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                    bytes[index] != UInt8(ascii: "/"), index - start < 256
                { index += 1 }
                let name = bytes[start..<index]
                let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[name.index(after: $0)...] } ?? name[...]
                return local.elementsEqual("svg".utf8)
            }
        }
    }
}
