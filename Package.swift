// swift-tools-version:6.1
// 6.1: swift-system declares 6.1 from 1.7.0 on (the first version with the Stat this package reads), so an
// older toolchain (Xcode 16.0-16.2, Swift 6.0) cannot resolve the package. Xcode 16.3 ships Swift 6.1.
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
        // The placeholder model alone (styles, states, the stateful screen, decorations): no codecs, no catalog.
        .library(name: "AssetPlaceholders", targets: ["AssetPlaceholders"]),
        // The asset names an app's code asks for (Swift through swift-syntax, Objective-C, Interface Builder,
        // property lists, build settings): a product of its own, so reading catalogs never builds swift-syntax.
        .library(name: "AssetReferences", targets: ["AssetReferences"]),
        .executable(name: "asset-tool", targets: ["asset-tool"]),
        .plugin(name: "AssetCatalogValidationPlugin", targets: ["AssetCatalogValidationPlugin"]),
        .plugin(name: "ValidateAssetsCommand", targets: ["ValidateAssetsCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The door to files: FileDescriptor, FilePath, Errno, Stat (from 1.7.0) (AssetsSupport/FileSystem).
        .package(url: "https://github.com/apple/swift-system", from: "1.7.0"),
        // Documentation (Sources/Assets/Assets.docc, Sources/AssetPlaceholders/AssetPlaceholders.docc, Snippets/):
        // `swift package generate-documentation --enable-experimental-combined-documentation --target AssetsSupport
        // --target AssetsCodecs --target AssetPlaceholders --target Assets`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // SwiftParser for the references in Swift sources (AssetReferences only).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        // The system libraries. Each is a system library target so that SwiftPM asks pkg-config for its
        // include and library folders: that is the one way a package used as a dependency may name them
        // (`unsafeFlags` such as `-L/opt/homebrew/lib` are refused in a dependency, and SwiftPM has no safe
        // linker search path setting). Homebrew ships a .pc file for libpng, jpeg-turbo and libdeflate, and
        // SwiftPM also looks in `$(brew --prefix)/opt/NAME/lib/pkgconfig` for each `.brew` provider, so a
        // keg-only formula is found too, on Apple silicon (/opt/homebrew) and Intel (/usr/local) alike.
        // giflib, driven directly from Swift (it reports errors by code, never longjmp). No `pkgConfig`:
        // giflib ships no .pc file (Debian writes its own; Homebrew, following upstream, has none), and SwiftPM
        // warns in every consumer's build about a .pc it cannot find. `shim.h` finds gif_lib.h on the search
        // path or under either Homebrew prefix, and the module map links `gif` by name: /usr/lib and
        // /usr/local/lib (Intel Homebrew) are on the linker's default path; Apple silicon's /opt/homebrew/lib is
        // not, and a package cannot name it for a consumer, so the consumer's build does (Docs/install.md,
        // "Using the package on a Mac").
        .systemLibrary(name: "CGif"),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // libpng reports fatal errors by longjmp: the setjmp lives in C, never with Swift on the stack.
        // zlib (libpng's own inflater; libpng-dev brings zlib1g-dev; part of macOS) checks image data in
        // `validate --deep`; libm is named for a fully static link (`-static-executable`), where libpng's pow
        // must be found. libdeflate compresses extracted frames' image data; libpng writes the chunks. The
        // libraries are named here as well as in the module maps for a link where pkg-config gave nothing.
        .target(
            name: "CPNGShim",
            dependencies: ["CPNG", "CDeflate"],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("m")]
        ),
        // libjpeg(-turbo), same reason as libpng.
        .target(
            name: "CJPEGShim",
            dependencies: ["CJPEG"],
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        // The allocator setting `validate` makes before its work (glibc's `mallopt`, not in Swift's Glibc module;
        // nothing elsewhere): imported by the command line alone.
        .target(name: "CAllocatorShim"),
        // The layers, imports only downward: support (no C) <- codecs (the only target that imports the C
        // modules) <- the catalog model and its uses <- the command line. ARCHITECTURE.md has the map.
        // File system rules, the one lock and parallel map, the strict JSON reader and the JSON writer.
        .target(name: "AssetsSupport", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // Decoding, encoding and animation frames, on giflib, libjpeg-turbo and libpng.
        .target(
            name: "AssetsCodecs",
            dependencies: ["AssetsSupport", "CGif", "CPNGShim", "CJPEGShim", "CDeflate"]
        ),
        // The placeholder model as values (styles, appearance, states and names, the stateful screen, the
        // view-state machine, decorations): depends on nothing, so an app that wants only the model builds no C.
        .target(name: "AssetPlaceholders"),
        // Catalog reading, validation, resolution, placeholders made concrete from a catalog, reports;
        // re-exports the layers below and the placeholder model.
        .target(
            name: "Assets",
            dependencies: ["AssetsSupport", "AssetsCodecs", "AssetPlaceholders"]
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
                "CAllocatorShim",
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
            dependencies: ["Assets", "AssetPlaceholders", "AssetsSupport", "AssetsCodecs", "AssetReferences", "TestSupport"]
        ),
        .testTarget(
            name: "AssetToolTests",
            dependencies: ["Assets", "AssetsSupport", "AssetsCodecs", "asset-tool", "CAllocatorShim", "TestSupport"],
            // The CI formats' real consumers: run by the tests from their place in the tree, not resources.
            exclude: ["Consumers/read_ci_report.py", "Consumers/gitlab-code-quality.schema.json"]
        ),
    ] + (prebuiltTool.map { [.binaryTarget(name: "AssetToolBinary", path: $0)] } ?? [])
)
