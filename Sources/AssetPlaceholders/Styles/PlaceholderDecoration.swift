/// A reusable change to a placeholder style: the placeholder's ``StyleDecoration``. Decorations compose
/// with `+`, and `style + decoration` applies one.
///
/// ```swift
/// let branded = PlaceholderDecoration.image("imgZeroError") + .buttonAxis(.horizontal)
/// let style = PlaceholderStyle.errorStyle + branded
/// ```
public typealias PlaceholderDecoration = StyleDecoration<PlaceholderStyle>

extension StyleDecoration where T == PlaceholderStyle {
    /// Shows `image`; nil shows no image.
    public static func image(_ image: PlaceholderStyle.Image?) -> PlaceholderDecoration { PlaceholderDecoration { $0.image = image } }
    public static func title(_ text: PlaceholderText?) -> PlaceholderDecoration { PlaceholderDecoration { $0.title = text } }
    public static func subtitle(_ text: PlaceholderText?) -> PlaceholderDecoration { PlaceholderDecoration { $0.subtitle = text } }
    /// Adds a button titled `title` that runs `action` when tapped.
    public static func button(_ title: PlaceholderText, action: PlaceholderAction) -> PlaceholderDecoration {
        PlaceholderDecoration { $0.buttons.append(PlaceholderButton(title: title, action: action)) }
    }
    public static func buttonAxis(_ axis: ButtonAxis) -> PlaceholderDecoration { PlaceholderDecoration { $0.buttonAxis = axis } }
    public static var noButtons: PlaceholderDecoration { PlaceholderDecoration { $0.buttons = [] } }
    /// Changes the appearance.
    public static func appearance(_ change: @escaping (inout PlaceholderAppearance) -> Void) -> PlaceholderDecoration {
        PlaceholderDecoration { change(&$0.appearance) }
    }
}

extension PlaceholderStyle {
    /// The style with `decoration` applied.
    public static func + (style: PlaceholderStyle, decoration: PlaceholderDecoration) -> PlaceholderStyle {
        decoration.applied(to: style)
    }
}
