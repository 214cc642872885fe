/// Gives the text for a localization key, the way a strings table does.

public protocol LocalizationProvider: Sendable {
    /// The localized text for `key`, or nil when the table has none.
    func localizedString(forKey key: String) -> String?
}
