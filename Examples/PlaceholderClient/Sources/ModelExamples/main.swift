// The placeholder model's counterpart of each usage example of the original UIKit libraries (a placeholder
// kit, a stateful view controller, a collection kit of model-configured views, composable decorations),
// written against `import AssetPlaceholders` alone. Views become values or small @MainActor classes; each
// example checks the values the original would show. Prints one line per group and exits 1 on any mismatch.
import AssetPlaceholders
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var failures: [String] = []
var checks = 0

/// Records `condition`; a false one is printed with its line at the end.
@MainActor func check(_ condition: Bool, _ what: String, line: Int = #line) {
    checks += 1
    if !condition { failures.append("line \(line): \(what)") }
}

// MARK: - Placeholder kit: configuration

// A style with text only: no image is shown, no buttons.
let styleWithText = PlaceholderStyle(title: "Server error has occured!")
check(styleWithText.title == "Server error has occured!", "title of the text-only style")
check(
    styleWithText.role == nil && styleWithText.explicitImage == nil && styleWithText.imageRole == nil,
    "the text-only style looks no image up")
check(styleWithText.buttons.isEmpty, "the text-only style has no buttons")

// A fully configured style: image, text, appearance and a button with its normal-state appearance.
let black20 = PlaceholderTextAttributes(fontSize: 20, color: .black, alignment: .natural, isMultiline: false)
let customStyle = PlaceholderStyle(
    image: "proj-placeholder-image",
    title: "An error has occured",
    subtitle: "Please, reload the page",
    buttons: [
        PlaceholderButton(
            titles: [.normal: "Reload"],
            appearance: ButtonAppearance(stateAppearances: [.normal: ControlStateAppearance(textAttributes: black20)]))
    ],
    appearance: PlaceholderAppearance { placeholder in
        placeholder.backgroundColor = .blue
        placeholder.textViewAppearance { textView in
            textView.titleAppearance { title in title.textAttributes = black20 }
            textView.subtitleAppearance = textView.titleAppearance
        }
    }
)
check(customStyle.image == .named("proj-placeholder-image"), "custom style's image")
check(customStyle.appearance.backgroundColor.light.hexString == "#0000FF", "UIKit's .blue is #0000FF")
check(customStyle.appearance.textViewAppearance.subtitleAppearance.textAttributes == black20, "subtitle copies the title's appearance")
check(customStyle.buttons[0].title == "Reload", "button title")
check(customStyle.buttons[0].appearance.appearance(for: .normal).textAttributes.fontSize == 20, "button normal font size")
check(
    customStyle.buttons[0].appearance.appearance(for: .highlighted) == customStyle.buttons[0].appearance.appearance(for: .normal),
    "a state without its own appearance looks as normal does")
print("configuration: ok")

// MARK: - Placeholder kit: the builders

let styleFromInit = PlaceholderStyle { style in
    style.image = "proj-placeholder-image"
    style.title = "An error has occured"
    style.subtitle = "Please, reload the page"
}
let styleWithUpdatedImage = styleFromInit.updating { style in
    style.image = "proj-other-placeholder-image"
}
let styleWithAppearance = styleFromInit.updatingAppearance { placeholder in
    placeholder.backgroundColor = .blue
    placeholder.textViewAppearance { textView in
        textView.titleAppearance { title in title.textAttributes = black20 }
        textView.subtitleAppearance = textView.titleAppearance
    }
}
let styleWithButton = styleWithAppearance.withButton { buttonStyle in
    buttonStyle.titles = [.normal: "Reload"]
    buttonStyle.appearance = ButtonAppearance { $0.update(.normal) { $0.textAttributes = black20 } }
}
check(
    styleFromInit.image == "proj-placeholder-image" && styleWithUpdatedImage.image == "proj-other-placeholder-image",
    "updating returns a changed copy and leaves the original")
check(styleFromInit.appearance == .standard, "the builder did not touch the original's appearance")
check(styleWithAppearance.appearance.textViewAppearance.titleAppearance.textAttributes == black20, "updatingAppearance")
check(styleWithButton.buttons.map(\.title) == ["Reload"], "withButton adds one button")

// withButtons on a style with one button: button 0 keeps its style (to add to or override), button 1 is new.
let styleWithTwoButtons = styleWithButton.withButtons(2, axis: .vertical) { index, buttonStyle in
    if index == 1 {
        buttonStyle.titles = [.normal: "Wait"]
        buttonStyle.appearance = ButtonAppearance { $0.update(.normal) { $0.textAttributes = black20 } }
    }
}
check(styleWithTwoButtons.buttons.map(\.title) == ["Reload", "Wait"], "two buttons, the first kept")
check(styleWithTwoButtons.buttonAxis == .vertical, "buttons stack vertically")
check(styleWithTwoButtons.buttons[0].appearance.appearance(for: .normal).textAttributes == black20, "button 0 keeps its appearance")

// In place: update and updateAppearance change the style itself.
var editable = PlaceholderStyle.emptyStateStyle
editable.update { $0.subtitle = "Add your first item" }
editable.updateAppearance { $0.backgroundColor = .yellow }
check(
    editable.subtitle == "Add your first item" && editable.appearance.backgroundColor.light.hexString == "#FFFF00",
    "update changes in place; UIKit's .yellow is #FFFF00")
print("builders: ok")

// MARK: - Placeholder kit: the standard styles and their icons

check(PlaceholderStyle.errorStyle.role?.conventionalName == "placeholder_error_icon", "error icon name")
check(PlaceholderStyle.loadingDataErrorStyle.role?.conventionalName == "placeholder_loading_data_icon", "loading-data icon name")
check(PlaceholderStyle.emptyStateStyle.role?.conventionalName == "placeholder_empty_state_icon", "empty-state icon name")
check(PlaceholderRole.imageSlot.conventionalName == "global_image_placeholder_icon", "image-slot placeholder name")
check(
    PlaceholderStyle.errorStyle.image == .conventional && PlaceholderStyle.errorStyle.imageRole == .error,
    "error style shows its role's icon")

// Text through a localization provider given to the factory.
let german = StringTable(["placeholder.error.title": "Etwas ist schiefgelaufen", "placeholder.retry": "Erneut versuchen"])
check(PlaceholderStyle.errorStyle.title?.text(using: german) == "Etwas ist schiefgelaufen", "localized title")
check(PlaceholderStyle.errorStyle.subtitle?.text(using: german) == "Please try again.", "the default when the provider lacks a key")
check(PlaceholderStyle.errorStyle.buttons[0].title.text(using: german) == "Erneut versuchen", "localized retry button")

// An explicit nil image shows nothing, and the style stays the error style.
let errorWithoutIcon = PlaceholderStyle.errorStyle.updating { $0.image = nil }
check(!errorWithoutIcon.showsImage && errorWithoutIcon.imageRole == nil, "nil image: nothing is looked up")
check(errorWithoutIcon.name == "error" && errorWithoutIcon.role == .error, "nil image keeps the style's name and role")
print("standard styles: ok")

// MARK: - Placeholder kit: a screen's own action on the error style

/// The controller's current placeholder, which the close button removes.
@MainActor final class CustomViewController {
    var currentPlaceholder: PlaceholderStyle?

    var customErrorStyle: PlaceholderStyle {
        PlaceholderStyle.errorStyle.withButtons(1, axis: .vertical) { _, buttonStyle in
            buttonStyle.action = PlaceholderAction("close-placeholder") { [weak self] in self?.closePlaceholder() }
        }
    }

    func viewWillAppear() {
        // some activity with error result...
        currentPlaceholder = customErrorStyle
    }

    func closePlaceholder() {
        currentPlaceholder = nil
    }
}

let controller = CustomViewController()
controller.viewWillAppear()
check(controller.currentPlaceholder?.buttons.count == 1, "one button")
check(controller.currentPlaceholder?.buttons[0].title == .localized("placeholder.retry", default: "Try again"), "the retry title is kept")
check(controller.currentPlaceholder?.buttons[0].action.name == "close-placeholder", "the action's name")
let tapped = controller.currentPlaceholder?.buttons[0].action.perform()
check(tapped == true && controller.currentPlaceholder == nil, "a tap runs the controller's code")
check(!PlaceholderStyle.errorStyle.buttons[0].action.hasHandler, "the standard retry button does nothing until given a handler")
var retry = PlaceholderStyle.errorStyle.buttons[0]
var retried = 0
retry.onTap { retried += 1 }
retry.action.perform()
check(retried == 1 && retry.action == .retry, "onTap keeps the name retry and runs the code")
print("actions: ok")

// MARK: - Placeholder kit: a placeholder configured per error type, without a factory

enum ErrorType { case internetConnection, unknown }

/// A placeholder view as a value: configured from a style, hidden until then.
struct PlaceholderHolder: ModelConfigurable {
    var style: PlaceholderStyle?
    var isHidden = true
    mutating func configure(with model: PlaceholderStyle) {
        style = model
        isHidden = false
    }
}

let internetConnectionErrorStyle = PlaceholderStyle.loadingDataErrorStyle.updating { $0.subtitle = "No connection" }
let unknownErrorStyle = PlaceholderStyle.errorStyle.updating { _ in }
var holder = PlaceholderHolder()
@MainActor func configure(with error: ErrorType) {
    switch error {
    case .internetConnection: holder.configure(with: internetConnectionErrorStyle)
    case .unknown: holder.configure(with: unknownErrorStyle)
    }
}
check(holder.isHidden, "hidden before it is configured")
configure(with: .internetConnection)
check(!holder.isHidden && holder.style?.name == "loading-error" && holder.style?.subtitle == "No connection", "internet connection error")
configure(with: .unknown)
check(holder.style?.name == "error", "unknown error")
print("without a factory: ok")

// MARK: - Placeholder kit: a custom animated placeholder (the Lottie example)

let lottieStyle = PlaceholderStyle {
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
check(lottieStyle.explicitImage == "cat", "the animation's asset is looked up")
check(lottieStyle.appearance.imageViewAppearance.layout.size == .fixedHeight(250), "fixed image height")
let catFile = AnimationTimeline(delays: [100, 50, 30], loop: .once)
let catPlayed = lottieStyle.animation?.timeline(playing: catFile)
check(catPlayed?.delays == [50, 25, 15] && catPlayed?.loop == .forever, "speed 2 halves each delay; loop plays forever")
check(catPlayed?.frame(atMilliseconds: 60) == 1, "frame on screen at 60 ms")
check(
    PlaceholderAnimation(speed: 1e-18, loopMode: .repeat(2)).timeline(playing: catFile).cycleDuration == Int.max,
    "a very slow animation saturates, never wraps")
print("animated placeholder: ok")

// MARK: - Placeholder kit: the cat rows' appearance

let rowAppearance = PlaceholderAppearance { container in
    container.contentInsets = .edges(16)
    container.backgroundColor = PlaceholderColor(.components(red: 0.8039215803, green: 0.8039215803, blue: 0.8039215803, alpha: 0.3))
    container.border = PlaceholderBorder(color: .black, width: 1, cornerRadius: 10)
    container.imageViewAppearance.border = PlaceholderBorder(cornerRadius: 12)
    container.textViewAppearance.titleAppearance.textAttributes =
        PlaceholderTextAttributes(fontSize: 25, color: .black, alignment: .center, isMultiline: false)
    container.textViewAppearance.subtitleAppearance.textAttributes =
        PlaceholderTextAttributes(fontSize: 18, italic: true, color: .gray, alignment: .center, isMultiline: false)
}
check(rowAppearance.backgroundColor.light.hexString == "#CDCDCD4D", "row background")
check(rowAppearance.contentInsets == PlaceholderEdgeInsets(top: 16, left: 16, bottom: 16, right: 16), "row insets")
check(rowAppearance.textViewAppearance.subtitleAppearance.textAttributes.color.light.hexString == "#808080", "UIKit's .gray is #808080")
print("rows: ok")

// MARK: - Stateful view controller: the life cycle

/// A wine list adopting the stateful protocol; its placeholder styles are set once the view has loaded.
@MainActor final class MyViewController: @MainActor StatefulScreenHost {
    var screen = StatefulScreen()
    var datasourceArray: [String] = []
    var alerts: [String] = []

    func viewDidLoad() {
        screen.styles.empty = PlaceholderStyle.emptyStateStyle.updating { $0.subtitle = "No items found" }
        screen.styles.error = .errorStyle
        screen.styles.loading = .loadingStyle
    }

    func hasContent() -> Bool { !datasourceArray.isEmpty }
    func handleErrorWhenContentAvailable(_ error: ScreenError) { alerts.append("Ooops: \(error.message)") }
}

struct NetworkError: Error, CustomStringConvertible { var description: String { "The Internet connection appears to be offline." } }

var wines = MyViewController()
wines.viewDidLoad()
wines.setupInitialViewState()
check(wines.screen.state == .empty, "initial state without content: empty")
check(wines.screen.machine.currentPlaceholder?.subtitle == "No items found", "the empty style set in viewDidLoad is shown")
wines.startLoading()
check(wines.screen.state == .loading, "loading")
wines.endLoading(error: NetworkError())
check(wines.screen.state == .error, "any Error ends loading in the error state")
check(wines.screen.lastError?.underlying is NetworkError, "the original error is kept")
check(wines.screen.lastError?.message == "The Internet connection appears to be offline.", "the error's description")
wines.startLoading()
wines.datasourceArray = ["Riesling"]  // the load brought content
wines.endLoading(error: nil)
check(wines.screen.state == .content, "content")
wines.startLoading()
check(wines.screen.decision?.showsSubtleActivityIndicator == true, "loading with content: a subtle activity indicator")
wines.endLoading(error: NetworkError())
check(wines.screen.state == .content, "an error while content shows keeps the content")
check(wines.alerts == ["Ooops: The Internet connection appears to be offline."], "the error goes to the handler")
print("stateful screen: ok")

// Custom placeholder insets, from the placeholder's style.
var inset = StatefulScreen()
inset.styles.empty = PlaceholderStyle.emptyStateStyle.updatingAppearance {
    $0.placeholderViewInsets = PlaceholderEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
}
inset.endLoading(hasContent: false)
check(inset.placeholderViewInsets == .edges(20), "the placeholder's insets")
inset.startLoading(hasContent: true)
inset.endLoading(hasContent: true)
check(inset.placeholderViewInsets == .zero, "content: full screen")
print("insets: ok")

// MARK: - Stateful view controller: the view-state machine

var stateMachine = ViewStateMachine<String, PlaceholderStyle>()
stateMachine["loading"] = .loadingStyle
stateMachine["other"] = .emptyStateStyle
var log: [String] = []
do {
    try stateMachine.transition(to: "loading", animated: true) { _ in log.append("finished switching to loading view") }
    try stateMachine.transition(to: nil, animated: true) { _ in log.append("all views hidden now") }
} catch {
    check(false, "a registered state was refused: \(error)")
}
check(log == ["finished switching to loading view", "all views hidden now"], "completions in order")
check(stateMachine.current == nil, "all views hidden")
do {
    try stateMachine.transition(to: "missing")
    check(false, "an unregistered state must be refused")
} catch {
    check(error == .unregistered("missing", registered: ["loading", "other"]), "the refusal names the state and the registered ones")
}
print("state machine: ok")

// MARK: - Collection views: identifiable, model-configurable, selectable, highlightable

/// A table view cell as a value.
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

struct NibTableViewCell: IdentifiableView {
    static var viewIdentifier: String { "nib-table-view-cell" }
}

check(TableViewCell.viewIdentifier == "TableViewCell", "the identifier is the type's name by default")
check(NibTableViewCell.viewIdentifier == "nib-table-view-cell", "a view names itself")
var cell = TableViewCell()
check(cell.configure(TableViewCell.Model(title: "Hello") as Any) && cell.title == "Hello", "configure from any value")
check(!cell.configure("not a model" as Any) && cell.title == "Hello", "a value of another type is ignored")
cell.setSelected(true, animated: true)
check(cell.isSelected && cell.titleColor == .systemBlue, "selection")
cell.setHighlighted(true)
check(cell.isHighlighted && cell.titleColor == .gray, "highlight")
check(
    [TableViewCell.Model(title: "A"), TableViewCell.Model(title: "B")].configuring(TableViewCell()).map(\.title) == ["A", "B"],
    "a list of rows in one call")
print("model-configured views: ok")

// MARK: - Decorations

@MainActor class View { var backgroundColor = PlaceholderColor.clear }
@MainActor final class Switch: View { var isOn = false }
@MainActor final class Label: View { var text = "" }

let decoration = StyleDecoration<View> { view in view.backgroundColor = .white }
let view = View()
decoration(view)
check(view.backgroundColor == .white, "a decoration applied to a view")

// Composition: same type with +; a superclass's decoration joins through a checked closure
// (`switchStyle + { labelStyle($0) }` does not compile, as the original forbids).
let switchStyle = StyleDecoration<Switch> { $0.isOn = true }
let composed = switchStyle + { decoration($0) }
let toggle = Switch()
composed(toggle)
check(toggle.isOn && toggle.backgroundColor == .white, "Decoration<Switch> + Decoration<View> is a Decoration<Switch>")
let twice = switchStyle + StyleDecoration { $0.backgroundColor = .black }
let other = Switch()
twice(other)
check(other.isOn && other.backgroundColor == .black, "same-type composition, in order")

// Made for a type, as autocomplete writes it.
let made = StyleDecoration.of(Label.self) { $0.text = "decorated" }
let label = Label()
made(label)
check(label.text == "decorated", "StyleDecoration.of(Label.self)")

// State-keyed decorations on an OptionSet state.
struct MyViewState: OptionSet, Hashable {
    let rawValue: Int
    static let normal = MyViewState(rawValue: 1 << 0)
    static let disabled = MyViewState(rawValue: 1 << 1)
    static let favorite = MyViewState(rawValue: 1 << 2)
    static let selected = MyViewState(rawValue: 1 << 3)
}

var myView = StateDecorated(View(), state: MyViewState.normal)
myView.prepare(MyViewState.disabled) { $0.backgroundColor = .gray }
myView.prepare(MyViewState.favorite) { $0.backgroundColor = .yellow }
check(myView.value.backgroundColor == .clear, "nothing applied before the state changes")
myView.state = [.disabled, .favorite]
check(myView.value.backgroundColor == .clear, "no decoration prepared for the combined state")
myView.state = .selected
myView.state = .disabled
check(myView.value.backgroundColor == .gray, "the disabled decoration is applied")
myView.state = .favorite
check(myView.value.backgroundColor == .yellow, "the favorite decoration is applied")
myView.prepare(.favorite) { $0.backgroundColor = .systemPink }
check(myView.value.backgroundColor == .systemPink, "preparing the current state applies at once")
print("decorations: ok")

if failures.isEmpty {
    print("ModelExamples: \(checks) checks passed")
} else {
    print("ModelExamples: \(failures.count) of \(checks) checks failed:\n" + failures.joined(separator: "\n"))
    exit(1)
}
