import Foundation
import Testing
@testable import Assets
@testable import AssetsSupport

/// The report's script as Chromium runs it under the page's Content-Security-Policy: previews swapped in
/// only near the view, the filter bar shown and applied, and without script a page that still lists every
/// set. Needs `chromium` (`.ci/run` installs it); skips with a message without it.
// Serialized: each test starts a Chromium; several at once beside the rest of the suite on a small machine
// left one dumping the page before its observer had swapped any preview in (a CI run, 2 cores).
@Suite("The report page in Chromium", .serialized)
struct ReportPageBrowserTests {
    static let chromium = PlaceholderScreenshotTests.chromium

    /// The page of a catalog of `count` sets, each with one 12x12 PNG; every tenth lists a file it lacks.
    /// `markupChunks`: the chunks of sets written as markup before the deferred ones (`SetChunk`).
    static func page(sets count: Int, markupChunks: Int = SetChunk.markupChunks, usage: [String: SetUsage]? = nil) throws -> String {
        let fixture = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 12, height: 12)
        for index in 0..<count {
            let name = String(format: "set_%04d", index)
            try fixture.write("\(name).imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
            if index % 10 != 0 { try fixture.write("\(name).imageset/a.png", png) }
        }
        let catalog = try AssetCatalog.read(at: fixture.root)
        // Rendered while the fixture's files exist.
        var report = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator(options: .init(placeholders: [])).validate(catalog))
        report.markupChunks = markupChunks
        report.usage = usage
        return report.render()
    }

    /// The DOM after load (and some virtual time for the observer: 10 s of it, which costs no real time when
    /// the page is idle), with script on or off.
    static func dom(of html: String, script: Bool = true) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: page)
        let out = folder.appendingPathComponent("dom.html")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium))
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                "--virtual-time-budget=10000", "--dump-dom",
            ]
            + (script ? [] : ["--blink-settings=scriptEnabled=false"]) + [page.absoluteString]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: out, encoding: .utf8)
    }

    static func attribute(_ name: String, ofBodyIn dom: String) -> Int? {
        guard let body = dom.range(of: "<body "), let end = dom.range(of: ">", range: body.upperBound..<dom.endIndex),
            let found = dom.range(of: " \(name)=\"", range: body.upperBound..<end.lowerBound)
        else { return nil }
        return Int(dom[found.upperBound...].prefix { $0.isNumber })
    }

    @Test(
        "400 sets: the script runs under the policy, shows previews near the view only, none broken",
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install -y chromium); skipped"))
    func lazyInBrowser() throws {
        // Given the page of 400 sets
        let html = try Self.page(sets: 400)
        // When Chromium opens it (again, up to twice more, when it dumped the page before the observer had
        // run: starved of CPU beside the plugin tests' builds, headless Chromium does that; a page whose
        // script never swaps a preview in fails all three)
        var dom = try Self.dom(of: html)
        for _ in 0..<2 where (Self.attribute("data-images", ofBodyIn: dom) ?? 0) == 0 {
            dom = try Self.dom(of: html)
        }
        // Then every set is counted, some previews are shown, the rest still wait, and none failed
        #expect(Self.attribute("data-rendered-assets", ofBodyIn: dom) == 400)
        let shown = try #require(Self.attribute("data-images", ofBodyIn: dom))
        let waiting = try #require(Self.attribute("data-waiting-images", ofBodyIn: dom))
        #expect(shown > 0 && waiting > 0 && shown + waiting == 360, "\(shown) shown, \(waiting) waiting")
        #expect(Self.attribute("data-broken-images", ofBodyIn: dom) == 0)
        // and the first set's preview has its source, and the filter bar is shown
        let first = try #require(dom.range(of: "data-name=\"set_0001\""))
        let firstImage = try #require(dom.range(of: "<img ", range: first.upperBound..<dom.endIndex))
        let tag = dom[firstImage.upperBound...].prefix { $0 != ">" }
        #expect(tag.contains(" src=\"data:image/png;base64,") && !tag.contains("data-src"))
        #expect(dom.contains("<form class=\"filter\" id=\"filter\" role=\"search\">"))
    }

    @Test(
        "the filter hides the sets that do not match by name or by finding code (as when a browser restores the fields)",
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install -y chromium); skipped"))
    func filterInBrowser() throws {
        // Given the page of 400 sets with the name field holding "set_01" and the code missing-file chosen
        let html = try Self.page(sets: 400)
            .replacingOccurrences(of: "id=\"filter-name\"", with: "id=\"filter-name\" value=\"SET_01\"")
            .replacingOccurrences(of: "<option value=\"code:missing-file\">", with: "<option value=\"code:missing-file\" selected>")
        // When Chromium opens it
        let dom = try Self.dom(of: html)
        // Then only set_0100 ... set_0190 by tens are shown: names holding "set_01" with the finding
        let articles = dom.components(separatedBy: "<article ").dropFirst()
        #expect(articles.count == 400)
        let visible = articles.filter { !$0.prefix { $0 != ">" }.contains(" hidden") }
            .compactMap { piece -> String? in
                guard let start = piece.range(of: "data-name=\"") else { return nil }
                return String(piece[start.upperBound...].prefix { $0 != "\"" })
            }
        #expect(visible == (10..<20).map { String(format: "set_%04d", $0 * 10) })
        #expect(dom.contains("<output id=\"filter-count\" aria-live=\"polite\">10 of 400 sets</output>"))
    }

    /// Each set as Chromium lists it with script off: "name, findings, shown or not", one line each. The page
    /// goes into a sandboxed frame that may not run script (so its parser reads `<noscript>` as markup, as a
    /// browser with script off does) and a harness page around it reads the frame's sets (`--dump-dom` and
    /// `--print-to-pdf` need script in the page itself).
    static func listedWithoutScript(_ html: String, describe: String = defaultDescription) throws -> [String] {
        let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let harness = """
            <!DOCTYPE html><html><head><title>harness</title></head><body>
            <iframe id="page" sandbox="allow-same-origin" width="1200" height="900" srcdoc="\(escaped)"></iframe>
            <script>
            function list() {
              var page = document.getElementById("page").contentDocument, lines = [];
              \(describe)
              var out = document.createElement("pre");
              out.id = "listed";
              out.textContent = lines.join("\\n");
              document.body.appendChild(out);
            }
            addEventListener("load", list);
            </script></body></html>
            """
        let dom = try Self.dom(of: harness)
        guard let start = dom.range(of: "<pre id=\"listed\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            return []
        }
        return dom[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// Each set: "name, findings, shown or not".
    static let defaultDescription = """
        var sets = page.querySelectorAll("article.asset");
        for (var i = 0; i < sets.length; i++) {
          lines.push(sets[i].getAttribute("data-name") + ", " + sets[i].querySelectorAll("li.diagnostic").length + ", " +
                     (sets[i].getClientRects().length > 0 ? "shown" : "not shown"));
        }
        """

    /// The unused sets of a page of `count` sets: every third.
    static func usage(sets count: Int) -> [String: SetUsage] {
        var usage: [String: SetUsage] = [:]
        for index in 0..<count {
            let name = String(format: "set_%04d", index)
            usage["\(name).imageset"] =
                index % 3 == 0
                ? .unused
                : SetUsage(first: [.init(file: "App/V\(index).swift", line: index, via: "UIImage(named:)")], count: 1)
        }
        return usage
    }

    @Test(
        "uses and sizes: the Use filter shows the unused sets, also in closed chunks; without script each card's use and the treemap show",
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install -y chromium); skipped"))
    func usesAndSizes() throws {
        // Given the page of 300 sets, every third unused, no chunk as markup
        let html = try Self.page(sets: 300, markupChunks: 0, usage: Self.usage(sets: 300))
        // When Chromium opens it with the Use choice on "unused" (as a browser that restored the field)
        let filtered = try Self.dom(
            of: html.replacingOccurrences(of: "<option value=\"unused\">", with: "<option value=\"unused\" selected>"))
        // Then the count says 100 of 300, and the open chunk shows only the unused sets
        #expect(filtered.contains("<output id=\"filter-count\" aria-live=\"polite\">100 of 300 sets</output>"))
        // (the sets of opened chunks: a closed chunk's are the text of its <noscript>)
        let opened = filtered.range(of: "<noscript>").map { String(filtered[..<$0.lowerBound]) } ?? filtered
        let shown = opened.components(separatedBy: "<article ").dropFirst()
            .filter { !$0.prefix { $0 != ">" }.contains(" hidden") }
            .compactMap { piece -> String? in
                guard let start = piece.range(of: "data-name=\"") else { return nil }
                return String(piece[start.upperBound...].prefix { $0 != "\"" })
            }
        #expect(!shown.isEmpty && shown.allSatisfy { Int($0.dropFirst(4)).map { $0 % 3 == 0 } == true }, "\(shown.prefix(5))")

        // When it is shown with script off
        let listed = try Self.listedWithoutScript(
            html,
            describe: """
                var sets = page.querySelectorAll("article.asset"), tiles = page.querySelectorAll("svg.treemap g.tile");
                var drawn = 0;
                for (var t = 0; t < tiles.length; t++) { if (tiles[t].getClientRects().length > 0) { drawn++; } }
                lines.push("treemap tiles drawn: " + (drawn > 0 && drawn === tiles.length ? "all" : drawn + " of " + tiles.length));
                for (var i = 0; i < sets.length; i++) {
                  var use = sets[i].querySelector("p.used-by");
                  lines.push(sets[i].getAttribute("data-name") + ", " + (use && use.getClientRects().length > 0 ? use.textContent : "-"));
                }
                """)
        // Then the treemap is drawn and every card shows its use, in order
        #expect(listed.first == "treemap tiles drawn: all", "\(listed.prefix(2))")
        #expect(
            Array(listed.dropFirst())
                == (0..<300).map { index in
                    String(format: "set_%04d, ", index)
                        + (index % 3 == 0 ? "used by: nothing in the sources (unused-asset)" : "used by: App/V\(index).swift:\(index)")
                }, "\(listed.count) listed: \(listed.prefix(3))")
    }

    @Test(
        "deferred chunks: opened near the view only, filtered while closed, and every set listed without script",
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install -y chromium); skipped"))
    func deferredChunks() throws {
        // Given the page of 300 sets with no chunk as markup: 256 sets in a first deferred chunk, 44 in a second
        let html = try Self.page(sets: 300, markupChunks: 0)
        #expect(html.components(separatedBy: "<div class=\"sets deferred\" data-sets=\"256\"").count - 1 == 1)
        #expect(html.components(separatedBy: "<noscript>").count - 1 == 2)

        // When Chromium opens it (again, up to twice more, when it dumped the page before the observers ran)
        var dom = try Self.dom(of: html)
        for _ in 0..<2 where (Self.attribute("data-images", ofBodyIn: dom) ?? 0) == 0 {
            dom = try Self.dom(of: html)
        }
        // Then all 300 sets are counted, the first chunk (near the view) became sets with previews shown, and the
        // second (some 30,000 px down) is still the text of its <noscript>
        #expect(Self.attribute("data-rendered-assets", ofBodyIn: dom) == 300)
        #expect((Self.attribute("data-images", ofBodyIn: dom) ?? 0) > 0)
        #expect(Self.attribute("data-broken-images", ofBodyIn: dom) == 0)
        #expect(dom.components(separatedBy: "<noscript>").count - 1 == 1)
        #expect(dom.contains("<div class=\"sets\" data-sets=\"256\""))
        let first = try #require(dom.range(of: "data-name=\"set_0001\""))
        let firstImage = try #require(dom.range(of: "<img ", range: first.upperBound..<dom.endIndex))
        #expect(dom[firstImage.upperBound...].prefix { $0 != ">" }.contains(" src=\"data:image/png;base64,"))

        // When the name field holds "SET_029" (the second chunk's set_0290 ... set_0299, still closed)
        let filtered = try Self.dom(of: html.replacingOccurrences(of: "id=\"filter-name\"", with: "id=\"filter-name\" value=\"SET_029\""))
        // Then the count says 10 of 300 and the first chunk, with no match, is hidden whole
        #expect(filtered.contains("<output id=\"filter-count\" aria-live=\"polite\">10 of 300 sets</output>"))
        #expect(
            filtered.contains("data-sets=\"256\" style=\"--estimate: 0px\" hidden=\"\"")
                || filtered.contains("data-sets=\"256\" style=\"--estimate: 0px;\" hidden=\"\""))

        // When it is shown with script off
        let listed = try Self.listedWithoutScript(html)
        // Then every set is listed and drawn, in order, with its finding (every tenth lists a file it lacks)
        #expect(
            listed == (0..<300).map { String(format: "set_%04d, %d, shown", $0, $0 % 10 == 0 ? 1 : 0) },
            "\(listed.count) listed: \(listed.prefix(3))")
    }
}
