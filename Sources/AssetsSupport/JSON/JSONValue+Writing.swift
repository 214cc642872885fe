/// The package's one JSON writer: every JSON output is built as a `JSONValue` and written by
/// `rendered(_:)`, so escaping, number forms and layout are decided in one place.
extension JSONValue {
    package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number: whole values without a fraction (`2`, not `2.0`), others as Swift prints them; `null`
    /// when not finite.
    package static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        return .number(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
    }

    /// A string, or `null` when there is none.
    package static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// An integer, or `null` when there is none.
    package static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }

    /// An object from key-value pairs, in the order given.
    package static func record(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { (key: $0.key, value: $0.value) })
    }

    /// How `rendered(_:)` lays the text out.
    package enum Layout: Sendable {
        /// Every object and array with members puts each on a line of its own, indented two spaces a level.
        case expanded
        /// The top level and every list of objects or arrays one member a line; everything else on one
        /// line (`{"a": 1, "b": [2, 3]}`), so a list of records reads one record a line.
        case records
    }

    /// JSON text, without a final newline.
    package func rendered(_ layout: Layout = .expanded) -> String {
        var out = ""
        write(
            into: &out, depth: 0,
            expands: { value, depth, isRootItem in
                switch layout {
                case .expanded: return true
                case .records:
                    switch value {
                    // The top level, and each item of a top-level list (a list of reports), as the top level.
                    case .object: return depth == 0 || isRootItem
                    case .array(let items):
                        return depth == 0
                            || items.allSatisfy { if case .object = $0 { true } else if case .array = $0 { true } else { false } }
                    default: return false
                    }
                }
            })
        return out
    }

    /// `expands(value, depth, isRootItem)` says whether a container puts its members on lines of their own;
    /// inside a container written on one line, nothing does.
    private func write(
        into out: inout String, depth: Int, isRootItem: Bool = false, inline: Bool = false,
        expands: (JSONValue, Int, Bool) -> Bool
    ) {
        let members: [(key: String?, value: JSONValue)]
        let (open, close): (String, String)
        switch self {
        case .object(let fields):
            members = fields.map { ($0.key, $0.value) }
            (open, close) = ("{", "}")
        case .array(let items):
            members = items.map { (nil, $0) }
            (open, close) = ("[", "]")
        default:
            out += text
            return
        }
        guard !members.isEmpty else {
            out += open + close
            return
        }
        let expanded = !inline && expands(self, depth, isRootItem)
        let rootList = depth == 0 && close == "]"
        out += open
        for (offset, member) in members.enumerated() {
            if offset > 0 { out += "," }
            out += expanded ? "\n" + String(repeating: "  ", count: depth + 1) : (offset > 0 ? " " : "")
            if let key = member.key { out += JSONText.string(key) + ": " }
            member.value.write(into: &out, depth: depth + 1, isRootItem: rootList, inline: !expanded, expands: expands)
        }
        out += expanded ? "\n" + String(repeating: "  ", count: depth) + close : close
    }
}
