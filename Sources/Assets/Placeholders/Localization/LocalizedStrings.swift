import AssetsSupport
import AssetsCodecs

/// An app's real string tables for one locale: read from `Localizable.xcstrings` (Xcode string catalogs)
/// and `*.lproj/*.strings` files, looked up the way the platform falls back: the full locale
/// (`de-AT`), then its language (`de`), then the development language, then `Base`.
///
/// ```swift
/// let strings = try LocalizedStrings.read(from: "App/Resources", locale: "de-AT")
/// let context = PlaceholderContext(catalog: catalog, localization: strings)
/// ```
///
/// The keys the standard styles look up are listed in ``/AssetPlaceholders/PlaceholderText/standardKeys``.
public struct LocalizedStrings: LocalizationProvider, Hashable {
    /// The locale asked for, as given.
    public var locale: String
    /// The table languages consulted, in order, normalised to lower case with `-` (for `de-AT`: `de-at`,
    /// `de`, `en`, `Base`).
    public var fallbackChain: [String]
    /// The development language: the string catalog's source language, else `en` when a table has it.
    public var developmentLanguage: String?
    /// Every language's text, by key (languages normalised as in ``fallbackChain``).
    public var tables: [String: [String: String]]
    /// The files read, in the order they were merged.
    public var files: [String]

    public init(locale: String, tables: [String: [String: String]], developmentLanguage: String?, files: [String] = []) {
        self.locale = locale
        self.tables = tables
        self.developmentLanguage = developmentLanguage.map(Self.normalized)
        self.files = files
        var chain = Self.candidates(for: locale)
        for extra in [self.developmentLanguage, "Base"].compactMap({ $0 }) where !chain.contains(extra) {
            chain.append(extra)
        }
        self.fallbackChain = chain
    }

    public func localizedString(forKey key: String) -> String? {
        for language in fallbackChain {
            if let text = tables[language]?[key] { return text }
        }
        // A `.strings` file outside any `.lproj` folder holds text for every language.
        return tables[""]?[key]
    }

    /// The language that gave the text for `key`, or nil.
    public func language(forKey key: String) -> String? {
        fallbackChain.first { tables[$0]?[key] != nil } ?? (tables[""]?[key] != nil ? "" : nil)
    }

    /// `de_AT` → `de-at`; `zh-Hans-CN` → `zh-hans-cn`; lower case, hyphens.
    package static func normalized(_ language: String) -> String {
        language.replacingOccurrences(of: "_", with: "-").lowercased()
    }

    /// `zh-Hans-CN` → `zh-hans-cn`, `zh-hans`, `zh`.
    static func candidates(for locale: String) -> [String] {
        let parts = normalized(locale).split(separator: "-").map(String.init)
        guard !parts.isEmpty else { return [] }
        return (1...parts.count).reversed().map { parts[0..<$0].joined(separator: "-") }
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
