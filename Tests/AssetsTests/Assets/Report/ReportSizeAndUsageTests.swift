import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The report's size section (#27: bytes per set, the treemap with the cost findings) and its use lines
/// (#24: "used by" on each card, unused sets marked and filterable), as markup: what a browser without
/// script shows.
@Suite("HTML report: size map and uses")
struct ReportSizeAndUsageTests {
    /// `Icons/` holds `big` (1x 10, 2x 20, 3x 90 pixels: the 3x is oversized) and `tiny`; `plain` sits at the
    /// top with a copy of `tiny`'s pixels (a duplicate).
    static func costCatalog() throws -> FixtureCatalog {
        let fixture = try FixtureCatalog()
        try fixture.write("Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try fixture.write("Icons/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try fixture.write(
            "Icons/big.imageset/Contents.json", FixtureCatalog.imageSet([("i.png", "1x"), ("i@2x.png", "2x"), ("i@3x.png", "3x")]))
        for (name, side) in [("i.png", 10), ("i@2x.png", 20), ("i@3x.png", 90)] {
            try fixture.write("Icons/big.imageset/\(name)", try PNGEncoder.fast.encode(CostFixture.gradient(width: side, height: side)))
        }
        let tiny = try PNGEncoder.fast.encode(CostFixture.gradient(width: 6, height: 6))
        try fixture.write("Icons/tiny.imageset/Contents.json", FixtureCatalog.imageSet([("t.png", nil)]))
        try fixture.write("Icons/tiny.imageset/t.png", tiny)
        try fixture.write("plain.imageset/Contents.json", FixtureCatalog.imageSet([("p.png", nil)]))
        try fixture.write("plain.imageset/p.png", tiny)
        return fixture
    }

    static func costReport(_ fixture: FixtureCatalog) throws -> CatalogHTMLReport {
        var options = CatalogValidator.Options(placeholders: [])
        options.costChecks = true
        let catalog = try AssetCatalog.read(at: fixture.root)
        return CatalogHTMLReport(catalog: catalog, validation: CatalogValidator(options: options).validate(catalog))
    }

    static func fileSize(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path))[.size] as? Int)
    }

    @Test("each card shows its set's bytes (the files it names, as size counts them) and what its findings save")
    func sizeOnCards() throws {
        // Given the catalog with an oversized 3x and a duplicate
        let fixture = try Self.costCatalog()
        let report = try Self.costReport(fixture)
        let cost = CatalogCostReport(report.validation)
        // When the page is drawn
        let html = report.render()
        // Then each card carries the bytes of its files, as data and as text, and the savings size reports
        let bigBytes = try ["i.png", "i@2x.png", "i@3x.png"].reduce(0) {
            $0 + (try Self.fileSize("\(fixture.root)/Icons/big.imageset/\($1)"))
        }
        let big = try CatalogHTMLReportTests.article(named: "big", in: html)
        let bigRow = try #require(cost.rows.first { $0.path == "Icons/big.imageset" })
        #expect(bigRow.bytes == bigBytes && bigRow.saving > 0)
        #expect(big.contains("data-bytes=\"\(bigBytes)\" data-saving=\"\(bigRow.saving)\""))
        #expect(
            big.contains("<span class=\"size\" title=\"\(CatalogCostReport.grouped(bigBytes)) bytes\">\(SizeMap.compact(bigBytes))</span>"))
        #expect(big.contains("cost findings save \(SizeMap.compact(bigRow.saving))"))
        let tinyBytes = try Self.fileSize("\(fixture.root)/Icons/tiny.imageset/t.png")
        #expect(try CatalogHTMLReportTests.article(named: "tiny", in: html).contains("data-bytes=\"\(tinyBytes)\""))
        // and the filter bar offers sizes
        #expect(html.contains("<select id=\"filter-size\">"))
        #expect(html.contains("<option value=\"saving\">with savings</option>"))
    }

    @Test("the treemap: inline SVG, a tile per group and set with its bytes, cost findings marked, the largest sets linked")
    func treemap() throws {
        // Given the catalog with an oversized 3x and a duplicate
        let fixture = try Self.costCatalog()
        let report = try Self.costReport(fixture)
        let cost = CatalogCostReport(report.validation)
        // When the page is drawn
        let html = report.render()
        // Then the size section holds an SVG before the sets, with the catalog's total
        let section = try #require(html.range(of: "<section class=\"size-map\" id=\"size\">"))
        let end = try #require(html.range(of: "</section>", range: section.upperBound..<html.endIndex))
        let map = String(html[section.lowerBound..<end.upperBound])
        // (after the sets, so the first sets stay in the first screen; a line above them links to it)
        #expect(section.lowerBound > (try #require(html.range(of: "<section class=\"assets\">"))).lowerBound)
        #expect(
            html.contains(
                "<p class=\"size-summary\">\(SizeMap.compact(cost.total.bytes)) in the files of 3 sets; "
                    + "cost findings save \(SizeMap.compact(cost.total.saving)). <a href=\"#size\">Size map and largest sets</a></p>"))
        #expect(map.contains("<svg class=\"treemap\" viewBox=\"0 0 1000 420\""))
        #expect(map.contains("\(CatalogCostReport.grouped(cost.total.bytes)) bytes in the files the sets name"))
        // and the group Icons and the top-level set are tiles, Icons holding its two sets
        let group = try #require(Self.tag(of: "Icons", in: map))
        let groupBytes = try #require(cost.rows.first { $0.path == "Icons" }).bytes
        #expect(group.contains("class=\"tile top group cost\"") && group.contains("data-bytes=\"\(groupBytes)\""))
        let big = try #require(Self.tag(of: "Icons/big.imageset", in: map))
        #expect(big.contains("class=\"tile inner set cost\""))
        #expect(map.contains("<title>Icons/big.imageset: "))
        let oversized = try #require(cost.rows.first { $0.path == "Icons/big.imageset" }?.savings[.oversizedImage])
        #expect(map.contains("oversized-image \(CatalogCostReport.grouped(oversized)) bytes"))
        #expect(try #require(Self.tag(of: "plain.imageset", in: map)).contains("class=\"tile top set"))
        // and every tile links to its set's card, and the table lists the sets largest first
        let index = try #require(report.catalog.assets.firstIndex { $0.path == "Icons/big.imageset" })
        #expect(map.contains("<a href=\"#asset-\(index)\"><g class=\"tile inner set cost\""))
        #expect(map.contains("<caption>The 3 largest sets</caption>"))
        let rows = map.components(separatedBy: "<tr").dropFirst(2).map { $0.components(separatedBy: "href=\"#asset-").count > 1 }
        #expect(rows == [true, true, true])
        #expect(
            map.range(of: "Icons/big.imageset</a>")?.lowerBound ?? map.endIndex < map.range(of: "plain.imageset</a>")?.lowerBound
                ?? map.startIndex)
        // and the map's rectangles are all inside it
        for rect in map.components(separatedBy: "<rect ").dropFirst() {
            let numbers = ["x", "y", "width", "height"].map { key -> Double in
                guard let range = rect.range(of: "\(key)=\"") else { return -1 }
                return Double(rect[range.upperBound...].prefix { $0 != "\"" }) ?? -1
            }
            #expect(numbers.allSatisfy { $0 >= 0 } && numbers[0] + numbers[2] <= 1000.05 && numbers[1] + numbers[3] <= 420.05, "\(numbers)")
        }
    }

    /// The opening `<g …>` tag of the tile of `path`.
    static func tag(of path: String, in map: String) -> String? {
        guard let found = map.range(of: "data-path=\"\(HTMLText.escape(path))\"") else { return nil }
        let start = map[..<found.lowerBound].range(of: "<g ", options: .backwards)?.lowerBound ?? found.lowerBound
        let end = map[found.upperBound...].firstIndex(of: ">") ?? map.endIndex
        return String(map[start..<end])
    }

    @Test("the treemap stays bounded: 12 top tiles of 8 sets at most, the rest as \"other\", for 20,000 sets")
    func bounded() throws {
        // Given the counted bytes of 20,000 sets in 300 groups (no files needed: size reads the report)
        var paths: [String] = []
        var bytes: [Int] = []
        for index in 0..<20_000 {
            paths.append("g\(index % 300)/s\(index).imageset")
            bytes.append(1000 + index)
        }
        var validation = CatalogReport(
            catalog: "Big.xcassets", diagnostics: [], assetCount: paths.count, fileCount: paths.count, setPaths: paths)
        validation.setBytes = bytes
        // When its map is made
        let map = SizeMap(CatalogCostReport(validation))
        // Then it draws a bounded number of tiles that add up to every byte
        #expect(map.tiles.count == SizeMap.topTiles + 1)
        #expect(map.tiles.last?.kind == .other && map.tiles.last?.path == "288 more groups or sets")
        #expect(map.tiles.dropLast().allSatisfy { $0.children.count == SizeMap.setsPerTile + 1 && $0.children.last?.kind == .other })
        #expect(map.rectangleCount == 13 + 12 * 9)
        #expect(map.tiles.reduce(0) { $0 + $1.bytes } == bytes.reduce(0, +))
        #expect(map.tiles.dropLast().allSatisfy { tile in tile.children.reduce(0) { $0 + $1.bytes } == tile.bytes })
        // and the largest sets are the 20 last, largest first
        #expect(map.largest.map(\.path) == (0..<20).map { "g\((19_999 - $0) % 300)/s\(19_999 - $0).imageset" })
        let svg = map.svg(links: [:])
        #expect(svg.components(separatedBy: "<rect ").count - 1 <= map.rectangleCount)
    }

    @Test("the squarified layout fills its bounds with areas in proportion to the weights")
    func squarified() {
        let bounds = SizeMap.Rect(x: 10, y: 20, width: 600, height: 400)
        let weights: [Double] = [6, 6, 4, 3, 2, 2, 1]
        let rects = SizeMap.squarify(weights, in: bounds)
        #expect(rects.count == weights.count)
        for (rect, weight) in zip(rects, weights) {
            #expect(abs(rect.width * rect.height - weight / 24 * 600 * 400) < 0.01)
            #expect(rect.x >= 10 - 1e-9 && rect.y >= 20 - 1e-9 && rect.x + rect.width <= 610 + 1e-6 && rect.y + rect.height <= 420 + 1e-6)
            #expect(max(rect.width / rect.height, rect.height / rect.width) < 3)
        }
    }

    @Test("uses: each card lists its first places and counts the rest; unused sets are marked and filterable, in the markup")
    func usage() throws {
        // Given the report's catalog with what the sources do with two of its sets
        let fixture = try CatalogHTMLReportTests.makeCatalog()
        let catalog = try AssetCatalog.read(at: fixture.root)
        var report = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator(options: .init(placeholders: [])).validate(catalog))
        report.usageProject = "MyApp"
        report.usage = [
            "icon.imageset": SetUsage(
                first: [
                    .init(file: "App/A.swift", line: 3, via: "UIImage(named:)"),
                    .init(file: "App/B.swift", line: 10, via: "Image(_:)"),
                    .init(file: "App/Main.storyboard", line: 41, via: "image="),
                    .init(file: "App/C.swift", line: 1, via: "a literal"),
                ], count: 5),
            "photo.imageset": .unused,
            "spinner.dataset": SetUsage(first: [.init(file: "<b>.swift", line: 2, via: "NSDataAsset(name:)")], count: 1),
        ]
        // When the page is drawn with its later chunks deferred (as a large catalog's are)
        report.markupChunks = 0
        let html = report.render()
        // Then the used set lists three places, file:line, and counts the other two
        let icon = try CatalogHTMLReportTests.article(named: "icon", in: html)
        #expect(icon.contains("data-use=\"used\""))
        #expect(
            icon.contains(
                "<p class=\"used-by\">used by: <code title=\"UIImage(named:)\">App/A.swift:3</code>, "
                    + "<code title=\"Image(_:)\">App/B.swift:10</code>, <code title=\"image=\">App/Main.storyboard:41</code> and 2 more</p>"
            ))
        // and the unused set is marked so, by class and words, and the escaped file name stays text
        let photo = try CatalogHTMLReportTests.article(named: "photo", in: html)
        #expect(html.contains("<article class=\"asset unused\" id=\"asset-"))
        #expect(photo.contains("data-use=\"unused\"") && photo.contains("<span class=\"unused-mark\">unused</span>"))
        #expect(photo.contains("used by: nothing in the sources (unused-asset)"))
        #expect(try CatalogHTMLReportTests.article(named: "spinner", in: html).contains("&lt;b&gt;.swift:2"))
        // and the set absent from the uses says nothing of use
        let hostile = try CatalogHTMLReportTests.article(named: CatalogHTMLReportTests.hostileName, in: html)
        #expect(!hostile.contains("data-use") && !hostile.contains("used-by"))
        // and the filter offers used and unused sets with their counts, and the page says where the uses come from
        #expect(
            html.contains(
                "<select id=\"filter-use\"><option value=\"\">any use</option><option value=\"used\">used (2)</option>"
                    + "<option value=\"unused\">unused (1)</option></select>"))
        #expect(html.contains("<p class=\"usage-summary\" id=\"usage\">Sources in MyApp: 2 sets used, <strong>1 unused</strong>"))
        // and all of it sits inside the deferred chunk's <noscript>: markup for a browser without script
        let noscript = try #require(html.range(of: "<noscript>"))
        #expect(html.range(of: "used by: nothing")?.lowerBound ?? html.startIndex > noscript.lowerBound)
    }

    @Test("without sources the page says nothing of use")
    func noUsage() throws {
        let fixture = try CatalogHTMLReportTests.makeCatalog()
        let (_, html) = try CatalogHTMLReportTests.render(fixture)
        #expect(
            !html.contains("<select id=\"filter-use\">") && !html.contains("class=\"used-by") && !html.contains("data-use=\"")
                && !html.contains("class=\"usage-summary\""))
    }
}
