/// `ambiguous-variant`, emitted by `CatalogValidator+Sets`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let ambiguousVariant = DiagnosticRule(
        code: .ambiguousVariant, defaultSeverity: .error, readsSources: false,
        title: "Two entries claim the same slot",
        help:
            "Two entries of a set claim the same slot (every key but filename); Xcode keeps one. Remove or change one.")
}
