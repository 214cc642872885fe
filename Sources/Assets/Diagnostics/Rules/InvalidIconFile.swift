/// `invalid-icon-file`, emitted by `IconComposerBundle`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let invalidIconFile = DiagnosticRule(
        code: .invalidIconFile, defaultSeverity: .error, readsSources: true,
        title: "Icon Composer file with a broken icon.json or layer image",
        help:
            "An Icon Composer .icon file (Xcode 26) whose icon.json does not read or has the wrong shape, or names a "
            + "layer image that is not in its Assets folder or is not a PNG, SVG or PDF: the icon does not compile as designed. "
            + "Open it in Icon Composer and save it again.")
}
