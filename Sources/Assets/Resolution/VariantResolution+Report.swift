import AssetsSupport
import AssetsCodecs

extension VariantQuery {
    /// `{"scale", "appearance", "high_contrast", "idiom", "rtl"}`.
    package var reportJSON: JSONValue {
        .object([
            ("scale", .int(scale.rawValue)),
            ("appearance", .string(appearance.rawValue)),
            ("high_contrast", .bool(highContrast)),
            ("idiom", .string(idiom.rawValue)),
            ("rtl", .bool(isRightToLeft)),
        ])
    }
}

extension ImageEntry {
    /// The entry as its `Contents.json` keys, only those present.
    package var reportJSON: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        let fields: [(String, String?)] = [
            ("filename", filename), ("idiom", idiom), ("scale", scale), ("subtype", subtype),
            ("width-class", widthClass), ("height-class", heightClass), ("display-gamut", displayGamut),
            ("language-direction", languageDirection), ("locale", locale),
            ("universal-type-identifier", universalTypeIdentifier),
        ]
        for (key, value) in fields {
            if let value { members.append((key, .string(value))) }
        }
        if !appearances.isEmpty {
            members.append(
                (
                    "appearances",
                    .array(
                        appearances.map {
                            .object([("appearance", .string($0.appearance)), ("value", .string($0.value))])
                        })
                ))
        }
        return .object(members)
    }
}

extension VariantResolution {
    /// `{"name", "query", "resolved", "file", "entry", "mirrored", "trace"}`; `file` is catalog-relative.
    package var reportJSON: JSONValue {
        .object(reportMembers)
    }

    /// The members of `reportJSON`, for reports that add their own.
    package var reportMembers: [(key: String, value: JSONValue)] {
        [
            ("name", .string(name)),
            ("query", query.reportJSON),
            ("resolved", .bool(isResolved)),
            ("file", .string(file)),
            ("entry", entry?.reportJSON ?? .null),
            ("mirrored", .bool(isMirrored)),
            ("trace", .array(trace.map(JSONValue.string))),
        ]
    }

    /// `NAME (phone dark 3x): FILE` and the trace, one step a line, names escaped as plain text.
    public var reportText: String {
        var lines = ["\(name) (\(query.description)): \(file.map { isMirrored ? "\($0) (mirrored)" : $0 } ?? "not resolved")"]
        lines += trace.map { "  \($0)" }
        // Names and file names come from the catalog: one escaped line each (`PlainText`).
        return lines.map(PlainText.escape).joined(separator: "\n")
    }
}
