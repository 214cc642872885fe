import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

@Suite("References: generated accessors, system names, Interface Builder lines and coincidences")
struct ReferenceSemanticsTests {
    @Test("a SwiftGen, R.swift or tuist output declares accessors: a set is used by its accessor's use, not by the generated literal")
    func generatedAccessorFiles() throws {
        // Given sets named in SwiftGen's, R.swift's and tuist's outputs, only some of whose accessors are used
        let project = try ProjectFixture()
        for name in ["bell", "star", "unused_gen", "profile_icon", "unused_r", "tuist_logo", "unused_tuist"] {
            try project.imageSet(name)
        }
        try project.write(
            "App/Generated/Assets.swift",
            """
            // swiftlint:disable all
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            import UIKit
            internal enum Asset {
              internal enum ObjectsAndTools {
                internal static let bell = ImageAsset(name: "bell")
                internal static let star = ImageAsset(name: "star")
                internal static let unusedGen = ImageAsset(name: "unused_gen")
              }
            }
            """)
        try project.write(
            "App/R.generated.swift",
            """
            struct R {
              struct image {
                static let profile_icon = Rswift.ImageResource(bundle: R.hostingBundle, name: "profile_icon")
                static let unused_r = Rswift.ImageResource(bundle: R.hostingBundle, name: "unused_r")
                static func unused_r(compatibleWith: UITraitCollection? = nil) -> UIImage? { UIKit.UIImage(resource: R.image.unused_r) }
              }
            }
            """)
        try project.write(
            "App/Derived/TuistAssets+App.swift",
            """
            public enum AppAsset {
              public static let tuistLogo = AppImages(name: "tuist_logo")
              public static let unusedTuist = AppImages(name: "unused_tuist")
            }
            """)
        try project.write(
            "App/View.swift",
            """
            import UIKit
            let a = Asset.ObjectsAndTools.bell.image
            func icon(_ asset: ImageAsset) -> UIImage { asset.image }
            let b = icon(.star)
            let c = R.image.profile_icon()
            let d = AppAsset.tuistLogo.image
            """)

        // When the project is scanned
        let (scan, findings) = try project.scan()

        // Then the generated files give no references, and only the sets whose accessors nobody uses are unused
        #expect(scan.references.allSatisfy { !$0.file.contains("Generated") && !$0.file.hasPrefix("App/R.") && !$0.file.contains("Tuist") })
        #expect(Set(scan.generatedFiles) == ["App/Generated/Assets.swift", "App/R.generated.swift", "App/Derived/TuistAssets+App.swift"])
        #expect(findings.unusedNames == ["unused_gen", "unused_r", "unused_tuist"], "\(findings.unusedNames)")
        #expect(findings.findings(.missingAsset).isEmpty)
    }

    @Test("AppKit's own image names are not missing; a name no catalog has still is")
    func appKitNames() throws {
        // Given NSImage lookups of AppKit's names (constants and undocumented ones) and one real slip
        let project = try ProjectFixture()
        try project.imageSet("toolbar_icon")
        try project.write(
            "Mac/Toolbar.swift",
            """
            import AppKit
            let play = NSImage(named: "NSPlayTemplate")
            let pause = NSImage(named: "NSPauseTemplate")
            let stop = NSImage(named: "NSStopProgressTemplate")
            let download = NSImage(named: "NSTransferDownload")
            let mine = NSImage(named: "toolbar_icon")
            let slip = NSImage(named: "toolbar_icn")
            """)
        try project.write(
            "Mac/Window.m",
            """
            NSImage *add = [NSImage imageNamed:@"NSAddTemplate"];
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the slip is missing, at its line
        #expect(findings.missingNames == ["toolbar_icn"])
        #expect(findings.findings(.missingAsset).first?.position?.line == 7)
    }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
            <barButtonItem image="bar_missing" id="1"/>
            <imageView image="Header" id="2"/>
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="image" keyPath="icon" value="runtime_missing"/>
            </userDefinedRuntimeAttributes>
            <imageView image="used_image" id="3"/>
            <resources>
                <image name="bar_missing" width="16" height="16"/>
                <image name="Header" width="16" height="16"/>
                <image name="runtime_missing" width="16" height="16"/>
                <image name="used_image" width="16" height="16"/>
            </resources>
        </document>
        """

    @Test("Interface Builder: each finding at the control's line, also for names the document's resources repeat")
    func interfaceBuilderLines() throws {
        // Given a storyboard whose bar button item and runtime attribute name images no catalog has, and a
        // control asking for a set in another case; the resources section repeats all of them
        let project = try ProjectFixture()
        try project.imageSet("header")
        try project.imageSet("used_image")
        try project.write("App/Main.storyboard", Self.storyboard)
        try project.write(
            "Mac/MainMenu.xib",
            """
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB">
                <imageCell key="cell" image="cell_missing" id="5"/>
                <imageCell key="cell" image="NSApplicationIcon" id="6"/>
                <resources><image name="cell_missing" width="1" height="1"/></resources>
            </document>
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then each is reported at the control, not at the resources line
        #expect(findings.missingNames == ["bar_missing", "runtime_missing", "cell_missing"])
        #expect(findings.findings(.missingAsset).compactMap { $0.position?.line } == [3, 6, 2])
        #expect(findings.findings(.assetNameCase).map { $0.position?.line } == [4])
        #expect(findings.unusedNames.isEmpty)
    }

    @Test("a macOS xib's image= answers to a loose .icns in the bundle by its bare name")
    func interfaceBuilderIconFile() throws {
        // Given a xib asking for "icon" and "absent", and an icon.icns beside it (no catalog holds either)
        let project = try ProjectFixture()
        try project.imageSet("header")
        try project.write("Mac/Share/icon.icns", "icns")
        try project.write(
            "Mac/Share/Share.xib",
            """
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB">
                <imageCell key="cell" image="icon" id="5"/>
                <imageCell key="cell" image="absent" id="6"/>
            </document>
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the name no file provides is missing
        #expect(findings.missingNames == ["absent"])
    }

    @Test("Interface Builder: with a Pods folder the scan did not enter, a storyboard's name is never missing")
    func interfaceBuilderWithDependencies() throws {
        // Given the same storyboard beside a CocoaPods folder (its catalogs may be compiled into the app)
        let project = try ProjectFixture()
        try project.imageSet("used_image")
        try project.write("App/Main.storyboard", Self.storyboard)
        try project.write("Pods/Dependency/Dependency.m", "")

        // When scanned
        let (_, findings) = try project.scan()

        // Then nothing is missing
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
    }

    @Test("SF Symbol names, localised strings and accessibility identifiers are never uses; a case-only literal is no use")
    func coincidences() throws {
        // Given sets whose names equal (or differ in case from) literals in positions that never name a set
        let project = try ProjectFixture()
        for name in ["Trash", "local", "Unstar", "star", "Favorite", "kept"] { try project.imageSet(name) }
        try project.write(
            "App/View.swift",
            """
            import SwiftUI
            let trash = UIImage(systemName: "trash")
            let title = NSLocalizedString("Unstar", comment: "menu title")
            let other = String(localized: "star")
            let button = Text("x").accessibilityIdentifier("local")
            func setUp(_ view: UIView) { view.accessibilityIdentifier = "Favorite" }
            let labelled = Label("Favorite", systemImage: "star")
            let name = "kept"
            let cased = "favorite"
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then those sets are unused; the constant still keeps its set; no case finding outside a lookup
        #expect(findings.unusedNames == ["Trash", "local", "Unstar", "star", "Favorite"], "\(findings.unusedNames)")
        #expect(findings.findings(.assetNameCase).isEmpty)
    }

    @Test("in a package target, a lookup without bundle: .module looks in the main bundle: a set only in the target's catalog is missing")
    func packageBundles() throws {
        // Given a package target with its own catalog, looked up without and with its bundle, and an app
        // catalog's set looked up from the package
        let project = try ProjectFixture()
        try project.write(
            "Packages/Kit/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit", resources: [.process("Media.xcassets")])])
            """)
        try project.imageSet("kit_logo", in: "Packages/Kit/Sources/Kit/Media.xcassets")
        try project.colorSet("kit_tint", in: "Packages/Kit/Sources/Kit/Media.xcassets")
        try project.imageSet("shared_in_app")
        try project.write(
            "Packages/Kit/Sources/Kit/Views.swift",
            """
            import SwiftUI
            let wrong = UIImage(named: "kit_logo")
            let right = Image("kit_logo", bundle: .module)
            let tint = Color("kit_tint")
            let app = UIImage(named: "shared_in_app")
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the two main-bundle lookups of the target's own sets are missing, with the fix; the rest is clean
        let missing = findings.findings(.missingAsset)
        #expect(missing.compactMap { $0.position?.line } == [2, 4], "\(findings.diagnostics)")
        #expect(missing.first?.message.contains("pass `in: .module`") == true)
        #expect(missing.last?.message.contains("pass `bundle: .module`") == true)
        #expect(findings.unusedNames.isEmpty)
    }

    @Test("an action extension's and a widget's Info.plist keys name catalog items: uses")
    func extensionInfoPlistKeys() throws {
        // Given an extension's Info.plist naming an icon, a bezel colour and a widget background
        let project = try ProjectFixture()
        try project.imageSet("QuickActionIcon")
        try project.imageSet("PreviewIcon")
        try project.colorSet("BezelColor")
        try project.colorSet("WidgetBackground")
        try project.imageSet("not_named")
        let info: [String: Any] = [
            "NSExtension": [
                "NSExtensionAttributes": [
                    "NSExtensionServiceTouchBarIconName": "QuickActionIcon",
                    "NSExtensionServiceFinderPreviewIconName": "PreviewIcon",
                    "NSExtensionServiceTouchBarBezelColorName": "BezelColor",
                ]
            ],
            "NSWidgetBackgroundColorName": "WidgetBackground",
        ]
        try project.write(
            "Extension/Info.plist", Array(try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)))
        try project.write("Extension/Action.swift", "let x = 1")

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the set nothing names is unused
        #expect(findings.unusedNames == ["not_named"], "\(findings.unusedNames)")
    }

    @Test("an SF Symbol passed by its SFSafeSymbols case is not Xcode's asset symbol for a set of that name")
    func sfSafeSymbols() throws {
        // Given a set named like an SF Symbol, and code that shows that SF Symbol through SFSafeSymbols, and a set
        // used by its Xcode asset symbol
        let project = try ProjectFixture()
        try project.imageSet("arrow.triangle.2.circlepath")
        try project.imageSet("brand_logo")
        try project.write(
            "App/Row.swift",
            """
            import SFSafeSymbols
            import SwiftUI
            struct Row: View {
                var body: some View {
                    Image(systemSymbol: .arrowTriangle2Circlepath)
                    Label("Sync", systemSymbol: .arrowTriangle2Circlepath)
                    Image(.brandLogo)
                }
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the set named like the symbol is unused (openHAB's case), the asset symbol's set used
        #expect(findings.unusedNames == ["arrow.triangle.2.circlepath"], "\(findings.diagnostics)")
    }
}
