/// The view-state machine of a stateful screen: one placeholder style per ``PlaceholderState``.
public typealias ScreenStateMachine = ViewStateMachine<PlaceholderState, PlaceholderStyle>

/// A stateful screen without UIKit: the decision tree (``ContentStateDecision``) driving a view-state
/// machine with the standard placeholder states, the life cycle of a screen that loads its content
/// (``setupInitialViewState(hasContent:animated:completion:)``, ``startLoading(hasContent:animated:completion:)``,
/// ``endLoading(error:hasContent:animated:completion:)``) and an error handler for errors raised while
/// content is shown.
///
/// `hasContent` is an autoclosure, asked at the moment a call decides, never remembered: a screen whose
/// list filled while it loaded shows its content. A value type adopts ``StatefulScreenHost`` and gets the
/// argument-less calls; an actor keeps a `StatefulScreen` and passes its own `hasContent` (both are in
/// <doc:ThePlaceholderModel>).
public struct StatefulScreen: Sendable {
    public private(set) var machine: ScreenStateMachine
    /// The placeholder shown in each state. Settable at any time, as the original sets its views in
    /// `viewDidLoad`: the machine's placeholders change at once, the one on screen included (observers are
    /// not called: the state did not change).
    public var styles: ScreenPlaceholderStyles {
        didSet { register(styles) }
    }
    /// Receives errors raised while content is on screen (a toast, a banner).
    public var errorHandler: (@Sendable (ScreenError) -> Void)?
    /// Whether a load is under way (between ``startLoading(hasContent:animated:completion:)`` and
    /// ``endLoading(error:hasContent:animated:completion:)``).
    public private(set) var isLoading = false
    /// The error of the last load, while it is what the screen shows; a new load clears it.
    public private(set) var lastError: ScreenError?
    /// The last decision made.
    public private(set) var decision: ContentStateDecision?

    public init(styles: ScreenPlaceholderStyles = .standard, errorHandler: (@Sendable (ScreenError) -> Void)? = nil) {
        self.styles = styles
        self.errorHandler = errorHandler
        self.machine = ScreenStateMachine()
        register(styles)
    }

    private mutating func register(_ styles: ScreenPlaceholderStyles) {
        machine[.loading] = styles.loading
        machine[.empty] = styles.empty
        machine[.error] = styles.error
        machine[.loadingError] = styles.loadingDataError
        if let placeholder = decision?.placeholderState.flatMap({ machine[$0] }) { decision?.placeholder = placeholder }
    }

    /// The state on screen: a placeholder state, or ``PlaceholderState/content``.
    public var state: PlaceholderState { machine.current ?? .content }

    /// The inset of the placeholder on screen from the screen's edges: its style's
    /// ``PlaceholderAppearance/placeholderViewInsets``, zero (full screen) when content shows.
    public var placeholderViewInsets: PlaceholderEdgeInsets {
        machine.currentPlaceholder?.appearance.placeholderViewInsets ?? .zero
    }

    /// Calls `observer` after every change of state.
    public mutating func observe(_ observer: @escaping @Sendable (ScreenStateMachine.Transition) -> Void) {
        machine.observe(observer)
    }

    /// Shows the state of the facts as they stand, without animation: loading while a load is under way,
    /// the last error when there is one, else empty or content. Call it when the screen appears.
    @discardableResult
    public mutating func setupInitialViewState(
        hasContent: @autoclosure () -> Bool,
        animated: Bool = false,
        completion: ((ScreenStateMachine.Transition?) -> Void)? = nil
    ) -> ContentStateDecision {
        apply(isLoading: isLoading, hasContent: hasContent(), error: lastError, animated: animated, completion: completion)
    }

    /// A load begins: the loading placeholder when there is no content, else the content stays (with a
    /// subtle activity indicator in the decision).
    @discardableResult
    public mutating func startLoading(
        hasContent: @autoclosure () -> Bool,
        animated: Bool = false,
        completion: ((ScreenStateMachine.Transition?) -> Void)? = nil
    ) -> ContentStateDecision {
        isLoading = true
        lastError = nil
        return apply(isLoading: true, hasContent: hasContent(), error: nil, animated: animated, completion: completion)
    }

    /// A load ends, with `error` when it failed: any error (`endLoading(error: error)` straight from a
    /// completion handler); a ``ScreenError`` of kind ``ScreenError/Kind/loadingData`` shows the
    /// loading-data error placeholder, any other error the error placeholder (``ScreenError/init(_:kind:)``).
    /// `hasContent` is asked now: with content, the content shows and the error goes to ``errorHandler``
    /// (the decision's `errorForHandler`); without, the error, the loading-data error or the empty
    /// placeholder shows.
    @discardableResult
    public mutating func endLoading(
        error: (any Error)? = nil,
        hasContent: @autoclosure () -> Bool,
        animated: Bool = true,
        completion: ((ScreenStateMachine.Transition?) -> Void)? = nil
    ) -> ContentStateDecision {
        isLoading = false
        let error = error.map { ScreenError($0) }
        let decision = apply(isLoading: false, hasContent: hasContent(), error: error, animated: animated, completion: completion)
        lastError = decision.state == .error || decision.state == .loadingError ? error : nil
        return decision
    }

    /// Applies the decision for the given facts and returns it (the life-cycle calls use this).
    @discardableResult
    public mutating func update(isLoading: Bool, hasContent: Bool, error: (any Error)?) -> ContentStateDecision {
        apply(isLoading: isLoading, hasContent: hasContent, error: error.map { ScreenError($0) }, animated: false, completion: nil)
    }

    private mutating func apply(
        isLoading: Bool, hasContent: Bool, error: ScreenError?, animated: Bool,
        completion: ((ScreenStateMachine.Transition?) -> Void)?
    ) -> ContentStateDecision {
        let decision = ContentStateDecision(isLoading: isLoading, hasContent: hasContent, error: error, styles: styles)
        do {
            try machine.transition(to: decision.placeholderState, animated: animated, completion: completion)
        } catch {
            // Every state the decision gives is registered in `init`; nothing to report.
        }
        if let routed = decision.errorForHandler {
            errorHandler?(routed)
        }
        self.decision = decision
        return decision
    }
}

/// A value that owns a ``StatefulScreen`` and knows whether it has content: it gets the life cycle of a
/// stateful view controller as argument-less calls, with `hasContent()` asked at the moment each decides.
///
/// A `@MainActor` view controller adopts it with an isolated conformance (Swift 6.2), and its
/// `hasContent()` reads its views' data on the main actor:
/// `final class WinesViewController: UIViewController, @MainActor StatefulScreenHost`
/// (`Examples/PlaceholderClient` has one).
public protocol StatefulScreenHost {
    var screen: StatefulScreen { get set }
    /// Whether there is content to show; true unless the host says otherwise.
    func hasContent() -> Bool
    /// An error raised while content is on screen; nothing happens unless the host says otherwise.
    func handleErrorWhenContentAvailable(_ error: ScreenError)
}

extension StatefulScreenHost {
    public func hasContent() -> Bool { true }
    public func handleErrorWhenContentAvailable(_ error: ScreenError) {}

    /// See ``StatefulScreen/setupInitialViewState(hasContent:animated:completion:)``.
    public mutating func setupInitialViewState() {
        let content = hasContent()
        screen.setupInitialViewState(hasContent: content)
    }

    /// See ``StatefulScreen/startLoading(hasContent:animated:completion:)``.
    public mutating func startLoading(animated: Bool = false, completion: ((ScreenStateMachine.Transition?) -> Void)? = nil) {
        let content = hasContent()
        screen.startLoading(hasContent: content, animated: animated, completion: completion)
    }

    /// See ``StatefulScreen/endLoading(error:hasContent:animated:completion:)``; an error while content
    /// shows goes to ``handleErrorWhenContentAvailable(_:)``.
    public mutating func endLoading(
        error: (any Error)? = nil, animated: Bool = true,
        completion: ((ScreenStateMachine.Transition?) -> Void)? = nil
    ) {
        let content = hasContent()
        let decision = screen.endLoading(error: error, hasContent: content, animated: animated, completion: completion)
        if let routed = decision.errorForHandler { handleErrorWhenContentAvailable(routed) }
    }

    /// The placeholder's inset from the screen's edges (zero: full screen).
    public var placeholderViewInsets: PlaceholderEdgeInsets { screen.placeholderViewInsets }
}
