import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The icon sizes a project's devices require (`missing-icon-size` from `TARGETED_DEVICE_FAMILY`): said only
/// when the project says the app runs on iPad, never guessed without one.
@Suite("Validation: app icon sizes the project's devices require")
struct AppIconProjectTests {
    /// A classic iPhone-only set: 60pt at 2x and 3x and the App Store icon, every file opaque RGB.
    static func iPhoneOnlySet(in fixture: FixtureCatalog) throws {
        try fixture.write(
            "AppIcon.appiconset/Contents.json",
            DiagnosticFixtureTests.appIcon([
                ("store.png", "ios-marketing", "1024x1024", "1x", nil, nil),
                ("60@2x.png", "iphone", "60x60", "2x", nil, nil),
                ("60@3x.png", "iphone", "60x60", "3x", nil, nil),
            ]))
        try fixture.write("AppIcon.appiconset/store.png", try DiagnosticFixtureTests.opaquePNG(1024))
        try fixture.write("AppIcon.appiconset/60@2x.png", try DiagnosticFixtureTests.opaquePNG(120))
        try fixture.write("AppIcon.appiconset/60@3x.png", try DiagnosticFixtureTests.opaquePNG(180))
    }

    static func options(families: Set<String>?) -> CatalogValidator.Options {
        var options = CatalogValidator.Options(placeholders: [])
        options.costChecks = true
        options.config.rules[.compressibleImage] = .off
        options.deployment = DeploymentTarget(ios: [15, 0], families: families, source: "App.xcodeproj/project.pbxproj")
        // The app target names the set; its catalogs are not known (a synchronized folder).
        options.deployment.appIconUses = [
            XcodeProjectTargets.AppIconUse(target: "App", names: ["AppIcon"], families: families, project: "App.xcodeproj/project.pbxproj")
        ]
        return options
    }

    @Test("an iPhone-only classic set in a project targeting iPad lacks the iPad sizes")
    func iPadTargeted() throws {
        // Given an iPhone-only classic set, and a project whose device families are iPhone and iPad
        let fixture = try FixtureCatalog()
        try AppIconProjectTests.iPhoneOnlySet(in: fixture)

        // When it is validated
        let report = try fixture.validate(AppIconProjectTests.options(families: ["iphone", "ipad"]))

        // Then one missing-icon-size warning names the project and the iPad sizes
        let found = report.diagnostics.filter { $0.code == .missingIconSize }
        #expect(found.map(\.path) == ["AppIcon.appiconset/Contents.json"], "\(report.diagnostics.map(\.description))")
        #expect(
            found.first?.message
                == "has iPhone icons but no iPad icon, and target \"App\" naming it runs on iPad (App.xcodeproj/project.pbxproj): "
                + "App Store Connect requires 76 points at 2x (152x152 pixels) and 83.5 points at 2x (167x167 pixels) of an app that runs on "
                + "iPad (ITMS-90023); add the iPad sizes or use the single-size layout")
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test("the same set says nothing for an iPhone-only project, or with no project", arguments: [Set(["iphone"]), nil])
    func notTargeted(families: Set<String>?) throws {
        // Given the iPhone-only set, and a project targeting iPhone only (or none found)
        let fixture = try FixtureCatalog()
        try AppIconProjectTests.iPhoneOnlySet(in: fixture)

        // When it is validated
        let report = try fixture.validate(AppIconProjectTests.options(families: families))

        // Then no size is missing
        #expect(report.diagnostics.filter { $0.code == .missingIconSize }.isEmpty, "\(report.diagnostics.map(\.description))")
    }

    @Test("a single-size set makes the iPad's sizes itself")
    func singleSize() throws {
        // Given Xcode 14's single 1024 icon in a project targeting iPad
        let fixture = try FixtureCatalog()
        try fixture.write(
            "AppIcon.appiconset/Contents.json", DiagnosticFixtureTests.appIcon([("icon.png", "universal", "1024x1024", nil, "ios", nil)]))
        try fixture.write("AppIcon.appiconset/icon.png", try DiagnosticFixtureTests.opaquePNG(1024))

        // When it is validated
        let report = try fixture.validate(AppIconProjectTests.options(families: ["iphone", "ipad"]))

        // Then nothing is missing
        #expect(report.diagnostics.filter { $0.code == .missingIconSize }.isEmpty, "\(report.diagnostics.map(\.description))")
    }
}
