import Foundation
import Testing
import TestSupport

/// Runs the built `asset-tool` binary and captures what it prints.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static var binary: URL {
        // The test bundle sits in the build products folder beside the executable.
        let products = Bundle.main.bundleURL.deletingLastPathComponent()
        let beside = products.appendingPathComponent("asset-tool")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return PackageRoot.url(".build/debug/asset-tool")
    }

    /// The environment the tool runs in: the caller's, with its cache folder (`validate`'s `FileFactsCache`,
    /// `~/.cache` or `~/Library/Caches`) in a temporary folder of this test process, never the user's.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "asset-tool-tests-home-\(ProcessInfo.processInfo.processIdentifier)")
        environment["HOME"] = home.path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        return environment
    }()

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> CLIRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

@Suite("asset-tool command line")
struct CLITests {
    @Test("--help names every command")
    func help() throws {
        let result = try CLIRun.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("extract-frames"))
    }
}
