// swift-tools-version:6.0
import PackageDescription

// A client of the Assets package, as a new user writes one: every usage example of the UIKit libraries the
// placeholder model follows, rewritten against the public API only, each with its expected values checked.
// `ModelExamples` imports only the placeholder model (`AssetPlaceholders`: no codecs, no C); `CatalogExamples`
// makes placeholders concrete from the package's `Assets.catalog` (`Assets`). Each exits non-zero when a
// value differs. `Tests/AssetToolTests/PlaceholderClientTests.swift` builds and runs both.
let package = Package(
    name: "PlaceholderClient",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Assets", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "ModelExamples",
            dependencies: [.product(name: "AssetPlaceholders", package: "Assets")]
        ),
        .executableTarget(
            name: "CatalogExamples",
            dependencies: [.product(name: "Assets", package: "Assets")]
        ),
    ]
)
