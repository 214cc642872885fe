import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

@Suite("References: the names the sources ask for, resolved against the catalogs")
struct ReferenceScanTests {
    @Test("Swift: every lookup API with a literal finds its set, and each set is used")
    func swiftLookups() throws {
        // Given a set for each API and a Swift file calling each once
        let project = try ProjectFixture()
        for name in ["a", "b", "c", "d", "e", "f", "k", "l", "m", "n", "o", "p"] { try project.imageSet("img_\(name)") }
        for name in ["g", "h", "i"] { try project.colorSet("col_\(name)") }
        try project.dataSet("data_j")
        try project.write(
            "App/View.swift",
            """
            import UIKit
            import SwiftUI
            let a = UIImage(named: "img_a")
            let b = UIImage(named: "img_b", in: .main, compatibleWith: nil)
            let c = Image("img_c")
            let d = Image("img_d", bundle: .module)
            let e = Image(decorative: "img_e")
            let f = Label("Title", image: "img_f")
            let g = UIColor(named: "col_g")
            let h = Color("col_h")
            let i = NSColor(named: "col_i")
            let j = NSDataAsset(name: "data_j")
            let k = #imageLiteral(resourceName: "img_k")
            let l = UIImageView(image: UIImage(named: "img_l"))
            let m = NSImage(named: "img_m")
            let n = UIImage(imageLiteralResourceName: "img_n")
            let o: UIImage? = .init(named: "img_o")
            let p = SwiftUI.Image("img_p")
            """)

        // When the project is scanned
        let (scan, findings) = try project.scan()

        // Then every call is a lookup at its line and column, nothing is missing and nothing unused
        let lookups = scan.references.filter { $0.certainty == .lookup }
        #expect(lookups.count == 15, "all but .init(named:), whose type is unsaid")
        #expect(lookups.first { $0.via == "UIImage(named:)" }?.location == "App/View.swift:3:24")
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
        #expect(findings.unusedNames.isEmpty, "\(findings.unusedNames)")
        #expect(findings.findings(.assetKindMismatch).isEmpty)
    }

    @Test("Swift: a commented call, a #if false block and a literal in an unrelated call are no lookups")
    func swiftNegatives() throws {
        // Given calls in comments and a disabled block, a literal elsewhere, and one real missing name
        let project = try ProjectFixture()
        try project.imageSet("in_comment")
        try project.imageSet("in_disabled_block")
        try project.imageSet("kept_in_constant")
        try project.write(
            "App/View.swift",
            """
            // let x = UIImage(named: "in_comment")
            /* UIImage(named: "missing_in_comment") */
            #if false
            let y = UIImage(named: "in_disabled_block")
            let z = UIImage(named: "missing_in_block")
            #endif
            let title = NSLocalizedString("not_an_asset", comment: "")
            enum Icon: String { case kept = "kept_in_constant" }
            let ghost = UIImage(named: "ghost")
            let crash = UIImage(named: "ghost_unwrapped")!
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the real calls are missing (the unwrapped one says it crashes), the commented and
        // disabled sets are unused, and the constant's literal keeps its set
        #expect(findings.missingNames.sorted() == ["ghost", "ghost_unwrapped"])
        let crash = findings.findings(.missingAsset).first { $0.message.contains("ghost_unwrapped") }
        #expect(crash?.message.contains("crashes") == true)
        #expect(crash?.path == "App/View.swift" && crash?.position == SourcePosition(line: 10, column: 28))
        #expect(findings.unusedNames == ["in_comment", "in_disabled_block"])
    }

    @Test("kind mismatch: a colour asked for as an image, an image as a colour, a data set as an image")
    func kindMismatch() throws {
        let project = try ProjectFixture()
        try project.imageSet("photo")
        try project.colorSet("brand")
        try project.dataSet("blob")
        try project.write(
            "App/View.swift",
            """
            let a = Color("photo")
            let b = UIImage(named: "brand")
            let c = UIImage(named: "blob")
            """)

        let (_, findings) = try project.scan()

        let mismatches = findings.findings(.assetKindMismatch)
        #expect(mismatches.count == 3)
        #expect(mismatches.allSatisfy { $0.severity == .error && $0.relatedSet?.catalog == "App/Assets.xcassets" })
        #expect(mismatches.first?.relatedSet?.setPath == "photo.imageset")
        #expect(findings.findings(.missingAsset).isEmpty)
    }

    @Test("case: a name that differs from the set's only by case is asset-name-case, not missing")
    func nameCase() throws {
        let project = try ProjectFixture()
        try project.imageSet("closeButton")
        try project.write("App/View.swift", #"let a = UIImage(named: "CloseButton")"#)

        let (_, findings) = try project.scan()

        #expect(findings.findings(.assetNameCase).count == 1)
        #expect(findings.findings(.assetNameCase).first?.severity == .warning)
        #expect(findings.findings(.missingAsset).isEmpty)
        #expect(findings.findings(.assetNameCase).first?.message.contains("names differ only by case: the lookup may not find it") == true)
    }

    @Test("case: a build setting that differs only by case says the compiled catalog may not forgive it, not that it does not (#32)")
    func settingNameCase() throws {
        // Given DuckDuckGo's shape: an alternate icon setting naming `AppIcon-Yellow`, the set `AppIcon-yellow`
        let project = try ProjectFixture()
        try project.appIconSet("AppIcon-yellow")
        try project.write("App.xcodeproj/project.pbxproj", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"AppIcon-Yellow\";\n")

        let (_, findings) = try project.scan()

        let message = findings.findings(.assetNameCase).first?.message ?? ""
        #expect(message.contains("which the compiled catalog may not forgive"), "\(findings.diagnostics)")
        #expect(!message.contains("do not forgive"))
    }

    @Test("dynamic names: interpolation and concatenation keep their literal ends; declared patterns count as used")
    func dynamicNames() throws {
        let project = try ProjectFixture()
        for name in ["flag_us", "flag_fr", "avatar_1", "avatar_22", "badge_gold", "orphan"] { try project.imageSet(name) }
        try project.write(
            "App/View.swift",
            """
            func flag(_ code: String) -> UIImage? { UIImage(named: "flag_\\(code)") }
            func avatar(_ name: String) -> UIImage? { UIImage(named: name) }
            func badge(_ kind: String) -> UIImage? { UIImage(named: "badge_" + kind) }
            """)

        let (_, findings) = try project.scan(dynamicNames: ["avatar_%d"])

        let notes = findings.findings(.dynamicAssetName)
        #expect(notes.count == 3)
        #expect(notes.allSatisfy { $0.severity == .note })
        #expect(notes.first { $0.position?.line == 1 }?.message.contains("flag_*") == true)
        #expect(notes.first { $0.position?.line == 2 }?.message.contains("no literal part") == true)
        #expect(findings.unusedNames == ["orphan"])
        let orphan = findings.findings(.unusedAsset).first?.message ?? ""
        #expect(orphan.hasSuffix("; 1 lookup with no literal part (a name from data) could reach it"), "\(orphan)")
    }

    @Test("unused-asset says how many lookups with no literal part (a name from data) could reach the set, counted by kind")
    func unusedReachedByData() throws {
        // Given: two lookups of images by a name from data, one of colours, and unused sets of each kind
        let project = try ProjectFixture()
        try project.imageSet("tracker_logo_old")
        try project.colorSet("retired_tint")
        try project.write(
            "App/Trackers.swift",
            """
            func logo(for entry: TrackerEntry) -> UIImage? { UIImage(named: entry.logoName) }
            func badge(_ tracker: Tracker) -> UIImage? { UIImage(named: tracker.imageName, in: nil, with: nil) }
            func tint(_ theme: Theme) -> UIColor? { UIColor(named: theme.colorName) }
            """)
        // And: one in the bundle of a class (rileytestut/Delta's alternate icons, named in a plist of its own): that
        // bundle may be the app's, so the lookup may reach the app's sets too
        try project.write(
            "App/Icons.swift",
            """
            final class IconsViewController {
                func image(for icon: AltIcon) -> UIImage? {
                    UIImage(named: icon.imageName, in: Bundle(for: IconsViewController.self), compatibleWith: nil)
                }
            }
            """)

        // When
        let (_, findings) = try project.scan()

        // Then: each unused set names the lookups of its kind that could reach it
        let unused = findings.findings(.unusedAsset)
        #expect(findings.unusedNames == ["retired_tint", "tracker_logo_old"])
        let image = unused.first { $0.path.hasSuffix("tracker_logo_old.imageset") }?.message ?? ""
        let color = unused.first { $0.path.hasSuffix("retired_tint.colorset") }?.message ?? ""
        #expect(image.hasSuffix("; 3 lookups with no literal part (a name from data) could reach it"), "\(unused)")
        #expect(color.hasSuffix("; 1 lookup with no literal part (a name from data) could reach it"), "\(unused)")
    }

    @Test("a name built elsewhere (an interpolated string or a format returned by a property) keeps its sets, with no note")
    func dynamicElsewhere() throws {
        let project = try ProjectFixture()
        for name in ["episode_download_01", "episode_download_12", "spinner3", "stale_frame"] { try project.imageSet(name) }
        try project.write(
            "App/View.swift",
            """
            var imageName: String { progress < 10 ? "episode_download_0\\(progress)" : "episode_download_\\(progress)" }
            let title = "Downloaded \\(count) episodes"
            """)
        try project.write("App/Spinner.m", #"NSString *frame = [NSString stringWithFormat:@"spinner%d", index];"#)

        let (_, findings) = try project.scan()

        #expect(findings.unusedNames == ["stale_frame"])
        #expect(findings.findings(.dynamicAssetName).isEmpty)
        #expect(findings.findings(.unusedAsset).first?.message.contains("could reach") == false)
    }

    @Test("generated symbols: Xcode's asset symbols, SwiftGen and R.swift accessors use their sets")
    func symbols() throws {
        let project = try ProjectFixture()
        try project.imageSet("brand-logo")
        try project.colorSet("AccentRedColor")
        try project.imageSet("settings_icon")
        try project.imageSet("profile_icon")
        try project.imageSet("trash-can")
        try project.imageSet("3d_rotation")
        try project.imageSet("unused_symbol")
        try project.write(
            "App/View.swift",
            """
            let a = Image(.brandLogo)
            let b = UIColor(resource: .accentRed)
            let c = ImageResource.settingsIcon
            let d = R.image.profile_icon()
            let e = Asset.Icons.trashCan.image
            let f = UIImage(resource: ._3DRotation)
            let g = view.background(.red)  // a modifier call is not a symbol
            """)

        let (_, findings) = try project.scan()

        #expect(findings.unusedNames == ["unused_symbol"])
        #expect(findings.findings(.missingAsset).isEmpty)
    }

    @Test("Xcode's symbols match the names Xcode generates exactly: suffixes, namespaces, digits, kinds")
    func exactSymbols() throws {
        let project = try ProjectFixture()
        try project.write(
            "App/Assets.xcassets/Colors/Contents.json",
            #"{"properties": {"provides-namespace": true}, "info": {"author": "xcode", "version": 1}}"#)
        try project.write(
            "App/Assets.xcassets/Colors/Text/Contents.json",
            #"{"properties": {"provides-namespace": true}, "info": {"author": "xcode", "version": 1}}"#)
        try project.colorSet("AccentColor")
        try project.colorSet("Colors/Text/PrimaryColor")
        try project.imageSet("noImage")
        try project.imageSet("B2")
        try project.imageSet("10d")
        try project.imageSet("QR Icons")
        try project.imageSet("default")
        // Negatives: a symbol in another case, a colour asked for as an image, a namespaced set by its bare member.
        try project.imageSet("brand_mark")
        try project.colorSet("ToastColor")
        try project.imageSet("Colors/Text/Hint")
        try project.write(
            "App/View.swift",
            """
            let a = Color(.accent)
            let b = UIImage(resource: .no)
            let c = UIColor(resource: .Colors.Text.primary)
            let d = ImageResource.B_2
            let e = Image(._10D)
            let f = DeveloperToolsSupport.ImageResource.qrIcons
            let g = UIImage.`default`
            let h = Image(.brandmark)
            let i = Image(.toast)
            let j = Image(.hint)
            """)

        let (scan, findings) = try project.scan()

        #expect(findings.unusedNames == ["brand_mark", "ToastColor", "Hint"])
        #expect(findings.findings(.missingAsset).isEmpty)
        let symbols = scan.references.compactMap { if case .symbol(let path) = $0.name { path } else { nil } }
        #expect(symbols.contains("Colors.Text.primary"))
        #expect(!symbols.contains("Colors") && !symbols.contains("Colors.Text"))
        #expect(scan.references(to: "Colors/Text/PrimaryColor").map(\.line) == [3])
    }

    @Test("Objective-C's generated constants keep the kind suffix")
    func objectiveCSymbols() throws {
        let project = try ProjectFixture()
        try project.colorSet("AccentColor")
        try project.imageSet("AppIcon-iOS-ClearDark-1024x1024")
        try project.colorSet("BrandColor")
        try project.write(
            "App/View.m",
            """
            UIColor *a = [UIColor colorNamed:ACColorNameAccentColor];
            UIImage *b = [UIImage imageNamed:ACImageNameAppIconIOSClearDark1024X1024];
            UIColor *c = [UIColor colorNamed:ACColorNameBrand];
            """)

        let (_, findings) = try project.scan()

        #expect(findings.unusedNames == ["BrandColor"])
    }

    @Test("Objective-C: sends with literals, comments and #if 0 done right, generated constants used")
    func objectiveC() throws {
        let project = try ProjectFixture()
        try project.imageSet("objc_image")
        try project.colorSet("objc_color")
        try project.imageSet("objc_commented")
        try project.imageSet("Objc Symbol")
        try project.write(
            "App/View.m",
            """
            UIImage *a = [UIImage imageNamed:@"objc_image"];
            UIColor *b = [UIColor colorNamed:@"objc_color"];
            // UIImage *c = [UIImage imageNamed:@"objc_commented"];
            /* [UIImage imageNamed:@"objc_commented"]; */
            #if 0
            UIImage *d = [UIImage imageNamed:@"objc_commented"];
            #endif
            UIImage *e = [UIImage imageNamed:@"objc_missing"];
            UIImage *f = [UIImage imageNamed:ACImageNameObjcSymbol];
            UIImage *g = [UIImage imageNamed:[NSString stringWithFormat:@"flag_%@.png", code]];
            NSString *s = @"a \\"quoted\\" string with imageNamed:@\\"fake\\"";
            """)

        let (scan, findings) = try project.scan()

        #expect(findings.missingNames == ["objc_missing"])
        #expect(findings.findings(.missingAsset).first?.position == SourcePosition(line: 8, column: 34))
        #expect(findings.unusedNames == ["objc_commented"])
        let dynamic = scan.references.first { if case .dynamic = $0.name { true } else { false } }
        #expect(dynamic?.name == .dynamic(prefix: "flag_", suffix: ".png"))
    }

    @Test("Interface Builder: image attributes and named colours; SF Symbols and flags are not names")
    func interfaceBuilder() throws {
        let project = try ProjectFixture()
        try project.imageSet("ib_image")
        try project.imageSet("ib_background")
        try project.colorSet("ib_color")
        try project.write(
            "App/Main.storyboard",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
                <!-- <imageView image="commented_out"/> -->
                <imageView image="ib_image" id="1"/>
                <button id="2"><state key="normal" backgroundImage="ib_background"/></button>
                <imageView image="star.fill" catalog="system" id="3"/>
                <accessibilityTraits key="traits" image="YES"/>
                <color key="textColor" name="ib_color"/>
                <imageView image="ib_missing" id="4"/>
                <resources>
                    <image name="ib_image" width="16" height="16"/>
                    <image name="star.fill" catalog="system" width="16" height="16"/>
                    <namedColor name="ib_color"><color red="1" green="0" blue="0" alpha="1"/></namedColor>
                </resources>
            </document>
            """)

        let (_, findings) = try project.scan()

        #expect(findings.missingNames == ["ib_missing"])
        #expect(findings.findings(.missingAsset).first?.position == SourcePosition(line: 9, column: 23))
        #expect(findings.unusedNames.isEmpty)
    }

    @Test("Info.plist (XML and binary), build settings and the placeholder names are uses")
    func settings() throws {
        let project = try ProjectFixture()
        for name in ["AppIcon", "AppIconDark", "AppIconBeta"] { try project.appIconSet(name) }
        try project.imageSet("LaunchLogo")
        try project.colorSet("LaunchBackground")
        try project.colorSet("AccentColor")
        try project.imageSet("placeholder_error_icon")
        try project.imageSet("shortcut_icon")
        let info: [String: Any] = [
            "CFBundleIcons": [
                "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
                "CFBundleAlternateIcons": ["AppIconDark": ["CFBundleIconName": "AppIconDark"]],
            ],
            "UILaunchScreen": ["UIImageName": "LaunchLogo", "UIColorName": "LaunchBackground"],
        ]
        try project.write("App/Info.plist", Array(try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)))
        let shortcuts: [String: Any] = ["UIApplicationShortcutItems": [["UIApplicationShortcutItemIconFile": "shortcut_icon"]]]
        try project.write(
            "App/Other-Info.plist", Array(try PropertyListSerialization.data(fromPropertyList: shortcuts, format: .binary, options: 0)))
        try project.write(
            "App.xcodeproj/project.pbxproj",
            """
            \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
            \t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "AppIconBeta AppIconDark";
            \t\t\t\tASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = AccentColor;
            \t\t\t\tASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME = "$(WIDGET_COLOR)";
            """)
        try project.write("App/App.swift", "let x = 1")

        let (_, findings) = try project.scan()

        #expect(findings.unusedNames.isEmpty, "\(findings.unusedNames)")
        #expect(findings.findings(.missingAsset).isEmpty)
    }

    @Test("a preprocessed Info.plist (#ifdef lines) is read with its directives blanked: its names are uses, no warning")
    func preprocessedInfoPlist() throws {
        // Given an Info.plist with C preprocessor lines (INFOPLIST_PREPROCESS = YES), as ownCloud's
        let project = try ProjectFixture()
        try project.appIconSet("AppIcon")
        try project.colorSet("LaunchBackground")
        try project.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            	<key>CFBundleIcons</key>
            	<dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconName</key><string>AppIcon</string></dict></dict>
            #ifndef DISABLE_LAUNCH_COLOUR
            	<key>UILaunchScreen</key>
            	<dict><key>UIColorName</key><string>LaunchBackground</string></dict>
            #endif
            </dict>
            </plist>
            """)
        try project.write("App/App.swift", "let x = 1")

        // When scanned
        let (scan, findings) = try project.scan()

        // Then both names are uses, at their lines, and the file is not reported unreadable
        #expect(findings.unusedNames.isEmpty, "\(findings.unusedNames)")
        #expect(findings.findings(.unreadableSource).isEmpty)
        #expect(scan.references.contains { $0.location.hasPrefix("App/Info.plist:8:") && $0.via == "UIColorName" })
        // And a file that is no property list with its directives blanked still says so
        #expect(PropertyListScanner.scan(Array("#if X\nnot a plist\n".utf8), file: "P.plist").skipped.count == 1)
    }

    @Test("an image a build script writes (shell script outputPaths, .xcfilelist) satisfies UIImage(named:)")
    func scriptOutputImages() throws {
        // Given lookups of images no catalog has: one a script phase writes, one an .xcfilelist lists, one neither
        let project = try ProjectFixture()
        try project.imageSet("used")
        try project.write(
            "App/App.swift",
            """
            let a = UIImage(named: "branding-logo")
            let b = UIImage(named: "theme-header")
            let c = UIImage(named: "nowhere")
            let d = UIImage(named: "used")
            """)
        try project.write(
            "App.xcodeproj/project.pbxproj",
            """
            		ABC /* Copy Branding */ = {
            			isa = PBXShellScriptBuildPhase;
            			outputPaths = (
            				"$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/branding-logo@2x.png",
            			);
            			shellScript = "cp ...";
            		};
            """)
        try project.write(
            "Resources/theming-output.xcfilelist", "# written by the theming script\n${TARGET_BUILD_DIR}/${WRAPPER_NAME}/theme-header.png\n"
        )

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the name nothing provides is missing
        #expect(findings.missingNames == ["nowhere"], "\(findings.missingNames)")
    }

    @Test("an app icon setting that names another setting: the values that setting takes in any xcconfig use their sets")
    func settingIndirection() throws {
        // Given the app icon named through a user-defined setting, set per configuration (CodeEdit does this)
        let project = try ProjectFixture()
        for name in ["AppIcon", "AppIconBeta", "AppIconStale"] { try project.appIconSet(name) }
        try project.write("App.xcodeproj/project.pbxproj", "\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = \"${CE_APPICON_NAME}\";\n")
        try project.write("Configs/Release.xcconfig", "CE_APPICON_NAME = AppIcon\n")
        try project.write("Configs/Beta.xcconfig", "CE_APPICON_NAME = AppIconBeta\nOTHER_NAME = AppIconStale\n")
        try project.write("App/App.swift", "let x = 1")

        // When scanned
        let (scan, findings) = try project.scan()

        // Then both values are uses, at their lines; a value of another setting is not
        #expect(findings.unusedNames == ["AppIconStale"], "\(findings.unusedNames)")
        #expect(
            scan.references.contains {
                $0.location == "Configs/Beta.xcconfig:1:18" && $0.via == "CE_APPICON_NAME (ASSETCATALOG_COMPILER_APPICON_NAME)"
            })
    }

    @Test("loose bundle images satisfy UIImage(named:); an unused app icon is reported only beside build settings")
    func looseImages() throws {
        let project = try ProjectFixture()
        try project.appIconSet("OldIcon")
        try project.write("App/Images/loose@2x~ipad.png", [0x89, 0x50, 0x4E, 0x47])
        try project.write("App/View.swift", #"let a = UIImage(named: "loose"); let b = UIImage(named: "loose.png")"#)

        let (_, findings) = try project.scan()

        #expect(findings.findings(.missingAsset).isEmpty)
        #expect(findings.unusedNames.isEmpty, "no project file: app icons are not judged")
    }

    @Test("several catalogs: a set is unused only when no target uses it; findings name their catalog")
    func severalCatalogs() throws {
        let project = try ProjectFixture()
        try project.imageSet("shared", in: "App/Assets.xcassets")
        try project.imageSet("widget_only", in: "Widget/Widget.xcassets")
        try project.imageSet("stale", in: "Widget/Widget.xcassets")
        try project.write("App/View.swift", #"let a = UIImage(named: "shared")"#)
        try project.write("Widget/Widget.swift", #"let a = Image("widget_only")"#)

        let (scan, findings) = try project.scan()

        #expect(scan.catalogs == ["App/Assets.xcassets", "Widget/Widget.xcassets"])
        let unused = findings.findings(.unusedAsset)
        #expect(unused.map(\.path) == ["Widget/Widget.xcassets/stale.imageset"])
        #expect(unused.first?.relatedSet == CatalogDiagnostic.RelatedSet(catalog: "Widget/Widget.xcassets", setPath: "stale.imageset"))
    }

    @Test("namespaces: a set under a namespace-providing group is found by its qualified name only")
    func namespaces() throws {
        let project = try ProjectFixture()
        try project.write(
            "App/Assets.xcassets/Icons/Contents.json",
            #"{"properties": {"provides-namespace": true}, "info": {"author": "xcode", "version": 1}}"#)
        try project.imageSet("Icons/close")
        try project.write("App/View.swift", #"let a = UIImage(named: "Icons/close"); let b = UIImage(named: "close")"#)

        let (_, findings) = try project.scan()

        #expect(findings.missingNames == ["close"])
        #expect(findings.unusedNames.isEmpty)
    }
}
