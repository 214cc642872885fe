import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

/// A row of a list: a title and maybe a photo (a file path stands in for the decoded image).
struct PhotoRow: Sendable, Hashable {
    var title: String
    var photo: String?
}

@Suite("Placeholder image slot")
struct PlaceholderImageSlotTests {
    static let context = PlaceholderContext(catalog: placeholderCatalog())

    @Test("shows the placeholder when the image is nil, the image when set, and the placeholder again")
    func lifecycle() throws {
        // Given a slot with the catalog's default placeholder and no image
        var slot = PlaceholderImageSlot<String>(context: Self.context)
        let placeholder = slot.placeholder
        #expect(slot.shown == .placeholder(placeholder))
        #expect(placeholder.file == "global_image_placeholder_icon.dataset/spinner.gif")
        #expect(placeholder.choice.name == "global_image_placeholder_icon")

        // When the image is set
        slot.image = "photos/cat.jpg"
        // Then the image shows
        #expect(slot.shown == .image("photos/cat.jpg"))
        #expect(!slot.showsPlaceholder)

        // When it is set back to nil
        slot.configure(with: nil)
        // Then the placeholder shows again
        #expect(slot.shown == .placeholder(placeholder))
    }

    @Test("a catalog without the placeholder hides the slot")
    func hiddenPlaceholder() {
        let slot = PlaceholderImageSlot<String>(context: PlaceholderContext(catalog: placeholderCatalog(conventional: false)))
        #expect(slot.shown == .hidden)
        #expect(slot.placeholder.choice.trace.contains("no set in the catalog is named \"global_image_placeholder_icon\""))
        #expect(slot.configured(with: "a.png").shown == .image("a.png"))
    }

    @Test("a mapped name serves as the slot placeholder")
    func mapped() {
        let context = PlaceholderContext(
            catalog: placeholderCatalog(), query: VariantQuery(scale: .two),
            names: PlaceholderNames.conventional.mapping(.imageSlot, to: "imgZeroEmpty"))
        #expect(PlaceholderImageSlot<String>(context: context).placeholder.file == "Illustrations/imgZeroEmpty.imageset/empty@2x.png")
    }

    @Test("an animated placeholder tells which frame shows, only while it shows")
    func animated() {
        // Given a slot whose GIF placeholder has 4 frames of 50 ms, played twice
        var slot = PlaceholderImageSlot<String>(
            context: Self.context,
            animation: AnimationTimeline(delays: [50, 50, 50, 50], loop: .times(2)))
        // Then the frame follows the timeline, and stays on the last after the final loop
        #expect(slot.placeholderFrame(atMilliseconds: 0) == 0)
        #expect(slot.placeholderFrame(atMilliseconds: 260) == 1)
        #expect(slot.placeholderFrame(atMilliseconds: 400) == 3)
        #expect(slot.placeholderFrame(atMilliseconds: 10_000) == 3)

        // When the real image arrives, there is no placeholder frame
        slot.image = "cat.jpg"
        #expect(slot.placeholderFrame(atMilliseconds: 0) == nil)
        // A still placeholder has no frames either
        #expect(PlaceholderImageSlot<String>(context: Self.context).placeholderFrame(atMilliseconds: 0) == nil)
    }

    @Test("a list of rows with some nil images resolves in one call")
    func rows() {
        // Given rows, some without a photo
        let rows = [
            PhotoRow(title: "a", photo: "a.jpg"), PhotoRow(title: "b", photo: nil),
            PhotoRow(title: "c", photo: "c.jpg"), PhotoRow(title: "d", photo: nil),
        ]

        // When one slot template is configured with every row's photo
        let slots = rows.map(\.photo).configuring(PlaceholderImageSlot<String>(context: Self.context))

        // Then the rows with photos show them and the others show the placeholder
        let placeholder = PlaceholderImageSlot<String>(context: Self.context).placeholder
        #expect(slots.map(\.shown) == [.image("a.jpg"), .placeholder(placeholder), .image("c.jpg"), .placeholder(placeholder)])
    }

    @Test("styles configure presentations in one call too")
    func stylesInOneCall() {
        let presentations = [PlaceholderStyle.errorStyle, .emptyStateStyle, .loadingDataErrorStyle]
            .configuring(PlaceholderPresentation(context: Self.context))
        #expect(presentations.map(\.image?.source) == [.conventional, .conventional, .hidden])
        #expect(presentations.map(\.title) == ["Something went wrong", "Nothing here yet", "Could not load data"])
    }
}
