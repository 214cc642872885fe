/// `missing-placeholder`, emitted by `CatalogValidator`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let missingPlaceholder = DiagnosticRule(
        code: .missingPlaceholder, defaultSeverity: .warning, readsSources: false,
        title: "Conventional placeholder image missing",
        help:
            "One of " + PlaceholderRole.expectedInCatalog.map(\.conventionalName).joined(separator: ", ")
            + " is absent, so that state shows no image. An error with --require-placeholders.")
}
