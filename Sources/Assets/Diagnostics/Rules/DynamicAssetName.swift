/// `dynamic-asset-name`, emitted by `ReferenceFindings`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let dynamicAssetName = DiagnosticRule(
        code: .dynamicAssetName, defaultSeverity: .note, readsSources: true,
        title: "Asset name built at run time",
        help:
            "A name built at run time (interpolation, concatenation, a variable): the sets its literal prefix and "
            + "suffix could match are listed and count as used. Declare the pattern in .asset-tool.json's dynamic_names.")
}
