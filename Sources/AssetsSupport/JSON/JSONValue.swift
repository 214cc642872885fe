/// A JSON value, read or about to be written, that keeps what `JSONSerialization` loses: key order, and whether a number
/// was written as an integer, a decimal or a boolean.
package enum JSONValue: Sendable, Hashable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number exactly as written (`1`, `1.000`, `-2e3`).
    case number(String)
    case bool(Bool)
    case null

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// The value of `key` in an object (the first, if the key repeats).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A word for the value's type, as messages name it.
    package var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// Compact JSON text for the value, keys in their written order.
    package var text: String {
        switch self {
        case .object(let members):
            return "{" + members.map { JSONValue.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        case .array(let items):
            return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .string(let string):
            return JSONValue.quoted(string)
        case .number(let literal):
            return literal
        case .bool(let flag):
            return flag ? "true" : "false"
        case .null:
            return "null"
        }
    }

    static func quoted(_ string: String) -> String {
        JSONText.string(string)
    }
}
