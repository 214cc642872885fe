import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

@Suite("Placeholder styles, builders and decorations")
struct PlaceholderStyleTests {
    @Test("make, update, withButton and withButtons build values")
    func builders() {
        // Given a style made and then changed by the builders
        let base = PlaceholderStyle {
            $0.name = "photos"
            $0.title = "No photos"
        }
        let style =
            base
            .withButton { $0 = PlaceholderButton(title: "Add", action: PlaceholderAction("add-photo")) }
            .updating { $0.subtitle = .localized("photos.empty", default: "Photos you add show up here.") }

        // Then each builder returned a new value and left the old one alone
        #expect(base.buttons.isEmpty && base.subtitle == nil)
        #expect(style.name == "photos")
        #expect(style.title == .verbatim("No photos"))
        #expect(style.buttons == [PlaceholderButton(title: "Add", action: PlaceholderAction("add-photo"))])
        #expect(style.subtitle?.key == "photos.empty")

        // When buttons are replaced by three along the horizontal axis
        let three = style.withButtons(3, axis: .horizontal) { index, button in
            button.title = .verbatim("Option \(index + 1)")
            button.action = PlaceholderAction("option-\(index)")
        }

        // Then there are exactly those three, in order
        #expect(three.buttonAxis == .horizontal)
        #expect(three.buttons.map(\.action.name) == ["option-0", "option-1", "option-2"])
        #expect(three.buttons.map(\.title.defaultValue) == ["Option 1", "Option 2", "Option 3"])
        #expect(style.withButtons(-1, axis: .vertical) { _, _ in }.buttons.isEmpty)
    }

    @Test("decorations compose with + in order")
    func decorations() {
        // Given two decorations composed
        let branded = PlaceholderDecoration.image("imgZeroError") + .buttonAxis(.horizontal)
        let withHelp = branded + .button("Help", action: PlaceholderAction("open-help")) + .title("Oops")

        // When applied to the standard error style
        let style = PlaceholderStyle.errorStyle + withHelp

        // Then every change is there, after the style's own values
        #expect(style.image == "imgZeroError")
        #expect(style.buttonAxis == .horizontal)
        #expect(style.buttons.map(\.action.name) == ["retry", "open-help"])
        #expect(style.title == "Oops")
        #expect(style.role == .error)
        // Later decorations win over earlier ones
        #expect((PlaceholderStyle.emptyStateStyle + .title("A") + .title("B")).title == "B")
        #expect((PlaceholderStyle.errorStyle + .noButtons).buttons.isEmpty)
    }

    @Test(
        "the standard styles",
        arguments: [
            (PlaceholderStyle.errorStyle, "error", PlaceholderRole?.some(.error), "Something went wrong", ["retry"]),
            (PlaceholderStyle.loadingDataErrorStyle, "loading-error", .some(.loadingDataError), "Could not load data", ["retry"]),
            (PlaceholderStyle.emptyStateStyle, "empty", .some(.emptyState), "Nothing here yet", []),
        ])
    func standardStyles(style: PlaceholderStyle, name: String, role: PlaceholderRole?, title: String, actions: [String]) {
        #expect(style.name == name)
        #expect(style.role == role)
        #expect(style.title?.text(using: StringTable()) == title)
        #expect(style.buttons.map(\.action.name) == actions)
        #expect(!style.showsActivityIndicator)
        #expect(style.image == .conventional)
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

@Suite("The placeholder model's API as a Swift developer expects it (#26)")
struct PlaceholderAPITests {
    @Test("an explicit nil image shows nothing, and the style keeps its name and role")
    func nilImageShowsNothing() throws {
        // Given the error style with its image set to nil, in a catalog that has the error icon
        let style = PlaceholderStyle.errorStyle.updating { $0.image = nil }
        let context = PlaceholderContext(catalog: try examplesCatalog())

        // When it is presented
        let shown = PlaceholderPresentation(style: style, context: context)

        // Then no image shows, where the standard style shows the icon; the name and role stay
        #expect(shown.image?.isHidden == true)
        #expect(shown.image?.trace == ["the style shows no image (its image is nil)"])
        #expect(PlaceholderPresentation(style: .errorStyle, context: context).image?.name == "placeholder_error_icon")
        #expect(style.name == "error" && style.role == .error && !style.showsImage)
        // and the state report says so
        let report = PlaceholderStateReport(state: .error, context: context, styles: ScreenPlaceholderStyles(error: style))
        #expect(report.isResolved && report.reportText.contains("image: none"))
    }

    @Test("update changes in place, updating returns a copy")
    func copiesAndMutation() {
        var style = PlaceholderStyle.emptyStateStyle
        let copy = style.updating { $0.title = "Copy" }
        #expect(style.title == PlaceholderStyle.emptyStateStyle.title && copy.title == "Copy")
        style.update { $0.title = "Changed" }
        style.updateAppearance { $0.backgroundColor = .yellow }
        #expect(style.title == "Changed" && style.appearance.backgroundColor == .yellow)
        #expect(style.updatingAppearance { $0.backgroundColor = .blue }.appearance.backgroundColor == .blue)
        #expect(style.appearance.backgroundColor == .yellow)
        #expect(PlaceholderAppearance { $0.spacing = 4 }.spacing == 4)
        #expect(ButtonAppearance { $0.contentInsets = .zero }.contentInsets == .zero)
    }

    @Test("UIKit's colours by their UIKit names and values")
    func uiKitColours() {
        #expect(PlaceholderColor.gray.light.hexString == "#808080" && PlaceholderColor.gray.dark.hexString == "#808080")
        #expect(PlaceholderColor.systemGray.light.hexString == "#8E8E93")
        #expect(PlaceholderColor.blue.light.hexString == "#0000FF")
        #expect(PlaceholderColor.yellow.light.hexString == "#FFFF00")
    }

    @Test("a font size that is not positive and finite is the system size, in the initialiser and when set")
    func fontSize() {
        #expect(PlaceholderTextAttributes(fontSize: 0).fontSize == PlaceholderTextAttributes.systemFontSize)
        #expect(PlaceholderTextAttributes(fontSize: -3).fontSize == 17)
        var attributes = PlaceholderTextAttributes(fontSize: 20)
        attributes.fontSize = .nan
        #expect(attributes.fontSize == 17)
        attributes.fontSize = 25
        #expect(attributes.fontSize == 25)
    }

    @Test("a very slow animation saturates its cycle at Int.max, never wraps")
    func slowAnimation() {
        let file = AnimationTimeline(delays: [100, 50, 30], loop: .once)
        let played = PlaceholderAnimation(speed: 1e-18, loopMode: .repeat(2)).timeline(playing: file)
        #expect(played.cycleDuration == Int.max)
        #expect(played.totalDuration == Int.max)
        #expect(played.frame(atMilliseconds: 1_000) == 0)
    }

    @Test("a screen's styles change after init, the one on screen included; endLoading takes any Error")
    func screenStylesAndErrors() {
        struct Offline: Error {}
        var screen = StatefulScreen()
        screen.endLoading(error: Offline(), hasContent: false)
        #expect(screen.state == .error)
        #expect(screen.lastError?.underlying is Offline)
        #expect(screen.machine.currentPlaceholder == .errorStyle)

        let own = PlaceholderStyle.errorStyle.updating { $0.title = "Offline" }
        screen.styles.error = own
        #expect(screen.machine.currentPlaceholder == own)
        #expect(screen.decision?.placeholder == own)

        screen.startLoading(hasContent: false)
        screen.endLoading(error: ScreenError(kind: .loadingData, message: "offline"), hasContent: false)
        #expect(screen.state == .loadingError)
    }
}
