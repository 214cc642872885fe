import AssetsSupport
import AssetsCodecs

// The appearance in `resolve --state`'s JSON and text, with colours resolved for one appearance (light or dark).

extension PlaceholderColor {
    func reportJSON(_ appearance: VariantQuery.Appearance) -> JSONValue { .string(resolved(for: appearance).hexString) }
}

extension PlaceholderEdgeInsets {
    var reportJSON: JSONValue {
        .object([("top", .double(top)), ("left", .double(left)), ("bottom", .double(bottom)), ("right", .double(right))])
    }
}

extension PlaceholderBorder {
    func reportJSON(_ appearance: VariantQuery.Appearance) -> JSONValue {
        .object([("color", color.reportJSON(appearance)), ("width", .double(width)), ("corner_radius", .double(cornerRadius))])
    }

    func reportText(_ appearance: VariantQuery.Appearance) -> String {
        let line = width > 0 ? "border \(Points(width)) pt \(color.resolved(for: appearance))" : "no border"
        return cornerRadius > 0 ? "\(line), corner radius \(Points(cornerRadius))" : line
    }
}

extension PlaceholderTextAttributes {
    func reportJSON(_ appearance: VariantQuery.Appearance) -> JSONValue {
        .object([
            ("font_size", .double(fontSize)),
            ("font_weight", .string(weight.rawValue)),
            ("italic", .bool(italic)),
            ("color", color.reportJSON(appearance)),
            ("alignment", .string(alignment.rawValue)),
            ("multiline", .bool(isMultiline)),
        ])
    }

    func reportText(_ appearance: VariantQuery.Appearance) -> String {
        "\(Points(fontSize)) pt \(weight.rawValue)\(italic ? " italic" : "") \(color.resolved(for: appearance)), "
            + "\(alignment.rawValue), \(isMultiline ? "multi-line" : "one line")"
    }
}

extension ImageLayout.Size {
    var reportJSON: JSONValue {
        switch self {
        case .intrinsic: .object([("kind", .string("intrinsic")), ("width", .null), ("height", .null)])
        case .fixedHeight(let height): .object([("kind", .string("fixed-height")), ("width", .null), ("height", .double(height))])
        case .fixedWidth(let width): .object([("kind", .string("fixed-width")), ("width", .double(width)), ("height", .null)])
        case .fixed(let width, let height): .object([("kind", .string("fixed")), ("width", .double(width)), ("height", .double(height))])
        }
    }

    var reportText: String {
        switch self {
        case .intrinsic: "its own size"
        case .fixedHeight(let height): "fixed height \(Points(height))"
        case .fixedWidth(let width): "fixed width \(Points(width))"
        case .fixed(let width, let height): "fixed \(Points(width))x\(Points(height))"
        }
    }
}

extension ControlStateAppearance {
    func reportJSON(_ appearance: VariantQuery.Appearance) -> JSONValue {
        .object([
            ("background_color", backgroundColor.reportJSON(appearance)),
            ("border", border.reportJSON(appearance)),
            ("text", textAttributes.reportJSON(appearance)),
        ])
    }
}

extension PlaceholderPresentation.Button {
    func reportJSON(_ appearance: VariantQuery.Appearance) -> JSONValue {
        .object([
            ("title", .string(title)),
            ("action", .string(action.name)),
            ("enabled", .bool(isEnabled)),
            ("image", .string(images[.normal])),
            (
                "states",
                .object(
                    ControlState.allCases.map { state in
                        (
                            state.rawValue,
                            .object([
                                ("title", .string(titles[state] ?? title)),
                                ("image", .string(images[state])),
                                ("appearance", self.appearance.appearance(for: state).reportJSON(appearance)),
                            ])
                        )
                    })
            ),
        ])
    }

    func reportText(_ appearance: VariantQuery.Appearance) -> String {
        ControlState.allCases.map { state in
            let look = self.appearance.appearance(for: state)
            let image = images[state].map { " image \($0)," } ?? ""
            return "\(state.rawValue) \"\(titles[state] ?? title)\",\(image) on \(look.backgroundColor.resolved(for: appearance)), "
                + "\(look.border.reportText(appearance)), \(look.textAttributes.reportText(appearance))"
        }.joined(separator: "; ")
    }
}

extension PlaceholderAppearance {
    /// The appearance as `resolve --state --format json` writes it, colours as `#RRGGBB[AA]` for `appearance`.
    package func reportJSON(_ appearance: VariantQuery.Appearance) -> JSONValue {
        .object([
            ("background_color", backgroundColor.reportJSON(appearance)),
            ("border", border.reportJSON(appearance)),
            (
                "shadow",
                shadow.map { shadow in
                    .object([
                        ("color", shadow.color.reportJSON(appearance)),
                        ("opacity", .double(shadow.opacity)),
                        ("radius", .double(shadow.radius)),
                        ("offset_x", .double(shadow.offsetX)),
                        ("offset_y", .double(shadow.offsetY)),
                    ])
                } ?? .null
            ),
            ("content_insets", contentInsets.reportJSON),
            ("placeholder_view_insets", placeholderViewInsets.reportJSON),
            ("spacing", .double(spacing)),
            ("button_spacing", .double(buttonSpacing)),
            (
                "image",
                .object([
                    ("size", imageViewAppearance.layout.size.reportJSON),
                    ("content_mode", .string(imageViewAppearance.layout.contentMode.rawValue)),
                    ("background_color", imageViewAppearance.backgroundColor.reportJSON(appearance)),
                    ("border", imageViewAppearance.border.reportJSON(appearance)),
                ])
            ),
            ("title", textViewAppearance.titleAppearance.textAttributes.reportJSON(appearance)),
            ("subtitle", textViewAppearance.subtitleAppearance.textAttributes.reportJSON(appearance)),
            ("text_spacing", .double(textViewAppearance.spacing)),
        ])
    }

    /// The appearance in a few indented lines, colours for `appearance`.
    package func reportLines(_ appearance: VariantQuery.Appearance) -> [String] {
        var box = "background \(backgroundColor.resolved(for: appearance)), \(border.reportText(appearance))"
        if let shadow {
            box += ", shadow \(shadow.color.resolved(for: appearance)) opacity \(Points(shadow.opacity)) radius \(Points(shadow.radius))"
        }
        box += ", insets \(contentInsets), spacing \(Points(spacing))"
        if placeholderViewInsets != .zero { box += ", inset from the screen \(placeholderViewInsets)" }
        let image = imageViewAppearance
        var imageLine = "image: \(image.layout.size.reportText), \(image.layout.contentMode.rawValue)"
        if image.border != .none { imageLine += ", \(image.border.reportText(appearance))" }
        if image.backgroundColor != .clear { imageLine += ", background \(image.backgroundColor.resolved(for: appearance))" }
        return [
            "appearance: \(box)",
            "  \(imageLine)",
            "  title: \(textViewAppearance.titleAppearance.textAttributes.reportText(appearance))",
            "  subtitle: \(textViewAppearance.subtitleAppearance.textAttributes.reportText(appearance))",
        ]
    }
}
