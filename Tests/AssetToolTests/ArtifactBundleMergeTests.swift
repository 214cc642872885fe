import Foundation
import Testing
import TestSupport

/// `Scripts/merge-artifactbundles`, which the GitHub workflow runs on the bundles of its two macOS runners:
/// run here on two bundles written by the test (one variant each, different triples), it must join them into
/// one bundle with both variants and their files, and refuse a triple given twice, a variant path leaving the
/// bundle, versions that differ, and an existing output. Skipped, not passed, without `python3`, `zip` or `swift`.
@Suite("Scripts/merge-artifactbundles")
struct ArtifactBundleMergeTests {
    static let script = PackageRoot.url.appendingPathComponent("Scripts/merge-artifactbundles")
    static var canRun: Bool {
        ExternalTool.find("python3") != nil && ExternalTool.find("zip") != nil && ExternalTool.find("swift") != nil
    }

    /// Writes a bundle with one variant for `triple` at `folder`.
    static func bundle(at folder: URL, triple: String, version: String = "1.2.3", path: String? = nil) throws {
        let variant = "asset-tool-\(version)-\(triple)"
        let bin = folder.appendingPathComponent("\(variant)/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data("executable for \(triple)\n".utf8).write(to: bin.appendingPathComponent("asset-tool"))
        let info = """
            {"schemaVersion": "1.0", "artifacts": {"asset-tool": {"type": "executable", "version": "\(version)",
             "variants": [{"path": "\(path ?? "\(variant)/bin/asset-tool")", "supportedTriples": ["\(triple)"]}]}}}
            """
        try Data(info.utf8).write(to: folder.appendingPathComponent("info.json"))
    }

    /// Runs the script; its status and its stdout and stderr together.
    static func merge(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ExternalTool(url: URL(fileURLWithPath: "/bin/bash")).run([script.path] + arguments)
        return (outcome.status, outcome.stdout + outcome.stderr)
    }

    @Test(
        "two bundles of different triples become one bundle with both variants, a zip and its checksum",
        .enabled(if: canRun, "no python3, zip or swift on PATH: skipped"))
    func joinsVariants() throws {
        let folder = try TemporaryFolder()
        let work = URL(fileURLWithPath: folder.path)
        let arm = work.appendingPathComponent("arm/asset-tool.artifactbundle")
        let intel = work.appendingPathComponent("intel/asset-tool.artifactbundle")
        try Self.bundle(at: arm, triple: "arm64-apple-macosx")
        try Self.bundle(at: intel, triple: "x86_64-apple-macosx")
        let output = work.appendingPathComponent("out")

        let outcome = try Self.merge([output.path, arm.path, intel.path])

        #expect(outcome.status == 0, "\(outcome.output)")
        let merged = output.appendingPathComponent("asset-tool.artifactbundle")
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: merged.appendingPathComponent("info.json")))
        let artifact = try #require(((info as? [String: Any])?["artifacts"] as? [String: Any])?["asset-tool"] as? [String: Any])
        #expect(artifact["version"] as? String == "1.2.3")
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.compactMap { $0["supportedTriples"] as? [String] } == [["arm64-apple-macosx"], ["x86_64-apple-macosx"]])
        for triple in ["arm64-apple-macosx", "x86_64-apple-macosx"] {
            let executable = merged.appendingPathComponent("asset-tool-1.2.3-\(triple)/bin/asset-tool")
            #expect(try String(contentsOf: executable, encoding: .utf8) == "executable for \(triple)\n")
        }
        let checksum = try String(
            contentsOf: output.appendingPathComponent("asset-tool-1.2.3.artifactbundle.zip.checksum"), encoding: .utf8)
        #expect(checksum.trimmingCharacters(in: .whitespacesAndNewlines).count == 64)

        // And a second merge into the same folder leaves the first bundle as it was
        let again = try Self.merge([output.path, arm.path, intel.path])
        #expect(again.status == 1)
        #expect(again.output.contains("exists; not replaced"))
        #expect(FileManager.default.fileExists(atPath: merged.appendingPathComponent("asset-tool-1.2.3-arm64-apple-macosx").path))
    }

    @Test(
        "a triple given twice, a variant path outside the bundle, or two versions: refused, nothing written",
        .enabled(if: canRun, "no python3, zip or swift on PATH: skipped"))
    func refusesBadInputs() throws {
        let folder = try TemporaryFolder()
        let work = URL(fileURLWithPath: folder.path)
        let arm = work.appendingPathComponent("arm/asset-tool.artifactbundle")
        let armAgain = work.appendingPathComponent("arm2/asset-tool.artifactbundle")
        let escape = work.appendingPathComponent("escape/asset-tool.artifactbundle")
        let older = work.appendingPathComponent("older/asset-tool.artifactbundle")
        try Self.bundle(at: arm, triple: "arm64-apple-macosx")
        try Self.bundle(at: armAgain, triple: "arm64-apple-macosx")
        try Self.bundle(at: escape, triple: "x86_64-apple-macosx", path: "../../etc/asset-tool")
        try Self.bundle(at: older, triple: "x86_64-apple-macosx", version: "1.0.0")

        let cases: [(URL, String)] = [(armAgain, "there twice"), (escape, "is not inside the bundle"), (older, "version 1.0.0")]
        for (second, message) in cases {
            let output = work.appendingPathComponent("out-\(UUID().uuidString)")
            let outcome = try Self.merge([output.path, arm.path, second.path])
            #expect(outcome.status != 0, "\(second.path)")
            #expect(outcome.output.contains(message), "\(outcome.output)")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("asset-tool.artifactbundle").path))
        }
    }
}
