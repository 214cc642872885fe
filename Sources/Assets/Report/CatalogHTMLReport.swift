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

    /// The states a placeholder row is drawn for, in this order.
    package static let placeholderStates: [PlaceholderState] = [.loading, .empty, .error, .loadingError, .imageSlot]

    public init(catalog: AssetCatalog, validation: CatalogReport, names: PlaceholderNames = .conventional, thumbnailSide: Int = 96) {
        self.catalog = catalog
        self.validation = validation
        self.names = names
        self.thumbnailSide = thumbnailSide
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

    /// The whole page. `progress` is called after each asset is drawn (assets done, assets in all).
    public func render(progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> String {
        var thumbnails = ThumbnailCache(root: catalog.root, maxSide: thumbnailSide, limits: limits)
        let title = catalogTitle
        var html = """
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
        let (byAsset, general) = diagnosticsByAsset()
        if !general.isEmpty {
            html += "<section class=\"catalog-diagnostics\">\n<h2>Catalog</h2>\n" + diagnosticList(general) + "</section>\n"
        }
        html += placeholderSection(thumbnails: &thumbnails)
        html += "<section class=\"assets\">\n<h2>Assets <span class=\"count\">\(catalog.assets.count)</span></h2>\n"
        for (index, asset) in catalog.assets.enumerated() {
            html += assetArticle(asset, index: index, diagnostics: byAsset[index] ?? [], thumbnails: &thumbnails)
            progress?(index + 1, catalog.assets.count)
        }
        html += "</section>\n<script>\(ReportPage.loadScript)</script>\n</body>\n</html>\n"
        return html
    }

    private var catalogTitle: String {
        let trimmed = catalog.root.hasSuffix("/") ? String(catalog.root.dropLast()) : catalog.root
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    func assetArticle(_ asset: Asset, index: Int, diagnostics found: [CatalogDiagnostic], thumbnails: inout ThumbnailCache) -> String {
        let severity = found.contains { $0.severity == .error } ? " has-errors" : (found.isEmpty ? "" : " has-warnings")
        var html = "<article class=\"asset\(severity)\" id=\"asset-\(index)\" data-name=\"\(HTMLText.escape(asset.name))\">\n"
        html += "<h3><span class=\"name\">\(HTMLText.escape(asset.name))</span> <span class=\"kind\">\(HTMLText.escape(asset.folderExtension))</span></h3>\n"
        html += "<p class=\"path\">\(HTMLText.escape(asset.path))</p>\n"
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
                html += variantFigure(asset: asset, entry: entry, thumbnails: &thumbnails)
            }
            html += "</div>\n"
        }
        if hashPreviews { html += hashPreviewFigures(asset) }
        return html + "</article>\n"
    }

    private func variantFigure(asset: Asset, entry: ImageEntry, thumbnails: inout ThumbnailCache) -> String {
        let traits = Self.traitWords(of: entry)
        let dark = entry.appearances.contains(.dark)
        guard let file = asset.filePath(of: entry), let filename = entry.filename else {
            return "<figure class=\"variant unassigned\"><div class=\"frame\"><span>empty slot</span></div>"
                + "<figcaption><span class=\"traits\">\(HTMLText.escape(traits))</span></figcaption></figure>\n"
        }
        let thumbnail = thumbnails.thumbnail(of: file)
        return "<figure class=\"variant\(dark ? " dark" : "")\"><div class=\"frame\">\(Self.imageTag(thumbnail, alt: filename))</div>"
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
        for extra in [entry.subtype, entry.widthClass.map { "width \($0)" }, entry.heightClass.map { "height \($0)" },
                      entry.displayGamut, entry.languageDirection, entry.locale].compactMap({ $0 }) {
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

    static func imageTag(_ thumbnail: Thumbnail, alt: String) -> String {
        switch thumbnail.content {
        case let .image(uri, width, height):
            // Lazy: a page of thousands of sets decodes only the images scrolled into view.
            return "<img src=\"\(uri)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTMLText.escape(alt))\" loading=\"lazy\" decoding=\"async\">"
        case let .unavailable(reason):
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

    func diagnosticList(_ diagnostics: [CatalogDiagnostic]) -> String {
        var html = "<ul class=\"diagnostics\">\n"
        for diagnostic in diagnostics {
            html += "<li class=\"diagnostic \(diagnostic.severity.rawValue)\" data-code=\"\(HTMLText.escape(diagnostic.code.rawValue))\">"
                + "<span class=\"severity\">\(diagnostic.severity.rawValue)</span> "
                + "<span class=\"where\">\(HTMLText.escape(diagnostic.path.isEmpty ? "." : diagnostic.path))</span> "
                + "<span class=\"message\">\(HTMLText.escape(diagnostic.fullMessage))</span> "
                + "<code>\(HTMLText.escape(diagnostic.code.rawValue))</code></li>\n"
        }
        return html + "</ul>\n"
    }
}

/// Thumbnails already made, by catalog-relative path: placeholders show files the asset list shows too.
/// Files are read under the catalog's path rule (`CatalogRoot`): a name or link that leads out of the
/// catalog, or a FIFO or device, gets a tile saying so and is never opened.
struct ThumbnailCache {
    var root: CatalogRoot
    var maxSide: Int
    var limits: DecodingLimits
    var made: [String: Thumbnail] = [:]

    init(root: String, maxSide: Int, limits: DecodingLimits) {
        self.root = CatalogRoot(path: root) ?? CatalogRoot(path: root, real: root)
        self.maxSide = maxSide
        self.limits = limits
    }

    mutating func thumbnail(of file: String) -> Thumbnail {
        if let known = made[file] { return known }
        let thumbnail: Thumbnail
        switch root.read(file) {
        case .failure(let refusal):
            thumbnail = Thumbnail(content: .unavailable("not read: \(refusal)"))
        case .success(let read):
            thumbnail = Thumbnail.make(bytes: read.head, file: file, maxSide: maxSide, limits: limits)
        }
        made[file] = thumbnail
        return thumbnail
    }
}
