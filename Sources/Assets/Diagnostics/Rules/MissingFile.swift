/// `missing-file`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let missingFile = DiagnosticRule(
        code: .missingFile, defaultSeverity: .error, readsSources: false,
        title: "Listed file is missing",
        help:
            "An entry's filename names a file that is not in the set folder: the app gets no image for that slot. "
            + "Add the file or correct the name.")
}
