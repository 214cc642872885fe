/// One self-contained HTML page about a catalog: every asset with a preview of each variant, the placeholder
/// each state shows under light and dark traits, and every diagnostic next to the asset it concerns.
/// Images are inlined as `data:` URIs and a Content-Security-Policy forbids any other load, so the page
/// needs no network and no other file. Every name and message is HTML-escaped.
import AssetsSupport
import AssetsCodecs

public struct CatalogHTMLReport: Sendable {
    public var catalog: AssetCatalog
    public var validation: CatalogReport
    public var names: PlaceholderNames
    /// The styles the placeholder rows draw (the standard ones by default).
    public var styles: ScreenPlaceholderStyles = .standard
    /// The text the placeholder rows show: an app's string tables for one locale, or the styles' defaults.
    public var localization: any LocalizationProvider = StringTable()
    /// The longest side of a thumbnail, in pixels.
    public var thumbnailSide: Int
    /// When set, each image set also shows the BlurHash and ThumbHash previews of its image (`report --hash-previews`).
    public var hashPreviews = false
    /// The bounds on the images decoded for thumbnails.
    public var limits: DecodingLimits = .default
    /// What draws a PDF set's preview (its first page): `pdftoppm` from `PATH` when installed. Without
    /// one, the card says that a PDF preview needs it.
    public var pdfRenderer: PDFPageRenderer? = PDFPageRenderer.installed()
    /// The seconds drawing PDF previews may take across the page (see `PDFRenderBudget`): once they are
    /// spent, the remaining PDF sets say "preview skipped: budget" and the page ends with a note counting
    /// them. Nil: a fresh default budget each time the page is drawn. A caller that passes one reads
    /// `skipped` from it afterwards.
    public var pdfBudget: PDFRenderBudget?
    /// What the app's sources do with each set (`report --sources PROJECT`), by catalog-relative set path:
    /// each set's card lists its first few uses (`file:line`) or says that nothing uses it, and the filter
    /// bar can show the unused sets. A set absent from it was not checked for use (a container's layers, a
    /// sticker). Nil: the sources were not read, and the page says nothing of use.
    public var usage: [String: SetUsage]?
    /// The project folder whose sources `usage` comes from, as the page names it.
    public var usageProject: String?
    /// The project's Icon Composer bundles (`report --sources`), drawn after the placeholders.
    package var iconBundles: [IconComposerPreview] = []
    /// `report --car`: the compiled catalog's cost, drawn as the page's "Shipped" section; nil for none.
    package var shipped: CompiledCatalogCost?
    /// How many places a card lists before it counts the rest.
    public static let usagePlaces = 3

    /// The states a placeholder row is drawn for, in this order.
    package static let placeholderStates: [PlaceholderState] = [.loading, .empty, .error, .loadingError, .imageSlot]

    /// Set by `reading(outline:…)`: `catalog` then holds each set's name, kind and path only, and each
    /// set is read again, whole, as its batch is drawn, so a catalog of 100,000 sets is never held whole.
    var rereadsSets: CatalogLimits?
    /// The sets the placeholder rows look up, whole (for a report whose `catalog` holds names only).
    var placeholderCatalog: AssetCatalog?
    /// How many chunks of sets are markup before the deferred ones begin (`SetChunk`).
    var markupChunks = SetChunk.markupChunks

    public init(catalog: AssetCatalog, validation: CatalogReport, names: PlaceholderNames = .conventional, thumbnailSide: Int = 96) {
        self.catalog = catalog
        self.validation = validation
        self.names = names
        self.thumbnailSide = thumbnailSide
    }

    /// A report that holds little per set: `outline` has every set's name, kind and path only (from
    /// `CatalogValidator.validateKeepingOutline(catalogAt:)`, which also gives `validation`), the sets the
    /// placeholder names name are read in full, and each set is read again, whole, when its batch is drawn
    /// (`render`, `write(to:)`), so memory stays flat however many sets the catalog has.
    public static func reading(
        outline: AssetCatalog, validation: CatalogReport, names: PlaceholderNames = .conventional,
        limits: CatalogLimits = .default, thumbnailSide: Int = 96
    ) throws(CatalogReadError) -> CatalogHTMLReport {
        let wanted = Set(PlaceholderRole.allCases.map { names[$0] })
        var report = CatalogHTMLReport(catalog: outline, validation: validation, names: names, thumbnailSide: thumbnailSide)
        report.placeholderCatalog = try AssetCatalog.read(
            at: outline.root, plan: CatalogReadPlan(limits: limits, sets: .named(accepts: { wanted.contains($0) })))
        report.rereadsSets = limits
        return report
    }

    /// The set at `index`, whole: from `catalog`, or read again from its folder (see `rereadsSets`).
    func wholeAsset(at index: Int, root: CatalogRoot) -> Asset {
        let outline = catalog.assets[index]
        guard let limits = rereadsSets else { return outline }
        let pending = CatalogReader.PendingSet(root: catalog.root, relative: outline.path, name: outline.name, ext: outline.folderExtension)
        return CatalogReader.readSet(pending, root: root, limits: limits).0
    }

    /// The diagnostics that concern `asset`: its folder, its `Contents.json` and its files.
    package func diagnostics(of asset: Asset) -> [CatalogDiagnostic] {
        validation.diagnostics.filter { $0.path == asset.path || $0.path.hasPrefix(asset.path + "/") }
    }

    /// The diagnostics that concern no asset (the catalog, its groups, placeholders it lacks).
    package var catalogDiagnostics: [CatalogDiagnostic] {
        diagnosticsByAsset().catalog
    }

    /// Every diagnostic filed under the asset it concerns (by index in `catalog.assets`), or under the
    /// catalog: one pass over the diagnostics, each finding its set by its path's leading folders, so the
    /// page's time grows with sets plus findings, not with their product.
    func diagnosticsByAsset() -> (byAsset: [Int: [CatalogDiagnostic]], catalog: [CatalogDiagnostic]) {
        var index: [Substring: Int] = [:]
        index.reserveCapacity(catalog.assets.count)
        for (position, asset) in catalog.assets.enumerated() where index[Substring(asset.path)] == nil {
            index[Substring(asset.path)] = position
        }
        var byAsset: [Int: [CatalogDiagnostic]] = [:]
        var general: [CatalogDiagnostic] = []
        for diagnostic in validation.diagnostics {
            var path = Substring(diagnostic.path)
            var found: Int?
            while !path.isEmpty {
                if let position = index[path] {
                    found = position
                    break
                }
                guard let slash = path.lastIndex(of: "/") else { break }
                path = path[..<slash]
            }
            if let found { byAsset[found, default: []].append(diagnostic) } else { general.append(diagnostic) }
        }
        return (byAsset, general)
    }

    /// The whole page, as one string (a test's or a small catalog's way; `write(to:progress:)` streams).
    /// `progress` is called as assets are drawn (assets done, assets in all).
    public func render(progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> String {
        var html = ""
        render(progress: progress) { html += $0 }
        return html
    }

    /// Streams the page into `file`, a few sets at a time, so the page is never held whole in memory.
    package func write(to file: AtomicFileStream, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(OutputError) {
        var failure: OutputError?
        render(progress: progress) { piece in
            guard failure == nil else { return }
            do throws(OutputError) {
                try file.append(Array(piece.utf8))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// How many sets are drawn at once (their thumbnails made in parallel) before their HTML is handed on.
    static let batchSize = 64

    /// The page in pieces, in order: the head, the catalog's findings and placeholders, then the sets in
    /// batches of `batchSize` (each batch's thumbnails made on every core, the HTML handed to `emit` before
    /// the next batch starts), so memory holds one batch, not the page.
    func render(progress: ((_ done: Int, _ total: Int) -> Void)?, emit: (String) -> Void) {
        let budget = pdfBudget ?? PDFRenderBudget()
        var thumbnails = ThumbnailCache(
            root: catalog.root, maxSide: thumbnailSide, limits: limits, pdfRenderer: pdfRenderer, pdfBudget: budget)
        let title = catalogTitle
        let (byAsset, general) = diagnosticsByAsset()
        var head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(ReportPage.contentSecurityPolicy)">
            <title>\(HTMLText.escape(title)): asset report</title>
            <style>\(ReportPage.styleSheet)</style>
            </head>
            <body data-assets="\(catalog.assets.count)" data-errors="\(validation.errorCount)" data-warnings="\(validation.warningCount)">
            <header class="page-header">
            <h1>\(HTMLText.escape(title))</h1>
            <p class="summary\(validation.errorCount > 0 ? " has-errors" : "")">\(HTMLText.escape(validation.summary))</p>
            </header>

            """
        if !general.isEmpty {
            head += "<section class=\"catalog-diagnostics\">\n<h2>Catalog</h2>\n" + diagnosticList(general) + "</section>\n"
        }
        emit(head)
        emit(placeholderSection(thumbnails: &thumbnails))
        emit(iconSection(thumbnails: thumbnails))
        // The size map: bounded (`SizeMap`), made from the bytes the validation counted; what the sets' cards
        // need of it is each set's bytes (the validation's) and the savings of the few sets that have any. Its
        // section comes after the sets (a line here links to it), so the first sets stay in the first screen.
        let map = sizeMap()
        var links: [String: Int] = [:]
        if let map {
            let wanted = Set(map.tiles.flatMap { [$0.path] + $0.children.map(\.path) } + map.largest.map(\.path))
            for (index, asset) in catalog.assets.enumerated() where wanted.contains(asset.path) && links[asset.path] == nil {
                links[asset.path] = index
            }
            emit(sizeLine(map))
        }
        let savingBySet = map?.savingBySet ?? [:]
        let setBytes = validation.setBytes.count == catalog.assets.count ? validation.setBytes : []
        if let usage { emit(usageSummary(usage)) }
        emit(
            "<section class=\"assets\">\n<h2>Assets <span class=\"count\">\(catalog.assets.count)</span></h2>\n"
                + filterForm(byAsset: byAsset, sized: !setBytes.isEmpty))
        let shared = thumbnails
        let root = thumbnails.root
        let total = catalog.assets.count
        var start = 0
        while start < total {
            let end = min(start + Self.batchSize, total)
            if start % SetChunk.size == 0 { emit(SetChunk.opening(startingAt: start, total: total, markupChunks: markupChunks)) }
            let articles = ParallelWork.map(count: end - start, chunk: 1) { offset in
                let index = start + offset
                let asset = wholeAsset(at: index, root: root)
                let size = setBytes.isEmpty ? nil : SetSize(bytes: setBytes[index], saving: savingBySet[asset.path] ?? 0)
                return assetArticle(
                    asset, index: index, diagnostics: byAsset[index] ?? [], thumbnails: shared,
                    size: size, usage: usage.map { $0[asset.path] })
            }
            emit(articles.joined())
            if end % SetChunk.size == 0 || end == total {
                emit(SetChunk.closing(startingAt: end - 1 - (end - 1) % SetChunk.size, markupChunks: markupChunks))
            }
            for done in start..<end { progress?(done + 1, total) }
            start = end
        }
        var end = "</section>\n"
        if let map { end += sizeSection(map, links: links) }
        if let shipped { end += shippedSection(shipped) }
        if budget.skipped > 0 {
            end +=
                "<p class=\"note\" id=\"pdf-budget\">\(budget.skipped) PDF preview\(budget.skipped == 1 ? "" : "s") skipped: drawing PDFs "
                + "took the report's budget of \(PDFRenderBudget.words(budget.allowed)) s (\(PDFRenderBudget.words(budget.seconds)) s and "
                + "\(PDFRenderBudget.words(budget.secondsPerPDF)) s a PDF).</p>\n"
        }
        emit(end + "<script>\(ReportPage.loadScript)</script>\n</body>\n</html>\n")
    }

    /// The search and filter bar: hidden in the markup, shown by the page's script (without script the page
    /// lists every set and finding). Its finding choices are the severities and the codes the sets have,
    /// each with the number of sets it would show.
    func filterForm(byAsset: [Int: [CatalogDiagnostic]], sized: Bool = false) -> String {
        var setsWith: [String: Int] = [:]
        var withErrors = 0
        var withWarnings = 0
        for found in byAsset.values {
            for code in Set(found.map(\.code.rawValue)) { setsWith[code, default: 0] += 1 }
            if found.contains(where: { $0.severity == .error }) { withErrors += 1 }
            if found.contains(where: { $0.severity == .warning }) { withWarnings += 1 }
        }
        func option(_ value: String, _ label: String) -> String {
            "<option value=\"\(HTMLText.escape(value))\">\(HTMLText.escape(label))</option>"
        }
        var html = "<form class=\"filter\" id=\"filter\" role=\"search\" hidden>"
        html +=
            "<label>Name <input type=\"search\" id=\"filter-name\" placeholder=\"part of a name\" autocomplete=\"off\" spellcheck=\"false\"></label> "
        html += "<label>Findings <select id=\"filter-findings\">"
        html += option("", "all sets (\(catalog.assets.count))")
        html += option("any", "with findings (\(byAsset.count))")
        html += option("error", "with errors (\(withErrors))")
        html += option("warning", "with warnings (\(withWarnings))")
        html += option("none", "without findings (\(catalog.assets.count - byAsset.count))")
        if !setsWith.isEmpty {
            html += "<optgroup label=\"by code\">"
            for (code, count) in setsWith.sorted(by: { $0.key < $1.key }) { html += option("code:" + code, "\(code) (\(count))") }
            html += "</optgroup>"
        }
        html += "</select></label> "
        if let usage {
            let unused = usage.values.filter(\.isUnused).count
            html += "<label>Use <select id=\"filter-use\">"
            html += option("", "any use")
            html += option("used", "used (\(usage.count - unused))")
            html += option("unused", "unused (\(unused))")
            html += "</select></label> "
        }
        if sized {
            html += "<label>Size <select id=\"filter-size\">"
            html += option("", "any size")
            for (bytes, label) in [(10_000, "10 KB"), (100_000, "100 KB"), (1_000_000, "1 MB")] {
                html += option(String(bytes), "at least \(label)")
            }
            html += option("saving", "with savings")
            html += "</select></label> "
        }
        html += "<output id=\"filter-count\" aria-live=\"polite\"></output></form>\n"
        return html
    }

    private var catalogTitle: String {
        let trimmed = catalog.root.hasSuffix("/") ? String(catalog.root.dropLast()) : catalog.root
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

}
