/// `asset-name-case`, emitted by `ReferenceFindings`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let assetNameCase = DiagnosticRule(
        code: .assetNameCase, defaultSeverity: .warning, readsSources: true,
        title: "Name that matches a set only apart from case",
        help:
            "The name matches a set only apart from case: it works on a case-insensitive Mac file system in a "
            + "loose file and fails in the compiled catalog and on other systems. Use the set's exact name.")
}
