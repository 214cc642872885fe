/// `unused-scale`, emitted by `CatalogValidator+Cost`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unusedScale = DiagnosticRule(
        code: .unusedScale, defaultSeverity: .warning, readsSources: false,
        title: "Scale no supported device loads",
        help:
            "A file at a scale no device of the deployment target loads: 1x for an iOS app that targets iOS 10 or "
            + "later, a 1x Display P3 variant, an ~ipad (idiom ipad) file in an iPhone-only app. Delete it.")
}
