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

    /// A set's bytes (the files its entries name, as `asset-tool size` counts them) and what its cost
    /// findings save.
    struct SetSize: Sendable {
        var bytes: Int
        var saving: Int
    }

    /// One set's card. `size`: nil when the bytes were not counted. `usage`: nil when the sources were not
    /// read; `.some(nil)` when they were and the set was not checked for use.
    func assetArticle(
        _ asset: Asset, index: Int, diagnostics found: [CatalogDiagnostic], thumbnails: ThumbnailCache,
        size: SetSize? = nil, usage: SetUsage?? = nil
    ) -> String {
        let severity = found.contains { $0.severity == .error } ? " has-errors" : (found.isEmpty ? "" : " has-warnings")
        let unused = usage??.isUnused == true
        var html =
            "<article class=\"asset\(severity)\(unused ? " unused" : "")\" id=\"asset-\(index)\" data-name=\"\(HTMLText.escape(asset.name))\""
        if let size {
            html += " data-bytes=\"\(size.bytes)\"" + (size.saving > 0 ? " data-saving=\"\(size.saving)\"" : "")
        }
        if case .some(.some(let use)) = usage { html += " data-use=\"\(use.isUnused ? "unused" : "used")\"" }
        if !found.isEmpty {
            // What the filter matches: the severities and the codes of the set's findings, space-separated.
            let severities = Set(found.map(\.severity)).sorted(by: >).map(\.rawValue).joined(separator: " ")
            let codes = Set(found.map(\.code.rawValue)).sorted().joined(separator: " ")
            html += " data-severities=\"\(HTMLText.escape(severities))\" data-codes=\"\(HTMLText.escape(codes))\""
        }
        html += ">\n"
        html +=
            "<h3><span class=\"name\">\(HTMLText.escape(asset.name))</span> <span class=\"kind\">\(HTMLText.escape(asset.folderExtension))</span>"
            + (unused ? " <span class=\"unused-mark\">unused</span>" : "") + "</h3>\n"
        html += "<p class=\"path\">\(HTMLText.escape(asset.path))</p>\n"
        if let size {
            html +=
                "<p class=\"bytes\"><span class=\"size\" title=\"\(CatalogCostReport.grouped(size.bytes)) bytes\">\(HTMLText.escape(SizeMap.compact(size.bytes)))</span>"
                + (size.saving > 0
                    ? " <span class=\"saving\">cost findings save \(HTMLText.escape(SizeMap.compact(size.saving)))</span>" : "") + "</p>\n"
        }
        if case .some(.some(let use)) = usage { html += usedBy(use) }
        if !found.isEmpty { html += diagnosticList(found) }
        if asset.kind == .colorSet {
            html += asset.colors.isEmpty ? "<p class=\"empty\">no colours</p>\n" : colorSwatches(of: asset)
        } else if asset.entries.isEmpty {
            html += "<p class=\"empty\">no image or data entries</p>\n"
        }
        // One row per idiom and appearance (and rarer traits), its scales side by side.
        var rows: [(key: String, entries: [ImageEntry])] = []
        var rowIndex: [String: Int] = [:]
        for entry in asset.entries {
            let key = rowKey(entry)
            if let index = rowIndex[key] {
                rows[index].entries.append(entry)
            } else {
                rowIndex[key] = rows.count
                rows.append((key, [entry]))
            }
        }
        rows.sort { $0.key < $1.key }
        for row in rows {
            html += "<div class=\"variants\">\n"
            for entry in row.entries.sorted(by: { ($0.scale ?? "", $0.filename ?? "") < ($1.scale ?? "", $1.filename ?? "") }) {
                html += variantFigure(asset: asset, entry: entry, thumbnails: thumbnails)
            }
            html += "</div>\n"
        }
        if hashPreviews { html += hashPreviewFigures(asset) }
        return html + "</article>\n"
    }

    private func variantFigure(asset: Asset, entry: ImageEntry, thumbnails: ThumbnailCache) -> String {
        let traits = Self.traitWords(of: entry)
        let dark = entry.appearances.contains(.dark)
        guard let file = asset.filePath(of: entry), let filename = entry.filename else {
            return "<figure class=\"variant unassigned\"><div class=\"frame\"><span>empty slot</span></div>"
                + "<figcaption><span class=\"traits\">\(HTMLText.escape(traits))</span></figcaption></figure>\n"
        }
        let thumbnail = thumbnails.thumbnail(of: file)
        return
            "<figure class=\"variant\(dark ? " dark" : "")\"><div class=\"frame\">\(Self.imageTag(thumbnail, alt: filename, lazy: true))</div>"
            + "<figcaption><span class=\"traits\">\(HTMLText.escape(traits))</span>"
            + "<span class=\"file\">\(HTMLText.escape(filename))</span>"
            + "<span class=\"facts\">\(HTMLText.escape(Self.facts(of: thumbnail)))</span></figcaption></figure>\n"
    }

    /// `universal · dark · 2x`, in the order idiom, appearance, scale, then the rarer traits.
    static func traitWords(of entry: ImageEntry) -> String {
        var words = [entry.idiom ?? "universal"]
        words += entry.appearances.map { $0.appearance == "luminosity" ? $0.value : "\($0.appearance) \($0.value)" }
        if entry.appearances.isEmpty { words.append("any") }
        if let scale = entry.scale { words.append(scale) } else { words.append("single scale") }
        for extra in [
            entry.subtype, entry.widthClass.map { "width \($0)" }, entry.heightClass.map { "height \($0)" },
            entry.displayGamut, entry.languageDirection, entry.locale,
        ].compactMap({ $0 }) {
            words.append(extra)
        }
        return words.joined(separator: " · ")
    }

    /// Idiom (universal first), then appearance ("any" first), then the rarer traits.
    private func rowKey(_ entry: ImageEntry) -> String {
        let idiom = entry.idiom ?? "universal"
        let appearance = entry.appearances.map { "\($0.appearance)=\($0.value)" }.sorted().joined(separator: ",")
        let rest = [entry.subtype, entry.widthClass, entry.heightClass, entry.displayGamut, entry.languageDirection, entry.locale]
            .map { $0 ?? "" }.joined(separator: "|")
        return "\(idiom == "universal" ? "0" : "1")\(idiom)|\(appearance.isEmpty ? "0" : "1")\(appearance)|\(rest)"
    }

    /// The preview as an `<img>`, or a tile saying why there is none. A `lazy` image carries its data URI in
    /// `data-src` and no `src`: the browser neither decodes it nor lays out a loaded image until the page's
    /// script moves the URI into `src` as its set scrolls near the view (browsers load `data:` images at
    /// once even with `loading="lazy"`, which made a page of 10,000 sets decode 10,000 images on open).
    static func imageTag(_ thumbnail: Thumbnail, alt: String, lazy: Bool) -> String {
        switch thumbnail.content {
        case .image(let uri, let width, let height):
            let source = lazy ? "data-src" : "src"
            return "<img \(source)=\"\(uri)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTMLText.escape(alt))\" decoding=\"async\">"
        case .unavailable(let reason):
            return "<span class=\"no-preview\" title=\"\(HTMLText.escape(reason))\">\(HTMLText.escape(reason))</span>"
        }
    }

    static func facts(of thumbnail: Thumbnail) -> String {
        var words: [String] = []
        if let format = thumbnail.format { words.append(format.rawValue.uppercased()) }
        if let width = thumbnail.width, let height = thumbnail.height { words.append("\(width)×\(height)") }
        if let frames = thumbnail.frameCount, frames > 1 { words.append("\(frames) frames") }
        return words.joined(separator: " ")
    }

    /// The card's use line: the first few places (`file:line`, the API in their tooltip) and a count of the
    /// rest, or that no reference uses the set.
    func usedBy(_ use: SetUsage) -> String {
        guard !use.isUnused else {
            return "<p class=\"used-by unused\">used by: nothing in the sources (unused-asset)</p>\n"
        }
        var html = "<p class=\"used-by\">used by: "
        html += use.first.prefix(Self.usagePlaces).map { place in
            "<code title=\"\(HTMLText.escape(place.via))\">\(HTMLText.escape(place.location))</code>"
        }.joined(separator: ", ")
        let rest = use.count - min(use.first.count, Self.usagePlaces)
        if rest > 0 { html += " and \(rest) more" }
        return html + "</p>\n"
    }

    /// The line above the sets that says where the uses come from and how many sets are unused.
    func usageSummary(_ usage: [String: SetUsage]) -> String {
        let unused = usage.values.filter(\.isUnused).count
        let project = usageProject.map { " in \(HTMLText.escape($0))" } ?? ""
        return
            "<p class=\"usage-summary\" id=\"usage\">Sources\(project): \(usage.count - unused) set\(usage.count - unused == 1 ? "" : "s") used, "
            + "<strong>\(unused) unused</strong>\(unused == 0 ? "" : " (marked <span class=\"unused-mark\">unused</span>)"); "
            + "\(max(0, catalog.assets.count - usage.count)) not checked for use (inside a container, or a kind an app does not ask for by name).</p>\n"
    }

    func diagnosticList(_ diagnostics: [CatalogDiagnostic]) -> String {
        var html = "<ul class=\"diagnostics\">\n"
        for diagnostic in diagnostics {
            html +=
                "<li class=\"diagnostic \(diagnostic.severity.rawValue)\" data-code=\"\(HTMLText.escape(diagnostic.code.rawValue))\">"
                + "<span class=\"severity\">\(diagnostic.severity.rawValue)</span> "
                + "<span class=\"where\">\(HTMLText.escape(diagnostic.path.isEmpty ? "." : diagnostic.path))</span> "
                + "<span class=\"message\">\(HTMLText.escape(diagnostic.fullMessage))</span> "
                + "<code>\(HTMLText.escape(diagnostic.code.rawValue))</code></li>\n"
        }
        return html + "</ul>\n"
    }
}

/// Makes thumbnails of catalog files, and keeps the few the placeholder rows show (the asset list shows
/// them again). Files are read under the catalog's path rule (`CatalogRoot`): a name or link that leads
/// out of the catalog, or a FIFO or device, gets a tile saying so and is never opened. The sets' own
/// thumbnails are made afresh and not kept, so memory holds only the batch being drawn.
struct ThumbnailCache: Sendable {
    var root: CatalogRoot
    var maxSide: Int
    var limits: DecodingLimits
    var pdfRenderer: PDFPageRenderer?
    var pdfBudget: PDFRenderBudget?
    var made: [String: Thumbnail] = [:]

    init(root: String, maxSide: Int, limits: DecodingLimits, pdfRenderer: PDFPageRenderer?, pdfBudget: PDFRenderBudget? = nil) {
        self.root = CatalogRoot(path: root) ?? CatalogRoot(path: root, real: root)
        self.maxSide = maxSide
        self.limits = limits
        self.pdfRenderer = pdfRenderer
        self.pdfBudget = pdfBudget
    }

    /// The thumbnail of `file`, kept for later.
    mutating func remembered(_ file: String) -> Thumbnail {
        if let known = made[file] { return known }
        let thumbnail = self.thumbnail(of: file)
        made[file] = thumbnail
        return thumbnail
    }

    /// The thumbnail of `file`: a kept one, or one made now.
    func thumbnail(of file: String) -> Thumbnail {
        if let known = made[file] { return known }
        switch root.read(file) {
        case .failure(let refusal):
            return Thumbnail(content: .unavailable("not read: \(refusal)"))
        case .success(let read):
            return Thumbnail.make(
                bytes: read.head, file: file, maxSide: maxSide, limits: limits, pdfRenderer: pdfRenderer, pdfBudget: pdfBudget)
        }
    }
}
