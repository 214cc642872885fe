import Foundation
import Testing
@testable import Assets
@testable import AssetsSupport

/// What each app icon set costs in `size`, and whether the app builds it (`AppIconCost`, #35): the app's icon,
/// its alternates (which ship in every install), a set no target names (not built).
@Suite("Cost: app icon sets, primary, alternate or not built")
struct AppIconCostTests {
    @Test("the project's targets say which app icon set is the app's, which are alternates, which are not built")
    func roles() throws {
        // Given an app naming AppIcon and the alternate AppIcon-Dark, and a catalog that also holds Retired
        let project = try AppIconTargetTests.project(
            [.init(name: "App", families: "1", icon: "AppIcon", catalog: "App/Assets.xcassets")], catalogs: ["App/Assets.xcassets"],
            projectSettings: "IPHONEOS_DEPLOYMENT_TARGET = 16.0; ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"AppIcon-Dark\";")
        let catalog = project.root + "/App/Assets.xcassets"
        for name in ["AppIcon-Dark", "Retired"] {
            try FileManager.default.copyItem(atPath: catalog + "/AppIcon.appiconset", toPath: catalog + "/\(name).appiconset")
        }

        // When the catalog's cost is taken as `size` takes it
        let options = CatalogValidator.Options.forProject(catalog: catalog, costChecks: true)
        let report = try CatalogValidator(options: options).validate(catalogAt: catalog)
        var cost = CatalogCostReport(report)
        cost.listAppIcons(deployment: options.deployment)

        // Then each set has its role, the target naming it, and its bytes (the three files of each copy)
        let bytes = try ["store.png", "60@2x.png", "60@3x.png"].reduce(0) { sum, file in
            sum + (try FileManager.default.attributesOfItem(atPath: catalog + "/AppIcon.appiconset/" + file)[.size] as? Int ?? 0)
        }
        #expect(
            cost.appIcons == [
                AppIconCost(path: "AppIcon-Dark.appiconset", bytes: bytes, role: .alternate, targets: ["App"]),
                AppIconCost(path: "AppIcon.appiconset", bytes: bytes, role: .primary, targets: ["App"]),
                AppIconCost(path: "Retired.appiconset", bytes: bytes, role: .unnamed, targets: []),
            ])
        // and the table says so under it
        let text = cost.text
        #expect(text.contains("AppIcon-Dark.appiconset  alternate icon, in every install (App)\n"), "\(text)")
        #expect(text.contains("Retired.appiconset  no target names it: not built into the app\n"), "\(text)")
        #expect(text.contains("app icons (targets of App.xcodeproj/project.pbxproj):\n"), "\(text)")
    }

    @Test("no project above the catalog: no app icon lines")
    func noProject() throws {
        // Given a catalog with an app icon set and no project
        let project = try AppIconTargetTests.project([], catalogs: ["Assets.xcassets"])
        try FileManager.default.removeItem(atPath: project.root + "/App.xcodeproj")
        let catalog = project.root + "/Assets.xcassets"

        // When its cost is taken
        let options = CatalogValidator.Options.forProject(catalog: catalog, costChecks: true)
        let report = try CatalogValidator(options: options).validate(catalogAt: catalog)

        // Then nothing is said of its app icon
        #expect(AppIconCost.list(CatalogCostReport(report).rows, deployment: options.deployment).isEmpty)
    }
}
