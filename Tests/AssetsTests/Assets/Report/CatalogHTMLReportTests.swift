import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("HTML catalog report")
struct CatalogHTMLReportTests {
    static let hostileName = "<img src=x onerror=alert(1)>"

    /// A catalog with a PNG set (1x, 2x, dark 2x), an 800×600 JPEG, an animated GIF data set, and a set
    /// whose name is markup and whose listed file is missing.
    static func makeCatalog() throws -> FixtureCatalog {
        let fixture = try FixtureCatalog()
        try fixture.write("Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try fixture.write("icon.imageset/icon.png", try FixtureCatalog.png(width: 40, height: 40))
        try fixture.write("icon.imageset/icon@2x.png", try FixtureCatalog.png(width: 80, height: 80))
        try fixture.write("icon.imageset/icon_dark@2x.png", try FixtureCatalog.png(width: 80, height: 80))
        try fixture.write(
            "icon.imageset/Contents.json",
            """
            {"images": [{"filename": "icon.png", "idiom": "universal", "scale": "1x"},
                        {"filename": "icon@2x.png", "idiom": "universal", "scale": "2x"},
                        {"filename": "icon_dark@2x.png", "idiom": "universal", "scale": "2x",
                         "appearances": [{"appearance": "luminosity", "value": "dark"}]}],
             "info": {"author": "xcode", "version": 1}}
            """)
        let photo = try #require(
            RGBAImage(
                width: 800, height: 600,
                pixels: [UInt8]((0..<(800 * 600)).flatMap { _ in [30, 120, 220, 255] as [UInt8] })))
        try fixture.write("photo.imageset/photo.jpg", try JPEGEncoder().encode(photo))
        try fixture.write("photo.imageset/Contents.json", FixtureCatalog.imageSet([("photo.jpg", nil)]))
        try fixture.write("spinner.dataset/spinner.gif", try GIFFixture.twoFrames())
        try fixture.write(
            "spinner.dataset/Contents.json",
            """
            {"data": [{"filename": "spinner.gif", "idiom": "universal", "universal-type-identifier": "com.compuserve.gif"}],
             "info": {"author": "xcode", "version": 1}}
            """)
        try fixture.write(
            "\(hostileName).imageset/Contents.json",
            #"""
            {"images": [{"filename": "gone\"<b>.png", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}
            """#)
        return fixture
    }

    static func render(_ fixture: FixtureCatalog) throws -> (CatalogHTMLReport, String) {
        let catalog = try AssetCatalog.read(at: fixture.root)
        let report = CatalogHTMLReport(
            catalog: catalog,
            validation: CatalogValidator(options: .init(placeholders: PlaceholderRole.expectedInCatalog)).validate(catalog))
        return (report, report.render())
    }

    /// The text of the `<article>` of the asset named `name` (escaped as the page writes it).
    static func article(named name: String, in html: String) throws -> String {
        let marker = "data-name=\"\(HTMLText.escape(name))\""
        let start = try #require(html.range(of: marker))
        let end = try #require(html.range(of: "</article>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("every asset appears once, as an article, and the page loads nothing from anywhere")
    func everyAsset() throws {
        // Given a catalog of four sets
        let fixture = try Self.makeCatalog()
        // When its report is rendered
        let (report, html) = try Self.render(fixture)
        // Then there is one article per asset, and every image source is a data: URI
        #expect(report.catalog.assets.count == 4)
        #expect(html.components(separatedBy: "<article class=\"asset").count - 1 == 4)
        for asset in report.catalog.assets {
            #expect(html.components(separatedBy: "data-name=\"\(HTMLText.escape(asset.name))\"").count - 1 == 1)
        }
        let sources = html.components(separatedBy: "src=\"").dropFirst()
        #expect(sources.count >= 4)
        #expect(sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") || $0.hasPrefix("data:image/gif;base64,") })
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("Content-Security-Policy"))
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
    }

    @Test("names and messages from the catalog are escaped")
    func escaping() throws {
        // Given a set whose name and listed file name are markup
        let fixture = try Self.makeCatalog()
        // When its report is rendered
        let (_, html) = try Self.render(fixture)
        // Then the markup appears only escaped
        #expect(!html.contains(Self.hostileName))
        #expect(!html.contains("gone\"<b>"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("gone&quot;&lt;b&gt;.png"))
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test("each diagnostic sits in its asset's article")
    func diagnosticsPlaced() throws {
        // Given a set listing a missing file
        let fixture = try Self.makeCatalog()
        // When its report is rendered
        let (report, html) = try Self.render(fixture)
        // Then the missing-file finding is inside that set's article and no other
        let missing = try #require(report.validation.diagnostics.first { $0.code == .missingFile })
        let hostile = try Self.article(named: Self.hostileName, in: html)
        #expect(hostile.contains("data-code=\"missing-file\""))
        #expect(hostile.contains(HTMLText.escape(missing.fullMessage)))
        #expect(hostile.hasPrefix("data-name") && html.contains("<article class=\"asset has-errors\""))
        let icon = try Self.article(named: "icon", in: html)
        #expect(!icon.contains("class=\"diagnostic"))
        // and catalog-wide findings (the conventional placeholders it lacks) are in the catalog section
        #expect(report.catalogDiagnostics.contains { $0.code == .missingPlaceholder })
        let catalogSection = try #require(html.range(of: "<section class=\"catalog-diagnostics\">"))
        #expect(html[catalogSection.upperBound...].contains("data-code=\"missing-placeholder\""))
    }

    @Test("variants side by side; JPEG previews decode scaled; an animated GIF is inlined as itself")
    func thumbnails() throws {
        // Given the catalog
        let fixture = try Self.makeCatalog()
        // When its report is rendered
        let (_, html) = try Self.render(fixture)
        // Then the icon shows three variants, the dark one marked dark
        let icon = try Self.article(named: "icon", in: html)
        #expect(icon.components(separatedBy: "<figure class=\"variant").count - 1 == 3)
        #expect(icon.contains("universal · dark · 2x"))
        #expect(icon.contains("universal · any · 1x"))
        // and the JPEG's preview is a 96×72 PNG of the photo's colour
        let photo = try Self.article(named: "photo", in: html)
        let uri = try #require(
            photo.components(separatedBy: "src=\"data:image/png;base64,").dropFirst().first?
                .prefix { $0 != "\"" })
        let png = try #require(Data(base64Encoded: String(uri)))
        let preview = try ImageInspector.decode([UInt8](png))
        #expect(preview.image.width == 96 && preview.image.height == 72)
        let (r, g, b, a) = preview.image[48, 36]
        #expect(abs(Int(r) - 30) <= 3 && abs(Int(g) - 120) <= 3 && abs(Int(b) - 220) <= 3 && a == 255)
        #expect(Thumbnail.jpegScale(width: 800, height: 600, maxSide: 96) == .eighth)
        #expect(Thumbnail.jpegScale(width: 400, height: 300, maxSide: 96) == .quarter)
        #expect(Thumbnail.jpegScale(width: 100, height: 80, maxSide: 96) == .full)
        // and the GIF is the file itself, so it plays
        let gif = try GIFFixture.twoFrames()
        let spinner = try Self.article(named: "spinner", in: html)
        #expect(spinner.contains("src=\"data:image/gif;base64,\(Data(gif).base64EncodedString())\""))
        #expect(spinner.contains("2 frames"))
    }

    @Test("an animated GIF over the inline limit shows its first frame as a PNG")
    func largeGIF() throws {
        // Given a two-frame GIF and a limit below its size
        let gif = try GIFFixture.twoFrames()
        // When previews are made with and without room for it
        let inlined = Thumbnail.make(bytes: gif, file: "spinner.gif")
        let still = Thumbnail.make(bytes: gif, file: "spinner.gif", inlineGIFUpTo: gif.count - 1)
        // Then the first is the GIF itself and the second an 8×8 PNG of the first frame
        #expect(inlined.content == .image(dataURI: "data:image/gif;base64,\(Data(gif).base64EncodedString())", width: 8, height: 8))
        guard case .image(let uri, let width, let height) = still.content else {
            Issue.record("no preview")
            return
        }
        #expect(uri.hasPrefix("data:image/png;base64,") && width == 8 && height == 8)
        let png = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))))
        let firstFrame = try ImageInspector.decode(gif).image
        #expect(try ImageInspector.decode([UInt8](png)).image == firstFrame)
        #expect(still.frameCount == 2)
    }

    @Test("a damaged or foreign file gives a tile saying why, never a crash")
    func damagedFiles() throws {
        // Given a PNG, every prefix of it, and bytes that are no image
        let png = try FixtureCatalog.png(width: 40, height: 40)
        // When previews are made of them
        let whole = Thumbnail.make(bytes: png, file: "icon.png")
        let garbage = Thumbnail.make(bytes: Array("<svg".utf8) + [0, 1, 2], file: "x.png")
        // Then the whole file previews and every strict prefix gives a reason
        #expect(whole.content == .image(dataURI: whole.dataURIForTest, width: 40, height: 40))
        for length in stride(from: 0, to: png.count, by: 7) {
            guard case .unavailable(let reason) = Thumbnail.make(bytes: Array(png.prefix(length)), file: "icon.png").content else {
                Issue.record("a \(length)-byte prefix previewed")
                continue
            }
            #expect(!reason.isEmpty)
        }
        guard case .unavailable = garbage.content else {
            Issue.record("garbage previewed")
            return
        }
    }

    @Test("an SVG previews as a lazy <img> data URI, never as inline markup, even one carrying a script")
    func svgPreview() throws {
        // Given a catalog with a sound SVG that carries a script and an event handler, and a broken SVG
        let fixture = try FixtureCatalog()
        let hostile =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(1)"><script>alert(2)</script><rect width="8" height="8"/></svg>"#
        try fixture.write("logo.imageset/Contents.json", FixtureCatalog.imageSet([("logo.svg", nil)]))
        try fixture.write("logo.imageset/logo.svg", hostile)
        try fixture.write("broken.imageset/Contents.json", FixtureCatalog.imageSet([("broken.svg", nil)]))
        try fixture.write("broken.imageset/broken.svg", "<svg><g></svg>")

        // When the page is rendered
        let (_, html) = try Self.render(fixture)

        // Then the SVG is an image whose source is a base64 data URI: its markup never appears in the page
        let logo = try Self.article(named: "logo", in: html)
        #expect(logo.contains("<img data-src=\"data:image/svg+xml;base64,"))
        #expect(!logo.contains(" src="))
        #expect(!html.contains("alert("))
        #expect(!html.contains("<rect width=\"8\" height=\"8\"/>") && !logo.contains("<rect"))  // the page's own treemap draws <rect>s
        // and the broken one says why instead
        let broken = try Self.article(named: "broken", in: html)
        #expect(broken.contains("class=\"no-preview\"") && broken.contains("not well-formed XML"))
    }

    @Test("set previews are lazy (data-src, no src); the placeholder rows' images are not")
    func lazyImages() throws {
        // Given the catalog, with the animated GIF as the image-slot placeholder
        let fixture = try Self.makeCatalog()
        let catalog = try AssetCatalog.read(at: fixture.root)
        let names = PlaceholderNames.conventional.mapping(.imageSlot, to: "spinner")
        // When its report is rendered
        let html = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator().validate(catalog), names: names).render()
        // Then every image in the sets' section carries its URI in data-src only
        let assets = try #require(html.range(of: "<section class=\"assets\">"))
        let setImages = html[assets.upperBound...].components(separatedBy: "<img ").dropFirst()
        #expect(setImages.count == 5)
        #expect(setImages.allSatisfy { $0.hasPrefix("data-src=\"data:image/") })
        // and the placeholder section's images load at once
        let placeholders = html[..<assets.lowerBound]
        #expect(placeholders.contains("<img src=\"data:image/gif;base64,"))
        #expect(!placeholders.contains("data-src"))
    }

    @Test("the filter bar: hidden without script, its choices counted; each set carries its severities and codes")
    func filterBar() throws {
        // Given the catalog (one set with a missing file) rendered
        let fixture = try Self.makeCatalog()
        let (report, html) = try Self.render(fixture)
        // Then the bar is in the page, hidden until the script shows it
        #expect(html.contains("<form class=\"filter\" id=\"filter\" role=\"search\" hidden>"))
        #expect(html.contains("<input type=\"search\" id=\"filter-name\""))
        #expect(html.contains("<option value=\"\">all sets (4)</option>"))
        #expect(html.contains("<option value=\"any\">with findings (1)</option>"))
        #expect(html.contains("<option value=\"error\">with errors (1)</option>"))
        #expect(html.contains("<option value=\"none\">without findings (3)</option>"))
        #expect(html.contains("<option value=\"code:missing-file\">missing-file (1)</option>"))
        // and the set with the finding names its severity and code; the others carry none
        let hostile = try Self.article(named: Self.hostileName, in: html)
        #expect(hostile.contains("data-severities=\"error\" data-codes=\"missing-file\">"))
        let icon = try Self.article(named: "icon", in: html)
        #expect(!icon.contains("data-severities") && !icon.contains("data-codes"))
        // and without script every name and finding is in the markup (nothing is added by the script)
        for asset in report.catalog.assets { #expect(html.contains("<span class=\"name\">\(HTMLText.escape(asset.name))</span>")) }
        #expect(html.components(separatedBy: "<li class=\"diagnostic").count - 1 == report.validation.diagnostics.count)
    }

    @Test("the page streamed to a file is the page rendered whole, for a catalog of several batches")
    func streamed() throws {
        // Given a catalog of more sets than one batch, with files and findings
        let fixture = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 12, height: 12)
        for index in 0..<(CatalogHTMLReport.batchSize * 2 + 5) {
            try fixture.write("s\(index).imageset/Contents.json", FixtureCatalog.imageSet([("s.png", nil)]))
            if index % 7 != 0 { try fixture.write("s\(index).imageset/s.png", png) }
        }
        let catalog = try AssetCatalog.read(at: fixture.root)
        let report = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator(options: .init(placeholders: [])).validate(catalog))
        let path = fixture.root + "-report.html"
        defer { try? FileManager.default.removeItem(atPath: path) }

        // When it is streamed to a file, counting progress, and rendered as one string
        var reported: [Int] = []
        try AtomicFileWriter().write(to: path) { file in try report.write(to: file) { done, _ in reported.append(done) } }
        let whole = report.render()

        // Then both are the same page, in catalog order, and progress counted every set once
        #expect(try String(contentsOfFile: path, encoding: .utf8) == whole)
        #expect(reported == Array(1...catalog.assets.count))
        let ids = whole.components(separatedBy: "<article class=\"asset").dropFirst().compactMap { piece -> Int? in
            guard let range = piece.range(of: "id=\"asset-") else { return nil }
            return Int(piece[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(ids == Array(0..<catalog.assets.count))
        #expect(whole.components(separatedBy: "data-codes=\"missing-file\"").count - 1 == (catalog.assets.count + 6) / 7)
    }

    @Test("a report that reads each set again as it draws it gives the page of the loaded catalog")
    func rereadingEqualsLoaded() throws {
        // Given the catalog, with the animated GIF as the image-slot placeholder, and its report by the engine `validate` uses
        let fixture = try Self.makeCatalog()
        let names = PlaceholderNames.conventional.mapping(.imageSlot, to: "spinner")
        let validator = CatalogValidator(options: .init(placeholders: PlaceholderRole.expectedInCatalog))
        let (outline, validation) = try validator.validateKeepingOutline(catalogAt: fixture.root)

        // When the page is drawn from the sets' outline, each set read again, and from the whole loaded catalog
        let reading = try CatalogHTMLReport.reading(outline: outline, validation: validation, names: names)
        let loaded = CatalogHTMLReport(catalog: try AssetCatalog.read(at: fixture.root), validation: validation, names: names)

        // Then the outline holds no entries, the placeholder sets are whole, and the two pages are the same
        #expect(reading.catalog.assets.allSatisfy { $0.entries.isEmpty })
        #expect(reading.placeholderCatalog?.assets.map(\.name) == ["spinner"])
        let page = reading.render()
        #expect(page == loaded.render())
        #expect(page.contains("spinner.dataset/spinner.gif (conventional)"))
        #expect(validation == (try validator.validate(catalogAt: fixture.root)))
        #expect(try Self.article(named: "icon", in: page).components(separatedBy: "<figure class=\"variant").count - 1 == 3)
    }

    @Test("a colour set shows a swatch per entry, with its components")
    func colorSet() throws {
        // Given a colour set with an any and a dark entry
        let fixture = try FixtureCatalog()
        try fixture.write(
            "brand.colorset/Contents.json",
            """
            {"colors": [{"idiom": "universal", "color": {"color-space": "srgb",
                          "components": {"red": "0xFF", "green": "128", "blue": "0.000", "alpha": "1.000"}}},
                        {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
                         "color": {"color-space": "srgb", "components": {"red": "0.2", "green": "0.4", "blue": "0.6", "alpha": "0.5"}}}],
             "info": {"author": "xcode", "version": 1}}
            """)
        // When its report is rendered
        let (_, html) = try Self.render(fixture)
        // Then both swatches carry the colour as CSS and as words
        let brand = try Self.article(named: "brand", in: html)
        #expect(brand.contains("style=\"background: rgba(255, 128, 0, 1.0)\""))
        #expect(brand.contains("style=\"background: rgba(51, 102, 153, 0.5)\""))
        #expect(brand.contains("universal · dark"))
        #expect(brand.contains("srgb 0.2 0.4 0.6 alpha 0.5"))
    }

    @Test("placeholders: five states under light and dark, each from the placeholder API")
    func placeholders() throws {
        // Given the catalog with an image-slot placeholder mapped to the animated GIF
        let fixture = try Self.makeCatalog()
        let catalog = try AssetCatalog.read(at: fixture.root)
        let names = PlaceholderNames.conventional.mapping(.imageSlot, to: "spinner")
        // When its report is rendered
        let html = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator().validate(catalog), names: names).render()
        // Then there are ten screens, and each says what the API says
        #expect(html.components(separatedBy: "<div class=\"screen ").count - 1 == 10)
        for state in CatalogHTMLReport.placeholderStates {
            for appearance in [VariantQuery.Appearance.light, .dark] {
                #expect(html.contains("data-state=\"\(state.rawValue)\" data-appearance=\"\(appearance.rawValue)\""))
                let context = PlaceholderContext(catalog: catalog, query: VariantQuery(appearance: appearance), names: names)
                if let title = PlaceholderStateReport(state: state, context: context).presentation?.title {
                    #expect(html.contains("<p class=\"title\">\(HTMLText.escape(title))</p>"))
                }
            }
        }
        #expect(html.contains("spinner.dataset/spinner.gif (conventional)"))
        #expect(html.contains("no image: hidden"))
        #expect(html.contains("class=\"spinner\""))
    }
}

extension Thumbnail {
    /// The data URI of a preview, for comparing whole contents.
    var dataURIForTest: String {
        if case .image(let uri, _, _) = content { return uri }
        return ""
    }
}
