/// The package's one JSON writer: every JSON output is built as a `JSONValue` and written by
/// `rendered(expandedDepth:)`, so escaping, number forms and layout are decided in one place.
extension JSONValue {
    package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    package static func double(_ value: Double) -> JSONValue {
        value.isFinite ? .number(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : .null
    }

    /// A string, or `null` when there is none.
    package static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// An object from key-value pairs, in the order given.
    package static func record(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { (key: $0.key, value: $0.value) })
    }

    /// JSON text ending without a newline. Objects and arrays nested less than `expandedDepth` deep put
    /// each member on a line of its own, indented by two spaces a level; deeper ones stay on one line
    /// (`{"a": 1, "b": [2, 3]}`), so a list of records reads one record a line.
    package func rendered(expandedDepth: Int = .max) -> String {
        var out = ""
        write(into: &out, depth: 0, expandedDepth: expandedDepth)
        return out
    }

    private func write(into out: inout String, depth: Int, expandedDepth: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let expanded = depth < expandedDepth
            out += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { out += "," }
                out += expanded ? "\n" + String(repeating: "  ", count: depth + 1) : (offset > 0 ? " " : "")
                out += JSONText.string(member.key) + ": "
                member.value.write(into: &out, depth: depth + 1, expandedDepth: expandedDepth)
            }
            out += expanded ? "\n" + String(repeating: "  ", count: depth) + "}" : "}"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            let expanded = depth < expandedDepth
            out += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { out += "," }
                out += expanded ? "\n" + String(repeating: "  ", count: depth + 1) : (offset > 0 ? " " : "")
                item.write(into: &out, depth: depth + 1, expandedDepth: expandedDepth)
            }
            out += expanded ? "\n" + String(repeating: "  ", count: depth) + "]" : "]"
        default:
            out += text
        }
    }
}
