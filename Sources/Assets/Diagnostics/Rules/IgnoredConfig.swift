/// `ignored-config`, emitted by `CatalogValidator`, `ReferenceReport`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let ignoredConfig = DiagnosticRule(
        code: .ignoredConfig, defaultSeverity: .warning, readsSources: false,
        title: "Configuration file not read",
        help:
            "A .asset-tool.json was found and not read: inside the catalog it would configure (a catalog, and a pull "
            + "request changing it, never relaxes its own checks) or a symbolic link. Put the configuration in the project "
            + "folder (beside the catalog, up to the repository root) as a regular file.")
}
