import Foundation
import Testing
import TestSupport

/// Builds `Examples/CatalogValidation` (a package applying AssetCatalogValidationPlugin) with
/// `swift build`, once with its good catalog and once with a file of the catalog removed, in one
/// scratch folder inside a temporary directory (the second build reuses the first one's products), and
/// runs `swift package validate-assets` after each. Two ways:
/// - from source: the example's scratch folder builds asset-tool and swift-argument-parser (about a minute);
/// - with a prebuilt `asset-tool.artifactbundle` (`Scripts/make-artifactbundle`; `ASSET_TOOL_ARTIFACTBUNDLE`
///   names it, else `.build/artifactbundle/asset-tool.artifactbundle` is used): asset-tool is not compiled.
/// Each reports itself skipped, not passed, when it cannot run: no `swift` on PATH, `ASSETS_SKIP_PLUGIN_BUILD=1`,
/// or (the second) no bundle made. Durations are printed, never asserted.
@Suite("Build-tool plugin on the example package", .serialized)
struct PluginBuildTests {
    static let repositoryRoot = PackageRoot.url

    static var swiftExecutable: URL? { ExternalTool.find("swift")?.url }

    static var canBuild: Bool {
        ProcessInfo.processInfo.environment["ASSETS_SKIP_PLUGIN_BUILD"] != "1" && swiftExecutable != nil
    }

    /// What a nested `swift build` or `swift package` adds on this machine, as README's macOS commands do:
    /// Homebrew's library folder for the linker, where giflib is (it ships no pkg-config file, so SwiftPM
    /// names no folder for it; Docs/install.md). Nothing on Linux.
    static let buildFlags: [String] = {
        #if canImport(Darwin)
            let prefix =
                ProcessInfo.processInfo.environment["HOMEBREW_PREFIX"].flatMap { $0.isEmpty ? nil : $0 }
                ?? ExternalTool.find("brew").flatMap { try? $0.run(["--prefix"], timeout: 60).stdout }
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return prefix.map { ["-Xlinker", "-L\($0)/lib"] } ?? []
        #else
            return []
        #endif
    }()

    /// The prebuilt bundle to test, if one was made.
    static var bundle: URL? {
        let named = ProcessInfo.processInfo.environment["ASSET_TOOL_ARTIFACTBUNDLE"].flatMap { $0.isEmpty ? nil : $0 }
        let candidate =
            named.map { URL(fileURLWithPath: $0, relativeTo: repositoryRoot) }
            ?? repositoryRoot.appendingPathComponent(".build/artifactbundle/asset-tool.artifactbundle")
        let info = candidate.appendingPathComponent("info.json")
        return FileManager.default.fileExists(atPath: info.path) ? candidate.standardizedFileURL : nil
    }

    @Test(
        "from source: a good catalog builds; a missing image fails the build at its line; validate-assets agrees",
        .timeLimit(.minutes(20)),
        .enabled(if: canBuild, "no swift on PATH, or ASSETS_SKIP_PLUGIN_BUILD=1: the example package is not built, skipped"))
    func fromSource() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["ASSET_TOOL_ARTIFACTBUNDLE"] = nil
        let timings = try Self.goodThenBroken(environment: environment, prebuilt: false)
        print("PluginBuildTests: from source, first build \(timings.first) s, rebuild after the change \(timings.second) s")
    }

    @Test(
        "with the prebuilt artifact bundle: the same, and asset-tool is not compiled",
        .timeLimit(.minutes(20)),
        .enabled(
            if: canBuild && bundle != nil,
            "no asset-tool.artifactbundle (run Scripts/make-artifactbundle, or set ASSET_TOOL_ARTIFACTBUNDLE), no swift on PATH, or ASSETS_SKIP_PLUGIN_BUILD=1: skipped"
        ))
    func withPrebuiltBundle() throws {
        let bundle = try #require(Self.bundle)
        var environment = ProcessInfo.processInfo.environment
        environment["ASSET_TOOL_ARTIFACTBUNDLE"] = bundle.path
        let timings = try Self.goodThenBroken(environment: environment, prebuilt: true)
        print("PluginBuildTests: with \(bundle.path), first build \(timings.first) s, rebuild after the change \(timings.second) s")
    }

    /// Builds a copy of the example, good then broken; returns the two builds' wall times in seconds.
    static func goodThenBroken(environment: [String: String], prebuilt: Bool) throws -> (first: Int, second: Int) {
        let swift = try #require(swiftExecutable)
        // Given a copy of the example package depending on this checkout by absolute path
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("assets-plugin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let example = work.appendingPathComponent("Gallery")
        let scratch = work.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Examples/CatalogValidation"), to: example)
        try? FileManager.default.removeItem(at: example.appendingPathComponent(".build"))
        let manifest = example.appendingPathComponent("Package.swift")
        let original = try String(contentsOf: manifest, encoding: .utf8)
        #expect(original.contains("path: \"../..\""))
        try original.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(repositoryRoot.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let arguments = ["build", "--package-path", example.path, "--scratch-path", scratch.path] + buildFlags

        // When it is built with its good catalog
        let started = Date()
        let good = try run(swift, arguments, environment: environment, timeout: 900)
        let first = Int(Date().timeIntervalSince(started).rounded())

        // Then the build passes, and the catalog's warnings are shown with their file and code
        #expect(good.status == 0, "\(good.output)")
        let catalog = example.appendingPathComponent("Sources/Gallery/Assets.xcassets").path
        #expect(good.output.contains("\(catalog): warning: no image named placeholder_empty_state_icon"))
        #expect(good.output.contains("[missing-placeholder]"))
        #expect(!good.output.contains(": error: "))
        // and, with the bundle, neither asset-tool nor swift-argument-parser was compiled
        let compiledTool = good.output.contains("Compiling asset_tool") || good.output.contains("Compiling ArgumentParser")
        #expect(compiledTool == !prebuilt, "\(good.output)")

        // When the command plugin checks the same package, then it passes and names the catalog
        let packageArguments =
            ["package", "--package-path", example.path, "--scratch-path", scratch.path] + buildFlags + ["validate-assets"]
        let command = try run(swift, packageArguments, environment: environment, timeout: 600)
        #expect(command.status == 0, "\(command.output)")
        #expect(command.output.contains("validate-assets: \(catalog)\n"))
        #expect(command.output.contains("0 errors, 3 warnings in 2 assets"))

        // When an image the catalog lists is removed and the package is built again
        let imageSet = "Sources/Gallery/Assets.xcassets/Photos/sample_landscape.imageset"
        try FileManager.default.removeItem(at: example.appendingPathComponent("\(imageSet)/sample_landscape.png"))
        let restarted = Date()
        let broken = try run(swift, arguments, environment: environment, timeout: 600)
        let second = Int(Date().timeIntervalSince(restarted).rounded())

        // Then the build fails, naming the Contents.json that lists the file, its line and column, and the code
        #expect(broken.status != 0)
        let expected = "\(example.path)/\(imageSet)/Contents.json:4:20: error: images[0].filename: lists \"sample_landscape.png\""
        #expect(broken.output.contains(expected), "\(broken.output)")
        #expect(broken.output.contains("[missing-file]"))

        // and the command plugin fails on it too
        let failing = try run(swift, packageArguments, environment: environment, timeout: 600)
        #expect(failing.status != 0)
        #expect(failing.output.contains(expected), "\(failing.output)")
        return (first, second)
    }

    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs a command with stdout and stderr merged; terminates it after `timeout` seconds.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String], timeout: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
