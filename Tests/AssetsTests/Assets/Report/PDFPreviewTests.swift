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
        pdf(content: "0 0 1 rg 0 0 100 100 re f 1 0 0 rg 100 0 100 100 re f\n")
    }

    /// A one-page PDF, 200x100 points, filled with a tiling pattern of 0.02-point cells: under 700 bytes
    /// that `validate` passes, and that keep `pdftoppm` busy past a minute at 96 pixels and drive it to some
    /// 870 MiB without a memory cap.
    static func tilingBombPDF() -> [UInt8] {
        let cell = "0 0 0.01 0.01 re f"
        return pdf(
            content: "/Pattern cs /P1 scn 0 0 200 100 re f\n", resources: "<< /Pattern << /P1 5 0 R >> >>",
            extra: [
                "<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 0.02 0.02] /XStep 0.02 /YStep 0.02 /Resources << >> "
                    + "/Length \(cell.utf8.count) >>\nstream\n\(cell)\nendstream"
            ])
    }

    /// A one-page PDF, 200x100 points, drawing `content` with `resources`; `extra` are objects 5, 6, ...
    static func pdf(content: String, resources: String = "<< >>", extra: [String] = []) -> [UInt8] {
        let objects =
            [
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources \(resources) >>",
                "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
            ] + extra
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

    /// A script written through a descriptor that closes on `exec`: a program another test starts meanwhile
    /// must not inherit it open for writing, or running the script fails with "Text file busy" (ETXTBSY).
    static func writeExecutable(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw POSIXError(.EIO) }
    }

    static func pixels(of thumbnail: Thumbnail) throws -> RGBAImage {
        guard case .image(let uri, _, _) = thumbnail.content else {
            Issue.record("no preview: \(thumbnail.content)")
            throw CancellationError()
        }
        #expect(uri.hasPrefix("data:image/png;base64,"))
        let png = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))))
        return try ImageInspector.decode([UInt8](png)).image
    }

    @Test(
        "a PDF's first page is drawn by pdftoppm, decoded by the package's PNG decoder and thumbnailed",
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

    @Test(
        "a damaged PDF gives pdftoppm's reason; a renderer that hangs is stopped at its time limit",
        .enabled(if: installed != nil, "pdftoppm is not installed (apt-get install -y poppler-utils); skipped"))
    func failures() throws {
        // Given a PDF cut short after its header, and a "renderer" that sleeps
        let cut = Array(Self.twoColourPDF().prefix(40))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sleeper = folder.appendingPathComponent("pdftoppm").path
        try Self.writeExecutable("#!/bin/sh\nexec sleep 30\n", to: sleeper)
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

    @Test("the bounded process closes every descriptor it makes: a run that succeeds, fails, overflows or cannot start")
    func boundedProcessLeavesNoDescriptor() throws {
        // Given the descriptors this process has open (/dev/fd, on Linux and macOS alike)
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count }
        let cat = BoundedProcess(executable: "/bin/cat", arguments: [], timeout: 10, maxOutputBytes: 1 << 20)
        let small = BoundedProcess(executable: "/bin/cat", arguments: [], timeout: 10, maxOutputBytes: 4)
        let fails = BoundedProcess(executable: "/bin/sh", arguments: ["-c", "echo no good >&2; exit 3"], timeout: 10, maxOutputBytes: 100)
        let missing = BoundedProcess(executable: "/nonexistent/tool", arguments: [], timeout: 10, maxOutputBytes: 100)
        let input = Array(repeating: UInt8(ascii: "a"), count: 100_000)
        _ = cat.run(input: input)
        let before = try openDescriptors()
        // When each kind of run happens 20 times
        for _ in 0..<20 {
            #expect(cat.run(input: input) == .success(input))
            #expect(small.run(input: input) == .failure(.outputTooLarge(4)))
            #expect(fails.run(input: []) == .failure(.exited(3, "no good")))
            #expect(missing.run(input: []) != .success([]))
        }
        // Then no descriptor is left open (other tests run in parallel: a small margin, far below 80 runs' worth)
        let after = try openDescriptors()
        #expect(after <= before + 16, "\(before) descriptors open before, \(after) after 80 runs")
    }
    @Test(
        "the report's PDF budget: once spent, the PDFs left say so and the page counts them; a fresh one draws",
        .enabled(if: installed != nil, "pdftoppm is not installed (apt-get install -y poppler-utils); skipped"))
    func budget() throws {
        // Given a catalog of four PDF sets whose page keeps pdftoppm busy past a minute, a renderer that allows
        // 1 s a page, and a budget of 1.5 s for the whole report
        let fixture = try FixtureCatalog()
        for index in 0..<4 {
            try fixture.write("bomb\(index).imageset/Contents.json", FixtureCatalog.imageSet([("page.pdf", nil)]))
            try fixture.write("bomb\(index).imageset/page.pdf", Self.tilingBombPDF())
        }
        let catalog = try AssetCatalog.read(at: fixture.root)
        let validation = CatalogValidator(options: .init(placeholders: [])).validate(catalog)
        #expect(validation.errorCount == 0)
        var report = CatalogHTMLReport(catalog: catalog, validation: validation)
        var renderer = try #require(Self.installed)
        renderer.timeout = 1
        report.pdfRenderer = renderer
        let budget = PDFRenderBudget(seconds: 1.5, secondsPerPDF: 0)
        report.pdfBudget = budget

        // When the page is drawn
        let html = report.render()

        // Then the runs that fit were stopped at their second (or at what was left of the budget), the rest
        // were never started, each says "preview skipped: budget", and a note after the sets counts them
        let skippedCards = html.components(separatedBy: "title=\"preview skipped: budget").count - 1
        #expect(budget.skipped >= 2 && skippedCards == budget.skipped, "\(budget.skipped) skipped, \(skippedCards) cards")
        #expect(html.components(separatedBy: "title=\"pdftoppm ran past 1.0 s and was stopped").count - 1 == 4 - budget.skipped)
        #expect(
            html.contains(
                "<p class=\"note\" id=\"pdf-budget\">\(budget.skipped) PDF previews skipped: drawing PDFs took the report's budget of 1.5 s"
            ))

        // And a spent budget starts no renderer, while one with an allowance a PDF draws an ordinary page
        let spent = PDFRenderBudget(seconds: 0, secondsPerPDF: 0)
        #expect(renderer.render(Self.twoColourPDF(), longestSide: 96, budget: spent) == .failure(.budgetSpent(0)))
        #expect(
            PDFPageRenderer.Failure.budgetSpent(0).description == "preview skipped: budget (the report's time for drawing PDFs is spent)")
        #expect([20, 2.5, 0.25, 11.75, 0.05, 1.004].map(PDFRenderBudget.words) == ["20", "2.5", "0.25", "11.75", "0.05", "1"])
        let perPDF = PDFRenderBudget(seconds: 0, secondsPerPDF: 10)
        guard case .success(let page) = renderer.render(Self.twoColourPDF(), longestSide: 96, budget: perPDF) else {
            Issue.record("an ordinary PDF was not drawn under a budget with an allowance for it")
            return
        }
        #expect(page.width == 96 && perPDF.skipped == 0)
        withExtendedLifetime(fixture) {}
    }

    @Test("the renderer's memory cap: the program starts under RLIMIT_AS; a missing program is still reported missing")
    func memoryCap() throws {
        // Given a shell that prints its address-space limit, run under a 64 MiB cap and without one
        var capped = BoundedProcess(executable: "/bin/sh", arguments: ["-c", "ulimit -v"], timeout: 10, maxOutputBytes: 100)
        capped.maxAddressSpace = 64 << 20
        let free = BoundedProcess(executable: "/bin/sh", arguments: ["-c", "ulimit -v"], timeout: 10, maxOutputBytes: 100)
        // When each runs
        let limit = capped.run(input: []).map { String(decoding: $0, as: UTF8.self) }
        // Then the capped one runs under 65,536 KiB (Linux enforces it; macOS's kernel does not, see BoundedProcess)
        #if os(Linux)
            #expect(limit == .success("65536\n"))
            #expect(free.run(input: []).map { String(decoding: $0, as: UTF8.self) } == .success("unlimited\n"))
        #else
            guard case .success = limit else {
                Issue.record("the capped shell failed: \(limit)")
                return
            }
        #endif
        // And a program that allocates past the cap fails, where without the cap it runs
        if let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            var hungry = BoundedProcess(
                executable: python, arguments: ["-c", "b = bytearray(400 << 20); print(len(b))"],
                timeout: 30, maxOutputBytes: 100)
            #expect(hungry.run(input: []) == .success(Array("419430400\n".utf8)))
            hungry.maxAddressSpace = 200 << 20
            #if os(Linux)
                guard case .failure(let failure) = hungry.run(input: []), failure.mayBeMemory else {
                    Issue.record("400 MiB allocated under a 200 MiB cap")
                    return
                }
            #endif
        }
        // And a missing program under a cap says so as posix_spawn would (the card then says pdftoppm is needed)
        var missing = BoundedProcess(executable: "/nonexistent/tool", arguments: [], timeout: 10, maxOutputBytes: 100)
        missing.maxAddressSpace = 64 << 20
        #expect(missing.run(input: []) == .failure(.cannotStart(SystemError(code: ENOENT))))
    }
}
