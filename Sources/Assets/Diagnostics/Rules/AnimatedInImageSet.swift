/// `animated-in-imageset`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let animatedInImageSet = DiagnosticRule(
        code: .animatedInImageSet, defaultSeverity: .warning, readsSources: false,
        title: "Animated GIF in an image set",
        help:
            "An animated GIF in an image set, where UIKit shows only the first frame. Put it in a data set.")
}
