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
    /// The bounds on the images decoded for thumbnails.
    public var limits: DecodingLimits = .default

    /// The states a placeholder row is drawn for, in this order.
    public static let placeholderStates: [PlaceholderState] = [.loading, .empty, .error, .loadingError, .imageSlot]

    public init(catalog: AssetCatalog, validation: CatalogReport, names: PlaceholderNames = .conventional, thumbnailSide: Int = 96) {
        self.catalog = catalog
        self.validation = validation
        self.names = names
        self.thumbnailSide = thumbnailSide
    }

    /// The diagnostics that concern `asset`: its folder, its `Contents.json` and its files.
    public func diagnostics(of asset: Asset) -> [CatalogDiagnostic] {
        validation.diagnostics.filter { $0.path == asset.path || $0.path.hasPrefix(asset.path + "/") }
    }

    /// The diagnostics that concern no asset (the catalog, its groups, placeholders it lacks).
    public var catalogDiagnostics: [CatalogDiagnostic] {
        let paths = catalog.assets.map(\.path)
        return validation.diagnostics.filter { diagnostic in
            !paths.contains { diagnostic.path == $0 || diagnostic.path.hasPrefix($0 + "/") }
        }
    }

    /// The whole page.
    public func render() -> String {
        var thumbnails = ThumbnailCache(root: catalog.root, maxSide: thumbnailSide, limits: limits)
        let title = catalogTitle
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <title>\(HTMLText.escape(title)): asset report</title>
        <style>\(ReportPage.styleSheet)</style>
        </head>
        <body data-assets="\(catalog.assets.count)" data-errors="\(validation.errorCount)" data-warnings="\(validation.warningCount)">
        <header class="page-header">
        <h1>\(HTMLText.escape(title))</h1>
        <p class="summary\(validation.errorCount > 0 ? " has-errors" : "")">\(HTMLText.escape(validation.summary))</p>
        </header>

        """
        let general = catalogDiagnostics
        if !general.isEmpty {
            html += "<section class=\"catalog-diagnostics\">\n<h2>Catalog</h2>\n" + diagnosticList(general) + "</section>\n"
        }
        html += placeholderSection(thumbnails: &thumbnails)
        html += "<section class=\"assets\">\n<h2>Assets <span class=\"count\">\(catalog.assets.count)</span></h2>\n"
        for (index, asset) in catalog.assets.enumerated() {
            html += assetArticle(asset, index: index, thumbnails: &thumbnails)
        }
        html += "</section>\n<script>\(ReportPage.loadScript)</script>\n</body>\n</html>\n"
        return html
    }

    private var catalogTitle: String {
        let trimmed = catalog.root.hasSuffix("/") ? String(catalog.root.dropLast()) : catalog.root
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    func assetArticle(_ asset: Asset, index: Int, thumbnails: inout ThumbnailCache) -> String {
        let found = diagnostics(of: asset)
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
        for entry in asset.entries {
            let key = rowKey(entry)
            if let index = rows.firstIndex(where: { $0.key == key }) {
                rows[index].entries.append(entry)
            } else {
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
            return "<img src=\"\(uri)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTMLText.escape(alt))\">"
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
struct ThumbnailCache {
    var root: String
    var maxSide: Int
    var limits: DecodingLimits
    var made: [String: Thumbnail] = [:]

    mutating func thumbnail(of file: String) -> Thumbnail {
        if let known = made[file] { return known }
        let path = root.hasSuffix("/") ? root + file : "\(root)/\(file)"
        let thumbnail = Thumbnail.make(file: path, maxSide: maxSide, limits: limits)
        made[file] = thumbnail
        return thumbnail
    }
}
