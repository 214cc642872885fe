import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// PDF sets previewed by a real PDF renderer (Poppler's `pdftoppm`, run as a bounded separate process),
/// and a card that says so where none is installed. The PDFs are written here, object by object.
/// The renderer-present cases need `pdftoppm` (`apt-get install -y poppler-utils`; `.ci/run` installs it)
/// and skip with a message without it.
@Suite("PDF previews")
struct PDFPreviewTests {
    static let installed = PDFPageRenderer.installed()

    /// A one-page PDF, 200x100 points: the left half filled blue, the right half red. The cross-reference
    /// table gives each object's byte offset, as the format asks.
    static func twoColourPDF() -> [UInt8] {
        let content = "0 0 1 rg 0 0 100 100 re f 1 0 0 rg 100 0 100 100 re f\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(body)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Array(text.utf8)
    }

    static func pixels(of thumbnail: Thumbnail) throws -> RGBAImage {
        guard case let .image(uri, _, _) = thumbnail.content else {
            Issue.record("no preview: \(thumbnail.content)")
            throw CancellationError()
        }
        #expect(uri.hasPrefix("data:image/png;base64,"))
        let png = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))))
        return try ImageInspector.decode([UInt8](png)).image
    }

    @Test("a PDF's first page is drawn by pdftoppm, decoded by the package's PNG decoder and thumbnailed",
          .enabled(if: installed != nil, "pdftoppm is not installed (apt-get install -y poppler-utils); skipped"))
    func rendered() throws {
        // Given a 200x100 PDF, blue on the left and red on the right, and the installed renderer
        let pdf = Self.twoColourPDF()
        // When its thumbnail is made at 96 pixels
        let thumbnail = Thumbnail.make(bytes: pdf, file: "two.pdf", maxSide: 96, pdfRenderer: Self.installed)
        // Then it is a 96x48 PNG, blue on the left and red on the right
        let image = try Self.pixels(of: thumbnail)
        #expect(image.width == 96 && (48...49).contains(image.height), "\(image.width)x\(image.height)")  // pdftoppm rounds 48.0 either way
        let (r1, g1, b1, _) = image[20, 24]
        let (r2, g2, b2, _) = image[76, 24]
        #expect(r1 < 20 && g1 < 20 && b1 > 235, "left: \(r1) \(g1) \(b1)")
        #expect(r2 > 235 && g2 < 20 && b2 < 20, "right: \(r2) \(g2) \(b2)")
        #expect(thumbnail.format == .pdf)
    }

    @Test("in the report, a PDF set shows its page where pdftoppm is installed and says what it needs where not")
    func reportBothWays() throws {
        // Given a catalog with one PDF set
        let fixture = try FixtureCatalog()
        try fixture.write("vector.imageset/Contents.json", FixtureCatalog.imageSet([("vector.pdf", nil)]))
        try fixture.write("vector.imageset/vector.pdf", Self.twoColourPDF())
        let catalog = try AssetCatalog.read(at: fixture.root)
        var report = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator(options: .init(placeholders: [])).validate(catalog))

        // When the renderer is absent: none on the search path, or one injected at a path where nothing is
        #expect(PDFPageRenderer.installed(searchPath: "/nonexistent:\(fixture.root)") == nil)
        for absent in [nil, PDFPageRenderer(executable: fixture.root + "/no-such-pdftoppm")] {
            report.pdfRenderer = absent
            let html = report.render()
            // Then the card says what would draw it, and nothing else is shown for it
            let article = try CatalogHTMLReportTests.article(named: "vector", in: html)
            #expect(article.contains("<span class=\"no-preview\" title=\"PDF preview needs pdftoppm (poppler-utils)\">"))
            #expect(!article.contains("<img"))
        }

        // When it is installed
        guard let installed = Self.installed else {
            print("pdftoppm is not installed (apt-get install -y poppler-utils): the rendered half is skipped")
            return
        }
        report.pdfRenderer = installed
        let article = try CatalogHTMLReportTests.article(named: "vector", in: report.render())
        // Then the card holds the page as a lazy PNG of at most 96 pixels a side
        #expect(article.contains("<img data-src=\"data:image/png;base64,"))
        #expect(article.contains("width=\"96\" height=\"49\" alt=\"vector.pdf\""))
        #expect(article.contains("<span class=\"facts\">PDF</span>"))
        withExtendedLifetime(fixture) {}
    }

    @Test("a damaged PDF gives pdftoppm's reason; a renderer that hangs is stopped at its time limit",
          .enabled(if: installed != nil, "pdftoppm is not installed (apt-get install -y poppler-utils); skipped"))
    func failures() throws {
        // Given a PDF cut short after its header, and a "renderer" that sleeps
        let cut = Array(Self.twoColourPDF().prefix(40))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sleeper = folder.appendingPathComponent("pdftoppm").path
        try Data("#!/bin/sh\nexec sleep 30\n".utf8).write(to: URL(fileURLWithPath: sleeper))
        #expect(chmod(sleeper, 0o755) == 0)
        var hanging = try #require(PDFPageRenderer.installed(searchPath: folder.path))
        hanging.timeout = 0.5

        // When each is asked for a page
        let damaged = Thumbnail.make(bytes: cut, file: "cut.pdf", pdfRenderer: Self.installed)
        let started = Date()
        let stopped = hanging.render(Self.twoColourPDF(), longestSide: 96)

        // Then the damaged one says pdftoppm failed, and the hanging one is stopped after its half second
        guard case .unavailable(let reason) = damaged.content else {
            Issue.record("a cut PDF previewed")
            return
        }
        #expect(reason.hasPrefix("pdftoppm failed (exit "), "\(reason)")
        #expect(stopped == .failure(.renderer("ran past 0.5 s and was stopped")))
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test("the bounded process: input on stdin, output captured, exit status and output limit reported")
    func boundedProcess() throws {
        // Given /bin/cat, /bin/sh failing with a message, and cat with a small output limit
        let input = Array("hello, \u{0}bytes\n".utf8)
        let cat = BoundedProcess(executable: "/bin/cat", arguments: [], timeout: 10, maxOutputBytes: 1 << 20)
        let fails = BoundedProcess(executable: "/bin/sh", arguments: ["-c", "echo no good >&2; exit 3"], timeout: 10, maxOutputBytes: 100)
        let small = BoundedProcess(executable: "/bin/cat", arguments: [], timeout: 10, maxOutputBytes: 4)
        let missing = BoundedProcess(executable: "/nonexistent/tool", arguments: [], timeout: 10, maxOutputBytes: 100)
        // When each runs; then each says what happened
        #expect(cat.run(input: input) == .success(input))
        #expect(fails.run(input: []) == .failure(.exited(3, "no good")))
        #expect(small.run(input: input) == .failure(.outputTooLarge(4)))
        guard case .failure(.cannotStart) = missing.run(input: []) else {
            Issue.record("a missing program started")
            return
        }
    }
}
