import Foundation
import Testing
@testable import Assets
@testable import AssetsSupport

/// App icon names kept in build configuration files (`.xcconfig`), layered as Xcode layers them
/// (`XcodeProjectTargets+Configs.swift`, #35): NetNewsWire and IINA name their icons only there, and `size` called
/// their `AppIcon` "not built into the app" before these files were read.
@Suite("Validation: app icon names from .xcconfig files")
struct AppIconConfigFileTests {
    /// A project with one target `App` whose Debug and Release configurations base themselves on files under
    /// `Configs/` (a file reference in a group, as Xcode writes it; or Xcode 16's anchor and relative path), with
    /// `targetSettings` in both, and a project Debug configuration based on `Configs/Project.xcconfig`; the target
    /// copies the catalog `copies` (from the project folder).
    static func pbxproj(targetSettings: String = "", anchored: Bool = false, copies: String = "App/Assets.xcassets") -> String {
        let base: (String) -> String = { name in
            anchored
                ? "baseConfigurationReferenceAnchor = S1; baseConfigurationReferenceRelativePath = \(name).xcconfig;"
                : "baseConfigurationReference = F\(name);"
        }
        let objects = [
            "G0 = {isa = PBXGroup; children = (G1, S1, ); sourceTree = \"<group>\"; };",
            "G1 = {isa = PBXGroup; children = (FDebug, FRelease, FProject, ); path = Configs; sourceTree = \"<group>\"; };",
            "S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Configs; sourceTree = \"<group>\"; };",
            "FDebug = {isa = PBXFileReference; path = Debug.xcconfig; sourceTree = \"<group>\"; };",
            "FRelease = {isa = PBXFileReference; path = Release.xcconfig; sourceTree = \"<group>\"; };",
            "FProject = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = \"<group>\"; };",
            "B0 = {isa = PBXBuildFile; fileRef = FC; };",
            "FC = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = \(copies); sourceTree = SOURCE_ROOT; };",
            "P0 = {isa = PBXResourcesBuildPhase; files = (B0, ); };",
            "T0 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (P0, ); name = App; };",
            "L0 = {isa = XCConfigurationList; buildConfigurations = (CD, CR, ); };",
            "CD = {isa = XCBuildConfiguration; \(base("Debug")) buildSettings = { \(targetSettings) }; name = Debug; };",
            "CR = {isa = XCBuildConfiguration; \(base("Release")) buildSettings = { \(targetSettings) }; name = Release; };",
            "LP = {isa = XCConfigurationList; buildConfigurations = (CP, ); };",
            "CP = {isa = XCBuildConfiguration; \(base("Project")) buildSettings = { SDKROOT = iphoneos; }; name = Debug; };",
            "R0 = {isa = PBXProject; buildConfigurationList = LP; mainGroup = G0; targets = (T0, ); };",
        ]
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n" + objects.map { "\t\t\($0)\n" }.joined()
            + "\t};\n\trootObject = R0;\n}\n"
    }

    /// The uses `appIconUses` finds with `files` (paths relative to the project folder) as the configuration files.
    static func uses(_ files: [String: String], targetSettings: String = "", anchored: Bool = false) -> [XcodeProjectTargets.AppIconUse] {
        let text = pbxproj(targetSettings: targetSettings, anchored: anchored)
        return XcodeProjectTargets.appIconUses(Array(text.utf8), readConfig: { files[$0].map { Array($0.utf8) } }) ?? []
    }

    @Test("an .xcconfig, its includes, $(inherited) and another setting's value name the app's icons")
    func layered() {
        // Given Debug.xcconfig naming AppIcon$(ICON_SUFFIX) and including Shared.xcconfig (the suffix, an
        // alternate) and an optional file that is absent, and the target adding an alternate to the inherited list
        let files = [
            "Configs/Debug.xcconfig": """
            #include "Shared.xcconfig"
            #include? "Local.xcconfig"
            ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon$(ICON_SUFFIX) // the beta's icon
            TARGETED_DEVICE_FAMILY = 1,2
            """,
            "Configs/Shared.xcconfig": "ICON_SUFFIX = -Beta\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Dark;\n",
            "Configs/Release.xcconfig": "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n",
            "Configs/Project.xcconfig": "SDKROOT = iphoneos\n",
        ]

        // When the project's app icon uses are read
        let uses = Self.uses(files, targetSettings: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"$(inherited) Light\";")

        // Then Debug names AppIcon-Beta (its app icon), Dark and Light, for iPhone and iPad; Release names AppIcon
        // and Light (no inherited alternate there); every setting was read
        let debug = uses.first { $0.primaryNames == ["AppIcon-Beta"] }
        #expect(debug?.names == ["AppIcon-Beta", "Dark", "Light"])
        #expect(debug?.families == ["iphone", "ipad"])
        let release = uses.first { $0.primaryNames == ["AppIcon"] }
        #expect(release?.names == ["AppIcon", "Light"])
        #expect(uses.count == 2)
        #expect(uses.allSatisfy { !$0.unreadNames })
    }

    @Test("a setting the project defines elsewhere is empty where unset; one only Xcode knows leaves the name unread")
    func references() {
        // Given a name with a suffix only Debug sets (Home Assistant's `AppIcon${BUNDLE_ID_SUFFIX}`), and Release
        // naming an alternate through Xcode's own $(PRODUCT_NAME)
        let files = [
            "Configs/Debug.xcconfig": "BUNDLE_ID_SUFFIX = .dev\n",
            "Configs/Release.xcconfig": "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(PRODUCT_NAME)Dark\n",
            "Configs/Project.xcconfig": "",
        ]

        // When read
        let uses = Self.uses(files, targetSettings: "ASSETCATALOG_COMPILER_APPICON_NAME = \"AppIcon${BUNDLE_ID_SUFFIX}\";")

        // Then Debug names AppIcon.dev, Release AppIcon and says a name was not read
        #expect(uses.map(\.primaryNames).sorted { $0.sorted().lexicographicallyPrecedes($1.sorted()) } == [["AppIcon"], ["AppIcon.dev"]])
        #expect(uses.first { $0.primaryNames == ["AppIcon"] }?.unreadNames == true)
        #expect(uses.first { $0.primaryNames == ["AppIcon.dev"] }?.unreadNames == false)
    }

    @Test("Xcode 16's anchored configuration file is read; a missing one leaves the configuration unread")
    func anchoredAndMissing() {
        // Given the configurations anchored in the synchronized folder Configs, and Release's file absent
        let files = ["Configs/Debug.xcconfig": "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n", "Configs/Project.xcconfig": ""]

        // When read
        let uses = Self.uses(files, anchored: true)

        // Then Debug names AppIcon; Release names nothing it could read, and says so
        #expect(uses.contains { $0.primaryNames == ["AppIcon"] && !$0.unreadNames })
        #expect(uses.contains { $0.names.isEmpty && $0.unreadNames })

        // and an anchor naming no object of the project leaves its configurations unread too
        let dangling = Self.pbxproj(anchored: true).replacingOccurrences(
            of: "baseConfigurationReferenceAnchor = S1", with: "baseConfigurationReferenceAnchor = NOPE")
        let unread = XcodeProjectTargets.appIconUses(Array(dangling.utf8), readConfig: { files[$0].map { Array($0.utf8) } }) ?? []
        #expect(!unread.isEmpty && unread.allSatisfy(\.unreadNames))
    }

    @Test("includes that loop, climb out, or name Xcode's folders end without a name and unread")
    func hostileIncludes() {
        // Given a file including itself, one including an absolute path and Xcode's own folder
        let files = [
            "Configs/Debug.xcconfig": "#include \"Debug.xcconfig\"\nASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n",
            "Configs/Release.xcconfig": "#include \"/etc/App.xcconfig\"\n#include \"<DEVELOPER_DIR>/x.xcconfig\"\n",
            "Configs/Project.xcconfig": "NOT A SETTING\n= value\n9KEY = 1\nKEY[sdk=iphoneos*] = ok\n",
        ]

        // When read
        let uses = Self.uses(files)

        // Then the loop stops at the bound (its name read, the configuration unread) and Release is unread
        #expect(uses.contains { $0.primaryNames == ["AppIcon"] && $0.unreadNames })
        #expect(uses.contains { $0.names.isEmpty && $0.unreadNames })
        #expect(XcodeProjectTargets.ConfigFile.isKey("KEY[sdk=iphoneos*]"))
        #expect(!XcodeProjectTargets.ConfigFile.isKey("9KEY"))
        #expect(!XcodeProjectTargets.ConfigFile.isKey("NOT A SETTING"))
    }

    @Test("a setting naming itself many times is resolved within a bounded number of steps, and left unread")
    func referenceBlowUp() {
        // Given X naming itself fifty times (50^8 steps if each reference were followed to the depth bound), and the
        // app icon named through X
        let files = [
            "Configs/Debug.xcconfig": "X = " + String(repeating: "$(X)", count: 50) + "\nASSETCATALOG_COMPILER_APPICON_NAME = $(X)\n",
            "Configs/Release.xcconfig": "", "Configs/Project.xcconfig": "",
        ]

        // When read (this returns: the references spend a budget)
        let uses = Self.uses(files)

        // Then Debug names nothing it could resolve, and says a name was not read
        #expect(uses.contains { $0.names.isEmpty && $0.unreadNames })
    }

    @Test("the reader stays inside the repository: no path or link out of it is read")
    func readerBounds() throws {
        // Given a repository (a .git folder) holding the project, a file beside the repository, and a link to it
        let outer = try ProjectFixture()
        try outer.write("outside.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = Outside\n")
        try outer.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try outer.write("repo/Shared.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = Shared\n")
        try outer.write("repo/App/Configs/Debug.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n")
        try FileManager.default.createSymbolicLink(
            atPath: outer.root + "/repo/App/Link.xcconfig", withDestinationPath: "../../outside.xcconfig")
        let folder = try #require(CatalogFileSystem.realPath(outer.root + "/repo/App"))

        // When the project folder's reader is asked for each
        let read = DeploymentTarget.configReader(projectFolder: folder)

        // Then the project's and the repository's files are read, nothing outside
        #expect(read("Configs/Debug.xcconfig").map { String(decoding: $0, as: UTF8.self) }?.contains("AppIcon") == true)
        #expect(read("../Shared.xcconfig") != nil)
        #expect(read("../../outside.xcconfig") == nil)
        #expect(read("Link.xcconfig") == nil)
        #expect(read("../../../../../../../../etc/passwd") == nil)
    }

    @Test("size: a set no setting read names, where one was not read, may still be built")
    func sizeSaysMayNotBeBuilt() throws {
        // Given an app whose configuration bases itself on a file that is not there, and a catalog with AppIcon
        let project = try AppIconTargetTests.project([], catalogs: ["App/Assets.xcassets"])
        try project.write("App.xcodeproj/project.pbxproj", Self.pbxproj())
        let catalog = project.root + "/App/Assets.xcassets"

        // When the catalog's cost is taken as `size` takes it
        let options = CatalogValidator.Options.forProject(catalog: catalog, costChecks: true)
        let report = try CatalogValidator(options: options).validate(catalogAt: catalog)
        var cost = CatalogCostReport(report)
        cost.listAppIcons(deployment: options.deployment)

        // Then AppIcon is not said to be left out of the app
        #expect(cost.appIcons.map(\.role) == [.unnamed])
        #expect(cost.appIcons.map(\.certain) == [false])
        #expect(cost.text.contains("AppIcon.appiconset  no setting read names it: may not be built"), "\(cost.text)")
    }
}

/// The App Store icon judged by its pixels (`icon-alpha`): transparent in the icon an app target takes as its own,
/// an error (ITMS-90717); an alpha channel alone, or transparency in an alternate's or an extension's icon, a warning.
@Suite("Validation: a transparent App Store icon")
struct TransparentStoreIconTests {
    /// `icon-alpha` findings of a project whose App target names `AppIcon` and whose `Share` extension names
    /// `ShareIcon`, both sets' App Store icons with one transparent pixel, and an alternate `AppIcon-Dark` like it.
    static func findings(transparent: Bool) throws -> [CatalogDiagnostic] {
        let project = try AppIconTargetTests.project(
            [
                .init(name: "App", families: "1", icon: "AppIcon", catalog: "App/Assets.xcassets"),
                .init(
                    name: "Share", families: "1", icon: "ShareIcon", catalog: "App/Assets.xcassets",
                    product: "com.apple.product-type.app-extension"),
            ], catalogs: ["App/Assets.xcassets"],
            projectSettings: "IPHONEOS_DEPLOYMENT_TARGET = 16.0; ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"AppIcon-Dark\";")
        let catalog = project.root + "/App/Assets.xcassets"
        let store = CostFixture.gradient(width: 1024, height: 1024, alpha: { x, y in transparent && x == 7 && y == 9 ? 0 : 255 })
        try project.write("App/Assets.xcassets/AppIcon.appiconset/store.png", try PNGEncoder().encode(store))
        for name in ["ShareIcon", "AppIcon-Dark"] {
            try FileManager.default.copyItem(atPath: catalog + "/AppIcon.appiconset", toPath: catalog + "/\(name).appiconset")
        }
        let options = CatalogValidator.Options.forProject(catalog: catalog, costChecks: true)
        return try CatalogValidator(options: options).validate(catalogAt: catalog).diagnostics.filter { $0.code == .iconAlpha }
    }

    @Test("a transparent pixel in the app's App Store icon is an error; in an alternate's or an extension's, a warning")
    func transparentPixel() throws {
        // Given the three sets, each App Store icon with the pixel (7, 9) transparent; When validated
        let found = try Self.findings(transparent: true)

        // Then the app's is an error naming the pixel, on the entry naming the file; the others stay warnings
        let error = try #require(found.first { $0.path == "AppIcon.appiconset/Contents.json" })
        #expect(error.severity == .error)
        #expect(error.message.hasPrefix("\"store.png\" is transparent (the pixel at (7, 9) has alpha 0); App Store Connect rejects"))
        #expect(error.position != nil)
        #expect(found.count == 3)
        #expect(
            found.filter { $0.severity == .warning }.map(\.path).sorted() == [
                "AppIcon-Dark.appiconset/Contents.json", "ShareIcon.appiconset/Contents.json",
            ])
    }

    /// `icon-alpha` findings of a watch app target naming `AppIcon`, whose single-size watchOS icon is RGBA with
    /// every alpha 255 (Loop's, GitHawk's and Habitica's, which ship) or with the pixel (3, 4) transparent.
    static func watchFindings(transparent: Bool) throws -> [CatalogDiagnostic] {
        let project = try AppIconTargetTests.project(
            [
                .init(
                    name: "Watch", families: "4", icon: "AppIcon", catalog: "Watch/Assets.xcassets", sdk: "watchos",
                    product: "com.apple.product-type.application.watchapp2")
            ], catalogs: ["Watch/Assets.xcassets"], projectSettings: "WATCHOS_DEPLOYMENT_TARGET = 9.0;")
        let set = "Watch/Assets.xcassets/AppIcon.appiconset"
        try project.write(
            "\(set)/Contents.json", DiagnosticFixtureTests.appIcon([("watch.png", "universal", "1024x1024", nil, "watchos", nil)]))
        let icon = CostFixture.gradient(width: 1024, height: 1024, alpha: { x, y in transparent && x == 3 && y == 4 ? 0 : 255 })
        try project.write("\(set)/watch.png", try PNGEncoder(opaqueAsRGB: false).encode(icon))
        let catalog = project.root + "/Watch/Assets.xcassets"
        let options = CatalogValidator.Options.forProject(catalog: catalog, costChecks: true)
        return try CatalogValidator(options: options).validate(catalogAt: catalog).diagnostics.filter { $0.code == .iconAlpha }
    }

    @Test("a watchOS icon: an alpha channel whose every pixel is opaque is a warning; a transparent pixel, an error")
    func watchIcon() throws {
        // Given the watch app's icon, RGBA and opaque; When validated
        let opaque = try Self.watchFindings(transparent: false)

        // Then the alpha channel's warning only (real watch apps ship such icons)
        #expect(opaque.map(\.severity) == [.warning], "\(opaque)")
        #expect(opaque.first?.message.contains("ITMS-90396") == true)

        // Given the same icon with one transparent pixel; When validated
        let transparent = try Self.watchFindings(transparent: true)

        // Then an error naming the pixel and the watch's upload error takes the warning's place
        #expect(transparent.map(\.severity) == [.error], "\(transparent)")
        #expect(
            transparent.first?.message
                == "\"watch.png\" is transparent (the pixel at (3, 4) has alpha 0); App Store Connect rejects a watchOS app icon "
                + "with transparent pixels (ITMS-90396): flatten it onto its background and save it as RGB")
    }

    @Test("an RGBA App Store icon whose alpha is all 255 keeps the alpha channel's warning")
    func opaqueRGBA() throws {
        // Given the same sets with every pixel opaque (RGBA files); When validated
        let found = try Self.findings(transparent: false)

        // Then each has the header's warning, none an error
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("has an alpha channel") })
    }
}
