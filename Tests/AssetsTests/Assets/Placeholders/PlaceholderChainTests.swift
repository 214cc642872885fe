import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

/// A catalog with the conventional placeholder images, a team-named one, and an animated GIF data set.
func placeholderCatalog(conventional: Bool = true) -> AssetCatalog {
    var assets = [
        Asset(
            name: "imgZeroEmpty", kind: .imageSet, path: "Illustrations/imgZeroEmpty.imageset",
            entries: [entry("empty@2x.png", "2x"), entry("emptyD@2x.png", "2x", .dark)]),
        Asset(name: "brand_error", kind: .imageSet, path: "brand_error.imageset", entries: [entry("brand.pdf")]),
    ]
    if conventional {
        assets += [
            Asset(
                name: "placeholder_error_icon", kind: .imageSet, path: "placeholder_error_icon.imageset",
                entries: [entry("error@1x.png", "1x"), entry("error@3x.png", "3x")]),
            Asset(
                name: "placeholder_empty_state_icon", kind: .imageSet, path: "placeholder_empty_state_icon.imageset",
                entries: [entry("empty.pdf")]),
            Asset(
                name: "global_image_placeholder_icon", kind: .dataSet, path: "global_image_placeholder_icon.dataset",
                entries: [ImageEntry(filename: "spinner.gif", idiom: "universal", universalTypeIdentifier: "com.compuserve.gif")]),
        ]
    }
    return AssetCatalog(root: "Assets.xcassets", assets: assets)
}

@Suite("The placeholder image chain")
struct PlaceholderChainTests {
    @Test("the style's explicit image comes first")
    func explicitFirst() {
        let context = PlaceholderContext(catalog: placeholderCatalog())
        let choice = context.image(for: .errorStyle + .image("brand_error"))
        #expect(choice.source == .explicit)
        #expect(choice.file == "brand_error.imageset/brand.pdf")
        #expect(choice.name == "brand_error")
        #expect(choice.trace.first == "the style's image \"brand_error\"")
    }

    @Test("else the conventional name in the catalog")
    func conventionalNext() {
        let context = PlaceholderContext(catalog: placeholderCatalog())
        let choice = context.image(for: .errorStyle)
        #expect(choice.source == .conventional)
        #expect(choice.file == "placeholder_error_icon.imageset/error@3x.png")
        #expect(choice.trace.contains("the error image \"placeholder_error_icon\" from the catalog"))
    }

    @Test("an explicit image that does not resolve falls through to the conventional one, said so")
    func explicitMissing() {
        let context = PlaceholderContext(catalog: placeholderCatalog())
        let choice = context.image(for: .errorStyle + .image("nope"))
        #expect(choice.source == .conventional)
        #expect(choice.trace.contains("the style's image \"nope\" does not resolve:"))
        #expect(choice.trace.contains("no set in the catalog is named \"nope\""))
    }

    @Test("else nothing: the image part is hidden, not an error")
    func hidden() {
        let context = PlaceholderContext(catalog: placeholderCatalog())
        let choice = context.image(for: .loadingDataErrorStyle)
        #expect(choice.isHidden)
        #expect(choice.file == nil && choice.name == nil)
        #expect(choice.trace.last == "no image: the image part is hidden")
        #expect(choice.trace.contains("no set in the catalog is named \"placeholder_loading_data_icon\""))
        // A style without role or image, and a context without catalog, hide too
        #expect(context.image(for: .loadingStyle).isHidden)
        #expect(PlaceholderContext(catalog: nil).image(for: .errorStyle).trace == ["no catalog: the image is hidden"])
    }

    @Test("a team's mapping picks its own names")
    func mapping() {
        // Given a catalog without the conventional names and a mapping to the team's illustrations
        let names = PlaceholderNames.conventional.mapping(.emptyState, to: "imgZeroEmpty")
        let context = PlaceholderContext(
            catalog: placeholderCatalog(conventional: false),
            query: VariantQuery(scale: .two, appearance: .dark), names: names)

        // When the empty style's image is chosen
        let choice = context.image(for: .emptyStateStyle)

        // Then it is the mapped set, at the device's traits
        #expect(choice.source == .conventional)
        #expect(choice.file == "Illustrations/imgZeroEmpty.imageset/emptyD@2x.png")
    }

    @Test("a presentation is configured from a style")
    func presentation() {
        // Given a context with a localization table
        let context = PlaceholderContext(
            catalog: placeholderCatalog(),
            localization: StringTable(["placeholder.empty.title": "Noch nichts da"]))

        // When presentations are configured from styles
        var shown = PlaceholderPresentation(context: context)
        shown.configure(with: .emptyStateStyle + .button("Refresh", action: PlaceholderAction("refresh")))

        // Then text, buttons and image are concrete
        #expect(shown.title == "Noch nichts da")
        #expect(shown.subtitle == nil)
        #expect(shown.buttons.map(\.title) == ["Refresh"] && shown.buttons.map(\.action.name) == ["refresh"])
        #expect(shown.buttons.first?.titles == [.normal: "Refresh", .highlighted: "Refresh", .disabled: "Refresh"])
        #expect(shown.image?.file == "placeholder_empty_state_icon.imageset/empty.pdf")

        // And a new style replaces everything
        shown.configure(with: .loadingDataErrorStyle)
        #expect(shown.title == "Could not load data")
        #expect(shown.buttons.map(\.action.name) == ["retry"])
        #expect(shown.image?.isHidden == true)
        #expect(shown.style?.name == "loading-error")
    }
}
