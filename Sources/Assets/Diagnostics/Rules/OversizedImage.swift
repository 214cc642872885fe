/// `oversized-image`, emitted by `CatalogValidator+Cost`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let oversizedImage = DiagnosticRule(
        code: .oversizedImage, defaultSeverity: .warning, readsSources: false,
        title: "More pixels than the set can show",
        help:
            "A file with more than twice the pixels a side its set can show at its scale (from its 1x/2x siblings "
            + "or a point size in .asset-tool.json). Export it at the size it is shown.")
}
