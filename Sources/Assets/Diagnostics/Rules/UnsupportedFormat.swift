/// `unsupported-format`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unsupportedFormat = DiagnosticRule(
        code: .unsupportedFormat, defaultSeverity: .warning, readsSources: false,
        title: "File whose content cannot be checked",
        help:
            "A file whose content this tool cannot check (HEIC, WebP, unknown bytes in an image set).")
}
