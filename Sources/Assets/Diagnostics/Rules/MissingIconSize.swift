/// `missing-icon-size`, emitted by `CatalogValidator+AppIcons`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let missingIconSize = DiagnosticRule(
        code: .missingIconSize, defaultSeverity: .warning, readsSources: false,
        title: "Icon size App Store Connect requires is missing",
        help:
            "A classic (per-size) iOS icon set lacks a size App Store Connect requires: iPhone 60pt@2x (120 px), "
            + "iPad 76pt@2x (152 px) and 83.5pt@2x (167 px) when the set has icons for that device, and the 1024 App Store icon.")
}
