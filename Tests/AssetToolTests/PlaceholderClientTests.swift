import Foundation
import Testing
import TestSupport

/// Builds `Examples/PlaceholderClient` (a client package depending on this checkout by path, as a new user
/// writes one) and runs its two executables: `ModelExamples`, every example of the original libraries
/// against `import AssetPlaceholders` alone, and `CatalogExamples`, the ones that need a catalog, against
/// `import Assets`. Each checks its values and exits non-zero on a mismatch. The scratch folder stays in
/// `.build/examples/PlaceholderClient`, so a second run compiles only what changed (the first one compiles
/// the library, a few minutes on two cores). Then the compiler is asked to reject what the original forbids:
/// a decoration of an unrelated class joined with `+`. Skipped, not passed, when there is no `swift` on
/// PATH or `ASSETS_SKIP_PLUGIN_BUILD=1` (the switch that skips the example builds).
@Suite("The placeholder client package", .serialized)
struct PlaceholderClientTests {
    static let root = PackageRoot.url
    static let scratch = root.appendingPathComponent(".build/examples/PlaceholderClient")

    @Test(
        "the client builds against the public API, and every example's values are the original's",
        .timeLimit(.minutes(20)),
        .enabled(if: PluginBuildTests.canBuild, "no swift on PATH, or ASSETS_SKIP_PLUGIN_BUILD=1: the client package is not built, skipped")
    )
    func examplesRun() throws {
        let swift = try #require(PluginBuildTests.swiftExecutable)
        let environment = ProcessInfo.processInfo.environment

        // Given the client package, built in place with its own scratch folder
        let package = Self.root.appendingPathComponent("Examples/PlaceholderClient")
        let started = Date()
        let build = try PluginBuildTests.run(
            swift, ["build", "--package-path", package.path, "--scratch-path", Self.scratch.path] + PluginBuildTests.buildFlags,
            environment: environment, timeout: 1_100)
        print("PlaceholderClientTests: built in \(Int(Date().timeIntervalSince(started).rounded())) s")
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning:"), "\(build.output)")

        // When each executable runs
        for (name, least) in [("ModelExamples", 70), ("CatalogExamples", 20)] {
            let binary = Self.scratch.appendingPathComponent("debug/\(name)")
            let outcome = try PluginBuildTests.run(binary, [], environment: environment, timeout: 120)

            // Then every check passed, and there were as many as the examples hold
            #expect(outcome.status == 0, "\(outcome.output)")
            let summary = try #require(outcome.output.split(separator: "\n").last { $0.hasPrefix("\(name): ") }, "\(outcome.output)")
            let count = summary.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            #expect(summary.hasSuffix("checks passed") && count >= least, "\(outcome.output)")
        }
    }

    @Test(
        "joining the decorations of unrelated classes does not compile; a superclass's does",
        .timeLimit(.minutes(20)),
        .enabled(if: PluginBuildTests.canBuild, "no swift on PATH, or ASSETS_SKIP_PLUGIN_BUILD=1: the client package is not built, skipped")
    )
    func unrelatedDecorationsAreRejected() throws {
        let swift = try #require(PluginBuildTests.swiftExecutable)
        let environment = ProcessInfo.processInfo.environment
        // Given the model's module, as the client build makes it
        let package = Self.root.appendingPathComponent("Examples/PlaceholderClient")
        let build = try PluginBuildTests.run(
            swift,
            [
                "build", "--package-path", package.path, "--scratch-path", Self.scratch.path,
                "--product", "ModelExamples",
            ] + PluginBuildTests.buildFlags, environment: environment, timeout: 1_100)
        #expect(build.status == 0, "\(build.output)")
        let modules = Self.scratch.appendingPathComponent("debug/Modules")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("decorations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        func typecheck(_ body: String) throws -> PluginBuildTests.Outcome {
            let file = work.appendingPathComponent("check-\(UUID().uuidString).swift")
            try """
            import AssetPlaceholders
            @MainActor class View { var backgroundColor = PlaceholderColor.clear }
            @MainActor final class Switch: View { var isOn = false }
            @MainActor final class Label: View { var text = "" }
            @MainActor func compose() {
                let white = StyleDecoration<View> { $0.backgroundColor = .white }
                let on = StyleDecoration<Switch> { $0.isOn = true }
                let title = StyleDecoration<Label> { $0.text = "x" }
                _ = (white, on, title)
                \(body)
            }
            """.write(to: file, atomically: true, encoding: .utf8)
            let swiftc = swift.deletingLastPathComponent().appendingPathComponent("swiftc")
            return try PluginBuildTests.run(
                swiftc, ["-typecheck", "-swift-version", "6", "-I", modules.path, file.path],
                environment: environment, timeout: 300)
        }

        // When a subclass's decoration is joined with its superclass's, then it compiles
        let allowed = try typecheck("let joined: StyleDecoration<Switch> = on + { white($0) }; joined(Switch())")
        #expect(allowed.status == 0, "\(allowed.output)")

        // When it is joined with an unrelated class's, then the compiler rejects it, naming both classes
        let unrelated = try typecheck("_ = on + { title($0) }")
        #expect(unrelated.status != 0)
        #expect(unrelated.output.contains("cannot convert value of type 'Switch' to expected argument type 'Label'"), "\(unrelated.output)")
        // and two decorations of different types never join with + silently
        let mixed = try typecheck("_ = on + title")
        #expect(mixed.status != 0, "\(mixed.output)")
    }
}
