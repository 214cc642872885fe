/// A JSON value, read or about to be written, that keeps what `JSONSerialization` loses: key order, and whether a number
/// was written as an integer, a decimal or a boolean. Public because the catalog model keeps the `Contents.json`
/// values it does not interpret as they were written (`Asset.properties`, `ImageEntry.otherKeys`).
///
/// Two values are equal when they would be written the same (`text`): members in the same order, numbers with
/// the same literal. Compared and hashed by their structure, so that comparing makes no text.
public enum JSONValue: Sendable, Hashable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number exactly as written (`1`, `1.000`, `-2e3`).
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let items):
            hasher.combine(1)
            hasher.combine(items)
        case .string(let string):
            hasher.combine(2)
            hasher.combine(string)
        case .number(let literal):
            hasher.combine(3)
            hasher.combine(literal)
        case .bool(let flag):
            hasher.combine(4)
            hasher.combine(flag)
        case .null:
            hasher.combine(5)
        }
    }

    /// The value of `key` in an object (the first, if the key repeats).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A word for the value's type, as messages name it.
    public var typeName: String {
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
    public var text: String {
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
