/// A JSON value whose object keys keep the order they were written in, so reports read the same every time.
import AssetsSupport
import AssetsCodecs

public indirect enum ReportJSON: Sendable, Hashable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([ReportJSON])
    case object([(String, ReportJSON)])

    public static func == (lhs: ReportJSON, rhs: ReportJSON) -> Bool {
        lhs.text() == rhs.text()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text())
    }

    /// A string or null.
    static func optional(_ value: String?) -> ReportJSON {
        value.map(ReportJSON.string) ?? .null
    }

    /// The JSON text, indented by two spaces per level.
    public func text() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let value): Self.quote(value, into: &out)
        case .number(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(into: &out, indent: indent + 1)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.quote(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += JSONText.string(text)
    }
}
