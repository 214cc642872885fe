/// A stateful screen: the content-state decision tree driving a view-state machine with the standard
/// placeholder states, and an error handler for errors raised while content is shown.
import AssetsSupport
import AssetsCodecs

public struct StatefulScreen: Sendable {
    public private(set) var machine: ViewStateMachine<PlaceholderStyle>
    public let styles: ScreenPlaceholderStyles
    /// Receives errors raised while content is on screen (a toast, a banner).
    public var errorHandler: (@Sendable (ScreenError) -> Void)?

    public init(styles: ScreenPlaceholderStyles = .standard, errorHandler: (@Sendable (ScreenError) -> Void)? = nil) {
        self.styles = styles
        self.errorHandler = errorHandler
        var machine = ViewStateMachine<PlaceholderStyle>()
        machine.register(styles.loading, for: "loading")
        machine.register(styles.empty, for: "empty")
        machine.register(styles.error, for: "error")
        machine.register(styles.loadingDataError, for: "loading-error")
        self.machine = machine
    }

    /// Calls `observer` after every change of state.
    public mutating func observe(_ observer: @escaping @Sendable (ViewStateMachine<PlaceholderStyle>.Transition) -> Void) {
        machine.observe(observer)
    }

    /// Applies the decision for the screen's current facts and returns it.
    @discardableResult
    public mutating func update(isLoading: Bool, hasContent: Bool, error: ScreenError?) -> ContentStateDecision {
        let decision = ContentStateDecision(isLoading: isLoading, hasContent: hasContent, error: error, styles: styles)
        do {
            try machine.transition(to: decision.stateName)
        } catch {
            // Every state name the decision gives is registered in `init`; nothing to report.
        }
        if let routed = decision.errorForHandler {
            errorHandler?(routed)
        }
        return decision
    }
}
