/// Where and why a JSON text does not parse. Lines and columns count from 1; columns count bytes.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    package var offset: Int
    package var line: Int
    package var column: Int
    package var reason: String

    package var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON reader over bytes, with a nesting limit so hostile files cannot exhaust the stack.
/// It records where each key and value starts (`JSONPositions`) as it goes.
/// A key that an object holds more than once: where the repeat is. RFC 8259 leaves what a reader then does
/// open, and readers disagree (the first wins here for a lookup, the last in most others), so a catalog
/// reports it.
package struct JSONDuplicateKey: Sendable, Hashable {
    /// The repeated member's key path (`images[0].filename`).
    package var keyPath: String
    /// The byte offset of the repeated key, and its line and column (from 1; columns count bytes).
    package var offset: Int
    package var line: Int
    package var column: Int
}

package struct JSONReader {
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    /// The line of `index` and the offset its line starts at: a newline can only stand in whitespace
    /// (a raw one in a string is an error), so `skipWhitespace` keeps them.
    private var line = 1
    private var lineStart = 0
    private var positions = JSONPositions()
    /// Keys repeated in an object: where, and the key path from the innermost member outwards (each
    /// enclosing member adds its key or index as the reader leaves it; nothing is kept otherwise).
    private var duplicates: [(position: SourcePosition, offset: Int, reversedPath: [PathStep])] = []

    private enum PathStep {
        case key(String)
        case index(Int)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document. A UTF-8 byte order mark is skipped; anything after the value is an error.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parseWithPositions(bytes).value
    }

    /// Parses a whole document, and gives every key an object repeats, in the order they appear.
    package static func parse(_ bytes: [UInt8], duplicateKeys: inout [JSONDuplicateKey]) throws(JSONSyntaxError) -> JSONValue {
        let parsed = try parseWithPositionsAndDuplicates(bytes)
        duplicateKeys = parsed.duplicateKeys
        return parsed.value
    }

    /// Parses a whole document and says where each of its keys and values starts.
    package static func parseWithPositions(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (value: JSONValue, positions: JSONPositions) {
        let (value, positions, _) = try parseWithPositionsAndDuplicates(bytes)
        return (value, positions)
    }

    /// Parses a whole document, says where each key and value starts, and gives every key an object
    /// repeats, in the order they appear.
    package static func parseWithPositionsAndDuplicates(
        _ bytes: [UInt8]
    ) throws(JSONSyntaxError)
        -> (value: JSONValue, positions: JSONPositions, duplicateKeys: [JSONDuplicateKey])
    {
        var reader = JSONReader(bytes: bytes)
        // A value takes some 16 bytes of a pretty-printed Contents.json (Xcode's layout, one key a line):
        // the node list is sized once, not doubled five times, for a set's 20-odd values (a large file
        // grows it past the first 1,024).
        reader.positions.reserveCapacity(min(bytes.count / 16, 1024))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0, in: Slot(parent: -1, key: nil, index: -1, keyPosition: nil))
        reader.skipWhitespace()
        if reader.index < bytes.count { throw reader.failure("unexpected text after the end of the JSON value") }
        return (value, reader.positions, reader.duplicateKeys())
    }

    /// The repeated keys found, with their key paths and positions.
    private func duplicateKeys() -> [JSONDuplicateKey] {
        duplicates.sorted { $0.offset < $1.offset }.map { duplicate in
            var keyPath = ""
            for step in duplicate.reversedPath.reversed() {
                switch step {
                case .key(let key): keyPath += keyPath.isEmpty ? key : ".\(key)"
                case .index(let item): keyPath += "[\(item)]"
                }
            }
            return JSONDuplicateKey(
                keyPath: keyPath, offset: duplicate.offset,
                line: duplicate.position.line, column: duplicate.position.column)
        }
    }

    /// Where a value stands: its parent's node, and its key or index there.
    private struct Slot {
        var parent: Int32
        var key: String?
        var index: Int32
        var keyPosition: SourcePosition?
    }

    private var here: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

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
        let location = offset ?? index
        let (line, column) = JSONReader.position(of: location, in: bytes)
        return JSONSyntaxError(offset: location, line: line, column: column, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
            if byte == 0x0A {
                line += 1
                lineStart = index
            }
        }
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func readValue(depth: Int, in slot: Slot) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONReader.maxDepth else { throw failure("nesting deeper than \(JSONReader.maxDepth) levels") }
        let node = positions.record(
            .init(
                parent: slot.parent, key: slot.key, index: slot.index,
                keyPosition: slot.keyPosition, valuePosition: here))
        switch current {
        case UInt8(ascii: "{"): return try readObject(depth: depth, node: node)
        case UInt8(ascii: "["): return try readArray(depth: depth, node: node)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try readWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readWord("null")
            return .null
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

    private mutating func readObject(depth: Int, node: Int32) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Repeats are looked for in the members (few) or, past 16, in a set of their keys: linear either way.
        var keys: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // Most objects of a catalog hold two to four members (an entry's filename, idiom and scale).
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key, found \(describe(current))") }
            let keyPosition = here
            let keyOffset = index
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after key \"\(key)\", found \(describe(current))") }
            index += 1
            skipWhitespace()
            if members.count < 16 ? members.contains(where: { $0.key == key }) : keys.contains(key) {
                duplicates.append((keyPosition, keyOffset, [.key(key)]))
            }
            if members.count >= 16 {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                keys.insert(key)
            }
            let mark = duplicates.count
            members.append(
                (
                    key,
                    try readValue(
                        depth: depth + 1,
                        in: Slot(parent: node, key: key, index: -1, keyPosition: keyPosition))
                ))
            for found in mark..<duplicates.count { duplicates[found].reversedPath.append(.key(key)) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in an object, found \(describe(current))")
            }
        }
    }

    private mutating func readArray(depth: Int, node: Int32) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            let mark = duplicates.count
            items.append(
                try readValue(
                    depth: depth + 1,
                    in: Slot(parent: node, key: nil, index: Int32(items.count), keyPosition: nil)))
            for found in mark..<duplicates.count { duplicates[found].reversedPath.append(.index(items.count - 1)) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
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
                    index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                {
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
