/// Text made safe for a line of plain output (a terminal, a CI log, `path: error: message [code]`):
/// catalog names, file names and JSON strings are input, and a raw line break in one would forge a
/// line of its own (a diagnostic, a `::error` command), an escape code would drive the terminal.
///
/// One escaping function per output format: `PlainText` for text lines, `HTMLText` for the report,
/// `JSONText` for JSON, `CatalogReport.escapeData`/`escapeProperty` for GitHub workflow commands, and
/// the build-check plugin's Swift comment. Each works on Unicode scalars, never on `Character`s: a
/// grapheme cluster can join a control character to what follows it (`"\r\n"` is one `Character`).
package enum PlainText {
    /// `\n`, `\r` and `\t` written as those two characters; every other control character (C0, DEL,
    /// C1), the Unicode line and paragraph separators and the bidirectional overrides and isolates
    /// written as `\u{XX}`. Everything else, `\` included, is kept.
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar is written escaped.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional embeddings, overrides, isolates
        default: return false
        }
    }
}
