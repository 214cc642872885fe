/// `empty-asset`, emitted by `CatalogValidator+Sets`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let emptyAsset = DiagnosticRule(
        code: .emptyAsset, defaultSeverity: .warning, readsSources: false,
        title: "Set with no file",
        help:
            "A set with no file assigned (a colour set with no colour): it gives nothing at run time.")
}
