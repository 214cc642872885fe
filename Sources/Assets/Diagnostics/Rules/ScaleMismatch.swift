/// `scale-mismatch`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let scaleMismatch = DiagnosticRule(
        code: .scaleMismatch, defaultSeverity: .warning, readsSources: false,
        title: "Pixel sizes do not follow the scales",
        help:
            "The 2x and 3x pixel sizes are not exactly 2 and 3 times the 1x size (or 3/2 of the 2x size when "
            + "there is no 1x). Export each scale from the same source.")
}
