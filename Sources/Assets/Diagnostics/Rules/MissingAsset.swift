/// `missing-asset`, emitted by `ReferenceFindings`, `ReferenceFindings+Targets`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let missingAsset = DiagnosticRule(
        code: .missingAsset, defaultSeverity: .error, readsSources: true,
        title: "Name the code asks for that no catalog has",
        help:
            "The code asks for a name (UIImage(named:), Image(_:), UIColor(named:), a storyboard's image=, ...) that no "
            + "catalog and no loose bundle image provides: it comes back nil, so the screen shows its placeholder, or "
            + "crashes where the result is force-unwrapped. Fix the name or add the set (asset-tool refs; Docs/refs.md).")
}
