/// `compressible-image`, emitted by `CatalogOptimizer`, `CatalogValidator+Cost`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let compressibleImage = DiagnosticRule(
        code: .compressibleImage, defaultSeverity: .note, readsSources: false,
        title: "Image that shrinks losslessly",
        help:
            "A PNG or JPEG that a lossless rewrite (asset-tool optimize) makes smaller by more than the threshold "
            + "(10 % and 4 KiB by default), with every decoded pixel, colour profile and orientation unchanged. The bytes "
            + "are the repository's: actool re-encodes a catalog's PNGs into Assets.car, so the app may not get smaller.")
}
