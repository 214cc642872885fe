/// `undecodable-image`, emitted by `CatalogValidator+Files`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let undecodableImage = DiagnosticRule(
        code: .undecodableImage, defaultSeverity: .error, readsSources: false,
        title: "Image does not decode",
        help:
            "An image fails to decode or the codec reports damage (truncated, corrupt, no end marker); a PDF "
            + "without header or %%EOF; an SVG that is not well-formed XML with an <svg> root. Export the file again.")
}
