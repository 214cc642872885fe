import AssetsSupport
import AssetsCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Text made safe for an HTML page: catalog names, file names and messages are user input.
enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted attributes.
    /// Works on UTF-8 bytes, never on `Character`s: `"` followed by a combining accent is one `Character`
    /// that is not equal to `"`, and escaping by `Character` let it close an attribute. NUL and the other
    /// C0 controls but tab, line feed and carriage return are written as U+FFFD (HTML forbids them).
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case 0..<0x20, 0x7F: out += [0xEF, 0xBF, 0xBD]
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A `data:` URI holding `bytes`, so the page needs no other file and no network.
    static func dataURI(_ bytes: [UInt8], type: String) -> String {
        "data:\(type);base64,\(Data(bytes).base64EncodedString())"
    }
}
