/// `asset-kind-mismatch`, emitted by `ReferenceFindings`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let assetKindMismatch = DiagnosticRule(
        code: .assetKindMismatch, defaultSeverity: .error, readsSources: true,
        title: "Name asked for as the wrong kind of asset",
        help:
            "The name is a set of another kind: Color(\"x\") of an image set, UIImage(named:) of a colour set, a "
            + "data set asked for as an image. The call returns nil.")
}
