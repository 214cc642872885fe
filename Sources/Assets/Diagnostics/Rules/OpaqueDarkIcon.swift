/// `opaque-dark-icon`, emitted by `CatalogValidator+AppIcons`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let opaqueDarkIcon = DiagnosticRule(
        code: .opaqueDarkIcon, defaultSeverity: .warning, readsSources: false,
        title: "Dark icon with an opaque background",
        help:
            "A dark app icon with no alpha channel, so its background is opaque, where Apple asks for a transparent "
            + "background that the system fills. Export the dark icon's foreground on transparency.")
}
