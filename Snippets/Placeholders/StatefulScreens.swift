// A stateful screen's life cycle and the view-state machine under it.
import AssetPlaceholders

// snippet.host
struct WineList: StatefulScreenHost {
    var screen = StatefulScreen()
    var wines: [String] = []
    func hasContent() -> Bool { !wines.isEmpty }
    func handleErrorWhenContentAvailable(_ error: ScreenError) { print("banner: \(error)") }
}

var list = WineList()
// The styles are set once the screen has loaded, as the original sets its views in viewDidLoad.
list.screen.styles.empty = PlaceholderStyle.emptyStateStyle.updating { $0.subtitle = "No items found" }
list.setupInitialViewState()  // empty
list.startLoading()  // loading
struct Offline: Error {}
list.endLoading(error: Offline())  // error: any Error, straight from a completion handler
list.endLoading(error: ScreenError(kind: .loadingData, message: "offline"))  // loading-error
// snippet.end
print(list.screen.state)

// snippet.machine
var stateMachine = ViewStateMachine<String, PlaceholderStyle>()
stateMachine["loading"] = .loadingStyle
stateMachine["other"] = .emptyStateStyle
do {
    try stateMachine.transition(to: "loading", animated: true) { _ in print("finished switching to loading view") }
    try stateMachine.transition(to: nil, animated: true) { _ in print("all views hidden now") }
} catch {
    print(error)  // a state nobody registered
}
stateMachine.unregister("other")
// snippet.end
