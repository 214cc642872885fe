/// The JSON of a `Contents.json` as Xcode lays it out (`"key" : value`, two-space indents), keys in the given order.
indirect enum ContentsValue: Sendable {
    case object([(String, ContentsValue)])
    case array([ContentsValue])
    case string(String)
    case integer(Int)
    case bool(Bool)

    static var info: (String, ContentsValue) { ("info", .object([("author", .string("xcode")), ("version", .integer(1))])) }

    func text(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { "\(inner)\"\($0.0)\" : \($0.1.text(indent: indent + 1))" }.joined(separator: ",\n") + "\n\(pad)}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.text(indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
        case .string(let string):
            return "\"" + string.replacingOccurrencesOfQuote() + "\""
        case .integer(let number):
            return String(number)
        case .bool(let flag):
            return flag ? "true" : "false"
        }
    }

    var file: [UInt8] { Array((text() + "\n").utf8) }
}

extension String {
    func replacingOccurrencesOfQuote() -> String {
        var out = ""
        for character in self {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
