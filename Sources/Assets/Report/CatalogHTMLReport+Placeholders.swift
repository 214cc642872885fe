import AssetsSupport
import AssetsCodecs

extension CatalogHTMLReport {
    /// A grid: one row per state, a light and a dark phone screen for each, drawn from the placeholder API.
    func placeholderSection(thumbnails: inout ThumbnailCache) -> String {
        var html = "<section class=\"placeholders\">\n<h2>Placeholders</h2>\n"
        html += "<p class=\"note\">What each state shows on an iPhone at 3x, from the placeholder styles and this catalog's images.</p>\n"
        html += "<div class=\"placeholder-grid\">\n<div class=\"head\"></div><div class=\"head\">light</div><div class=\"head\">dark</div>\n"
        for state in Self.placeholderStates {
            html += "<div class=\"state-name\">\(HTMLText.escape(state.rawValue))</div>\n"
            for appearance in [VariantQuery.Appearance.light, .dark] {
                let context = PlaceholderContext(catalog: catalog, query: VariantQuery(appearance: appearance), names: names)
                let report = PlaceholderStateReport(state: state, context: context)
                html += placeholderScreen(report, appearance: appearance, thumbnails: &thumbnails)
            }
        }
        return html + "</div>\n</section>\n"
    }

    private func placeholderScreen(_ report: PlaceholderStateReport, appearance: VariantQuery.Appearance,
                                   thumbnails: inout ThumbnailCache) -> String {
        var html = "<div class=\"screen \(appearance.rawValue)\" data-state=\"\(report.state.rawValue)\" data-appearance=\"\(appearance.rawValue)\">\n"
        guard let presentation = report.presentation else {
            return html + "<p class=\"caption\">the content is shown</p>\n</div>\n"
        }
        let choice = report.looksUpImage ? presentation.image : nil
        if let choice, let file = choice.file {
            let thumbnail = thumbnails.thumbnail(of: file)
            html += "<div class=\"placeholder-image\">\(Self.imageTag(thumbnail, alt: choice.name ?? file))</div>\n"
        } else if report.looksUpImage {
            html += "<div class=\"placeholder-image hidden-image\"><span>image hidden</span></div>\n"
        }
        if presentation.showsActivityIndicator { html += "<div class=\"spinner\" role=\"progressbar\"></div>\n" }
        if let title = presentation.title { html += "<p class=\"title\">\(HTMLText.escape(title))</p>\n" }
        if let subtitle = presentation.subtitle { html += "<p class=\"subtitle\">\(HTMLText.escape(subtitle))</p>\n" }
        if !presentation.buttons.isEmpty {
            html += "<div class=\"buttons \(presentation.buttonAxis.rawValue)\">"
            for button in presentation.buttons {
                html += "<span class=\"button\" data-action=\"\(HTMLText.escape(button.action))\">\(HTMLText.escape(button.title))</span>"
            }
            html += "</div>\n"
        }
        let source: String
        if let choice, let file = choice.file {
            source = "\(file) (\(choice.source.rawValue))"
        } else if report.looksUpImage {
            source = "no image: hidden"
        } else {
            source = "no image by design"
        }
        html += "<p class=\"caption\">\(HTMLText.escape(source))</p>\n"
        return html + "</div>\n"
    }
}
