import Foundation
import Testing
import TestSupport

/// One answer from any folder (#32): `refs`, `validate --sources` and `resolve --used-by` run inside a project,
/// or given a folder or file in it, read the whole project from the folder holding its `.xcodeproj`.
@Suite("asset-tool refs from a folder inside the project")
struct RefsProjectRootTests {
    /// An app whose code in `App/Core` uses a set of a sibling folder's catalog (`Widgets/Shared.xcassets`),
    /// the project's root marked by `App.xcodeproj`.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("refs-root-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let image = #"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}"#
        try write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { }; }\n")
        try write("Widgets/Shared.xcassets/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        try write("Widgets/Shared.xcassets/shared_icon.imageset/Contents.json", image)
        try write("Widgets/Shared.xcassets/shared_icon.imageset/a.png", "x")
        try write("App/Core/View.swift", "let icon = UIImage(named: \"shared_icon\")\n")
        return root
    }

    @Test(
        "run inside App/Core, or given App/Core/View.swift: the sibling catalog is read, no false missing-asset, a note names the root",
        arguments: [("App/Core", "."), (".", "App/Core/View.swift"), ("App", "Core")])
    func fromInside(folder: String, argument: String) throws {
        // Given the app, run from inside it
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        // When refs runs in the folder
        let run = try CLIRun.run(["refs", argument], in: root.appendingPathComponent(folder))

        // Then the whole project is read: the set is found, nothing is missing, and the note says where the project is
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("missing-asset"), "\(run.stdout)")
        #expect(run.stdout.contains("1 catalog;"), "\(run.stdout)")
        #expect(run.stderr.contains("note: reading the whole project at") && run.stderr.contains("App.xcodeproj"), "\(run.stderr)")
    }

    @Test("the project's own folder is read as given, with no note")
    func atTheRoot() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        let run = try CLIRun.run(["refs"], in: root)

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("note:"), "\(run.stderr)")
    }

    @Test("a folder with no catalog and no project above: a warning, not a silent pass; --strict fails")
    func noCatalog() throws {
        // Given sources with no catalog and no project marker (the temporary folder is shared, so the search stops below it)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("refs-none-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "let a = UIImage(named: \"logo\")\n".write(to: root.appendingPathComponent("View.swift"), atomically: true, encoding: .utf8)

        // When refs runs there, and with --strict
        let run = try CLIRun.run(["refs", "."], in: root)
        let strict = try CLIRun.run(["refs", ".", "--strict"], in: root)

        // Then it warns that nothing was checked
        #expect(run.stdout.contains("warning: no asset catalog (.xcassets) and no loose image in the project"), "\(run.stdout)")
        #expect(run.status == 0)
        #expect(strict.status == 1)
    }

    @Test("validate --sources given a folder inside the project reports the same sets as refs")
    func validateSources() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        let run = try CLIRun.run(["validate", "--sources", "App/Core", "--no-cost"], in: root)

        // (the fixture's a.png is not a PNG: that is validate's one finding, at the path from the project's root)
        #expect(run.stdout.hasPrefix("./Widgets/Shared.xcassets/shared_icon.imageset/a.png: error:"), "\(run.stdout)")
        #expect(!run.stdout.contains("missing-asset"), "\(run.stdout)")
        #expect(run.stdout.contains("in 1 asset"), "\(run.stdout)")
    }

    @Test("resolve NAME --used-by inside the project finds the catalog that has the name and its references")
    func resolveUsedBy() throws {
        // Given the app, run from App/Core, no --catalog
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }

        // When resolve asks for the set and its uses
        let run = try CLIRun.run(["resolve", "shared_icon", "--used-by"], in: root.appendingPathComponent("App/Core"))

        // Then the name is resolved in the sibling catalog and the reference is listed
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("shared_icon.imageset"), "\(run.stdout)")
        #expect(run.stdout.contains("used by (1 reference in ../..)"), "\(run.stdout)")
        #expect(run.stderr.contains("note: reading the whole project at ../.."), "\(run.stderr)")
        #expect(run.stdout.contains("App/Core/View.swift:1:"), "\(run.stdout)")
    }
}
