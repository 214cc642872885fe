import AssetsSupport

extension AssetReference {
    /// The name as the text outputs show it (`refs --list`, `resolve --used-by`): the literal, `flag_*` for a
    /// dynamic name, `.symbol`.
    package var nameText: String {
        switch name {
        case .literal(let text): return "\"\(text)\""
        case .dynamic(let prefix, let suffix): return "\"\(prefix)*\(suffix)\" (built at run time)"
        case .symbol(let symbol): return symbol.hasPrefix("AC") ? symbol : ".\(symbol)"
        case .accessor(let identifier): return ".\(identifier)"
        }
    }

    /// The reference as the JSON outputs list it (`refs --list --format json`, `resolve --used-by`).
    package var reportJSON: JSONValue {
        let kind: String
        let text: String
        switch name {
        case .literal(let value): (kind, text) = ("literal", value)
        case .dynamic(let prefix, let suffix): (kind, text) = ("dynamic", prefix + "*" + suffix)
        case .symbol(let symbol): (kind, text) = ("symbol", symbol)
        case .accessor(let identifier): (kind, text) = ("accessor", identifier)
        }
        return .record([
            "file": .string(file), "line": .int(line), "column": .int(column), "name": .string(text), "form": .string(kind),
            "wanted": .string(wanted), "certainty": .string(certainty.rawValue), "via": .string(via),
        ])
    }
}
