/// `missing-app-icon`, emitted by `ReferenceFindings+AppIcons`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let missingAppIcon = DiagnosticRule(
        code: .missingAppIcon, defaultSeverity: .error, readsSources: true,
        title: "App icon name the project asks for that no icon set has",
        help:
            "A build setting (ASSETCATALOG_COMPILER_APPICON_NAME, ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES), an "
            + "Info.plist's CFBundleIconName or a setAlternateIconName call names an app icon that no app icon set (or Icon "
            + "Composer .icon file) in the project provides: the asset compiler fails the build, or the icon never changes. "
            + "Fix the name or add the set.")
}
