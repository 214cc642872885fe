import Testing
@testable import Assets
@testable import AssetsSupport

/// The iPad's icons are required of an app icon set only when a target that names the set runs on iPad
/// (`XcodeProjectTargets.appIconUses`, `DeploymentTarget.families(ofAppIcon:)`): an iPhone-only app beside an
/// iPad extension is not told to add them, and when it cannot be told which target uses the set, nothing is said.
@Suite("Validation: the iPad's icons follow the targets that name the set")
struct AppIconTargetTests {
    /// One native target with one Debug configuration: its device families, the app icon it names, and the
    /// catalog its resources phase copies (from the project folder), or a synchronized folder (no file listed).
    struct Target {
        var name: String
        var families: String?
        var icon: String?
        var catalog: String?
        var synchronized = false
        var sdk = "iphoneos"
        var product = "com.apple.product-type.application"
    }

    /// A `project.pbxproj` as Xcode writes one, with `projectSettings` in the project's Debug configuration.
    static func pbxproj(_ targets: [Target], projectSettings: String = "IPHONEOS_DEPLOYMENT_TARGET = 16.0;") -> String {
        var objects: [String] = []
        for (index, target) in targets.enumerated() {
            var settings = "SDKROOT = \(target.sdk);"
            if let families = target.families { settings += " TARGETED_DEVICE_FAMILY = \"\(families)\";" }
            if let icon = target.icon { settings += " ASSETCATALOG_COMPILER_APPICON_NAME = \(icon);" }
            var files = ""
            if let catalog = target.catalog, !target.synchronized {
                objects.append("B\(index) = {isa = PBXBuildFile; fileRef = F\(index); };")
                objects.append(
                    "F\(index) = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = \(catalog); sourceTree = SOURCE_ROOT; };"
                )
                files = "B\(index), "
            }
            var synchronized = ""
            if target.synchronized {
                objects.append("S\(index) = {isa = PBXFileSystemSynchronizedRootGroup; path = \(target.name); sourceTree = \"<group>\"; };")
                synchronized = " fileSystemSynchronizedGroups = (S\(index), );"
            }
            objects.append("P\(index) = {isa = PBXResourcesBuildPhase; files = (\(files)); };")
            objects.append(
                "T\(index) /* \(target.name) */ = {isa = PBXNativeTarget; buildConfigurationList = L\(index); buildPhases = (P\(index), );\(synchronized) name = \"\(target.name)\"; productType = \"\(target.product)\"; };"
            )
            objects.append("L\(index) = {isa = XCConfigurationList; buildConfigurations = (C\(index), ); };")
            objects.append("C\(index) /* Debug */ = {isa = XCBuildConfiguration; buildSettings = { \(settings) }; name = Debug; };")
        }
        objects.append("LP = {isa = XCConfigurationList; buildConfigurations = (CP, ); };")
        objects.append("CP /* Debug */ = {isa = XCBuildConfiguration; buildSettings = { \(projectSettings) }; name = Debug; };")
        objects.append(
            "R0 = {isa = PBXProject; buildConfigurationList = LP; targets = (\(targets.indices.map { "T\($0)" }.joined(separator: ", "))); };"
        )
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n"
            + objects.map { "\t\t\($0)\n" }.joined() + "\t};\n\trootObject = R0;\n}\n"
    }

    /// The project on disk, with the classic iPhone-only `AppIcon` set (60pt@2x, @3x, the App Store icon, opaque
    /// RGB) in each catalog named.
    static func project(
        _ targets: [Target], catalogs: [String], projectSettings: String = "IPHONEOS_DEPLOYMENT_TARGET = 16.0;"
    )
        throws -> ProjectFixture
    {
        let project = try ProjectFixture()
        try project.write("App.xcodeproj/project.pbxproj", pbxproj(targets, projectSettings: projectSettings))
        for catalog in catalogs {
            let set = "\(catalog)/AppIcon.appiconset"
            try project.write(
                "\(set)/Contents.json",
                DiagnosticFixtureTests.appIcon([
                    ("store.png", "ios-marketing", "1024x1024", "1x", nil, nil),
                    ("60@2x.png", "iphone", "60x60", "2x", nil, nil),
                    ("60@3x.png", "iphone", "60x60", "3x", nil, nil),
                ]))
            try project.write("\(set)/store.png", try DiagnosticFixtureTests.opaquePNG(1024))
            try project.write("\(set)/60@2x.png", try DiagnosticFixtureTests.opaquePNG(120))
            try project.write("\(set)/60@3x.png", try DiagnosticFixtureTests.opaquePNG(180))
        }
        return project
    }

    /// The `missing-icon-size` messages of the catalog, validated as `validate` does with the cost checks.
    static func missingSizes(_ project: ProjectFixture, catalog: String) throws -> [String] {
        let path = "\(project.root)/\(catalog)"
        var options = CatalogValidator.Options.forProject(catalog: path, costChecks: true)
        options.config.rules[.compressibleImage] = .off
        let report = try CatalogValidator(options: options).validate(catalogAt: path)
        return report.diagnostics.filter { $0.code == .missingIconSize }.map(\.message)
    }

    @Test("an iPhone-only app beside an iPad extension: the app's set needs no iPad icon")
    func iPadExtension() throws {
        // Given an iPhone-only app naming AppIcon and an iPhone-and-iPad widget extension naming none (before,
        // the project's families were merged across targets, and the app's set was told to add the iPad's)
        let project = try Self.project(
            [
                Target(name: "Phone", families: "1", icon: "AppIcon", catalog: "Phone/Assets.xcassets"),
                Target(name: "Widgets", families: "1,2", catalog: "Widgets/Assets.xcassets"),
            ], catalogs: ["Phone/Assets.xcassets"])

        // When the app's catalog is validated
        let found = try Self.missingSizes(project, catalog: "Phone/Assets.xcassets")

        // Then no size is missing
        #expect(found.isEmpty, "\(found)")
    }

    @Test("two apps naming AppIcon, each copying its own catalog: only the iPad app's set needs the iPad's icons")
    func twoApps() throws {
        // Given an iPhone-only app and an iPad app, both naming AppIcon, each with its own catalog
        let project = try Self.project(
            [
                Target(name: "Phone", families: "1", icon: "AppIcon", catalog: "Phone/Assets.xcassets"),
                Target(name: "Pad", families: "1,2", icon: "AppIcon", catalog: "Pad/Assets.xcassets"),
            ], catalogs: ["Phone/Assets.xcassets", "Pad/Assets.xcassets"])

        // When each catalog is validated
        let phone = try Self.missingSizes(project, catalog: "Phone/Assets.xcassets")
        let pad = try Self.missingSizes(project, catalog: "Pad/Assets.xcassets")

        // Then only the iPad app's set is told, naming its target and project
        #expect(phone.isEmpty, "\(phone)")
        #expect(pad.count == 1)
        #expect(
            pad.first?.hasPrefix(
                "has iPhone icons but no iPad icon, and target \"Pad\" naming it runs on iPad (App.xcodeproj/project.pbxproj)") == true,
            "\(pad)")
    }

    @Test("synchronized folders: targets that disagree say nothing, targets that agree on iPad do")
    func synchronizedFolders() throws {
        // Given targets whose catalogs cannot be told (Xcode 16's synchronized folders list no file), both naming AppIcon
        let disagree = try Self.project(
            [
                Target(name: "Phone", families: "1", icon: "AppIcon", synchronized: true),
                Target(name: "Pad", families: "1,2", icon: "AppIcon", synchronized: true),
            ], catalogs: ["Phone/Assets.xcassets"])
        let agree = try Self.project(
            [
                Target(name: "Phone", families: "1,2", icon: "AppIcon", synchronized: true),
                Target(name: "Clip", families: "1,2", icon: "AppIcon", synchronized: true),
            ], catalogs: ["Phone/Assets.xcassets"])

        // When the catalog is validated in each project
        let disagreeing = try Self.missingSizes(disagree, catalog: "Phone/Assets.xcassets")
        let agreeing = try Self.missingSizes(agree, catalog: "Phone/Assets.xcassets")

        // Then it cannot be told which target uses the set where they disagree; where both run on iPad, it is said
        #expect(disagreeing.isEmpty, "\(disagreeing)")
        #expect(agreeing.count == 1, "\(agreeing)")
        #expect(agreeing.first?.contains("targets \"Clip\", \"Phone\" naming it run on iPad") == true, "\(agreeing)")
    }

    @Test("a target naming another set, or none found, makes the set require nothing")
    func otherSet() throws {
        // Given an iPad app naming AppIcon-Beta (the catalog's set is AppIcon), and an iPad app naming its icon
        // through a setting (`$(APP_ICON)`, which names another setting, not a set)
        let other = try Self.project(
            [Target(name: "Pad", families: "1,2", icon: "AppIcon-Beta", catalog: "Pad/Assets.xcassets")], catalogs: ["Pad/Assets.xcassets"])
        let indirect = try Self.project(
            [Target(name: "Pad", families: "1,2", icon: "\"$(APP_ICON)\"", catalog: "Pad/Assets.xcassets")],
            catalogs: ["Pad/Assets.xcassets"])

        // When the catalog is validated
        let otherFound = try Self.missingSizes(other, catalog: "Pad/Assets.xcassets")
        let indirectFound = try Self.missingSizes(indirect, catalog: "Pad/Assets.xcassets")

        // Then nothing is said
        #expect(otherFound.isEmpty, "\(otherFound)")
        #expect(indirectFound.isEmpty, "\(indirectFound)")
    }

    @Test("the project's configuration gives what the target does not set; [sdk=] forms and alternate icons count")
    func inheritedSettings() throws {
        // Given a target setting nothing of its own but its catalog, in a project whose Debug configuration
        // targets iPad and names AppIcon for iphoneos, and alternate icons in a list
        // (and a tvOS target whose one icon name has spaces, inheriting the project's families it does not use)
        let text = Self.pbxproj(
            [
                Target(name: "App", catalog: "App/Assets.xcassets"),
                Target(name: "TV", icon: "\"App Icon & Top Shelf Image\"", catalog: "TV/Assets.xcassets", sdk: "appletvos"),
            ],
            projectSettings: "TARGETED_DEVICE_FAMILY = \"1,2\"; \"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]\" = AppIcon; "
                + "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = (Dark, \"Light\");")

        // When the project's app icon uses are read
        let uses = XcodeProjectTargets.appIconUses(Array(text.utf8), project: "App.xcodeproj/project.pbxproj")

        // Then the app target takes the project's names (its icon, the alternates) and families, with its catalog known;
        // the tvOS target its own name whole, the project's alternates, and no device family
        #expect(uses?.allSatisfy(\.isApplication) == true)
        #expect(
            uses?.map { use in
                var plain = use
                plain.isApplication = false
                return plain
            } == [
                XcodeProjectTargets.AppIconUse(
                    target: "App", names: ["AppIcon", "Dark", "Light"], primaryNames: ["AppIcon"], families: ["iphone", "ipad"],
                    catalogs: ["App/Assets.xcassets"], catalogsComplete: true, project: "App.xcodeproj/project.pbxproj"),
                XcodeProjectTargets.AppIconUse(
                    target: "TV", names: ["App Icon & Top Shelf Image", "Dark", "Light"], primaryNames: ["App Icon & Top Shelf Image"],
                    families: [],
                    catalogs: ["TV/Assets.xcassets"], catalogsComplete: true, project: "App.xcodeproj/project.pbxproj"),
            ])
        #expect(XcodeProjectTargets.appIconUses(Array("{ objects = { A = {isa = ".utf8)) == nil)
    }
}
