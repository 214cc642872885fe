import Foundation
import Testing
import TestSupport

/// What Docs/install.md tells a Mac user on Apple silicon, tried as far as Linux allows: a package whose
/// system library target (like `CGif`: a module map that links a library by name, no pkg-config file) is a
/// dependency of an app, and the library sits in a folder the linker does not search (as giflib does in
/// `/opt/homebrew/lib`). Here the library is this machine's giflib under a name of its own in a temporary
/// folder. The app's plain `swift build` fails to link it; with `-Xlinker -L FOLDER` on the app's build it
/// links and runs. Skipped, not passed, without `swift`, without giflib's shared library, or with
/// `ASSETS_SKIP_PLUGIN_BUILD=1`.
@Suite("A dependency's system library outside the linker's path", .serialized)
struct SystemLibraryLinkTests {
    /// This machine's giflib, as the linker would find it.
    static var giflib: URL? {
        ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .map { URL(fileURLWithPath: $0).appendingPathComponent("libgif.so") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static var canRun: Bool { PluginBuildTests.canBuild && giflib != nil }

    @Test(
        "the consumer's -Xlinker -L is what the link needs, and is enough",
        .timeLimit(.minutes(20)),
        .enabled(if: canRun, "no swift on PATH, no libgif.so, or ASSETS_SKIP_PLUGIN_BUILD=1: not built, skipped"))
    func consumerNamesTheFolder() throws {
        let swift = try #require(PluginBuildTests.swiftExecutable)
        let giflib = try #require(Self.giflib)
        let environment = ProcessInfo.processInfo.environment
        // Given giflib as `libassetsgifcopy.so` in a folder of its own
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("assets-link-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let library = work.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: library.appendingPathComponent("libassetsgifcopy.so"),
            withDestinationURL: giflib.resolvingSymlinksInPath())
        // and a package with a system library target for it (a module map that links it by name, no pkgConfig)
        try Self.write(
            work, "Dependency/Package.swift",
            """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Dependency",
                products: [.library(name: "GifName", targets: ["GifName"])],
                targets: [.systemLibrary(name: "CGifCopy"), .target(name: "GifName", dependencies: ["CGifCopy"])]
            )
            """)
        try Self.write(
            work, "Dependency/Sources/CGifCopy/module.modulemap",
            """
            module CGifCopy [system] {
                header "shim.h"
                link "assetsgifcopy"
                export *
            }
            """)
        try Self.write(work, "Dependency/Sources/CGifCopy/shim.h", "#include <gif_lib.h>\n")
        try Self.write(
            work, "Dependency/Sources/GifName/GifName.swift",
            """
            internal import CGifCopy
            public func gifErrorText(_ code: Int32) -> String {
                GifErrorString(code).map { String(cString: $0) } ?? "none"
            }
            """)
        // and an app that depends on it
        try Self.write(
            work, "App/Package.swift",
            """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(path: "../Dependency")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "GifName", package: "Dependency")])]
            )
            """)
        try Self.write(work, "App/Sources/App/main.swift", "import GifName\nprint(gifErrorText(101))\n")
        let app = work.appendingPathComponent("App")
        let build = ["build", "--package-path", app.path, "--scratch-path", work.appendingPathComponent("scratch").path]

        // When the app is built as is
        let plain = try PluginBuildTests.run(swift, build, environment: environment, timeout: 900)

        // Then the link fails on the library's name
        #expect(plain.status != 0, "\(plain.output)")
        #expect(plain.output.contains("assetsgifcopy"), "\(plain.output)")

        // When the app's build names the folder
        let named = try PluginBuildTests.run(swift, build + ["-Xlinker", "-L\(library.path)"], environment: environment, timeout: 900)

        // Then it links, with no warning, and the app calls giflib through the dependency
        #expect(named.status == 0, "\(named.output)")
        #expect(!named.output.contains("warning:"), "\(named.output)")
        let binary = work.appendingPathComponent("scratch/debug/App")
        let ran = try PluginBuildTests.run(binary, [], environment: environment, timeout: 60)
        #expect(ran.status == 0 && ran.output.contains("Failed to open given file"), "\(ran.output)")
    }

    static func write(_ root: URL, _ relative: String, _ text: String) throws {
        let file = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
