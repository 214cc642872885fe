import AssetsSupport
import AssetsCodecs

extension CatalogHTMLReport {
    /// A colour set's entries as swatches, each with its traits and components.
    func colorSwatches(of asset: Asset) -> String {
        var html = "<div class=\"variants\">\n"
        for entry in asset.colors {
            var traits = [entry.idiom ?? "universal"]
            traits += entry.appearances.map { $0.appearance == "luminosity" ? $0.value : "\($0.appearance) \($0.value)" }
            if entry.appearances.isEmpty { traits.append("any") }
            if let gamut = entry.displayGamut { traits.append(gamut) }
            let dark = entry.appearances.contains(.dark)
            html += "<figure class=\"variant\(dark ? " dark" : "")\"><div class=\"frame\">"
            html += Self.swatch(entry.color)
            html += "</div><figcaption><span class=\"traits\">\(HTMLText.escape(traits.joined(separator: " · ")))</span>"
            html += "<span class=\"facts\">\(HTMLText.escape(Self.words(for: entry.color)))</span></figcaption></figure>\n"
        }
        return html + "</div>\n"
    }

    /// A square filled with the colour (sRGB components, clamped), or a label for a system colour.
    static func swatch(_ color: ColorValue?) -> String {
        guard case .components(let components)? = color else {
            if case .system(let name, _)? = color { return "<span class=\"no-preview\">\(HTMLText.escape(name))</span>" }
            return "<span class=\"no-preview\">no colour</span>"
        }
        func byte(_ value: Double?) -> Int { Int((min(max(value ?? 0, 0), 1) * 255).rounded()) }
        let red = byte(components.red ?? components.white)
        let green = byte(components.green ?? components.white)
        let blue = byte(components.blue ?? components.white)
        let alpha = min(max(components.alpha, 0), 1)
        return "<span class=\"swatch\" style=\"background: rgba(\(red), \(green), \(blue), \(alpha))\"></span>"
    }

    static func words(for color: ColorValue?) -> String {
        switch color {
        case .components(let c)?:
            func text(_ value: Double) -> String { String(Double(Int((value * 1000).rounded())) / 1000) }
            let values =
                c.white.map { ["white \(text($0))"] }
                ?? [c.red, c.green, c.blue].map { $0.map(text) ?? "?" }
            return ([c.colorSpace ?? "srgb"] + values + ["alpha \(text(c.alpha))"]).joined(separator: " ")
        case .system(let name, let platform)?:
            return "system \(name)" + (platform.map { " (\($0))" } ?? "")
        case nil:
            return "no colour"
        }
    }
}
