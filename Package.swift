// swift-tools-version:6.0
import PackageDescription

/// A prebuilt asset-tool for the plugins: `ASSET_TOOL_ARTIFACTBUNDLE` names an `asset-tool.artifactbundle`
/// folder made by `Scripts/make-artifactbundle` (absolute, or relative to this package). Then the plugins run
/// that executable and no consumer compiles asset-tool and swift-argument-parser; unset, they build it from
/// source. A release would instead declare `.binaryTarget(name: "AssetToolBinary", url: ..., checksum: ...)`
/// (README, "A prebuilt asset-tool for the plugins").
let prebuiltTool: String? = Context.environment["ASSET_TOOL_ARTIFACTBUNDLE"].flatMap { path in
    guard !path.isEmpty else { return nil }
    guard path.hasPrefix("/") else { return path }
    // SwiftPM wants a binary target's path relative to the package root.
    let base = Context.packageDirectory.split(separator: "/")
    let target = path.split(separator: "/")
    var shared = 0
    while shared < min(base.count, target.count), base[shared] == target[shared] { shared += 1 }
    return (Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
}
let pluginTool: Target.Dependency = prebuiltTool == nil ? "asset-tool" : "AssetToolBinary"

let package = Package(
    name: "Assets",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Assets", targets: ["Assets"]),
        // The asset names an app's code asks for (Swift through swift-syntax, Objective-C, Interface Builder,
        // property lists, build settings): a product of its own, so reading catalogs never builds swift-syntax.
        .library(name: "AssetReferences", targets: ["AssetReferences"]),
        .executable(name: "asset-tool", targets: ["asset-tool"]),
        .plugin(name: "AssetCatalogValidationPlugin", targets: ["AssetCatalogValidationPlugin"]),
        .plugin(name: "ValidateAssetsCommand", targets: ["ValidateAssetsCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Documentation (Sources/Assets/Assets.docc, Snippets/): `swift package generate-documentation
        // --enable-experimental-combined-documentation --target AssetsSupport --target AssetsCodecs --target Assets`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // SwiftParser for the references in Swift sources (AssetReferences only).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        // giflib, driven directly from Swift (it reports errors by code, never longjmp).
        .systemLibrary(
            name: "CGif",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        // libpng reports fatal errors by longjmp: the setjmp lives in C, never with Swift on the stack.
        // zlib (libpng's own inflater; libpng-dev brings zlib1g-dev) checks image data in `validate --deep`;
        // libm is named for a fully static link (`-static-executable`), where libpng's pow must be found.
        // libdeflate (libdeflate-dev) compresses extracted frames' image data; libpng writes the chunks.
        .target(
            name: "CPNGShim",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("m")]
        ),
        // libjpeg(-turbo), same reason as libpng.
        .target(
            name: "CJPEGShim",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        // The layers, imports only downward: support (no C) <- codecs (the only target that imports the C
        // modules) <- the catalog model and its uses <- the command line. ARCHITECTURE.md has the map.
        // File system rules, the one lock and parallel map, the strict JSON reader and the JSON writer.
        .target(name: "AssetsSupport"),
        // Decoding, encoding and animation frames, on giflib, libjpeg-turbo and libpng.
        .target(
            name: "AssetsCodecs",
            dependencies: ["AssetsSupport", "CGif", "CPNGShim", "CJPEGShim"]
        ),
        // Catalog reading, validation, resolution, placeholders, reports; re-exports the layers below.
        .target(
            name: "Assets",
            dependencies: ["AssetsSupport", "AssetsCodecs"]
        ),
        // The asset names the app's sources ask for, resolved through the catalog layer's lookup (`refs`,
        // `validate --sources`); one home per source language. Above `Assets`, the only target with swift-syntax.
        .target(
            name: "AssetReferences",
            dependencies: [
                "Assets",
                "AssetsSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "asset-tool",
            dependencies: [
                "Assets",
                "AssetReferences",
                "AssetsSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Draws the shipped example `Assets.catalog` with the package's own encoders (Scripts/make-example-catalog).
        .executableTarget(
            name: "make-example-catalog",
            dependencies: ["Assets", "AssetsSupport"]
        ),
        // Validates the asset catalogs of the target it is applied to; an error fails the build.
        .plugin(
            name: "AssetCatalogValidationPlugin",
            capability: .buildTool(),
            dependencies: [pluginTool]
        ),
        // `swift package validate-assets`.
        .plugin(
            name: "ValidateAssetsCommand",
            capability: .command(
                intent: .custom(verb: "validate-assets", description: "Validate the package's asset catalogs with asset-tool.")
            ),
            dependencies: [pluginTool]
        ),
        // What both test targets share: where the package root, the fixtures and ../shared/corpus are.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "AssetsTests",
            dependencies: ["Assets", "AssetsSupport", "AssetsCodecs", "AssetReferences", "TestSupport"]
        ),
        .testTarget(
            name: "AssetToolTests",
            dependencies: ["Assets", "AssetsSupport", "AssetsCodecs", "asset-tool", "TestSupport"],
            // The CI formats' real consumers: run by the tests from their place in the tree, not resources.
            exclude: ["Consumers/read_ci_report.py", "Consumers/gitlab-code-quality.schema.json"]
        ),
    ] + (prebuiltTool.map { [.binaryTarget(name: "AssetToolBinary", path: $0)] } ?? [])
)
