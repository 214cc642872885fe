// swift-tools-version:6.0
import PackageDescription

// A small app target whose asset catalog is validated on every build by the Assets package's plugin:
// an error in `Sources/Gallery/Assets.xcassets` fails `swift build` and names the file and the code.
let package = Package(
    name: "Gallery",
    dependencies: [
        .package(name: "Assets", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Gallery",
            plugins: [
                .plugin(name: "AssetCatalogValidationPlugin", package: "Assets")
            ]
        )
    ]
)
