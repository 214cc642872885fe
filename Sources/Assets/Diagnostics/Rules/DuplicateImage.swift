/// `duplicate-image`, emitted by `CatalogValidator+Cost`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let duplicateImage = DiagnosticRule(
        code: .duplicateImage, defaultSeverity: .warning, readsSources: false,
        title: "Same pixels in another file",
        help:
            "A file decodes to the same pixels (and colour profile and orientation) as another file of the project: "
            + "in another set, another catalog, or another scale of its set. The app ships both; use one set for both.")
}
