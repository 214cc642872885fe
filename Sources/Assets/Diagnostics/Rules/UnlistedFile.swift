/// `unlisted-file`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unlistedFile = DiagnosticRule(
        code: .unlistedFile, defaultSeverity: .warning, readsSources: false,
        title: "File that no entry lists",
        help:
            "A file in a set folder that no entry of Contents.json lists: Xcode ignores it. List it or delete it.")
}
