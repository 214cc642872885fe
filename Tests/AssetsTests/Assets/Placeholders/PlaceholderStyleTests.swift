import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

@Suite("Placeholder styles, builders and decorations")
struct PlaceholderStyleTests {
    @Test("make, update, withButton and withButtons build values")
    func builders() {
        // Given a style made and then changed by the builders
        let base = PlaceholderStyle.make {
            $0.name = "photos"
            $0.title = "No photos"
        }
        let style = base
            .withButton { $0 = PlaceholderButton(title: "Add", action: "add-photo") }
            .update { $0.subtitle = .localized("photos.empty", default: "Photos you add show up here.") }

        // Then each builder returned a new value and left the old one alone
        #expect(base.buttons.isEmpty && base.subtitle == nil)
        #expect(style.name == "photos")
        #expect(style.title == .verbatim("No photos"))
        #expect(style.buttons == [PlaceholderButton(title: "Add", action: "add-photo")])
        #expect(style.subtitle?.key == "photos.empty")

        // When buttons are replaced by three along the horizontal axis
        let three = style.withButtons(3, axis: .horizontal) { index, button in
            button.title = .verbatim("Option \(index + 1)")
            button.action = "option-\(index)"
        }

        // Then there are exactly those three, in order
        #expect(three.buttonAxis == .horizontal)
        #expect(three.buttons.map(\.action) == ["option-0", "option-1", "option-2"])
        #expect(three.buttons.map(\.title.defaultValue) == ["Option 1", "Option 2", "Option 3"])
        #expect(style.withButtons(-1, axis: .vertical) { _, _ in }.buttons.isEmpty)
    }

    @Test("decorations compose with + in order")
    func decorations() {
        // Given two decorations composed
        let branded = PlaceholderDecoration.image("imgZeroError") + .buttonAxis(.horizontal)
        let withHelp = branded + .button("Help", action: "open-help") + .title("Oops")

        // When applied to the standard error style
        let style = PlaceholderStyle.errorStyle + withHelp

        // Then every change is there, after the style's own values
        #expect(style.image == "imgZeroError")
        #expect(style.buttonAxis == .horizontal)
        #expect(style.buttons.map(\.action) == ["retry", "open-help"])
        #expect(style.title == "Oops")
        #expect(style.role == .error)
        // Later decorations win over earlier ones
        #expect((PlaceholderStyle.emptyStateStyle + .title("A") + .title("B")).title == "B")
        #expect((PlaceholderStyle.errorStyle + .noButtons).buttons.isEmpty)
    }

    @Test("the standard styles", arguments: [
        (PlaceholderStyle.errorStyle, "error", PlaceholderRole?.some(.error), "Something went wrong", ["retry"]),
        (PlaceholderStyle.loadingDataErrorStyle, "loading-error", .some(.loadingDataError), "Could not load data", ["retry"]),
        (PlaceholderStyle.emptyStateStyle, "empty", .some(.emptyState), "Nothing here yet", []),
    ])
    func standardStyles(style: PlaceholderStyle, name: String, role: PlaceholderRole?, title: String, actions: [String]) {
        #expect(style.name == name)
        #expect(style.role == role)
        #expect(style.title?.text(using: StringTable()) == title)
        #expect(style.buttons.map(\.action) == actions)
        #expect(!style.showsActivityIndicator)
        #expect(style.image == nil)
    }

    @Test("text goes through the localization provider, with the default when it has none")
    func localization() {
        let german = StringTable(["placeholder.error.title": "Etwas ist schiefgelaufen", "placeholder.retry": "Erneut versuchen"])
        let style = PlaceholderStyle.errorStyle
        #expect(style.title?.text(using: german) == "Etwas ist schiefgelaufen")
        #expect(style.subtitle?.text(using: german) == "Please try again.")
        #expect(style.buttons.first?.title.text(using: german) == "Erneut versuchen")
        // Verbatim text is never looked up
        #expect(PlaceholderText.verbatim("placeholder.retry").text(using: german) == "placeholder.retry")
    }
}
