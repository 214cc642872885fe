/// `unsafe-path`, emitted by `CatalogReader`, `CatalogReader+Paths`, `CatalogReader+SetReading`, `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unsafePath = DiagnosticRule(
        code: .unsafePath, defaultSeverity: .error, readsSources: false,
        title: "Path reaching outside the catalog",
        help:
            "A filename with /, \\ or ..; a symbolic link leading out of the catalog or looping; folders nested "
            + "over 48 deep. Such paths are not read.")
}
