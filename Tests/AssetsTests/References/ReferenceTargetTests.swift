import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// Per-file target membership (#32): a lookup resolves against the catalogs of the targets that build its file
/// (an Xcode project's build phases and synchronized folders, a package's target folders), and a set only in
/// another target's catalog is `missing-asset` naming that target. A file no target lists, or several, is
/// never a new error from doubt.
@Suite("References: lookups resolve against the catalogs of the targets that build their file")
struct ReferenceTargetTests {
    /// An app (`App/`) and a widget extension (`Widget/`) listing their files in build phases, as Xcode writes a
    /// project: `Shared.swift` in both, the storyboard localized (a variant group), a framework (`Kit/`).
    static let phases = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1 /* Main.swift */; };
        \t\tB2 = {isa = PBXBuildFile; fileRef = F2 /* Shared.swift */; };
        \t\tB3 = {isa = PBXBuildFile; fileRef = F3 /* App.xcassets */; };
        \t\tB4 = {isa = PBXBuildFile; fileRef = F4 /* Widget.swift */; };
        \t\tB5 = {isa = PBXBuildFile; fileRef = F2 /* Shared.swift */; };
        \t\tB6 = {isa = PBXBuildFile; fileRef = F5 /* Widget.xcassets */; };
        \t\tB7 = {isa = PBXBuildFile; fileRef = V1 /* Main.storyboard */; };
        \t\tB8 = {isa = PBXBuildFile; fileRef = F7 /* Kit.swift */; };
        \t\tF1 = {isa = PBXFileReference; path = Main.swift; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = Shared.swift; sourceTree = "<group>"; };
        \t\tF3 = {isa = PBXFileReference; path = App.xcassets; sourceTree = "<group>"; };
        \t\tF4 = {isa = PBXFileReference; path = Widget.swift; sourceTree = "<group>"; };
        \t\tF5 = {isa = PBXFileReference; path = Widget.xcassets; sourceTree = "<group>"; };
        \t\tF6 = {isa = PBXFileReference; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        \t\tF7 = {isa = PBXFileReference; path = Kit.swift; sourceTree = "<group>"; };
        \t\tV1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F6, ); name = Main.storyboard; sourceTree = "<group>"; };
        \t\tG0 = {isa = PBXGroup; children = (G1, G2, G3); sourceTree = "<group>"; };
        \t\tG1 = {isa = PBXGroup; children = (F1, F2, F3, V1); path = App; sourceTree = "<group>"; };
        \t\tG2 = {isa = PBXGroup; children = (F4, F5); path = Widget; sourceTree = "<group>"; };
        \t\tG3 = {isa = PBXGroup; children = (F7); path = Kit; sourceTree = "<group>"; };
        \t\tP1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, ); };
        \t\tP2 = {isa = PBXResourcesBuildPhase; files = (B3, B7, ); };
        \t\tP3 = {isa = PBXSourcesBuildPhase; files = (B4, B5, ); };
        \t\tP4 = {isa = PBXResourcesBuildPhase; files = (B6, ); };
        \t\tP5 = {isa = PBXSourcesBuildPhase; files = (B8, ); };
        \t\tT1 = {isa = PBXNativeTarget; buildPhases = (P1, P2); name = App; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildPhases = (P3, P4); name = Widgets; productType = "com.apple.product-type.app-extension"; };
        \t\tT3 = {isa = PBXNativeTarget; buildPhases = (P5); name = Kit; productType = "com.apple.product-type.framework"; };
        \t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2, T3); };
        \t};
        \trootObject = R0;
        }
        """

    static func phasesProject() throws -> ProjectFixture {
        let project = try ProjectFixture()
        try project.write("App.xcodeproj/project.pbxproj", phases)
        try project.imageSet("appLogo", in: "App/App.xcassets")
        try project.imageSet("widgetStar", in: "Widget/Widget.xcassets")
        try project.imageSet("anywhere", in: "Loose/Other.xcassets")
        return project
    }

    @Test("each target's files through its build phases, a localized storyboard's variants included")
    func readsPhases() throws {
        let project = try #require(XcodeProjectTargets.read(Array(Self.phases.utf8)))
        #expect(project.targets.map(\.name) == ["App", "Kit", "Widgets"])
        #expect(project.targets.map(\.ownsMainBundle) == [true, false, true])
        #expect(project.targets[0].files == ["App/Main.swift", "App/Shared.swift", "App/App.xcassets", "App/Base.lproj/Main.storyboard"])
        #expect(project.targets[2].files == ["Widget/Widget.swift", "App/Shared.swift", "Widget/Widget.xcassets"])
    }

    @Test("a set only in another target's catalog is missing, naming the target; several targets, none, or a framework: no error")
    func buildPhases() throws {
        // Given lookups in files of one target, of two, of a framework, of none, and one naming its bundle
        let project = try Self.phasesProject()
        try project.write(
            "Widget/Widget.swift",
            """
            let a = UIImage(named: "appLogo")
            let b = UIImage(named: "widgetStar")
            let c = UIImage(named: "anywhere")
            let d = UIImage(named: "appLogo", in: Bundle(for: Marker.self), compatibleWith: nil)
            """)
        try project.write("App/Main.swift", "let e = Image(\"widgetStar\")\n")
        try project.write("App/Shared.swift", "let f = UIImage(named: \"appLogo\")\n")
        try project.write("Kit/Kit.swift", "let g = UIImage(named: \"widgetStar\")\n")
        try project.write("Tools/Preview.swift", "let h = UIImage(named: \"widgetStar\")\n")
        try project.write(
            "App/Base.lproj/Main.storyboard",
            #"<document><objects><imageView image="widgetStar" id="a"/></objects></document>"#)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the widget's `appLogo`, the app's `widgetStar` and the storyboard's are missing, each naming the
        // target whose catalog has it; the set stays used (no unused finding follows)
        let missing = findings.findings(.missingAsset).map { "\($0.path):\($0.position?.line ?? 0)" }
        #expect(missing == ["App/Base.lproj/Main.storyboard:1", "App/Main.swift:1", "Widget/Widget.swift:1"], "\(findings.diagnostics)")
        let widget = try #require(findings.findings(.missingAsset).first { $0.path == "Widget/Widget.swift" })
        #expect(
            widget.message
                == "UIImage(named:) asks for \"appLogo\", which only the catalog of target App has (App/App.xcassets/appLogo.imageset); "
                + "this file is built by target Widgets, whose bundle does not hold it: the image comes back nil, so the screen shows "
                + "its placeholder")
        #expect(findings.findings(.missingAsset).first { $0.path == "App/Main.swift" }?.message.contains("SwiftUI draws nothing") == true)
        #expect(findings.unusedNames.isEmpty, "\(findings.unusedNames)")
    }

    /// Xcode 16's synchronized folders: `App/` built by App, less `Extra/Debug.swift`; `Widget/` built by Widgets,
    /// which also gets `App/Shared/Common.swift` through an exception on `App/`; `Tools/` built by a test bundle.
    static let synchronized = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tE1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Extra/Debug.swift, ); target = T1; };
        \t\tE2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Shared, ); target = T2; };
        \t\tS1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, ); explicitFileTypes = {}; explicitFolders = (); path = App; sourceTree = "<group>"; };
        \t\tS2 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
        \t\tS3 /* Tools */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Tools; sourceTree = "<group>"; };
        \t\tG0 = {isa = PBXGroup; children = (S1, S2, S3); sourceTree = "<group>"; };
        \t\tT1 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S1, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S2, ); name = Widgets; productType = "com.apple.product-type.app-extension"; };
        \t\tT3 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S3, ); name = Tests; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2, T3); };
        \t};
        \trootObject = R0;
        }
        """

    @Test("synchronized folders: their files and catalogs belong to the targets building them, less the exceptions, plus those added")
    func synchronizedMembership() throws {
        let project = try #require(XcodeProjectTargets.read(Array(Self.synchronized.utf8)))
        let membership = TargetMembership(
            projects: [project], catalogs: ["App/Assets.xcassets", "Widget/Assets.xcassets", "Other.xcassets"])
        func names(_ path: String) -> [String] { membership.targets(of: path).map { membership.targets[$0].name }.sorted() }
        #expect(names("App/Feature.swift") == ["App"])
        #expect(names("App/Extra/Debug.swift") == [])
        #expect(names("App/Shared/Common.swift") == ["App", "Widgets"])
        #expect(names("Widget/Widget.swift") == ["Widgets"])
        #expect(names("Application/Other.swift") == [])
        #expect(membership.catalogTargets.keys.sorted() == ["App/Assets.xcassets", "Widget/Assets.xcassets"])
    }

    @Test("synchronized folders: a set only in the widget's catalog is missing in the app; shared, excepted and test files are not")
    func synchronizedFindings() throws {
        // Given the folders' catalogs and lookups from each kind of file
        let project = try ProjectFixture()
        try project.write("App.xcodeproj/project.pbxproj", Self.synchronized)
        try project.imageSet("appLogo", in: "App/Assets.xcassets")
        try project.imageSet("widgetStar", in: "Widget/Assets.xcassets")
        try project.write("App/Feature.swift", "let a = UIImage(named: \"widgetStar\")\nlet b = UIImage(named: \"appLogo\")\n")
        try project.write("App/Shared/Common.swift", "let c = UIImage(named: \"widgetStar\")\n")
        try project.write("App/Extra/Debug.swift", "let d = UIImage(named: \"widgetStar\")\n")
        try project.write("Tools/Snapshot.swift", "let e = UIImage(named: \"widgetStar\")\n")
        try project.write("Widget/Widget.swift", "let f = UIImage(named: \"appLogo\")\n")

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the app-only and widget-only files' lookups of the other's sets are missing
        let missing = findings.findings(.missingAsset)
        #expect(missing.map(\.path) == ["App/Feature.swift", "Widget/Widget.swift"], "\(findings.diagnostics)")
        #expect(
            missing.first?.message.contains("only the catalog of target Widgets has (Widget/Assets.xcassets/widgetStar.imageset)") == true)
    }

    @Test("a set only test bundles name is unused by the app, saying where the tests name it; a test bundle's own set is used")
    func namedOnlyInTests() throws {
        // Given the app's sets, one named only by the unit test bundle's file, one by both, and the test bundle's own
        let project = try ProjectFixture()
        try project.write("App.xcodeproj/project.pbxproj", Self.synchronized)
        for name in ["Logo", "kept"] { try project.imageSet(name, in: "App/Assets.xcassets") }
        try project.imageSet("fixture", in: "Tools/TestAssets.xcassets")
        try project.write("App/Feature.swift", "let a = UIImage(named: \"kept\")\n")
        try project.write(
            "Tools/UploadTests.swift",
            "func testUpload() {\n    let image = UIImage(named: \"Logo\")\n    let other = UIImage(named: \"Logo\")\n"
                + "    let kept = UIImage(named: \"kept\")\n    let own = UIImage(named: \"fixture\")\n}\n")

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the set the tests alone name is unused, with the first test line that names it
        #expect(findings.unusedNames == ["Logo"], "\(findings.diagnostics)")
        #expect(
            findings.findings(.unusedAsset).first?.message
                == "no app code uses an image set \"Logo\": only tests name it (Tools/UploadTests.swift:2, 1 more)")
    }

    @Test("a set only a package's test target names is unused; one in the test target's own catalog is used")
    func namedOnlyInPackageTests() throws {
        // Given a library target's catalog and a test target's catalog, both named only from the test target
        let project = try ProjectFixture()
        try project.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Kit", resources: [.process("Media.xcassets")]),
                .testTarget(name: "KitTests", dependencies: ["Kit"], resources: [.process("Fixtures.xcassets")]),
            ])
            """)
        try project.imageSet("badge", in: "Sources/Kit/Media.xcassets")
        try project.imageSet("sample", in: "Tests/KitTests/Fixtures.xcassets")
        try project.write("Sources/Kit/Kit.swift", "public enum Kit {}\n")
        try project.write(
            "Tests/KitTests/KitTests.swift",
            "let a = UIImage(named: \"badge\", in: .module, with: nil)\nlet b = UIImage(named: \"sample\", in: .module, with: nil)\n")

        // When scanned
        let (_, findings) = try project.scan()

        // Then the library's set the tests alone name is unused
        #expect(findings.unusedNames == ["badge"], "\(findings.diagnostics)")
        #expect(findings.findings(.unusedAsset).first?.message.contains("only tests name it (Tests/KitTests/KitTests.swift:1)") == true)
    }

    @Test("in a package, `bundle: .module` finds only its own target's catalog: another target's set is missing, naming it")
    func packageModuleBundle() throws {
        // Given two package targets with catalogs, one asking its own bundle for the other's set
        let project = try ProjectFixture()
        try project.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Icons", resources: [.process("Icons.xcassets")]),
                .target(name: "Screens", resources: [.process("Screens.xcassets")]),
            ])
            """)
        try project.imageSet("bell", in: "Sources/Icons/Icons.xcassets")
        try project.imageSet("hero", in: "Sources/Screens/Screens.xcassets")
        try project.write(
            "Sources/Screens/Home.swift",
            """
            import SwiftUI
            let a = Image("bell", bundle: .module)
            let b = Image("hero", bundle: .module)
            let c = Image("bell", bundle: Icons.bundle)
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the `.module` lookup of the other target's set is missing at its line, with both targets named
        let missing = findings.findings(.missingAsset)
        #expect(missing.map(\.position?.line) == [2], "\(findings.diagnostics)")
        #expect(
            missing.first?.message.hasSuffix(
                "asks for \"bell\" in package target Screens's bundle (`.module`), but only package target Icons's "
                    + "catalog has it (Sources/Icons/Icons.xcassets/bell.imageset): SwiftUI draws nothing there (and logs the missing name)"
            )
                == true, "\(missing)")
    }

    @Test(
        "a package manifest wrapping the app's folder: a main-bundle lookup the Xcode app target builds is not missing; one only the package builds is"
    )
    func packageWrappingAppFolder() throws {
        // Given an Xcode app target building App/Main.swift and copying App/App.xcassets, and a Package.swift
        // whose target `App` (path "App") lists the same folder, as damus's does; Tools/Only.swift is built by
        // a second package target only
        let project = try ProjectFixture()
        try project.write("App.xcodeproj/project.pbxproj", Self.phases)
        try project.imageSet("appLogo", in: "App/App.xcassets")
        try project.imageSet("toolIcon", in: "Tools/Tools.xcassets")
        try project.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "App", path: "App"),
                .target(name: "Tools", path: "Tools"),
            ])
            """)
        try project.write("App/Main.swift", "import SwiftUI\nlet logo = Image(\"appLogo\")\n")
        try project.write("Tools/Only.swift", "import SwiftUI\nlet icon = Image(\"toolIcon\")\n")

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the package-only file's main-bundle lookup is missing
        let missing = findings.findings(.missingAsset)
        #expect(missing.map(\.path) == ["Tools/Only.swift"], "\(findings.diagnostics)")
        #expect(missing.first?.message.contains("only package target Tools's catalog has it") == true, "\(missing)")
    }

    @Test("a document's named colour that its resources carry is not missing (the nib falls back to it); one without, and an image, are")
    func documentColours() throws {
        // Given DuckDuckGo's shape: a design-system package's colour IB resolved and wrote into the document's
        // resources, a colour it did not, and an image no catalog has (IB writes only its size)
        let project = try ProjectFixture()
        try project.imageSet("appLogo")
        try project.write(
            "App/Base.lproj/Bookmarks.storyboard",
            """
            <document><objects>
            <view id="a"><color key="tintColor" name="surface"/></view>
            <view id="b"><color key="tintColor" name="ghost"/></view>
            <button id="c"><state key="normal" image="arr"/></button>
            </objects><resources>
            <image name="arr" width="128" height="128"/>
            <namedColor name="surface"><color red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
            </resources></document>
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the colour without a fallback and the image are missing, at their lines
        #expect(findings.missingNames == ["ghost", "arr"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).map(\.position?.line) == [3, 4])
        // And the image's says what a nib does without it
        #expect(
            findings.findings(.missingAsset).last?.message.hasSuffix(
                "the nib loads without it (and logs the missing name), so the view shows no image unless code sets one") == true)
    }

    @Test("a file in a package's test folder that an Xcode app target also builds is the app's: its names are uses")
    func testFolderBuiltByApp() throws {
        // Given the Xcode app target building App/Main.swift, which a Package.swift also lists as a `.testTarget`'s
        // folder, and a file only that test target has, naming a set of the app's catalog
        let project = try Self.phasesProject()
        try project.imageSet("onlyTested", in: "App/App.xcassets")
        try project.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.testTarget(name: "AppTests", path: "App")])
            """)
        try project.write("App/Main.swift", "import UIKit\nlet logo = UIImage(named: \"appLogo\")\n")
        try project.write("App/OnlyTests.swift", "import UIKit\nlet icon = UIImage(named: \"onlyTested\")\n")

        // When scanned
        let (_, findings) = try project.scan()

        // Then the app's file uses its set; the set only the test target's file names is unused, saying so
        let unused = findings.findings(.unusedAsset)
        #expect(!unused.contains { $0.path.hasSuffix("appLogo.imageset") }, "\(findings.diagnostics)")
        let tested = try #require(unused.first { $0.path.hasSuffix("onlyTested.imageset") }, "\(findings.diagnostics)")
        #expect(tested.message.contains("only tests name it (App/OnlyTests.swift:2)"), "\(tested)")
    }

    @Test("a colour only another target's catalog has, which the document carries: not missing; one it does not carry is")
    func documentColourOutOfReach() throws {
        // Given the app target's storyboard using two colours whose sets only the widget's catalog has, as Loop's
        // watch storyboard uses its extension's `separator`; the document carries one of them with its value
        let project = try Self.phasesProject()
        try project.colorSet("separator", in: "Widget/Widget.xcassets")
        try project.colorSet("accentBar", in: "Widget/Widget.xcassets")
        try project.write(
            "App/Base.lproj/Main.storyboard",
            """
            <document><objects>
            <view id="a"><color key="backgroundColor" name="separator"/></view>
            <view id="b"><color key="backgroundColor" name="accentBar"/></view>
            </objects><resources>
            <namedColor name="separator"><color red="0.7" green="0.7" blue="0.7" alpha="0.5" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
            </resources></document>
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the colour the document does not carry is missing, naming the widget's target
        let missing = findings.findings(.missingAsset)
        #expect(missing.map(\.position?.line) == [3], "\(findings.diagnostics)")
        #expect(missing.first?.message.contains("only the catalog of target Widgets has") == true, "\(missing)")
    }

    @Test("an image the document holds the data of is not missing; a resources image with only its size is")
    func documentImages() throws {
        // Given a storyboard with a picture dragged into it (Xcode names it tabBarItem:ID:image and archives its
        // pixels in the resources) and a button naming an image no catalog has (only its size written)
        let project = try ProjectFixture()
        try project.imageSet("appLogo")
        try project.write(
            "App/Base.lproj/Settings.storyboard",
            """
            <document><objects>
            <tabBarItem key="tabBarItem" title="User" image="tabBarItem:rPS-q8-1Ip:image" id="rPS-q8-1Ip"/>
            <button id="c"><state key="normal" image="gone"/></button>
            </objects><resources>
            <image name="gone" width="25" height="25"/>
            <image name="tabBarItem:rPS-q8-1Ip:image" width="25" height="25">
                <mutableData key="keyedArchiveRepresentation">
            YnBsaXN0MDDUAQIDBAUGBwpY
            </mutableData>
            </image>
            </resources></document>
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the image without data is missing, at the button's line
        #expect(findings.missingNames == ["gone"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).map(\.position?.line) == [3])
    }
}
