/// Where and why a JSON text does not parse. Lines and columns count from 1; columns count bytes.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    package var offset: Int
    package var line: Int
    package var column: Int
    package var reason: String

    package var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON reader over bytes, with a nesting limit so hostile files cannot exhaust the stack.
package struct JSONReader {
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document. A UTF-8 byte order mark is skipped; anything after the value is an error.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count { throw reader.failure("unexpected text after the end of the JSON value") }
        return value
    }

    /// The line and column (both from 1) of a byte offset.
    package static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, end - lineStart + 1)
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let where_ = offset ?? index
        let (line, column) = JSONReader.position(of: where_, in: bytes)
        return JSONSyntaxError(offset: where_, line: line, column: column, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONReader.maxDepth else { throw failure("nesting deeper than \(JSONReader.maxDepth) levels") }
        switch current {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try readWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try readWord("null"); return .null
        case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39):
            return .number(try readNumber())
        default:
            throw failure("expected a value, found \(describe(current))")
        }
    }

    private mutating func readWord(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else { throw failure("expected '\(word)'", at: start) }
            index += 1
        }
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key, found \(describe(current))") }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after key \"\(key)\", found \(describe(current))") }
            index += 1
            skipWhitespace()
            members.append((key, try readValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("expected ',' or '}' in an object, found \(describe(current))")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw failure("expected ',' or ']' in an array, found \(describe(current))")
            }
        }
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else { throw failure("expected a digit", at: index) }
        if current == 0x30 { index += 1 } else { while isDigit(current) { index += 1 } }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw failure("expected a digit after '.'") }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw failure("expected a digit in the exponent") }
            while isDigit(current) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        // Fast path: a string without escapes is its bytes.
        var scan = index
        while scan < bytes.count, bytes[scan] != UInt8(ascii: "\""), bytes[scan] != UInt8(ascii: "\\"), bytes[scan] >= 0x20 {
            scan += 1
        }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index..<scan], as: UTF8.self)
            index = scan + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ reader: JSONReader, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw failure("unterminated string", at: start) }
            if byte == UInt8(ascii: "\"") {
                flush(self, upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(self, upTo: index)
            index += 1
            guard let escape = current else { throw failure("unterminated string", at: start) }
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
                   index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try readHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw failure("invalid escape \\\(describe(escape))", at: index - 2)
            }
            runStart = index
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("invalid hex digit in a \\u escape")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }
}
