/// Text in a placeholder: a localization key with the text to show when the provider has none.

public struct PlaceholderText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key to look up; nil for text that is shown as written.
    public var key: String?
    /// The text shown when there is no key or the provider does not know it.
    public var defaultValue: String

    public init(key: String?, defaultValue: String) {
        self.key = key
        self.defaultValue = defaultValue
    }

    /// Text looked up under `key`, falling back to `defaultValue`.
    public static func localized(_ key: String, default defaultValue: String) -> PlaceholderText {
        PlaceholderText(key: key, defaultValue: defaultValue)
    }

    /// Text shown exactly as written.
    public static func verbatim(_ text: String) -> PlaceholderText {
        PlaceholderText(key: nil, defaultValue: text)
    }

    public init(stringLiteral value: String) {
        self.init(key: nil, defaultValue: value)
    }

    /// The text to show, asking `provider` first.
    public func text(using provider: any LocalizationProvider) -> String {
        key.flatMap { provider.localizedString(forKey: $0) } ?? defaultValue
    }

    public var description: String { defaultValue }
}

extension PlaceholderText {
    /// The localization keys the standard styles look up, with the text shown when a table lacks them.
    ///
    /// | key | style | default |
    /// | --- | --- | --- |
    /// | `placeholder.error.title` | error | Something went wrong |
    /// | `placeholder.error.subtitle` | error | Please try again. |
    /// | `placeholder.loading-error.title` | loading-error | Could not load data |
    /// | `placeholder.loading-error.subtitle` | loading-error | Check your connection and try again. |
    /// | `placeholder.empty.title` | empty | Nothing here yet |
    /// | `placeholder.retry` | error, loading-error (the button) | Try again |
    public static let standardKeys: [(key: String, defaultValue: String)] = [
        ("placeholder.error.title", "Something went wrong"),
        ("placeholder.error.subtitle", "Please try again."),
        ("placeholder.loading-error.title", "Could not load data"),
        ("placeholder.loading-error.subtitle", "Check your connection and try again."),
        ("placeholder.empty.title", "Nothing here yet"),
        ("placeholder.retry", "Try again"),
    ]
}
