/// `format-mismatch`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let formatMismatch = DiagnosticRule(
        code: .formatMismatch, defaultSeverity: .warning, readsSources: false,
        title: "Extension and content disagree",
        help:
            "The file extension says one format and the bytes another. Rename the file or convert it.")
}
