import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

/// `missing-app-icon`: the app icon names a project asks for (build settings, CFBundleIconName,
/// setAlternateIconName), each against the app icon sets and Icon Composer bundles it has.
@Suite("References: app icon names the project asks for have an icon")
struct AppIconNameTests {
    static let settings = """
        \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
        \t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "AppIconDark AppIconGone";
        \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = "App Icon & Top Shelf Image";

        """

    /// An Icon Composer bundle as Xcode 26 writes it: `icon.json` and its layer images under `Assets/`.
    static func iconBundle(_ path: String, in project: ProjectFixture) throws {
        try project.write("\(path)/icon.json", #"{"groups": [{"layers": [{"image-name": "front.png", "name": "front"}]}]}"#)
        try project.write("\(path)/Assets/front.png", try FixtureCatalog.png(width: 4, height: 4))
    }

    @Test("a build setting naming no app icon set is an error at its line; a set, a tvOS brand asset or an .icon answers")
    func buildSettings() throws {
        // Given settings naming AppIcon (an .icon bundle), AppIconDark (a set), AppIconGone (nothing) and a tvOS
        // brand asset whose name has spaces
        let project = try ProjectFixture()
        try project.appIconSet("AppIconDark")
        try project.write(
            "App/Assets.xcassets/App Icon & Top Shelf Image.brandassets/Contents.json",
            #"{"assets": [], "info": {"author": "xcode", "version": 1}}"#)
        try AppIconNameTests.iconBundle("App/AppIcon.icon", in: project)
        try project.write("App.xcodeproj/project.pbxproj", AppIconNameTests.settings)

        // When the project is scanned
        let (scan, findings) = try project.scan()

        // Then only AppIconGone is missing, at the alternate setting's line, as an error
        #expect(scan.iconBundles == ["App/AppIcon.icon"])
        let missing = findings.findings(.missingAppIcon)
        #expect(
            missing.map(\.description) == [
                "App.xcodeproj/project.pbxproj:2:52: error: ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES names the app icon \"AppIconGone\", "
                    + "but no app icon set or Icon Composer .icon in the project is named \"AppIconGone\" (1 catalog read): Xcode's asset "
                    + "compiler fails the build [missing-app-icon]"
            ])
        // and the set the setting names is used, the brand asset's name read whole, no other finding about them
        #expect(findings.uses["App/Assets.xcassets/AppIconDark.appiconset"] != nil)
        #expect(scan.references.contains { $0.name == .literal("App Icon & Top Shelf Image") })
        #expect(findings.findings(.missingAsset).isEmpty && findings.findings(.unusedAsset).isEmpty, "\(findings.diagnostics)")
        // and the .icon bundle's layer image is no loose image
        #expect(!scan.bundles.looseImageNames.contains("front"))
    }

    @Test("CFBundleIconName naming an image set, and setAlternateIconName naming nothing, are errors")
    func plistAndCalls() throws {
        // Given an Info.plist whose icon name is an image set, and calls with literals: one declared the old way
        let project = try ProjectFixture()
        try project.appIconSet("AppIcon")
        try project.imageSet("Logo")
        try project.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIcons</key><dict>
            <key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconName</key><string>Logo</string></dict>
            <key>CFBundleAlternateIcons</key><dict><key>Classic</key><dict><key>CFBundleIconFiles</key><array><string>Classic</string></array></dict></dict>
            </dict></dict></plist>
            """)
        try project.write(
            "App/Icons.swift",
            """
            import UIKit
            func pick() {
                UIApplication.shared.setAlternateIconName("Sunset") { _ in }
                UIApplication.shared.setAlternateIconName("Classic")
                UIApplication.shared.setAlternateIconName(nil)
                UIApplication.shared.setAlternateIconName("AppIcon")
            }
            """)

        // When the project is scanned
        let (_, findings) = try project.scan()

        // Then the plist's name and the undeclared call are reported, each at its place; nothing is missing-asset
        let missing = findings.findings(.missingAppIcon)
        #expect(missing.map(\.location) == ["App/Icons.swift:3:47", "App/Info.plist:4:72"], "\(missing.map(\.description))")
        #expect(missing.last?.message.contains("\"Logo\" is an image set (App/Assets.xcassets/Logo.imageset), not an app icon set") == true)
        #expect(missing.allSatisfy { $0.severity == .error })
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
    }

    @Test("a name Xcode expands, or a project with no catalog, is never reported")
    func noGuessing() throws {
        // Given a setting with $(…) and one naming a set in a project without catalogs
        let project = try ProjectFixture()
        try project.write(
            "App.xcodeproj/project.pbxproj",
            """
            \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = "AppIcon${BUNDLE_ID_SUFFIX}";
            \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;

            """)

        // When it is scanned
        let (_, findings) = try project.scan()

        // Then nothing is reported
        #expect(findings.findings(.missingAppIcon).isEmpty, "\(findings.diagnostics)")
    }

    @Test("a list setting's words: spaces split, quotes keep a name whole")
    func settingWords() {
        #expect(BuildSettingsScanner.settingWords("A  B \\\"C D\\\"").map(String.init) == ["A", "B", "\\\"C D\\\""])
    }
}

extension CatalogDiagnostic {
    var location: String { "\(path):\(position?.line ?? 0):\(position?.column ?? 0)" }
}
