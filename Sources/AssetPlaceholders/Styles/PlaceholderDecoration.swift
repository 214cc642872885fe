import AssetsSupport
import AssetsCodecs

/// A reusable change to a placeholder style: the placeholder's ``Decoration``. Decorations compose with `+`,
/// and `style + decoration` applies one.
///
/// ```swift
/// let branded = PlaceholderDecoration.image("imgZeroError") + .buttonAxis(.horizontal)
/// let style = PlaceholderStyle.errorStyle + branded
/// ```
public typealias PlaceholderDecoration = Decoration<PlaceholderStyle>

extension Decoration where T == PlaceholderStyle {

    public static func image(_ name: String?) -> PlaceholderDecoration { PlaceholderDecoration { $0.image = name } }
    public static func title(_ text: PlaceholderText?) -> PlaceholderDecoration { PlaceholderDecoration { $0.title = text } }
    public static func subtitle(_ text: PlaceholderText?) -> PlaceholderDecoration { PlaceholderDecoration { $0.subtitle = text } }
    public static func button(_ title: PlaceholderText, action: String) -> PlaceholderDecoration {
        PlaceholderDecoration { $0.buttons.append(PlaceholderButton(title: title, action: action)) }
    }
    public static func buttonAxis(_ axis: ButtonAxis) -> PlaceholderDecoration { PlaceholderDecoration { $0.buttonAxis = axis } }
    public static var noButtons: PlaceholderDecoration { PlaceholderDecoration { $0.buttons = [] } }
    /// Changes the appearance.
    public static func appearance(_ change: @escaping @Sendable (inout PlaceholderAppearance) -> Void) -> PlaceholderDecoration {
        PlaceholderDecoration { change(&$0.appearance) }
    }
}

extension PlaceholderStyle {
    /// The style with `decoration` applied.
    public static func + (style: PlaceholderStyle, decoration: PlaceholderDecoration) -> PlaceholderStyle {
        decoration.applied(to: style)
    }
}
