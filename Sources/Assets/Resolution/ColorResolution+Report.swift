import AssetsSupport

extension ColorEntry {
    /// The entry's `Contents.json` keys that choose it: `idiom`, `appearances`, `display-gamut`.
    package var reportJSON: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let idiom { members.append(("idiom", .string(idiom))) }
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
        if let displayGamut { members.append(("display-gamut", .string(displayGamut))) }
        return .object(members)
    }
}

extension ColorResolution {
    /// A component as text, in at most six decimals (`0.871`, `1`, `-0.05`).
    static func componentText(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// The stored components by name, in Apple's order.
    var componentList: [(String, Double)] {
        guard case .components(let components)? = entry?.color else { return [] }
        var list: [(String, Double)] = []
        if let red = components.red { list.append(("red", red)) }
        if let green = components.green { list.append(("green", green)) }
        if let blue = components.blue { list.append(("blue", blue)) }
        if let white = components.white { list.append(("white", white)) }
        list.append(("alpha", components.alpha))
        return list
    }

    /// The colour in sRGB, when its colour space converts.
    public var srgb: SRGBColor? {
        guard case .components(let components)? = entry?.color else { return nil }
        return SRGBColor(components)
    }

    /// `{"color_space", "components", "srgb_hex", "srgb_clipped", "system_color"}`.
    var colorJSON: JSONValue {
        switch entry?.color {
        case .components(let components)?:
            return .object([
                ("color_space", .string(components.colorSpace)),
                ("components", .object(componentList.map { (key: $0.0, value: JSONValue.string(Self.componentText($0.1))) })),
                ("srgb_hex", .string(srgb?.hex)),
                ("srgb_clipped", .bool(srgb?.clipped ?? false)),
                ("system_color", .null),
            ])
        case .system(let name, _)?:
            return .object([
                ("color_space", .null), ("components", .object([])), ("srgb_hex", .null),
                ("srgb_clipped", .bool(false)), ("system_color", .string(name)),
            ])
        case nil:
            return .null
        }
    }

    /// The same members as an image's answer (`file` null, `mirrored` false), with `kind` and `color`.
    package var reportJSON: JSONValue {
        .object([
            ("name", .string(name)),
            ("query", query.reportJSON),
            ("resolved", .bool(isResolved)),
            ("file", .null),
            ("entry", entry?.reportJSON ?? .null),
            ("mirrored", .bool(false)),
            ("trace", .array(trace.map(JSONValue.string))),
            ("kind", .string(AssetKind.colorSet.rawValue)),
            ("color", colorJSON),
        ])
    }

    /// `NAME (phone dark 3x): colors[1] display-p3 red 1 green 0.2 blue 0.1 alpha 1 = #FF2A12 in sRGB` and the trace.
    public var reportText: String {
        var head = "\(name) (\(query.description)): "
        switch entry?.color {
        case .components(let components)?:
            let values = componentList.map { "\($0.0) \(Self.componentText($0.1))" }.joined(separator: " ")
            head += "colors[\(entryIndex ?? 0)] \(components.colorSpace ?? "srgb") \(values)"
            if let srgb {
                head += " = \(srgb.hex) in sRGB" + (srgb.clipped ? " (outside sRGB: clipped)" : "")
            } else {
                head += " (not converted to sRGB: an unknown colour space)"
            }
        case .system(let name, let platform)?:
            head +=
                "colors[\(entryIndex ?? 0)] the system colour \(name)" + (platform.map { " (\($0))" } ?? "")
                + ": the platform gives its value"
        case nil:
            head += "not resolved"
        }
        return ([head] + trace.map { "  \($0)" }).joined(separator: "\n")
    }
}
