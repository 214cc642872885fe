/// `unused-asset`, emitted by `ReferenceFindings`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unusedAsset = DiagnosticRule(
        code: .unusedAsset, defaultSeverity: .warning, readsSources: true,
        title: "Set that nothing uses",
        help:
            "No reference in code, storyboard, Info.plist, build setting, placeholders.json or declared dynamic name "
            + "(\"dynamic_names\" in .asset-tool.json) uses the set: delete it, or declare the pattern that loads it.")
}
