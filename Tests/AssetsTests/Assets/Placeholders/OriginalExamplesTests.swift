import Assets
import Foundation
import Testing

/// The reference libraries' examples that do not need UIKit views, written against this library
/// (the DocC article "The placeholder model" walks through the same ones), each checked to behave the same.
@Suite("The original libraries' examples, without UIKit")
struct OriginalExamplesTests {
    // MARK: Placeholder kit: styles and builders

    @Test("a style with text only hides the image part; the standard styles find their conventional icons")
    func textOnlyAndStandardStyles() throws {
        // Given a catalog with only the error icon
        let catalog = try examplesCatalog()
        let context = PlaceholderContext(catalog: catalog)

        // When a text-only style and the standard styles are presented
        let serverError = PlaceholderPresentation(style: .init { $0.title = "Server error has occured!" }, context: context)
        let error = PlaceholderPresentation(style: .errorStyle, context: context)
        let offline = PlaceholderPresentation(style: .loadingDataErrorStyle, context: context)

        // Then the text-only style has no image and no buttons; the error style shows its icon;
        // the missing loading-data icon is hidden, which is not an error
        #expect(serverError.image?.isHidden == true && serverError.buttons.isEmpty && serverError.title == "Server error has occured!")
        #expect(error.image?.name == "placeholder_error_icon")
        #expect(offline.image?.isHidden == true && offline.title == "Could not load data")
        #expect(PlaceholderState.error.role?.conventionalName == "placeholder_error_icon")
        #expect(PlaceholderState.loadingError.role?.conventionalName == "placeholder_loading_data_icon")
        #expect(PlaceholderState.empty.role?.conventionalName == "placeholder_empty_state_icon")
        #expect(PlaceholderState.imageSlot.role?.conventionalName == "global_image_placeholder_icon")
    }

    @Test("a full custom style: image, text, appearance and a button with a normal-state appearance")
    func customStyle() {
        let black20 = PlaceholderTextAttributes(fontSize: 20, color: .black, alignment: .natural, isMultiline: false)
        let style = PlaceholderStyle(
            image: "proj-placeholder-image",
            title: "An error has occured",
            subtitle: "Please, reload the page",
            buttons: [
                PlaceholderButton(
                    titles: [.normal: "Reload"],
                    appearance: ButtonAppearance(stateAppearances: [.normal: ControlStateAppearance(textAttributes: black20)]))
            ],
            appearance: .init { placeholder in
                placeholder.backgroundColor = PlaceholderColor(.hex(0x0000FF))
                placeholder.textViewAppearance { text in
                    text.titleAppearance { $0.textAttributes = black20 }
                    text.subtitleAppearance = text.titleAppearance
                }
            }
        )
        #expect(style.appearance.backgroundColor.light.hexString == "#0000FF")
        #expect(style.appearance.textViewAppearance.subtitleAppearance.textAttributes == black20)
        #expect(style.buttons[0].title == "Reload")
        #expect(style.buttons[0].appearance.appearance(for: .normal).textAttributes.fontSize == 20)
        // A state without its own appearance looks as normal does
        #expect(style.buttons[0].appearance.appearance(for: .highlighted) == style.buttons[0].appearance.appearance(for: .normal))
    }

    @Test("make, update, updateAppearance, withButton and withButtons")
    func builders() {
        let black20 = PlaceholderTextAttributes(fontSize: 20, color: .black, alignment: .natural, isMultiline: false)
        let styleFromMake = PlaceholderStyle { style in
            style.image = "proj-placeholder-image"
            style.title = "An error has occured"
            style.subtitle = "Please, reload the page"
        }
        let styleWithUpdatedImage = styleFromMake.updating { $0.image = "proj-other-placeholder-image" }
        let styleWithAppearance = styleFromMake.updatingAppearance { placeholder in
            placeholder.backgroundColor = PlaceholderColor(.hex(0x0000FF))
            placeholder.textViewAppearance { text in
                text.titleAppearance { $0.textAttributes = black20 }
                text.subtitleAppearance = text.titleAppearance
            }
        }
        let styleWithButton = styleWithAppearance.withButton { button in
            button.titles = [.normal: "Reload"]
            button.appearance = .init { $0.update(.normal) { $0.textAttributes = black20 } }
        }
        #expect(styleFromMake.image == "proj-placeholder-image" && styleWithUpdatedImage.image == "proj-other-placeholder-image")
        #expect(styleFromMake.appearance == .standard)
        #expect(styleWithAppearance.appearance.textViewAppearance.titleAppearance.textAttributes == black20)
        #expect(styleWithButton.buttons.map(\.title) == ["Reload"])

        // withButtons on a style that has a button: button 0 keeps its style, button 1 is new
        let two = styleWithButton.withButtons(2, axis: .vertical) { index, button in
            if index == 1 { button.titles = [.normal: "Wait"] }
        }
        #expect(two.buttons.map(\.title) == ["Reload", "Wait"])
        #expect(two.buttons[0].appearance.appearance(for: .normal).textAttributes == black20)
        #expect(two.buttons[1].appearance == .standard)
        // Fewer than there are drops the rest
        #expect(two.withButtons(1, axis: .horizontal) { _, _ in }.buttons.map(\.title) == ["Reload"])
    }

    /// The screen's placeholder, which the button's action hides.
    @MainActor final class PlaceholderView { var isHidden = false }

    @Test("the error style with this screen's action keeps its standard title; a tap runs the action")
    @MainActor
    func errorStyleWithAction() throws {
        let currentPlaceholder = PlaceholderView()
        let custom = PlaceholderStyle.errorStyle.withButtons(1, axis: .vertical) { _, button in
            button.action = PlaceholderAction("close-placeholder") { currentPlaceholder.isHidden = true }
        }
        #expect(custom.buttons.count == 1)
        #expect(custom.buttons[0].title == .localized("placeholder.retry", default: "Try again"))
        #expect(custom.buttons[0].action.name == "close-placeholder")
        // A tap on the presented button runs the screen's code
        let shown = PlaceholderPresentation(style: custom, context: PlaceholderContext(catalog: try examplesCatalog()))
        #expect(!currentPlaceholder.isHidden)
        #expect(shown.buttons[0].tap())
        #expect(currentPlaceholder.isHidden)
        // The standard retry button does nothing until the screen gives it a handler
        #expect(PlaceholderStyle.errorStyle.buttons[0].action == .retry && !PlaceholderStyle.errorStyle.buttons[0].action.hasHandler)
        #expect(custom.title == PlaceholderStyle.errorStyle.title)
    }

    @Test("a placeholder configured without a factory, per error type")
    func withoutFactory() throws {
        enum ErrorType { case internetConnection, unknown }
        let internetConnectionErrorStyle = PlaceholderStyle.loadingDataErrorStyle.updating { $0.subtitle = "No connection" }
        let unknownErrorStyle = PlaceholderStyle.errorStyle.updating { _ in }
        var placeholder = PlaceholderPresentation(context: PlaceholderContext(catalog: try examplesCatalog()))
        func configure(with error: ErrorType) {
            switch error {
            case .internetConnection: placeholder.configure(with: internetConnectionErrorStyle)
            case .unknown: placeholder.configure(with: unknownErrorStyle)
            }
        }
        #expect(placeholder.style == nil)
        configure(with: .internetConnection)
        #expect(placeholder.subtitle == "No connection" && placeholder.style?.name == "loading-error")
        configure(with: .unknown)
        #expect(placeholder.title == "Something went wrong" && placeholder.style?.name == "error")
    }

    @Test("a custom animated placeholder: name, speed, loop mode, fixed image height, a bold pink title")
    func animatedStyle() {
        let catStyle = PlaceholderStyle {
            $0.animation = PlaceholderAnimation(name: "cat", speed: 2, loopMode: .loop)
            $0.title = "Long time no see, Nyan cat"
        }
        .updatingAppearance {
            $0.imageViewAppearance.layout { $0.size = .fixedHeight(250) }
            $0.textViewAppearance {
                $0.titleAppearance {
                    $0.textAttributes = PlaceholderTextAttributes(
                        fontSize: 25, weight: .bold, color: .systemPink, alignment: .center, isMultiline: false)
                }
            }
        }
        #expect(catStyle.explicitImage == "cat")
        #expect(catStyle.appearance.imageViewAppearance.layout.size == .fixedHeight(250))
        // Speed 2 halves every delay; loop plays forever
        let file = AnimationTimeline(delays: [100, 50, 30], loop: .once)
        let played = catStyle.animation?.timeline(playing: file)
        #expect(played?.delays == [50, 25, 15] && played?.loop == .forever)
        #expect(PlaceholderAnimation(loopMode: .asEncoded).timeline(playing: file).loop == .once)
        #expect(
            PlaceholderAnimation(speed: 0, loopMode: .repeat(3)).timeline(playing: file)
                == AnimationTimeline(delays: [100, 50, 30], loop: .times(3)))
    }

    @Test("an image view with a placeholder: shown while the image is nil, hidden when set, shown again when nil")
    func imageSlot() throws {
        let catalog = try examplesCatalog(slot: true)
        var imageView = PlaceholderImageSlot<String>(context: PlaceholderContext(catalog: catalog))
        #expect(imageView.placeholder.choice.name == "global_image_placeholder_icon")
        #expect(imageView.showsPlaceholder)
        imageView.image = nil
        #expect(imageView.showsPlaceholder)
        imageView.image = "image"
        #expect(imageView.shown == .image("image"))
        imageView.image = nil
        #expect(imageView.showsPlaceholder)
    }

    @Test("rows of cats: a row without an image shows the placeholder; the row appearance is a value")
    func catRows() throws {
        typealias ViewModel = (image: String?, title: String, subtitle: String)
        let viewModels: [ViewModel] = [
            ("cat-worker", "Pusic", "C++ dev"), (nil, "Luke", "Jedi"), ("petDog", "Marzia", "HR"), ("petFox", "Fox", "iOS Dev"),
        ]
        let template = PlaceholderImageSlot<String>(context: PlaceholderContext(catalog: try examplesCatalog(slot: true)))
        // First every row without its image (still loading), then with it
        let loading = viewModels.map { _ in nil as String? }.configuring(template)
        let loaded = viewModels.map(\.image).configuring(template)
        #expect(loading.map(\.showsPlaceholder) == [true, true, true, true])
        #expect(loaded.map(\.showsPlaceholder) == [false, true, false, false])

        let rowAppearance = PlaceholderAppearance { container in
            container.contentInsets = .edges(16)
            container.backgroundColor = PlaceholderColor(
                .components(red: 0.8039215803, green: 0.8039215803, blue: 0.8039215803, alpha: 0.3))
            container.border = PlaceholderBorder(color: .black, width: 1, cornerRadius: 10)
            container.imageViewAppearance.border = PlaceholderBorder(cornerRadius: 12)
            container.textViewAppearance.titleAppearance.textAttributes = PlaceholderTextAttributes(
                fontSize: 25, color: .black, alignment: .center, isMultiline: false)
            container.textViewAppearance.subtitleAppearance.textAttributes = PlaceholderTextAttributes(
                fontSize: 18, italic: true, color: .gray, alignment: .center, isMultiline: false)
        }
        #expect(rowAppearance.backgroundColor.light.hexString == "#CDCDCD4D")
        #expect(rowAppearance.contentInsets == .edges(16))
    }

    // MARK: Stateful screens

    /// A wine list as a value: the life cycle with hasContent asked at each call.
    struct WineList: StatefulScreenHost {
        var screen = StatefulScreen()
        var wines: [String] = []
        let alerts = Recorder<ScreenError>()
        func hasContent() -> Bool { !wines.isEmpty }
        func handleErrorWhenContentAvailable(_ error: ScreenError) { alerts.append(error) }
    }

    @Test("the life cycle on a value: setupInitialViewState, startLoading, endLoading(error:)")
    func lifeCycleValue() {
        var list = WineList()
        list.setupInitialViewState()
        #expect(list.screen.state == .empty)
        list.startLoading()
        #expect(list.screen.state == .loading)
        list.endLoading(error: ScreenError(kind: .loadingData, message: "offline"))
        #expect(list.screen.state == .loadingError)
        // The screen re-appears: the error is still what it shows
        list.setupInitialViewState()
        #expect(list.screen.state == .loadingError)
        list.startLoading()
        list.wines = ["Riesling"]  // content arrived while loading: asked at endLoading
        list.endLoading()
        #expect(list.screen.state == .content)
        // An error with content on screen goes to the handler, the content stays
        list.startLoading()
        #expect(list.screen.decision?.showsSubtleActivityIndicator == true)
        list.endLoading(error: ScreenError(message: "boom"))
        #expect(list.screen.state == .content)
        #expect(list.alerts.values == [ScreenError(message: "boom")])
        #expect(list.placeholderViewInsets == .zero)
    }

    /// The same life cycle on an actor, which passes its own hasContent.
    actor WineStore {
        var wines: [String] = []
        var screen = StatefulScreen()
        func load(_ result: Result<[String], ScreenError>) -> PlaceholderState {
            screen.startLoading(hasContent: !wines.isEmpty)
            switch result {
            case .success(let loaded):
                wines = loaded
                screen.endLoading(hasContent: !wines.isEmpty)
            case .failure(let error): screen.endLoading(error: error, hasContent: !wines.isEmpty)
            }
            return screen.state
        }
    }

    @Test("the life cycle on an actor")
    func lifeCycleActor() async {
        let store = WineStore()
        #expect(await store.load(.failure(ScreenError(message: "boom"))) == .error)
        #expect(await store.load(.success([])) == .empty)
        #expect(await store.load(.success(["Merlot"])) == .content)
        #expect(await store.load(.failure(ScreenError(message: "again"))) == .content)
    }

    @Test("placeholder insets come from the style on screen")
    func insets() {
        let inset = ScreenPlaceholderStyles(empty: .emptyStateStyle.updatingAppearance { $0.placeholderViewInsets = .edges(20) })
        var screen = StatefulScreen(styles: inset)
        screen.endLoading(hasContent: false)
        #expect(screen.placeholderViewInsets == PlaceholderEdgeInsets(top: 20, left: 20, bottom: 20, right: 20))
    }

    @Test("the view-state machine: subscript, animated transitions with a completion, unregister")
    func stateMachine() throws {
        var stateMachine = ViewStateMachine<String, PlaceholderStyle>()
        stateMachine["loading"] = .loadingStyle
        stateMachine["other"] = .emptyStateStyle
        var finished: [String] = []
        let animated = Recorder<Bool>()
        stateMachine.observe { animated.append($0.animated) }
        try stateMachine.transition(to: "loading", animated: true) { _ in finished.append("finished switching to loading view") }
        try stateMachine.transition(to: nil, animated: true) { _ in finished.append("all views hidden now") }
        #expect(finished == ["finished switching to loading view", "all views hidden now"])
        #expect(animated.values == [true, true])
        // Unregistering the state on screen first shows the content
        try stateMachine.transition(to: "other")
        stateMachine["other"] = nil
        #expect(stateMachine.current == nil && stateMachine["other"] == nil)
        #expect(throws: ViewStateError.self) { try stateMachine.transition(to: "other") }
        #expect(stateMachine.unregister("loading") != nil && stateMachine.placeholders.isEmpty)
    }

    // MARK: Model-configured views

    struct TableViewCell: IdentifiableView, ModelConfigurable, SelectableView, HighlightableView {
        struct Model { let title: String }
        var title = ""
        var isSelected = false
        var isHighlighted = false
        var titleColor = PlaceholderColor.label
        mutating func configure(with model: Model) { title = model.title }
        mutating func didSetSelected(_ selected: Bool, animated: Bool) { titleColor = selected ? .systemBlue : .label }
        mutating func didSetHighlighted(_ highlighted: Bool, animated: Bool) { titleColor = highlighted ? .gray : .label }
    }

    struct NamedCell: IdentifiableView {
        static var viewIdentifier: String { "named-cell" }
    }

    @Test("identifier, type-erased configure, selection and highlight")
    func modelConfigured() {
        #expect(TableViewCell.viewIdentifier == "TableViewCell")
        #expect(NamedCell.viewIdentifier == "named-cell")
        var cell = TableViewCell()
        let accepted = cell.configure(TableViewCell.Model(title: "Hello") as Any)
        #expect(accepted)
        #expect(cell.title == "Hello")
        let refused = cell.configure("not a model" as Any)
        #expect(!refused)
        #expect(cell.title == "Hello")
        cell.setSelected(true, animated: true)
        #expect(cell.isSelected && cell.titleColor == .systemBlue)
        cell.setHighlighted(true)
        #expect(cell.isHighlighted && cell.titleColor == .gray)
    }

    // MARK: Decorations

    @MainActor class View { var backgroundColor = PlaceholderColor.clear }
    @MainActor final class Switch: View { var isOn = false }

    struct MyViewState: OptionSet, Hashable, Sendable {
        let rawValue: Int
        static let normal = MyViewState(rawValue: 1 << 0)
        static let disabled = MyViewState(rawValue: 1 << 1)
        static let favorite = MyViewState(rawValue: 1 << 2)
        static let selected = MyViewState(rawValue: 1 << 3)
    }

    @Test("decorations compose with + for any type, @MainActor classes included; a superclass's decoration joins through a closure")
    @MainActor
    func decorations() {
        let white = StyleDecoration<View> { $0.backgroundColor = .white }
        let on = StyleDecoration<Switch> { $0.isOn = true }
        let toggle = Switch()
        (on + { white($0) })(toggle)
        #expect(toggle.isOn && toggle.backgroundColor == .white)
        // A superclass's decoration applies to a subclass instance as it is
        let other = Switch()
        white(other)
        #expect(other.backgroundColor == .white && !other.isOn)
        let rounded = StyleDecoration.of(PlaceholderAppearance.self) { $0.border.cornerRadius = 12 }
        let pink = StyleDecoration<PlaceholderAppearance> { $0.backgroundColor = .systemPink }
        let look = (rounded + pink).applied(to: .standard)
        #expect(look.border.cornerRadius == 12 && look.backgroundColor == .systemPink)
        // Order matters: the later one wins
        #expect((pink + StyleDecoration { $0.backgroundColor = .black }).applied(to: .standard).backgroundColor == .black)
    }

    @Test("styles keyed by an OptionSet state: setting the state applies, preparing the current state applies at once")
    func stateStyles() {
        var view = StateDecorated(PlaceholderAppearance.standard, state: MyViewState.normal)
        view.prepare(.disabled) { $0.backgroundColor = .gray }
        view.prepare(.favorite) { $0.backgroundColor = PlaceholderColor(.hex(0xFFFF00)) }
        #expect(view.value.backgroundColor == .systemBackground)
        view.state = .selected  // nothing prepared for it
        #expect(view.value.backgroundColor == .systemBackground)
        view.state = .disabled
        #expect(view.value.backgroundColor == .gray)
        view.state = [.disabled, .favorite]
        view.prepare([.disabled, .favorite]) { $0.border.width = 2 }  // the current state: applied at once
        #expect(view.value.border.width == 2)
        // Any Hashable works as a key
        var button = StateDecorated(ControlStateAppearance(), state: ControlState.normal)
        button.prepare(.disabled) { $0.backgroundColor = .systemFill }
        button.state = .disabled
        #expect(button.value.backgroundColor == .systemFill)
    }
}

/// A catalog with the error icon (and, with `slot`, the image-slot placeholder), made in a temporary folder.
func examplesCatalog(slot: Bool = false) throws -> AssetCatalog {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)/Assets.xcassets")
    // The model is all the callers use: the folder goes once it is read.
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    var sets = ["placeholder_error_icon"]
    if slot { sets.append("global_image_placeholder_icon") }
    for name in sets {
        let folder = root.appendingPathComponent("\(name).imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"images": [{"idiom": "universal", "filename": "icon.pdf"}], "info": {"version": 1, "author": "xcode"}}"#.utf8)
            .write(to: folder.appendingPathComponent("Contents.json"))
        try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: folder.appendingPathComponent("icon.pdf"))
    }
    return try AssetCatalog.read(at: root.path)
}
