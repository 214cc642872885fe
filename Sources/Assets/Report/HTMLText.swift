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
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A `data:` URI holding `bytes`, so the page needs no other file and no network.
    static func dataURI(_ bytes: [UInt8], type: String) -> String {
        "data:\(type);base64,\(Data(bytes).base64EncodedString())"
    }
}
