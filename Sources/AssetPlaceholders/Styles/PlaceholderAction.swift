/// What a placeholder button does when it is tapped: the code it runs, and a name tools print beside the
/// button (`resolve --state` shows `Try again [retry]`).
///
/// The handler is typed code, so a misspelt action does not compile, as a selector does not in the
/// original; the name is only a label. A handler runs on the main actor, where an app's views are:
///
/// ```swift
/// let style = PlaceholderStyle.errorStyle.withButtons(1, axis: .vertical) { _, button in
///     button.action = PlaceholderAction("close-placeholder") { placeholder.isHidden = true }
/// }
/// ```
///
/// Two actions are equal when their names are: a handler, being code, takes no part in equality.
public struct PlaceholderAction: Sendable, Hashable, CustomStringConvertible {
    /// The label tools print; empty for a button that does nothing yet.
    public var name: String
    /// The code a tap runs; nil until the screen gives the button one.
    public var handler: (@MainActor @Sendable () -> Void)?

    public init(_ name: String, handler: (@MainActor @Sendable () -> Void)? = nil) {
        self.name = name
        self.handler = handler
    }

    /// No action yet: a new button's.
    public static let unassigned = PlaceholderAction("")

    /// The standard styles' retry button: named `retry`, with no handler until the screen gives it one
    /// (``PlaceholderButton/onTap(_:)``).
    public static let retry = PlaceholderAction("retry")

    /// Whether a tap runs code.
    public var hasHandler: Bool { handler != nil }

    /// Runs the handler, as a tap does; returns false when there is none (the tap does nothing).
    @MainActor
    @discardableResult
    public func perform() -> Bool {
        guard let handler else { return false }
        handler()
        return true
    }

    public static func == (lhs: PlaceholderAction, rhs: PlaceholderAction) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public var description: String { name }
}
