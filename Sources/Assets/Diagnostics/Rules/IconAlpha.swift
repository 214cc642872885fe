/// `icon-alpha`, emitted by `CatalogValidator+AppIcons`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let iconAlpha = DiagnosticRule(
        code: .iconAlpha, defaultSeverity: .warning, readsSources: false,
        title: "App Store or watchOS icon with an alpha channel",
        help:
            "The App Store icon (ios-marketing, or the single-size 1024 iOS icon) or a watchOS icon is a PNG with an "
            + "alpha channel (colour type 4 or 6, or a tRNS chunk): App Store Connect rejects the upload (ITMS-90717, "
            + "ITMS-90396 for watchOS), even when every pixel is opaque. Save it as RGB without alpha. Also a tvOS image "
            + "stack's back layer or top shelf image with a pixel that is not opaque (actool's warning; ITMS-90497).")
}
