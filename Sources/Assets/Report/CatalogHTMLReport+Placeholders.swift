import AssetsSupport
import AssetsCodecs

extension CatalogHTMLReport {
    /// A grid: one row per state, a light and a dark phone screen for each, drawn from the placeholder API
    /// with each style's appearance (colours, fonts, border, insets, buttons along their axis, the loading
    /// animation playing) in the locale of ``localization``.
    func placeholderSection(thumbnails: inout ThumbnailCache) -> String {
        var html = "<section class=\"placeholders\">\n<h2>Placeholders</h2>\n"
        var note = "What each state shows on an iPhone at 3x, from the placeholder styles and this catalog's images"
        if let strings = localization as? LocalizedStrings {
            let language = strings.locale.isEmpty ? strings.developmentLanguage ?? "the development language" : strings.locale
            note += ", with the text of \(strings.files.count) string table\(strings.files.count == 1 ? "" : "s") in \(language)"
        }
        html += "<p class=\"note\">\(HTMLText.escape(note)).</p>\n"
        var rules = ""
        var screens = ""
        for state in Self.placeholderStates {
            screens += "<div class=\"state-name\">\(HTMLText.escape(state.rawValue))</div>\n"
            for appearance in [VariantQuery.Appearance.light, .dark] {
                let context = PlaceholderContext(
                    catalog: placeholderCatalog ?? catalog, query: VariantQuery(appearance: appearance), names: names,
                    localization: localization)
                var report = PlaceholderStateReport(state: state, context: context, styles: styles)
                try? report.readAnimation()  // A GIF that cannot be read shows as its validation finding; the page still draws.
                let id = "ph-\(state.rawValue)-\(appearance.rawValue)"
                if let presentation = report.presentation { rules += Self.placeholderRules(presentation, id: id, appearance: appearance) }
                screens += placeholderScreen(report, id: id, appearance: appearance, thumbnails: &thumbnails)
            }
        }
        html += "<style>\n\(rules)</style>\n"
        html +=
            "<div class=\"placeholder-grid\">\n<div class=\"head\"></div><div class=\"head\">light</div><div class=\"head\">dark</div>\n"
        return html + screens + "</div>\n</section>\n"
    }

    private func placeholderScreen(
        _ report: PlaceholderStateReport, id: String, appearance: VariantQuery.Appearance,
        thumbnails: inout ThumbnailCache
    ) -> String {
        var html =
            "<div class=\"screen \(appearance.rawValue)\" id=\"\(id)\" data-state=\"\(report.state.rawValue)\" data-appearance=\"\(appearance.rawValue)\">\n"
        guard let presentation = report.presentation else {
            return html + "<p class=\"caption\">the content is shown</p>\n</div>\n"
        }
        html += "<div class=\"ph-box\">\n"
        let choice = report.looksUpImage ? presentation.image : nil
        if let choice, let file = choice.file {
            let thumbnail = thumbnails.remembered(file)
            // Not lazy: the ten screens sit at the top of the page, and a screenshot reads them without script.
            html += "<div class=\"placeholder-image ph-image\">\(Self.imageTag(thumbnail, alt: choice.name ?? file, lazy: false))</div>\n"
        } else if report.looksUpImage && !presentation.showsActivityIndicator {
            html += "<div class=\"placeholder-image hidden-image\"><span>image hidden</span></div>\n"
        }
        if presentation.showsActivityIndicator { html += "<div class=\"spinner\" role=\"progressbar\"></div>\n" }
        if let title = presentation.title { html += "<p class=\"title\">\(HTMLText.escape(title))</p>\n" }
        if let subtitle = presentation.subtitle { html += "<p class=\"subtitle\">\(HTMLText.escape(subtitle))</p>\n" }
        if !presentation.buttons.isEmpty {
            html += "<div class=\"buttons \(presentation.buttonAxis.rawValue)\">"
            for (index, button) in presentation.buttons.enumerated() {
                let state = button.isEnabled ? ControlState.normal : .disabled
                html +=
                    "<span class=\"button b\(index)\(button.isEnabled ? "" : " disabled")\" data-action=\"\(HTMLText.escape(button.action.name))\">"
                html += HTMLText.escape(button.titles[state] ?? button.title) + "</span>"
            }
            html += "</div>\n"
        }
        html += "</div>\n"
        var source: String
        if let choice, let file = choice.file {
            source = "\(file) (\(choice.source.rawValue))"
            if let animation = report.animation {
                let plays = animation.loop.plays.map { $0 == 1 ? "once" : "\($0) times" } ?? "looping"
                source += ", \(animation.frameCount) frames, \(animation.cycleDuration) ms a play, \(plays)"
                if let speed = presentation.animation?.effectiveSpeed, speed != 1 {
                    source += " at speed \(Points(speed)) (the page plays the file at its own pace)"
                }
            }
        } else if report.looksUpImage {
            source = presentation.showsActivityIndicator ? "no animation: activity indicator" : "no image: hidden"
        } else {
            source = "no image by design"
        }
        html += "<p class=\"caption\">\(HTMLText.escape(source))</p>\n"
        return html + "</div>\n"
    }

    /// The CSS of one screen's placeholder, from its appearance with the colours of `appearance`. Every value
    /// is a number or a colour the model made, never text from a file.
    static func placeholderRules(_ presentation: PlaceholderPresentation, id: String, appearance: VariantQuery.Appearance) -> String {
        let look = presentation.appearance
        func color(_ value: PlaceholderColor) -> String { value.resolved(for: appearance).css }
        func px(_ value: Double) -> String { "\(Points(value))px" }
        func insets(_ value: PlaceholderEdgeInsets) -> String {
            "\(px(value.top)) \(px(value.right)) \(px(value.bottom)) \(px(value.left))"
        }
        func font(_ text: PlaceholderTextAttributes) -> String {
            var rule =
                "font: \(text.italic ? "italic " : "")\(text.weight.cssWeight) \(px(text.fontSize))/1.25 -apple-system, system-ui, sans-serif; "
            rule += "color: \(color(text.color)); text-align: \(text.alignment.css); "
            rule +=
                text.isMultiline
                ? "white-space: normal; " : "white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; "
            return rule
        }
        func border(_ value: PlaceholderBorder) -> String {
            let line = value.width > 0 ? "border: \(px(value.width)) solid \(color(value.color)); " : "border: none; "
            return line + "border-radius: \(px(value.cornerRadius)); "
        }
        let box = "#\(id)"
        var css = "\(box) { padding: \(insets(look.placeholderViewInsets)); align-items: stretch; overflow: hidden; }\n"
        css += "\(box) .ph-box { display: flex; flex-direction: column; align-items: center; justify-content: center; flex: 1; "
        css += "box-sizing: border-box; background: \(color(look.backgroundColor)); \(border(look.border))"
        css += "padding: \(insets(look.contentInsets)); gap: \(px(look.spacing)); "
        if let shadow = look.shadow {
            var shadowColor = shadow.color.resolved(for: appearance)
            shadowColor.alpha *= shadow.opacity
            css += "box-shadow: \(px(shadow.offsetX)) \(px(shadow.offsetY)) \(px(shadow.radius)) \(shadowColor.css); "
        }
        css += "}\n"
        let image = look.imageViewAppearance
        var size: String
        switch image.layout.size {
        case .intrinsic: size = "max-width: 100%; "
        case .fixedHeight(let height): size = "height: \(px(height)); width: auto; max-width: 100%; "
        case .fixedWidth(let width): size = "width: \(px(width)); height: auto; "
        case .fixed(let width, let height): size = "width: \(px(width)); height: \(px(height)); "
        }
        css += "\(box) .ph-image { margin: 0; }\n"
        css += "\(box) .ph-image img { \(size)max-height: none; object-fit: \(image.layout.contentMode.css); "
        css += "background: \(color(image.backgroundColor)); \(border(image.border))}\n"
        css += "\(box) .title { margin: 0; \(font(look.textViewAppearance.titleAppearance.textAttributes))width: 100%; }\n"
        css +=
            "\(box) .subtitle { margin: 0; opacity: 1; \(font(look.textViewAppearance.subtitleAppearance.textAttributes))width: 100%; }\n"
        css += "\(box) .title + .subtitle { margin-top: \(px(look.textViewAppearance.spacing - look.spacing)); }\n"
        css += "\(box) .buttons { margin: 0; gap: \(px(look.buttonSpacing)); align-self: stretch; align-items: stretch; }\n"
        for (index, button) in presentation.buttons.enumerated() {
            func rule(_ state: ControlState) -> String {
                let part = button.appearance.appearance(for: state)
                return "background: \(color(part.backgroundColor)); \(border(part.border))\(font(part.textAttributes))"
            }
            let selector = "\(box) .button.b\(index)"
            css += "\(selector) { padding: \(insets(button.appearance.contentInsets)); \(rule(button.isEnabled ? .normal : .disabled))}\n"
            if button.isEnabled { css += "\(selector):hover, \(selector):active { \(rule(.highlighted))}\n" }
        }
        return css
    }
}
