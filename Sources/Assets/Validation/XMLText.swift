/// Text made safe for XML 1.0 element content and quoted attributes (JUnit and checkstyle reports):
/// the five markup characters become entities, and the control characters XML 1.0 forbids (file names
/// are user input and may hold them) become U+FFFD. Tabs and newlines in attributes become character
/// references, so a parser gives them back instead of normalising them to spaces.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
