import AssetsSupport
import AssetsCodecs

/// Reads the text of a `.strings` file: the old-style property-list syntax Xcode's string tables use.
///
/// ```
/// /* A comment */
/// "placeholder.error.title" = "Etwas ist schiefgelaufen";   // another comment
/// placeholder.retry = "Erneut \"versuchen\"\n";
/// "alone";                                                   // the value is the key
/// ```
///
/// Keys and values are quoted strings or bare words; escapes are `\n \t \r \" \' \\ \a \b \f \v`, `\U` with
/// four hex digits (surrogate pairs combined) and up to three octal digits. Hand-written because Foundation's
/// property-list reader is not on every platform this package runs on and reports no line numbers; the
/// grammar is small and every malformed input gives a typed error naming the line.
struct StringsFileParser {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1

    /// Limits: entries in one table, and the length of one key or value.
    static let maximumEntries = 100_000

    init(text: String, file: String) {
        self.scalars = Array(text.unicodeScalars)
        self.file = file
    }

    /// Decodes file bytes (UTF-8, or UTF-16 with a byte-order mark or detected from its zero bytes).
    static func text(of bytes: [UInt8], file: String) throws(StringsFileError) -> String {
        if bytes.starts(with: Array("bplist".utf8)) { throw StringsFileError(file: file, reason: .binaryPropertyList) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(Array(bytes.dropFirst(3)), file: file) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(Array(bytes.dropFirst(2)), bigEndian: false, file: file) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(Array(bytes.dropFirst(2)), bigEndian: true, file: file) }
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[1] == 0, bytes[0] != 0 { return try utf16(bytes, bigEndian: false, file: file) }
            if bytes[0] == 0, bytes[1] != 0 { return try utf16(bytes, bigEndian: true, file: file) }
        }
        return try utf8(bytes, file: file)
    }

    private static func utf8(_ bytes: [UInt8], file: String) throws(StringsFileError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw StringsFileError(file: file, reason: .notText) }
        return text
    }

    private static func utf16(_ bytes: [UInt8], bigEndian: Bool, file: String) throws(StringsFileError) -> String {
        guard bytes.count % 2 == 0 else { throw StringsFileError(file: file, reason: .notText) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var offset = 0
        while offset + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[offset], bytes[offset + 1]) : (bytes[offset + 1], bytes[offset])
            units.append(UInt16(high) << 8 | UInt16(low))
            offset += 2
        }
        guard let text = String(validating: units, as: UTF16.self) else { throw StringsFileError(file: file, reason: .notText) }
        return text
    }

    /// Every key and value; a repeated key keeps its last value, as the system's reader does.
    mutating func parse() throws(StringsFileError) -> [String: String] {
        var table: [String: String] = [:]
        while true {
            try skipSpaceAndComments()
            guard index < scalars.count else { return table }
            let key = try readString(what: "a key")
            try skipSpaceAndComments()
            let value: String
            if peek == ";" {
                value = key
            } else {
                guard peek == "=" else { throw failure("expected \"=\" or \";\" after the key \"\(key)\"") }
                index += 1
                try skipSpaceAndComments()
                value = try readString(what: "a value")
                try skipSpaceAndComments()
            }
            guard peek == ";" else { throw failure("expected \";\" after the value of \"\(key)\"") }
            index += 1
            table[key] = value
            guard table.count <= Self.maximumEntries else {
                throw StringsFileError(file: file, line: line, reason: .tooMany("entries", limit: Self.maximumEntries))
            }
        }
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func failure(_ expected: String) -> StringsFileError {
        StringsFileError(file: file, line: line, reason: .syntax(expected))
    }

    private mutating func skipSpaceAndComments() throws(StringsFileError) {
        while let scalar = peek {
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = line
                index += 2
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        index += 2
                        closed = true
                        break
                    }
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                guard closed else { throw StringsFileError(file: file, line: start, reason: .syntax("a comment that is never closed")) }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = peek, next != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
        default: false
        }
    }

    private mutating func readString(what: String) throws(StringsFileError) -> String {
        guard let first = peek else { throw failure("expected \(what), found the end of the file") }
        if first != "\"" {
            guard Self.isBare(first) else { throw failure("expected \(what), found \"\(first)\"") }
            var word = String.UnicodeScalarView()
            while let scalar = peek, Self.isBare(scalar) {
                word.append(scalar)
                index += 1
            }
            return String(word)
        }
        let start = line
        index += 1
        var text = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while true {
            guard let scalar = peek else {
                throw StringsFileError(file: file, line: start, reason: .syntax("a string that is never closed"))
            }
            index += 1
            if scalar == "\"" { break }
            if scalar == "\n" { line += 1 }
            guard scalar == "\\" else {
                if pendingHigh != nil { throw failure("a \\U escape of a lone high surrogate") }
                text.append(scalar)
                continue
            }
            guard let escaped = peek else { continue }
            index += 1
            if escaped == "U" || escaped == "u" {
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, let hex = peek, let digit = Self.hexDigit(hex) {
                    value = value << 4 | digit
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { throw failure("expected hex digits after \\U") }
                if (0xD800...0xDBFF).contains(value) {
                    guard pendingHigh == nil else { throw failure("two high surrogates in a row") }
                    pendingHigh = value
                    continue
                }
                if (0xDC00...0xDFFF).contains(value) {
                    guard let high = pendingHigh else { throw failure("a \\U escape of a lone low surrogate") }
                    pendingHigh = nil
                    value = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(value) else { throw failure("\\U\(String(value, radix: 16)) is not a character") }
                text.append(decoded)
                continue
            }
            if pendingHigh != nil { throw failure("a \\U escape of a lone high surrogate") }
            switch escaped {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "a": text.append("\u{07}")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "0"..."7":
                var value = UInt32(escaped.value - 48)
                var digits = 1
                while digits < 3, let octal = peek, ("0"..."7").contains(octal) {
                    value = value * 8 + (octal.value - 48)
                    index += 1
                    digits += 1
                }
                guard let decoded = Unicode.Scalar(value) else { throw failure("an octal escape out of range") }
                text.append(decoded)
            case "\n":
                line += 1
                text.append("\n")
            default:
                // `\"`, `\'`, `\\` and any other escaped character stand for themselves.
                text.append(escaped)
            }
        }
        if pendingHigh != nil { throw failure("a \\U escape of a lone high surrogate") }
        return String(text)
    }
}
