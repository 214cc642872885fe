/// `missing-contents`, emitted by `CatalogReader+SetReading`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let missingContents = DiagnosticRule(
        code: .missingContents, defaultSeverity: .warning, readsSources: false,
        title: "Set folder without Contents.json",
        help:
            "A set folder has no Contents.json, so Xcode does not know what the set holds. Add one, or remove the folder.")
}
