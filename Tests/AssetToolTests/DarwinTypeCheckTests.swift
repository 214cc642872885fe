import Foundation
import Testing
import TestSupport

/// The Darwin branches type-checked here, on Linux: `Scripts/check-darwin` rewrites each platform condition
/// to its Darwin answer and type-checks every file that asks one, against `Scripts/darwin-sdk-stub`'s
/// `Darwin` module (the SDK's declarations, typed as Swift imports them on a Mac; ARCHITECTURE.md, "Where the
/// platforms differ"). It reads the compile flags of the build the tests run in (`.build/debug.yaml`).
@Suite("The Darwin branches type-check against the SDK's signatures", .serialized)
struct DarwinTypeCheckTests {
    static let script = PackageRoot.url("Scripts/check-darwin")
    static let manifest = PackageRoot.url(".build/debug.yaml")

    static var canRun: Bool {
        ExternalTool.find("swiftc") != nil && ExternalTool.find("python3") != nil
            && FileManager.default.fileExists(atPath: manifest.path)
    }

    /// Runs the script with `arguments`; its exit status and what it printed.
    static func check(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let python = try #require(ExternalTool.find("python3"))
        let outcome = try python.run([script.path] + arguments, timeout: 900)
        return (outcome.status, outcome.stdout + outcome.stderr)
    }

    @Test(
        "every file with a platform branch type-checks as Darwin",
        .timeLimit(.minutes(20)),
        .enabled(if: canRun, "no swiftc or python3 on PATH, or no .build/debug.yaml (a SwiftPM build in .build): not checked"))
    func everyDarwinBranchTypeChecks() throws {
        // Given the package's sources and the build the tests run in
        // When the script type-checks them as Darwin
        let (status, output) = try Self.check([])

        // Then it passes, and it checked the targets with branches and the examples
        #expect(status == 0, "\(output)")
        for target in [
            "AssetsSupport", "AssetsCodecs", "Assets", "AssetReferences", "asset_tool", "Examples/PlaceholderClient: ModelExamples",
        ] {
            #expect(output.contains("\(target): ") && output.contains("type-check as Darwin"), "\(target): \(output)")
        }
        #expect(output.contains("Sources/AssetReferences/Swift/ParserThread.swift"), "\(output)")
        #expect(output.contains("Sources/AssetsCodecs/CLibraries/LZFSELibrary.swift"), "\(output)")
    }

    @Test(
        "libcompression called with a bare number for its algorithm, or optional buffers, fails as on a Mac",
        .timeLimit(.minutes(20)),
        .enabled(if: canRun, "no swiftc or python3 on PATH, or no .build/debug.yaml (a SwiftPM build in .build): not checked"))
    func wrongCompressionCallFails() throws {
        // Given LZFSELibrary.swift with its Darwin call passing 0x801 (not `COMPRESSION_LZFSE`) and the buffers unchecked
        let source = "Sources/AssetsCodecs/CLibraries/LZFSELibrary.swift"
        let text = try String(contentsOf: PackageRoot.url(source), encoding: .utf8)
        let guardLine = "guard let destination, let source else { return 0 }"
        let call = "nil, COMPRESSION_LZFSE)"
        #expect(text.contains(guardLine) && text.contains(call))
        let planted = text.replacingOccurrences(of: guardLine, with: "_ = 0").replacingOccurrences(of: call, with: "nil, 0x801)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("LZFSELibrary-\(UUID().uuidString).swift")
        try planted.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        // When the script checks that target with the planted file
        let (status, output) = try Self.check(["--target", "AssetsCodecs", "--substitute", source, file.path])

        // Then it fails on the call as compression.h types it: the C enum, and buffers that may not be nil
        #expect(status == 1, "\(output)")
        #expect(output.contains("\(source):"), "\(output)")
        #expect(output.contains("expected argument type 'compression_algorithm'"), "\(output)")
        #expect(output.contains("'UnsafeMutablePointer<UInt8>?' must be unwrapped"), "\(output)")
    }

    @Test(
        "a start routine typed as before (non-optional pointer) fails, as it would on a Mac",
        .timeLimit(.minutes(20)),
        .enabled(if: canRun, "no swiftc or python3 on PATH, or no .build/debug.yaml (a SwiftPM build in .build): not checked"))
    func wrongSignatureFails() throws {
        // Given ParserThread.swift with its Darwin start routine taking `UnsafeMutableRawPointer`, not optional
        let source = "Sources/AssetReferences/Swift/ParserThread.swift"
        let text = try String(contentsOf: PackageRoot.url(source), encoding: .utf8)
        let right =
            "private func parseThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {\n    guard let context else { return nil }\n"
        #expect(text.contains(right))
        let wrong =
            "#if canImport(Glibc)\n\(right)    return nil\n}\n#else\n"
            + "private func parseThreadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {\n"
        var planted = text.replacingOccurrences(of: right, with: wrong)
        let end = try #require(planted.range(of: "    return nil\n}\n", options: .backwards))
        planted.replaceSubrange(end, with: "    return nil\n}\n#endif\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ParserThread-\(UUID().uuidString).swift")
        try planted.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        // When the script checks that target with the planted file
        let (status, output) = try Self.check(["--target", "AssetReferences", "--substitute", source, file.path])

        // Then it fails on the call, naming the file and the type Swift imports on Darwin
        #expect(status == 1, "\(output)")
        #expect(output.contains("\(source):"), "\(output)")
        #expect(output.contains("'@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?'"), "\(output)")
    }
}
