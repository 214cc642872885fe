// swift-tools-version:6.0
// libFuzzer harnesses for the Assets library, kept out of the main package's build (an executable
// without `main` would break `swift build` there). Build and run them with `Scripts/fuzz`.
import PackageDescription

let harnesses = ["fuzz-gif", "fuzz-jpeg", "fuzz-png", "fuzz-probe", "fuzz-catalog", "fuzz-tree", "fuzz-svg", "fuzz-car", "fuzz-sources"]
/// The harnesses that also read sources: only these depend on AssetReferences (and so on swift-syntax), and
/// `Scripts/fuzz` builds a harness's product alone, so fuzzing the codecs never compiles swift-syntax.
let readsSources: Set<String> = ["fuzz-sources"]

let package = Package(
    name: "AssetsFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Assets", path: "..")
    ],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver (defined by the -sanitize=fuzzer runtime).
        .target(name: "CFuzzerDriver"),
        // Seeds made by the project's own encoders, and the one-input-at-a-time plumbing.
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzerDriver", .product(name: "Assets", package: "Assets")]
        ),
    ]
        + harnesses.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", .product(name: "Assets", package: "Assets")]
                    + (readsSources.contains(name) ? [.product(name: "AssetReferences", package: "Assets")] : [])
            )
        }
)
