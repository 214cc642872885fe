/// `store-icon-format`, emitted by `CatalogValidator+AppIcons`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let storeIconFormat = DiagnosticRule(
        code: .storeIconFormat, defaultSeverity: .error, readsSources: false,
        title: "App Store icon that is not a 1024x1024 PNG",
        help:
            "The App Store icon is not a PNG, or not 1024x1024 pixels: App Store Connect takes only a 1024x1024 PNG. Export it again.")
}
