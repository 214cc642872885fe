/// A well-formedness check of an XML document, enough to tell a sound SVG from a damaged one without
/// loading an XML library: the prolog (declaration, comments, processing instructions, a DOCTYPE with
/// its internal subset), balanced and properly named tags, quoted attributes, entity and character
/// references, comments and CDATA sections, and nothing but comments after the root element.
/// Namespaces, DTD validation and encodings other than UTF-8 are not checked.
import AssetsSupport
import AssetsCodecs

struct XMLShapeCheck {
    /// How deep elements may nest before the check gives up.
    static let maxDepth = 4096

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The root element's name, or why the document is not well-formed (with line and column).
    static func rootElement(of bytes: [UInt8]) -> Result<String, XMLShapeError> {
        var check = XMLShapeCheck(bytes: bytes)
        do {
            return .success(try check.document())
        } catch {
            return .failure(error)
        }
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> XMLShapeError {
        let (line, column) = JSONReader.position(of: offset ?? index, in: bytes)
        return XMLShapeError(line: line, column: column, reason: reason)
    }

    private func starts(_ text: String) -> Bool {
        var at = index
        for byte in text.utf8 {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !(isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";"))
    }

    private mutating func skipSpace() {
        while index < bytes.count, XMLShapeCheck.isSpace(bytes[index]) { index += 1 }
    }

    /// Moves past the next `terminator`, or fails naming `what` was left open.
    private mutating func skip(past terminator: String, what: String) throws(XMLShapeError) {
        let start = index
        let needle = Array(terminator.utf8)
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                index += needle.count
                return
            }
            index += 1
        }
        throw failure("the file ends inside \(what)", at: start)
    }

    private mutating func name() throws(XMLShapeError) -> String {
        let start = index
        while index < bytes.count, XMLShapeCheck.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw failure("expected a name") }
        let first = bytes[start]
        guard !(first >= 0x30 && first <= 0x39), first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else {
            throw failure("a name cannot start with '\(Character(Unicode.Scalar(first)))'", at: start)
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Comments, processing instructions and space, as allowed around the root element.
    private mutating func misc() throws(XMLShapeError) {
        while true {
            skipSpace()
            if starts("<!--") {
                index += 4
                try skip(past: "-->", what: "a comment")
            } else if starts("<?") {
                index += 2
                try skip(past: "?>", what: "a processing instruction")
            } else {
                return
            }
        }
    }

    private mutating func document() throws(XMLShapeError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        try misc()
        if starts("<!DOCTYPE") {
            try doctype()
            try misc()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else {
            throw failure(index < bytes.count ? "expected the root element" : "the file has no root element")
        }
        let root = try elements()
        try misc()
        guard index == bytes.count else { throw failure("text after the root element") }
        return root
    }

    private mutating func doctype() throws(XMLShapeError) {
        let start = index
        index += 9
        var inSubset = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                try skip(past: String(Character(Unicode.Scalar(byte))), what: "a quoted string in the DOCTYPE")
                continue
            }
            if inSubset, starts("<!--") {
                index += 4
                try skip(past: "-->", what: "a comment")
                continue
            }
            index += 1
            if byte == UInt8(ascii: "[") { inSubset = true }
            if byte == UInt8(ascii: "]") { inSubset = false }
            if byte == UInt8(ascii: ">"), !inSubset { return }
        }
        throw failure("the file ends inside the DOCTYPE", at: start)
    }

    /// Reads the root element and everything inside it; returns the root's name.
    private mutating func elements() throws(XMLShapeError) -> String {
        var open: [String] = []
        var root = ""
        repeat {
            guard index < bytes.count else {
                throw failure("the file ends before </\(open.last ?? root)>")
            }
            if bytes[index] != UInt8(ascii: "<") {
                try text()
            } else if starts("</") {
                index += 2
                let start = index
                let closing = try name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("expected '>' to end </\(closing)") }
                index += 1
                guard let expected = open.last, expected == closing else {
                    throw failure("</\(closing)> does not close <\(open.last ?? "")>", at: start - 2)
                }
                open.removeLast()
            } else if starts("<!--") {
                index += 4
                try skip(past: "-->", what: "a comment")
            } else if starts("<![CDATA[") {
                index += 9
                try skip(past: "]]>", what: "a CDATA section")
            } else if starts("<?") {
                index += 2
                try skip(past: "?>", what: "a processing instruction")
            } else {
                index += 1
                let element = try name()
                if open.isEmpty, root.isEmpty { root = element }
                if try attributes() {
                    guard open.count < XMLShapeCheck.maxDepth else {
                        throw failure("elements nested deeper than \(XMLShapeCheck.maxDepth)")
                    }
                    open.append(element)
                }
            }
        } while !open.isEmpty
        return root
    }

    /// Reads a start tag's attributes up to `>` (true: the element stays open) or `/>` (false).
    private mutating func attributes() throws(XMLShapeError) -> Bool {
        var seen: Set<String> = []
        while true {
            let hadSpace = index < bytes.count && XMLShapeCheck.isSpace(bytes[index])
            skipSpace()
            guard index < bytes.count else { throw failure("the file ends inside a tag") }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return true
            }
            if starts("/>") {
                index += 2
                return false
            }
            guard hadSpace else { throw failure("expected a space before an attribute") }
            let start = index
            let attribute = try name()
            guard seen.insert(attribute).inserted else { throw failure("attribute \(attribute) is repeated", at: start) }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("expected '=' after \(attribute)") }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("the value of \(attribute) is not quoted")
            }
            let quote = bytes[index]
            index += 1
            while true {
                guard index < bytes.count else { throw failure("the file ends inside the value of \(attribute)", at: start) }
                let byte = bytes[index]
                if byte == quote { break }
                if byte == UInt8(ascii: "<") { throw failure("'<' inside the value of \(attribute)") }
                if byte == UInt8(ascii: "&") { try reference() } else { index += 1 }
            }
            index += 1
        }
    }

    private mutating func text() throws(XMLShapeError) {
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            if bytes[index] == UInt8(ascii: "&") { try reference() } else { index += 1 }
        }
    }

    /// `&name;`, `&#123;` or `&#x1F;`.
    private mutating func reference() throws(XMLShapeError) {
        let start = index
        index += 1
        var length = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "#") || XMLShapeCheck.isNameByte(byte), length < 64 else {
                throw failure("'&' does not start a reference", at: start)
            }
            index += 1
            length += 1
        }
        guard index < bytes.count, length > 0 else { throw failure("'&' does not start a reference", at: start) }
        index += 1
    }
}

/// Why a document is not well-formed XML.
struct XMLShapeError: Error, Sendable, Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var reason: String

    var description: String { "line \(line), column \(column): \(reason)" }
}
