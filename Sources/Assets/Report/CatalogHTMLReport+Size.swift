/// The report's size section (#27): a treemap of the catalog's bytes by group and set, drawn as inline SVG
/// (a `<title>` and a label on each tile: it reads with no script), the cost findings marked on it, and the
/// largest sets as a table with links to their cards. It follows the sets, so that the first sets (and their
/// previews) stay in the first screen; a line above the sets gives the totals and links to it.
///
/// The bytes and savings are `asset-tool size`'s (`CatalogCostReport`, made from the validation report the
/// page already has): one computation, not a second. The map is bounded whatever the catalog's size: the
/// `topTiles` largest top-level groups or sets, each holding its `setsPerTile` largest sets, the rest of each
/// level drawn as one "other" tile; so a catalog of 100,000 sets draws at most
/// `(topTiles + 1) × (setsPerTile + 2)` rectangles, and what the page keeps of it while the sets stream is
/// that map and the savings of the sets that have any (not a row per set).
///
/// The layout is the squarified treemap (Bruls, Huizing, van Wijk, "Squarified Treemaps", 2000), written
/// here: about forty lines, no Swift package on this machine draws treemaps, and the page must not load a
/// script library (its Content-Security-Policy allows only its own script).
import AssetsSupport

struct SizeMap: Sendable {
    /// One rectangle's content: a group, a set, or the rest of a level ("other").
    struct Tile: Sendable {
        enum Kind: Sendable { case group, set, other }
        var kind: Kind
        /// Catalog-relative path (a group's or set's); for "other", a description (`12 more sets`).
        var path: String
        var bytes: Int
        var saving: Int
        /// Bytes each cost code promises inside the tile.
        var savings: [CatalogDiagnostic.Code: Int]
        var children: [Tile] = []
    }

    /// Top-level groups or sets drawn as their own tile.
    static let topTiles = 12
    /// Sets drawn inside each top-level group's tile.
    static let setsPerTile = 8
    /// Sets in the table of the largest.
    static let largestCount = 20
    /// The SVG's coordinate space.
    static let width = 1000.0, height = 420.0

    var bytes: Int
    var saving: Int
    var savings: [CatalogDiagnostic.Code: Int]
    var tiles: [Tile]
    var largest: [Tile]
    /// The saving of each set that has one (catalog-relative path), for its card.
    var savingBySet: [String: Int]
    var sets: Int

    /// The map of `cost` (one pass over its rows, keeping a bounded number of them).
    init(_ cost: CatalogCostReport) {
        self.init(total: cost.total, rows: cost.rows.dropFirst())
    }

    /// The map of `total`'s rows: groups and sets in path order (a group before what it holds).
    init(total: CatalogCostReport.Row, rows: ArraySlice<CatalogCostReport.Row>) {
        bytes = total.bytes
        saving = total.saving
        savings = total.savings
        var top: [CatalogCostReport.Row] = []
        var savingBySet: [String: Int] = [:]
        var setRows: [CatalogCostReport.Row] = []
        var sets = 0
        for row in rows {
            if !row.path.contains("/") { top.append(row) }
            guard row.kind == .set else { continue }
            sets += 1
            if row.saving > 0 { savingBySet[row.path] = row.saving }
            setRows.append(row)
            if setRows.count > 4 * Self.largestCount { setRows = Self.largest(setRows, Self.largestCount) }
        }
        self.sets = sets
        self.savingBySet = savingBySet
        largest = Self.largest(setRows, Self.largestCount).map(Self.tile)
        let chosen = Self.largest(top, Self.topTiles)
        // The largest sets inside each chosen group, and how many sets and bytes the rest hold.
        var inside: [String: (rows: [CatalogCostReport.Row], count: Int)] = [:]
        for row in chosen where row.kind == .group { inside[row.path] = ([], 0) }
        if !inside.isEmpty {
            for row in rows where row.kind == .set {
                guard let slash = row.path.firstIndex(of: "/"), let held = inside[String(row.path[..<slash])] else { continue }
                var rows = held.rows + [row]
                if rows.count > 4 * Self.setsPerTile { rows = Self.largest(rows, Self.setsPerTile) }
                inside[String(row.path[..<slash])] = (rows, held.count + 1)
            }
        }
        var tiles: [Tile] = []
        for row in chosen {
            var tile = Self.tile(row)
            if let held = inside[row.path] {
                let shown = Self.largest(held.rows, Self.setsPerTile)
                tile.children = shown.map(Self.tile)
                let rest = row.bytes - shown.reduce(0) { $0 + $1.bytes }
                if held.count > shown.count, rest > 0 {
                    tile.children.append(
                        Tile(
                            kind: .other, path: "\(held.count - shown.count) more set\(held.count - shown.count == 1 ? "" : "s")",
                            bytes: rest, saving: max(0, row.saving - shown.reduce(0) { $0 + $1.saving }), savings: [:]))
                }
            }
            tiles.append(tile)
        }
        let rest = bytes - chosen.reduce(0) { $0 + $1.bytes }
        if top.count > chosen.count, rest > 0 {
            let count = top.count - chosen.count
            tiles.append(
                Tile(
                    kind: .other, path: "\(count) more group\(count == 1 ? "" : "s") or set\(count == 1 ? "" : "s")",
                    bytes: rest, saving: max(0, saving - chosen.reduce(0) { $0 + $1.saving }), savings: [:]))
        }
        self.tiles = tiles
    }

    static func tile(_ row: CatalogCostReport.Row) -> Tile {
        Tile(kind: row.kind == .set ? .set : .group, path: row.path, bytes: row.bytes, saving: row.saving, savings: row.savings)
    }

    /// The `count` rows with the most bytes, largest first (ties by path, so the page is the same each run).
    static func largest(_ rows: [CatalogCostReport.Row], _ count: Int) -> [CatalogCostReport.Row] {
        Array(rows.sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }.prefix(count))
    }

    /// How many rectangles the map draws.
    var rectangleCount: Int { tiles.reduce(0) { $0 + 1 + $1.children.count } }

    // MARK: Layout

    struct Rect: Sendable, Equatable {
        var x, y, width, height: Double
    }

    /// The squarified layout of `weights` (largest first) in `bounds`: rows along the shorter side, each row
    /// grown while it makes its rectangles' worst aspect ratio no worse.
    static func squarify(_ weights: [Double], in bounds: Rect) -> [Rect] {
        let total = weights.reduce(0, +)
        guard total > 0, bounds.width > 0, bounds.height > 0 else {
            return weights.map { _ in Rect(x: bounds.x, y: bounds.y, width: 0, height: 0) }
        }
        let scale = bounds.width * bounds.height / total
        let areas = weights.map { $0 * scale }
        var out: [Rect] = []
        var free = bounds
        var start = 0
        while start < areas.count {
            let side = min(free.width, free.height)
            var end = start + 1
            func worst(_ row: ArraySlice<Double>) -> Double {
                let sum = row.reduce(0, +)
                guard sum > 0, let big = row.max(), let small = row.min(), small > 0 else { return .infinity }
                return max(side * side * big / (sum * sum), sum * sum / (side * side * small))
            }
            while end < areas.count, worst(areas[start..<(end + 1)]) <= worst(areas[start..<end]) { end += 1 }
            let row = areas[start..<end]
            let sum = row.reduce(0, +)
            if free.width >= free.height {
                // A column at the left, as wide as the row's area over the height.
                let width = free.height > 0 ? sum / free.height : 0
                var y = free.y
                for area in row {
                    let height = width > 0 ? area / width : 0
                    out.append(Rect(x: free.x, y: y, width: width, height: height))
                    y += height
                }
                free = Rect(x: free.x + width, y: free.y, width: max(0, free.width - width), height: free.height)
            } else {
                let height = free.width > 0 ? sum / free.width : 0
                var x = free.x
                for area in row {
                    let width = height > 0 ? area / height : 0
                    out.append(Rect(x: x, y: free.y, width: width, height: height))
                    x += width
                }
                free = Rect(x: free.x, y: free.y + height, width: free.width, height: max(0, free.height - height))
            }
            start = end
        }
        return out
    }

    // MARK: Drawing

    /// `12.3 KB`, `4.1 MB`, `512 bytes` (powers of 1,000, as the Finder and Xcode show sizes).
    static func compact(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// What a tile's tooltip and the table say of its findings: `unused-scale 1,234 bytes, …`.
    static func findingWords(_ savings: [CatalogDiagnostic.Code: Int]) -> String {
        CatalogCostReport.codes.compactMap { code in
            savings[code].flatMap { $0 > 0 ? "\(code.rawValue) \(CatalogCostReport.grouped($0)) bytes" : nil }
        }.joined(separator: ", ")
    }

    /// The map as an `<svg>`: a rectangle per tile, its label where it fits, a `<title>` on each (the
    /// path, the bytes, each finding's bytes), tiles whose sets have cost findings marked by class (`cost`)
    /// and a dashed outline. `links` gives a set's card anchor (`asset-N`), where known.
    func svg(links: [String: Int], titleID: String = "treemap-title") -> String {
        var html =
            "<svg class=\"treemap\" viewBox=\"0 0 \(Self.number(Self.width)) \(Self.number(Self.height))\" "
            + "role=\"img\" aria-labelledby=\"\(titleID)\" preserveAspectRatio=\"none\">\n"
            + "<title id=\"\(titleID)\">Bytes by group and set: \(HTMLText.escape(Self.compact(bytes))) in \(sets) set\(sets == 1 ? "" : "s")</title>\n"
        let frames = Self.squarify(tiles.map { Double($0.bytes) }, in: Rect(x: 0, y: 0, width: Self.width, height: Self.height))
        for (tile, frame) in zip(tiles, frames) {
            html += draw(tile, frame, depth: 0, links: links)
            guard !tile.children.isEmpty else { continue }
            // The children below the group's label band, inset so the group's outline shows.
            let band = frame.height > 40 && frame.width > 60 ? 18.0 : 0
            let inner = Rect(x: frame.x + 2, y: frame.y + band + 1, width: max(0, frame.width - 4), height: max(0, frame.height - band - 3))
            let parts = Self.squarify(tile.children.map { Double($0.bytes) }, in: inner)
            for (child, part) in zip(tile.children, parts) { html += draw(child, part, depth: 1, links: links) }
        }
        return html + "</svg>\n"
    }

    private func draw(_ tile: Tile, _ frame: Rect, depth: Int, links: [String: Int]) -> String {
        guard frame.width >= 0.5, frame.height >= 0.5 else { return "" }
        var classes = ["tile", depth == 0 ? "top" : "inner"]
        switch tile.kind {
        case .group: classes.append("group")
        case .set: classes.append("set")
        case .other: classes.append("other")
        }
        if tile.saving > 0 { classes.append("cost") }
        let name = tile.kind == .group ? tile.path + "/" : tile.path
        var title = "\(name): \(CatalogCostReport.grouped(tile.bytes)) bytes"
        let found = Self.findingWords(tile.savings)
        if !found.isEmpty {
            title += "; \(found)"
        } else if tile.saving > 0 {
            title += "; findings promise \(CatalogCostReport.grouped(tile.saving)) bytes"
        }
        var html = ""
        let link = tile.kind == .set ? links[tile.path] : nil
        if let link { html += "<a href=\"#asset-\(link)\">" }
        html +=
            "<g class=\"\(classes.joined(separator: " "))\" data-path=\"\(HTMLText.escape(tile.path))\" data-bytes=\"\(tile.bytes)\""
            + (tile.saving > 0 ? " data-saving=\"\(tile.saving)\"" : "") + "><title>\(HTMLText.escape(title))</title>"
        html +=
            "<rect x=\"\(Self.number(frame.x))\" y=\"\(Self.number(frame.y))\" width=\"\(Self.number(frame.width))\" height=\"\(Self.number(frame.height))\"></rect>"
        // A label where it fits: the last part of the path, then the size (and the saving) on a second line.
        let leaf = tile.kind == .other ? tile.path : String(tile.path.split(separator: "/").last ?? Substring(tile.path))
        let fits = Int((frame.width - 8) / 6.5)
        let hasChildren = !tile.children.isEmpty
        if frame.height >= 14, fits >= 4 {
            let text = leaf.count > fits ? String(leaf.prefix(fits - 1)) + "…" : leaf
            // A group's size follows its name on its label band; a set's goes on a second line.
            let inline = " " + Self.compact(tile.bytes)
            let sizeInline =
                hasChildren && text.count + inline.count <= fits ? "<tspan class=\"size\">\(HTMLText.escape(inline))</tspan>" : ""
            html +=
                "<text x=\"\(Self.number(frame.x + 4))\" y=\"\(Self.number(frame.y + 13))\">\(HTMLText.escape(text))\(sizeInline)</text>"
            if frame.height >= 30, !hasChildren {
                let size = Self.compact(tile.bytes) + (tile.saving > 0 ? ", saves \(Self.compact(tile.saving))" : "")
                let shown = size.count > fits ? Self.compact(tile.bytes) : size
                if shown.count <= fits {
                    html +=
                        "<text class=\"size\" x=\"\(Self.number(frame.x + 4))\" y=\"\(Self.number(frame.y + 27))\">\(HTMLText.escape(shown))</text>"
                }
            }
        }
        html += "</g>"
        if link != nil { html += "</a>" }
        return html + "\n"
    }
}

extension CatalogHTMLReport {
    /// The size section: the totals and what the findings save, the treemap, the legend, the largest sets.
    /// Empty when the validation counted no bytes (a report made from a catalog the validator did not read).
    func sizeSection(_ map: SizeMap, links: [String: Int]) -> String {
        var html =
            "<section class=\"size-map\" id=\"size\">\n<h2>Size <span class=\"count\">\(HTMLText.escape(SizeMap.compact(map.bytes)))</span></h2>\n"
        html += "<p class=\"note\">\(CatalogCostReport.grouped(map.bytes)) bytes in the files the sets name"
        if map.saving > 0 {
            html +=
                "; the cost findings promise \(CatalogCostReport.grouped(map.saving)) bytes (\(HTMLText.escape(SizeMap.findingWords(map.savings))))"
        }
        html += ". The same figures as <code>asset-tool size</code>; tiles with cost findings are amber and outlined.</p>\n"
        if map.bytes > 0 { html += map.svg(links: links) }
        if !map.largest.isEmpty {
            html +=
                "<table class=\"largest\">\n<caption>The \(map.largest.count) largest set\(map.largest.count == 1 ? "" : "s")</caption>\n"
                + "<thead><tr><th scope=\"col\">bytes</th><th scope=\"col\">saving</th><th scope=\"col\">findings</th><th scope=\"col\">set</th></tr></thead>\n<tbody>\n"
            for tile in map.largest {
                let name = HTMLText.escape(tile.path)
                let cell = links[tile.path].map { "<a href=\"#asset-\($0)\">\(name)</a>" } ?? name
                html +=
                    "<tr\(tile.saving > 0 ? " class=\"cost\"" : "")><td>\(CatalogCostReport.grouped(tile.bytes))</td>"
                    + "<td>\(tile.saving > 0 ? CatalogCostReport.grouped(tile.saving) : "-")</td>"
                    + "<td>\(HTMLText.escape(SizeMap.findingWords(tile.savings)))</td><td>\(cell)</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        return html + "</section>\n"
    }

    /// The line above the sets: the catalog's bytes, what the findings promise, and a link to the size section.
    func sizeLine(_ map: SizeMap) -> String {
        "<p class=\"size-summary\">\(HTMLText.escape(SizeMap.compact(map.bytes))) in the files of \(map.sets) set\(map.sets == 1 ? "" : "s")"
            + (map.saving > 0 ? "; cost findings save \(HTMLText.escape(SizeMap.compact(map.saving)))" : "")
            + ". <a href=\"#size\">Size map and largest sets</a></p>\n"
    }

    /// The map of the catalog's bytes, from `asset-tool size`'s computation over the validation report;
    /// nil when the validation counted no bytes for the sets.
    func sizeMap() -> SizeMap? {
        guard !catalog.assets.isEmpty, validation.setBytes.count == catalog.assets.count else { return nil }
        var counted = validation
        // `report` drops the set paths the outline already holds (`Report.swift`): the cost report needs them.
        if counted.setPaths.count != catalog.assets.count { counted.setPaths = catalog.assets.map(\.path) }
        return SizeMap(CatalogCostReport(counted))
    }
}
