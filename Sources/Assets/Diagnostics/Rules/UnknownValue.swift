/// `unknown-value`, emitted by `CatalogReader+SetReading`, `CatalogValidator+Files`, `CatalogValidator+Sets`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unknownValue = DiagnosticRule(
        code: .unknownValue, defaultSeverity: .warning, readsSources: false,
        title: "Value outside Apple's vocabulary",
        help:
            "An idiom, scale, appearance, size class, gamut, direction, rendering intent, colour space or folder "
            + "type outside Apple's vocabulary: Xcode ignores it or rejects the set.")
}
