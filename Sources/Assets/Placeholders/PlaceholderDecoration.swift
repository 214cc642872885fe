/// A reusable change to a placeholder style. Decorations compose with `+`, and `style + decoration` applies one.
///
/// ```swift
/// let branded = PlaceholderDecoration.image("imgZeroError") + .buttonAxis(.horizontal)
/// let style = PlaceholderStyle.errorStyle + branded
/// ```
import AssetsSupport
import AssetsCodecs

public struct PlaceholderDecoration: Sendable {
    private let change: @Sendable (inout PlaceholderStyle) -> Void

    public init(_ change: @escaping @Sendable (inout PlaceholderStyle) -> Void) {
        self.change = change
    }

    /// The decorated copy of `style`.
    public func applied(to style: PlaceholderStyle) -> PlaceholderStyle {
        var copy = style
        change(&copy)
        return copy
    }

    public static func image(_ name: String?) -> PlaceholderDecoration { PlaceholderDecoration { $0.image = name } }
    public static func title(_ text: PlaceholderText?) -> PlaceholderDecoration { PlaceholderDecoration { $0.title = text } }
    public static func subtitle(_ text: PlaceholderText?) -> PlaceholderDecoration { PlaceholderDecoration { $0.subtitle = text } }
    public static func button(_ title: PlaceholderText, action: String) -> PlaceholderDecoration {
        PlaceholderDecoration { $0.buttons.append(PlaceholderButton(title: title, action: action)) }
    }
    public static func buttonAxis(_ axis: ButtonAxis) -> PlaceholderDecoration { PlaceholderDecoration { $0.buttonAxis = axis } }
    public static let noButtons = PlaceholderDecoration { $0.buttons = [] }

    /// First `lhs`, then `rhs`.
    public static func + (lhs: PlaceholderDecoration, rhs: PlaceholderDecoration) -> PlaceholderDecoration {
        PlaceholderDecoration { style in
            lhs.change(&style)
            rhs.change(&style)
        }
    }
}

extension PlaceholderStyle {
    /// The style with `decoration` applied.
    public static func + (style: PlaceholderStyle, decoration: PlaceholderDecoration) -> PlaceholderStyle {
        decoration.applied(to: style)
    }
}
