/// One set's card on the report's page: its previews by trait, its findings, its bytes and its uses.
import AssetsSupport
import AssetsCodecs

extension CatalogHTMLReport {
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
        let severity = Self.severityClass(of: found)
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

    /// The card's class for its worst finding: ` has-errors`, ` has-warnings`, or none.
    static func severityClass(of found: [CatalogDiagnostic]) -> String {
        found.contains { $0.severity == .error } ? " has-errors" : (found.isEmpty ? "" : " has-warnings")
    }
}
