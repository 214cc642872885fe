/// `report --car FILE`: the page's "Shipped" section, what the compiled catalog (`Assets.car`) stores for each
/// set, drawn with the size section's treemap (`SizeMap`): `asset-tool size --car`'s figures
/// (`CompiledCatalogCost`), one computation. A set's tile is its renditions' value blocks plus its share of each
/// packed atlas by crop area, marked `~` where that estimate is part of it; a namespaced name (`Icons/logo`)
/// sits inside its first component's tile.
extension CatalogHTMLReport {
    /// The compiled catalog's cost rows as the treemap reads them: the file's row, then each namespace
    /// before the sets it holds.
    static func shippedMap(_ cost: CompiledCatalogCost) -> SizeMap {
        typealias Row = CatalogCostReport.Row
        var groups: [String: Int] = [:]
        for set in cost.sets {
            if let slash = set.name.firstIndex(of: "/") { groups[String(set.name[..<slash]), default: 0] += set.bytes }
        }
        var rows: [Row] = groups.map { Row(kind: .group, path: $0.key, bytes: $0.value, savings: [:], saving: 0) }
        rows += cost.sets.map { Row(kind: .set, path: $0.name, bytes: $0.bytes, savings: [:], saving: 0) }
        rows.sort { $0.path < $1.path }
        let total = Row(kind: .catalog, path: "", bytes: cost.sets.reduce(0) { $0 + $1.bytes }, savings: [:], saving: 0)
        return SizeMap(total: total, rows: rows[...])
    }

    func shippedSection(_ cost: CompiledCatalogCost) -> String {
        let map = Self.shippedMap(cost)
        let estimated = cost.sets.contains { $0.atlasBytes > 0 }
        var html =
            "<section class=\"size-map shipped\" id=\"shipped\">\n<h2>Shipped <span class=\"count\">"
            + "\(HTMLText.escape(SizeMap.compact(cost.fileSize)))</span></h2>\n"
        html +=
            "<p class=\"note\">\(HTMLText.escape(cost.path)): \(CatalogCostReport.grouped(cost.fileSize)) bytes, "
            + "\(CatalogCostReport.grouped(map.bytes)) of them in \(cost.sets.count) set\(cost.sets.count == 1 ? "" : "s")' renditions, "
            + "\(CatalogCostReport.grouped(cost.containerBytes)) the container's"
        if cost.unattributedAtlasBytes > 0 {
            html += ", \(CatalogCostReport.grouped(cost.unattributedAtlasBytes)) in atlases no set is cropped from"
        }
        html += ". The same figures as <code>asset-tool size --car</code>"
        html += estimated ? "; a set's share of a packed atlas is split by crop area, an estimate (marked ~).</p>\n" : ".</p>\n"
        if map.bytes > 0 { html += map.svg(links: [:], titleID: "shipped-treemap-title") }
        if !map.largest.isEmpty {
            let atlas = Dictionary(cost.sets.map { ($0.name, $0.atlasBytes) }, uniquingKeysWith: { first, _ in first })
            html +=
                "<table class=\"largest\">\n<caption>The \(map.largest.count) largest set\(map.largest.count == 1 ? "" : "s") in the app</caption>\n"
                + "<thead><tr><th scope=\"col\">bytes</th><th scope=\"col\">set</th></tr></thead>\n<tbody>\n"
            for tile in map.largest {
                let mark = (atlas[tile.path] ?? 0) > 0 ? "~" : ""
                html += "<tr><td>\(CatalogCostReport.grouped(tile.bytes))\(mark)</td><td>\(HTMLText.escape(tile.path))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        let wasted = cost.duplicates.reduce(0) { $0 + $1.wasted }
        if wasted > 0 {
            html += "<p class=\"note\">Payloads stored more than once: \(CatalogCostReport.grouped(wasted)) bytes.</p>\n"
        }
        if let unexplained = cost.unexplained, !unexplained.isEmpty {
            html +=
                "<p class=\"note\">In the app but in no set of this catalog: "
                + unexplained.prefix(20).map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: ", ")
                + (unexplained.count > 20 ? " and \(unexplained.count - 20) more" : "") + ".</p>\n"
        }
        return html + "</section>\n"
    }
}
