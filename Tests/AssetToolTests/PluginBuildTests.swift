import Foundation
import Testing

/// Builds `Examples/CatalogValidation` (a package applying AssetCatalogValidationPlugin) with
/// `swift build`, once with its good catalog and once with a file of the catalog removed, in one
/// scratch folder inside a temporary directory (the second build reuses the first one's products).
/// Takes about a minute: the example's scratch folder builds asset-tool and swift-argument-parser.
/// Skips when `swift` is not on PATH or `ASSETS_SKIP_PLUGIN_BUILD=1`.
@Suite("Build-tool plugin on the example package", .serialized)
struct PluginBuildTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var swiftExecutable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static var skipReason: String? {
        if ProcessInfo.processInfo.environment["ASSETS_SKIP_PLUGIN_BUILD"] == "1" {
            return "ASSETS_SKIP_PLUGIN_BUILD=1"
        }
        if swiftExecutable == nil { return "no swift on PATH" }
        return nil
    }

    @Test("a good catalog builds; a missing image fails the build naming the file and the code; validate-assets agrees",
          .timeLimit(.minutes(20)))
    func goodThenBroken() throws {
        if let reason = Self.skipReason {
            print("PluginBuildTests: skipped (\(reason)); the example package was not built")
            return
        }
        guard let swift = Self.swiftExecutable else { return }
        // Given a copy of the example package depending on this checkout by absolute path
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("assets-plugin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let example = work.appendingPathComponent("Gallery")
        let scratch = work.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repositoryRoot.appendingPathComponent("Examples/CatalogValidation"), to: example)
        try? FileManager.default.removeItem(at: example.appendingPathComponent(".build"))
        let manifest = example.appendingPathComponent("Package.swift")
        let original = try String(contentsOf: manifest, encoding: .utf8)
        #expect(original.contains("path: \"../..\""))
        try original.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(Self.repositoryRoot.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let arguments = ["build", "--package-path", example.path, "--scratch-path", scratch.path]

        // When it is built with its good catalog
        let good = try Self.run(swift, arguments, timeout: 900)

        // Then the build passes, and the catalog's warnings are shown with their file and code
        #expect(good.status == 0, "\(good.output)")
        let catalog = example.appendingPathComponent("Sources/Gallery/Assets.xcassets").path
        #expect(good.output.contains("\(catalog): warning: no image named placeholder_empty_state_icon"))
        #expect(good.output.contains("[missing-placeholder]"))
        #expect(!good.output.contains(": error: "))

        // When the command plugin checks the same package, then it passes and names the catalog
        let packageArguments = ["package", "--package-path", example.path, "--scratch-path", scratch.path, "validate-assets"]
        let command = try Self.run(swift, packageArguments, timeout: 600)
        #expect(command.status == 0, "\(command.output)")
        #expect(command.output.contains("validate-assets: \(catalog)\n"))
        #expect(command.output.contains("0 errors, 3 warnings in 2 assets"))

        // When an image the catalog lists is removed and the package is built again
        let imageSet = "Sources/Gallery/Assets.xcassets/Photos/sample_landscape.imageset"
        try FileManager.default.removeItem(at: example.appendingPathComponent("\(imageSet)/sample_landscape.png"))
        let broken = try Self.run(swift, arguments, timeout: 600)

        // Then the build fails, naming the Contents.json that lists the file and the code
        #expect(broken.status != 0)
        let expected = "\(example.path)/\(imageSet)/Contents.json:4:20: error: images[0].filename: lists \"sample_landscape.png\""
        #expect(broken.output.contains(expected), "\(broken.output)")
        #expect(broken.output.contains("[missing-file]"))

        // and the command plugin fails on it too
        let failing = try Self.run(swift, packageArguments, timeout: 600)
        #expect(failing.status != 0)
        #expect(failing.output.contains(expected), "\(failing.output)")
    }

    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs a command with stdout and stderr merged; terminates it after `timeout` seconds.
    static func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
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
