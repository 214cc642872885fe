import Testing
@testable import Assets

/// Colour sets resolve as `UIColor(named:compatibleWith:)` chooses, with the colour in sRGB; symbol sets as
/// `UIImage(named:)` loads them; the default scale follows the idiom.
@Suite("Resolution of colours, symbols and the default scale")
struct ColorAndSymbolResolutionTests {
    static func color(
        _ space: String?, _ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1,
        _ appearance: AppearanceTrait? = nil, contrast: Bool = false, idiom: String = "universal",
        gamut: String? = nil
    ) -> ColorEntry {
        var appearances: [AppearanceTrait] = []
        if let appearance { appearances.append(appearance) }
        if contrast { appearances.append(.highContrast) }
        return ColorEntry(
            idiom: idiom, appearances: appearances, displayGamut: gamut,
            color: .components(ColorComponents(colorSpace: space, red: red, green: green, blue: blue, alpha: alpha)))
    }

    static let brand = Asset(
        name: "brand", kind: .colorSet, path: "Colors/brand.colorset",
        colors: [
            color("srgb", 1, 0, 0),
            color("srgb", 0.5, 0, 0, .dark),
            color("srgb", 0, 0, 1, .dark, contrast: true),
            color("display-p3", 1, 0, 0, idiom: "ipad"),
            ColorEntry(idiom: "watch"),
        ])

    @Test(
        "the variant is chosen as for images: idiom, then appearance with contrast, and the trace says why",
        arguments: [
            (VariantQuery(), 0, "#FF0000"),
            (VariantQuery(appearance: .dark), 1, "#800000"),
            (VariantQuery(appearance: .dark, highContrast: true), 2, "#0000FF"),
            (VariantQuery(appearance: .light, highContrast: true), 0, "#FF0000"),
            (VariantQuery(idiom: .pad), 3, "#FF0000"),
            // The device idiom comes first, as for images: its "any" entry outranks a universal dark one.
            (VariantQuery(appearance: .dark, idiom: .pad), 3, "#FF0000"),
        ])
    func variants(query: VariantQuery, index: Int, hex: String) throws {
        // When the colour set is resolved for the traits
        let answer = ColorResolution(colorSet: Self.brand, name: "brand", query: query)

        // Then the entry UIColor(named:compatibleWith:) takes is chosen, with its sRGB value
        #expect(answer.entryIndex == index, "\(answer.trace)")
        #expect(answer.srgb?.hex == hex)
        #expect(answer.trace.last == "chose Colors/brand.colorset: colors[\(index)]")
    }

    @Test("an entry with no colour is unassigned, and the trace says so")
    func unassigned() {
        let answer = ColorResolution(colorSet: Self.brand, name: "brand", query: VariantQuery(idiom: .watch))
        #expect(answer.entryIndex == 0)
        #expect(answer.trace.contains("skipped 1 unassigned slot (no colour)"))
    }

    @Test(
        "colour spaces convert to sRGB properly: display-p3, extended ranges, linear, grey, alpha",
        arguments: [
            (ColorComponents(colorSpace: "srgb", red: 0.871, green: 0.5, blue: 0, alpha: 1), "#DE8000", false),
            (ColorComponents(colorSpace: nil, red: 1, green: 1, blue: 1, alpha: 0.5), "#FFFFFF80", false),
            // P3 red lies outside sRGB: its sRGB red is above 1 and green and blue below 0, clipped.
            (ColorComponents(colorSpace: "display-p3", red: 1, green: 0, blue: 0, alpha: 1), "#FF0000", true),
            // A P3 grey is the same grey in sRGB.
            (ColorComponents(colorSpace: "display-p3", red: 0.6, green: 0.6, blue: 0.6, alpha: 1), "#999999", false),
            // A muted P3 orange inside sRGB converts (checked against a matrix derived from the two spaces' primaries).
            (ColorComponents(colorSpace: "display-p3", red: 0.8, green: 0.5, blue: 0.2, alpha: 1), "#D97B15", false),
            (ColorComponents(colorSpace: "extended-srgb", red: 1.2, green: -0.1, blue: 0.5, alpha: 1), "#FF0080", true),
            (ColorComponents(colorSpace: "extended-linear-srgb", red: 0.214, green: 0, blue: 1, alpha: 1), "#7F00FF", false),
            (ColorComponents(colorSpace: "gray-gamma-22", white: 0.6, alpha: 1), "#9A9A9A", false),
        ])
    func conversion(components: ColorComponents, hex: String, clipped: Bool) throws {
        let srgb = try #require(SRGBColor(components))
        #expect(srgb.hex == hex)
        #expect(srgb.clipped == clipped)
    }

    @Test("the report gives components as stored, the colour space and the sRGB value")
    func report() {
        let answer = ColorResolution(colorSet: Self.brand, name: "brand", query: VariantQuery(idiom: .pad))
        #expect(
            answer.reportText.hasPrefix(
                "brand (pad light 3x): colors[3] display-p3 red 1 green 0 blue 0 alpha 1 = #FF0000 in sRGB (outside sRGB: clipped)"))
        let json = answer.reportJSON.rendered()
        #expect(json.contains("\"srgb_hex\": \"#FF0000\""))
        #expect(json.contains("\"color_space\": \"display-p3\""))
    }

    @Test("symbol sets resolve; beside an image set of the same name the symbol wins, as UIImage(named:) prefers it")
    func symbols() {
        let symbol = Asset(
            name: "star", kind: .symbolSet, path: "Symbols/star.symbolset",
            entries: [ImageEntry(filename: "star.svg", idiom: "universal")])
        let image = Asset(name: "star", kind: .imageSet, path: "Images/star.imageset", entries: [entry("star.png")])
        let alone = VariantResolver(catalog: AssetCatalog(root: "C", assets: [symbol])).resolve("star")
        let both = VariantResolver(catalog: AssetCatalog(root: "C", assets: [image, symbol])).resolve("star")
        #expect(alone.file == "Symbols/star.symbolset/star.svg")
        #expect(alone.trace.first == "found symbol set Symbols/star.symbolset")
        #expect(both.file == "Symbols/star.symbolset/star.svg")
        #expect(
            both.trace.first
                == "a symbol set and an image set are both named \"star\" (Symbols/star.symbolset, Images/star.imageset): UIImage(named:) prefers the symbol"
        )
    }

    @Test("other kinds read well: brand assets, complication sets")
    func otherKinds() {
        let brand = Asset(name: "App Icon", kind: .brandAssets, path: "App Icon.brandassets")
        let answer = VariantResolver(catalog: AssetCatalog(root: "C", assets: [brand])).resolve("App Icon")
        #expect(answer.trace == ["\"App Icon\" is a brand assets folder, which UIImage(named:) and NSDataAsset(name:) do not load"])
        #expect(AssetKind.complicationSet.article == "a complication set")
        #expect(AssetKind.arResourceGroup.article == "an AR resource group")
    }

    @Test(
        "the default scale follows the idiom",
        arguments: [
            (VariantQuery.Idiom.phone, 3), (.pad, 2), (.mac, 2), (.tv, 2), (.watch, 2), (.car, 2), (.vision, 2),
        ])
    func defaultScale(idiom: VariantQuery.Idiom, scale: Int) {
        #expect(idiom.defaultScale.rawValue == scale)
    }
}
