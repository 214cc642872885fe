/// `invalid-json`, emitted by `CatalogReader`, `CatalogValidator+Files`, `ContentsFile`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let invalidJSON = DiagnosticRule(
        code: .invalidJSON, defaultSeverity: .error, readsSources: false,
        title: "Contents.json does not parse or has the wrong shape",
        help:
            "A Contents.json does not parse (the line and column are given) or a key has the wrong shape "
            + "(the key path is given, e.g. images[2].scale). Fix the JSON; Xcode rejects the set otherwise.")
}
