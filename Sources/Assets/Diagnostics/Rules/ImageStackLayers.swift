/// `image-stack-layers`, emitted by `CatalogValidator+ImageStacks`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let imageStackLayers = DiagnosticRule(
        code: .imageStackLayers, defaultSeverity: .warning, readsSources: false,
        title: "Layered image with too few or too many layers",
        help:
            "A tvOS layered image (`.imagestack`: app icon, top shelf or Game Center image) has two to five layers, and a "
            + "visionOS app icon (`.solidimagestack`) a back layer and one or two layers above it; this one lists fewer or "
            + "more in its Contents.json `layers`. Add or merge layers in Xcode's asset catalog editor.")
}
