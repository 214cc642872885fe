import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// A project's own namespace of images (#32): NetNewsWire's `struct AppAssets { static var smartFeedImage: UIImage =
/// { UIImage(systemName: "gear")! }() }` read as `AppAssets.smartFeedImage` is that property, not a generator's
/// accessor of the set `smartFeedImage`; the property's body is read as code.
@Suite("References: a project's own static property is not a generated accessor of the set of its name")
struct ReferenceNamespaceMemberTests {
    @Test("a static member of a type the project declares is that member; a generator's namespace still uses the set")
    func ownMember() throws {
        // Given a hand-written `AppAssets` whose static properties load other images, and a SwiftGen-style `Asset.bell`
        // (no type `Asset` in the project: the generator's output, not committed here) and `AppAssets.rssImage`, which
        // the project's `AppAssets` does not declare (a generator's extension may)
        let project = try ProjectFixture()
        for name in ["smartFeedImage", "gearLarge", "bell", "rssImage"] { try project.imageSet(name) }
        try project.write(
            "App/AppAssets.swift",
            """
            struct AppAssets {
                static var smartFeedImage: UIImage = {
                    return UIImage(systemName: "gear")!
                }()
                static let gear = UIImage(named: "gearLarge")
            }
            """)
        try project.write(
            "App/Feed.swift",
            """
            func icons() -> [Any] { [AppAssets.smartFeedImage, AppAssets.gear, Asset.bell.image, AppAssets.rssImage] }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then only the set the property's name alone matched is unused
        #expect(findings.unusedNames == ["smartFeedImage"], "\(findings.diagnostics)")
    }
}
