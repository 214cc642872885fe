/// `mixed-icon-sizes`, emitted by `CatalogValidator+AppIcons`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let mixedIconSizes = DiagnosticRule(
        code: .mixedIconSizes, defaultSeverity: .warning, readsSources: false,
        title: "Single-size or dark icons beside sized icons",
        help:
            "An app icon set mixes Xcode 14's single-size entries with per-size entries for one platform, or has dark "
            + "or tinted icons beside per-size entries (the device uses the sized files and never shows them). Choose one layout.")
}
