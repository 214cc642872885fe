/// `duplicate-name`, emitted by `CatalogValidator`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let duplicateName = DiagnosticRule(
        code: .duplicateName, defaultSeverity: .error, readsSources: false,
        title: "Two sets with the same name",
        help:
            "Two sets of any types have the same fully qualified name; the app gets one of them. Rename one.")
}
