import Foundation
import Testing
@testable import AssetsCodecs
import TestSupport

@Suite("asset-tool report")
struct ReportCommandTests {
    static let repositoryRoot = PackageRoot.url

    @Test("writes one page with every asset of the shipped catalog; refuses to overwrite without --force")
    func shippedCatalog() throws {
        // Given a fresh folder and the shipped catalog
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("report.html")
        let catalog = Self.repositoryRoot.appendingPathComponent("Assets.catalog").path

        // When the report is written
        let first = try CLIRun.run(["report", catalog, "--output", output.path])

        // Then it names the file and the count, and the page holds an article for every set
        let sets = try FileManager.default.subpathsOfDirectory(atPath: catalog)
            .filter { $0.hasSuffix(".imageset") || $0.hasSuffix(".dataset") }
        #expect(sets.count >= 6)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("\(output.path): \(sets.count) assets, 0 errors, 0 warnings in \(sets.count) assets ("))
        let html = try String(contentsOf: output, encoding: .utf8)
        for set in sets {
            let name = (set as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? set
            let namespaced = set.hasPrefix("Photos/") ? "Photos/\(name)" : name
            #expect(html.contains("<span class=\"name\">\(namespaced)</span>"), "\(set) missing")
        }
        #expect(html.components(separatedBy: "<article class=\"asset").count - 1 == sets.count)
        // and the shipped animation is inlined as a GIF, the photo previewed as a PNG
        #expect(html.contains("src=\"data:image/gif;base64,"))
        #expect(html.contains("JPEG "))

        // When it is written again without --force, then with it
        let refused = try CLIRun.run(["report", catalog, "--output", output.path])
        let forced = try CLIRun.run(["report", catalog, "--output", output.path, "--force"])

        // Then the first is refused with one line naming the file, the second replaces it
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(output.path): already exists (use --force to overwrite)\n")
        #expect(forced.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == html)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["report.html"])
    }

    @Test("a missing catalog is one line on stderr and exit 66 as in validate; no output is written")
    func missingCatalog() throws {
        // Given no catalog at the path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // When a report is asked for
        let result = try CLIRun.run([
            "report", folder.appendingPathComponent("None.xcassets").path,
            "-o", folder.appendingPathComponent("r.html").path,
        ])
        // Then it fails naming the catalog, and writes nothing
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix(folder.appendingPathComponent("None.xcassets").path + ": "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--sources PROJECT: each card lists its uses as file:line relative to the project; the unused set is marked and counted")
    func withSources() throws {
        // Given a project whose code uses one set by name twice and never the other
        let root = try RefsCommandTests.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "let c = UIImage(named: \"used\")!\n".write(
            to: root.appendingPathComponent("App/More.swift"), atomically: true, encoding: .utf8)
        let output = root.appendingPathComponent("report.html").path

        // When the report of its catalog is written with the project's sources
        let run = try CLIRun.run(["report", "App/Assets.xcassets", "--sources", ".", "--output", output], in: root)

        // Then the used set's card lists both places, and the stale one is marked unused, in the markup
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        let used = try Self.article("used", in: html)
        #expect(used.contains("data-use=\"used\""))
        #expect(
            used.contains(
                "used by: <code title=\"UIImage(named:)\">App/More.swift:1</code>, <code title=\"UIImage(named:)\">App/View.swift:1</code></p>"
            ))
        let stale = try Self.article("stale", in: html)
        #expect(stale.contains("data-use=\"unused\"") && stale.contains("<span class=\"unused-mark\">unused</span>"))
        #expect(html.contains("<option value=\"unused\">unused (1)</option>"))
        #expect(html.contains("Sources in .: 1 set used, <strong>1 unused</strong>"))
        // and the size of each set is on its card (the one-byte files of the fixture)
        #expect(used.contains("data-bytes=\"1\""))
        #expect(html.contains("<svg class=\"treemap\""))
    }

    @Test("--sources PROJECT draws the project's Icon Composer bundles: each layer in icon.json's order, named, with the bundle's findings")
    func iconComposerBundles() throws {
        // Given a project with an Icon Composer bundle whose icon.json names two layers in two groups (one hidden,
        // whose file is not there) and a third that is
        let root = try RefsCommandTests.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = root.appendingPathComponent("App/AppIcon.icon")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        let layer = try #require(RGBAImage(width: 32, height: 32, pixels: [UInt8](repeating: 180, count: 32 * 32 * 4)))
        for name in ["front.png", "back.png", "back-dark.png"] {
            try Data(try PNGEncoder.fast.encode(layer)).write(to: bundle.appendingPathComponent("Assets/\(name)"))
        }
        try Data(
            (#"{"groups": [{"layers": [{"image-name": "front.png"}, {"image-name": "gone.png", "hidden": true}]}, "#
                + #"{"layers": [{"image-name": "back.png", "image-name-specializations": "#
                + #"[{"appearance": "dark", "value": "back-dark.png"}]}]}]}"#).utf8
        ).write(to: bundle.appendingPathComponent("icon.json"))
        let output = root.appendingPathComponent("report.html").path

        // When the report of its catalog is written with the project's sources
        let run = try CLIRun.run(["report", "App/Assets.xcassets", "--sources", ".", "--output", output], in: root)

        // Then the page has the bundle's section: the layers in order with their groups, the missing one said,
        // and its finding
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        let after = try #require(html.components(separatedBy: "<section class=\"icon-bundles\">").dropFirst().first)
        let section = try #require(after.components(separatedBy: "</section>").first)
        #expect(section.hasPrefix("\n<h2>Icon Composer icons <span class=\"count\">1</span></h2>"))
        #expect(section.contains("<h3>App/AppIcon.icon</h3>"))
        let files = section.components(separatedBy: "<span class=\"file\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(files == ["front.png", "gone.png", "back.png", "back-dark.png"])
        #expect(section.contains("alt=\"front.png\"") && section.contains("<span class=\"facts\">PNG 32×32</span>"))
        #expect(section.contains("<span class=\"traits\">group 1 · hidden</span>"))
        #expect(section.contains("<span class=\"traits\">group 2</span>"))
        #expect(section.contains("<figure class=\"variant dark\">") && section.contains("<span class=\"traits\">group 2 · dark</span>"))
        #expect(section.contains("data-code=\"invalid-icon-file\""))
    }

    @Test("--sources with a catalog outside the project is a usage error naming both; rules that turn unused-asset off mark nothing")
    func sourcesElsewhere() throws {
        let root = try RefsCommandTests.project()
        let other = try RefsCommandTests.project()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: other)
        }
        let output = root.appendingPathComponent("report.html").path

        let outside = try CLIRun.run([
            "report", other.appendingPathComponent("App/Assets.xcassets").path, "--sources", root.path, "--output", output,
        ])
        let quiet = try CLIRun.run(
            ["report", "App/Assets.xcassets", "--sources", ".", "--disable", "unused-asset", "--output", output], in: root)

        #expect(outside.status == 64)
        #expect(
            outside.stderr == "\(other.appendingPathComponent("App/Assets.xcassets").path): not a catalog under \(root.path) "
                + "(--sources reads the 1 catalog under the project)\n")
        #expect(quiet.status == 0, "\(quiet.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!html.contains("data-use=\"unused\"") && html.contains("<option value=\"unused\">unused (0)</option>"))
    }

    static func article(_ name: String, in html: String) throws -> String {
        let start = try #require(html.range(of: "data-name=\"\(name)\""))
        let end = try #require(html.range(of: "</article>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }
}
