import Foundation
import Testing
import TestSupport

@Suite("asset-tool refs and validate --sources")
struct RefsCommandTests {
    /// A project: one catalog with a used, an unused and a colour set; a Swift file with a missing name.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("refs-cli-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let image = #"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}"#
        try write("App/Assets.xcassets/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        try write("App/Assets.xcassets/used.imageset/Contents.json", image)
        try write("App/Assets.xcassets/used.imageset/a.png", "x")
        try write("App/Assets.xcassets/stale.imageset/Contents.json", image)
        try write("App/Assets.xcassets/stale.imageset/a.png", "x")
        try write(
            "App/View.swift",
            """
            let a = UIImage(named: "used")
            let b = UIImage(named: "typo_name")
            """)
        return root
    }

    @Test("text: a line counts the findings by code, errors first")
    func countsByCode() throws {
        // Given a project with a missing name and an unused set
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        // When refs runs
        let run = try CLIRun.run(["refs", "."], in: root)

        // Then the counts by code follow the findings' summary
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("by code: 1 missing-asset, 1 unused-asset"), "\(run.stdout)")
        #expect(lines.firstIndex { $0.hasPrefix("by code:") } == lines.firstIndex { $0.hasPrefix("1 error, 1 warning") }.map { $0 + 1 })
    }

    @Test("text: the missing name at its file, line and column, the unused set, exit 1")
    func text() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        let run = try CLIRun.run(["refs", "."], in: root)

        #expect(run.status == 1)
        #expect(run.stdout.contains("./App/View.swift:2:24: error: UIImage(named:) asks for \"typo_name\""))
        #expect(run.stdout.contains("[missing-asset]"))
        #expect(run.stdout.contains("./App/App/Assets.xcassets/stale.imageset: warning:") == false)
        #expect(run.stdout.contains("./App/Assets.xcassets/stale.imageset: warning: no reference uses an image set \"stale\""))
        #expect(run.stdout.contains("read 1 file (1 swift)"))
    }

    @Test("text: the scan's summary says one file, a line, a lookup in the singular, and no kinds for no files")
    func summaryCounts() throws {
        // Given the project, and a copy with its one source file removed
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        // When refs runs on each
        let one = try CLIRun.run(["refs", "."], in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/View.swift"))
        let none = try CLIRun.run(["refs", "."], in: root)

        // Then the summary counts in the singular where a count is 1, and an empty project lists no kinds
        #expect(one.stdout.contains("read 1 file (1 swift), 2 lines, 1 catalog; 2 lookups, 0 dynamic names, 0 symbols, "), "\(one.stdout)")
        #expect(none.stdout.contains("read 0 files, 0 lines, 1 catalog; 0 lookups,"), "\(none.stdout)")
        #expect(!none.stdout.contains("()"), "\(none.stdout)")
    }

    @Test("json: source file, line, column, catalog and set paths; conforms to refs.schema.json")
    func json() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        let run = try CLIRun.run(["refs", root.path, "--format", "json", "--list"])

        let problems = try SchemaConformanceTests.schema("refs").errors(in: SchemaJSON.parse(run.stdout))
        #expect(problems.isEmpty, "\(problems)")
        #expect(run.stdout.contains(#""code": "missing-asset", "path": "App/View.swift", "key_path": null, "line": 2, "column": 24"#))
        #expect(run.stdout.contains(#""catalog_path": "App/Assets.xcassets", "set_path": "stale.imageset""#))
    }

    @Test("a package target's catalog: the unused finding names the target (text and JSON), scan.packages lists it")
    func packageTarget() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let kit = root.appendingPathComponent("Kit")
        try FileManager.default.createDirectory(
            at: kit.appendingPathComponent("Sources/Kit/Media.xcassets/kit_stale.imageset"),
            withIntermediateDirectories: true)
        try #"let package = Package(name: "Kit", targets: [.target(name: "Kit", resources: [.process("Art")])])"#
            .write(to: kit.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try #"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}"#
            .write(
                to: kit.appendingPathComponent("Sources/Kit/Media.xcassets/kit_stale.imageset/Contents.json"), atomically: true,
                encoding: .utf8)

        let text = try CLIRun.run(["refs", "."], in: root)
        let json = try CLIRun.run(["refs", root.path, "--format", "json"])

        #expect(
            text.stdout.contains(
                "./Kit/Sources/Kit/Media.xcassets/kit_stale.imageset: warning: no reference uses an image set "
                    + "\"kit_stale\" of package target Kit [unused-asset]"))
        #expect(text.stdout.contains("; 1 package manifest (1 target, 1 catalog in them)"))
        let problems = try SchemaConformanceTests.schema("refs").errors(in: SchemaJSON.parse(json.stdout))
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            json.stdout.contains(#""catalog_path": "Kit/Sources/Kit/Media.xcassets", "set_path": "kit_stale.imageset", "target": "Kit""#))
        #expect(json.stdout.contains(#""manifest": "Kit/Package.swift""#))
    }

    @Test("--disable and .asset-tool.json rules apply; github and sarif formats carry the location")
    func rulesAndFormats() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        let quiet = try CLIRun.run(["refs", root.path, "--disable", "missing-asset"])
        let github = try CLIRun.run(["refs", ".", "--format", "github"], in: root)
        let sarif = try CLIRun.run(["refs", ".", "--format", "sarif"], in: root)

        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("missing-asset"))
        #expect(github.stdout.contains("::error file=./App/View.swift,line=2,col=24,title=missing-asset::"))
        #expect(sarif.stdout.contains("\"relatedLocations\""))
    }

    @Test("validate --sources: the catalog's findings and the sources' findings in one report")
    func validateWithSources() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        let run = try CLIRun.run(["validate", "--sources", "."], in: root)

        #expect(run.status == 1)
        #expect(run.stdout.contains("[missing-asset]"))
        #expect(run.stdout.contains("[unused-asset]"))
    }

    @Test("validate --sources gives every finding refs gives for the same project (one path), with the catalogs' own")
    func validateSourcesHoldsRefs() throws {
        // Given the project, with a catalog finding too (a set whose file is missing) and a package target
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Assets.xcassets/used.imageset/a.png"))
        let kit = root.appendingPathComponent("Kit/Sources/Kit")
        try FileManager.default.createDirectory(at: kit, withIntermediateDirectories: true)
        try #"let package = Package(name: "Kit", targets: [.target(name: "Kit")])"#
            .write(to: root.appendingPathComponent("Kit/Package.swift"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: kit.appendingPathComponent("undeclared.png"))
        try #"let a = UIImage(named: "undeclared", in: .module, compatibleWith: nil)"#
            .write(to: kit.appendingPathComponent("View.swift"), atomically: true, encoding: .utf8)

        // When both commands read it
        let refs = try CLIRun.run(["refs", ".", "--format", "json"], in: root)
        let validate = try CLIRun.run(["validate", "--sources", ".", "--format", "json"], in: root)

        // Then each refs finding is among validate's, which also has the catalog's own
        func findings(_ output: String) throws -> Set<String> {
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
            return Set(
                try diagnostics.map {
                    String(decoding: try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys), as: UTF8.self)
                })
        }
        let fromRefs = try findings(refs.stdout)
        let fromValidate = try findings(validate.stdout)
        #expect(fromRefs.count == 3, "missing-asset twice (typo_name, undeclared) and unused-asset: \(fromRefs)")
        #expect(fromRefs.isSubset(of: fromValidate), "\(fromRefs.subtracting(fromValidate))")
        #expect(fromValidate.subtracting(fromRefs).contains { $0.contains("used.imageset") }, "\(fromValidate)")
        #expect(refs.status == 1 && validate.status == 1)
    }

    @Test("resolve --used-by: the references to a name in text and in JSON (resolve.schema.json); none for an unused set")
    func resolveUsedBy() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("App/Assets.xcassets").path

        let text = try CLIRun.run(["resolve", "used", "--catalog", catalog, "--used-by", "--sources", root.path])
        let json = try CLIRun.run(["resolve", "used", "--catalog", catalog, "--used-by", "--sources", root.path, "--format", "json"])
        let stale = try CLIRun.run(["resolve", "stale", "--catalog", catalog, "--used-by", "--sources", root.path, "--format", "json"])
        let unreadable = try CLIRun.run([
            "resolve", "used", "--catalog", catalog, "--used-by", "--sources", root.path + "/none",
            "--format", "json",
        ])

        #expect(text.status == 0)
        #expect(text.stdout.contains("used by (1 reference in \(root.path)):"))
        #expect(text.stdout.contains("App/View.swift:1:24: \"used\" (UIImage(named:), lookup)"))
        let schema = try SchemaConformanceTests.schema("resolve")
        for run in [json, stale, unreadable] {
            let problems = try schema.errors(in: SchemaJSON.parse(run.stdout))
            #expect(problems.isEmpty, "\(problems)")
        }
        #expect(
            json.stdout.contains(
                "\"used_by\": {\n    \"project\": \"\(root.path)\",\n    \"references\": [\n      {\n"
                    + "        \"file\": \"App/View.swift\",\n        \"line\": 1,\n        \"column\": 24,\n        \"name\": \"used\",\n"
                    + "        \"form\": \"literal\""))
        #expect(stale.stdout.contains(#""references": []"#))
        #expect(unreadable.stdout.contains(#""error": "#))
        // --used-by still goes with a name only.
        let usage = try CLIRun.run(["resolve", "--state", "error", "--catalog", catalog, "--used-by"])
        #expect(usage.status == 64)
    }
}
