/// The report's section for the project's Icon Composer bundles (`report --sources`): each bundle's layers
/// side by side in `icon.json`'s order, named, with its findings. Icon Composer composes them with its own
/// glass and lighting, which a page cannot reproduce; the layers as drawn are what the compiler reads.
import AssetsCodecs
import AssetsSupport

extension CatalogHTMLReport {
    func iconSection(thumbnails: ThumbnailCache) -> String {
        guard !iconBundles.isEmpty else { return "" }
        var html =
            "<section class=\"icon-bundles\">\n<h2>Icon Composer icons <span class=\"count\">\(iconBundles.count)</span></h2>\n"
        for bundle in iconBundles {
            let severity = Self.severityClass(of: bundle.findings)
            html += "<article class=\"asset icon-bundle\(severity)\">\n<h3>\(HTMLText.escape(bundle.path))</h3>\n"
            if bundle.layers.isEmpty {
                html += "<p class=\"note\">icon.json names no layer image.</p>\n"
            } else {
                html += "<div class=\"variants\">\n"
                for layer in bundle.layers {
                    let thumbnail =
                        layer.bytes.map {
                            Thumbnail.make(
                                bytes: $0, file: layer.name, maxSide: thumbnails.maxSide, limits: thumbnails.limits,
                                pdfRenderer: thumbnails.pdfRenderer, pdfBudget: thumbnails.pdfBudget)
                        } ?? Thumbnail(content: .unavailable(layer.problem ?? "not read"))
                    let traits =
                        "group \(layer.group + 1)\(layer.appearance.map { " · \($0)" } ?? "")\(layer.hidden ? " · hidden" : "")"
                    html +=
                        "<figure class=\"variant\(layer.appearance == "dark" ? " dark" : "")\"><div class=\"frame\">\(Self.imageTag(thumbnail, alt: layer.name, lazy: false))</div>"
                        + "<figcaption><span class=\"traits\">\(HTMLText.escape(traits))</span>"
                        + "<span class=\"file\">\(HTMLText.escape(layer.name))</span>"
                        + "<span class=\"facts\">\(HTMLText.escape(Self.facts(of: thumbnail)))</span></figcaption></figure>\n"
                }
                html += "</div>\n"
            }
            if bundle.undrawn > 0 {
                html += "<p class=\"note\">\(bundle.undrawn) more layer\(bundle.undrawn == 1 ? "" : "s") not drawn.</p>\n"
            }
            if !bundle.findings.isEmpty { html += diagnosticList(bundle.findings) }
            html += "</article>\n"
        }
        return html + "</section>\n"
    }
}
