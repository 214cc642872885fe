/// A small state machine of placeholder views: register a placeholder per state (by subscript or
/// ``register(_:for:)``), move to a state or to none (the content), and observe every move.
///
/// States are any `Hashable` value: ``PlaceholderState`` for the standard screen (``StatefulScreen``),
/// or a team's own names (`"loading"`, `"other"`). A move can be animated: the machine has no views, so it
/// passes `animated` to its observers (which animate) and calls the move's completion once the new state
/// is entered.
///
/// ```swift
/// var machine = ViewStateMachine<String, PlaceholderStyle>()
/// machine["loading"] = .loadingStyle
/// machine["other"] = .emptyStateStyle
/// try machine.transition(to: "loading", animated: true) { _ in print("loading shown") }
/// try machine.transition(to: nil, animated: true) { _ in print("every placeholder hidden") }
/// ```
public struct ViewStateMachine<State: Hashable & Sendable, Placeholder: Sendable>: Sendable {
    /// One change of state.
    public struct Transition: Sendable {
        /// The state left; nil when content was shown.
        public var from: State?
        /// The state entered; nil when content is shown.
        public var to: State?
        /// The placeholder registered for `to`.
        public var placeholder: Placeholder?
        /// Whether the change should be animated by whoever draws it.
        public var animated: Bool
    }

    public private(set) var current: State?
    public private(set) var placeholders: [State: Placeholder] = [:]
    private var observers: [@Sendable (Transition) -> Void] = []

    public init() {}

    /// The placeholder registered for `state`; setting nil unregisters it (as ``unregister(_:)``).
    public subscript(state: State) -> Placeholder? {
        get { placeholders[state] }
        set {
            if let newValue {
                register(newValue, for: state)
            } else {
                unregister(state)
            }
        }
    }

    /// Registers (or replaces) the placeholder shown in `state`.
    public mutating func register(_ placeholder: Placeholder, for state: State) {
        placeholders[state] = placeholder
    }

    /// Removes the placeholder of `state` and returns it. When `state` is on screen the machine first
    /// moves to none (the content), and observers see that move.
    @discardableResult
    public mutating func unregister(_ state: State) -> Placeholder? {
        if current == state {
            let change = Transition(from: current, to: nil, placeholder: nil, animated: false)
            current = nil
            notify(change)
        }
        return placeholders.removeValue(forKey: state)
    }

    /// Calls `observer` after every transition.
    public mutating func observe(_ observer: @escaping @Sendable (Transition) -> Void) {
        observers.append(observer)
    }

    /// The placeholder of the current state; nil when content is shown.
    public var currentPlaceholder: Placeholder? { current.flatMap { placeholders[$0] } }

    /// Moves to `state` (nil: hide every placeholder and show the content). Moving to the current state
    /// changes nothing and notifies no one, but `completion` is still called (with nil), as the state asked
    /// for is on screen. Returns the transition made.
    @discardableResult
    public mutating func transition(
        to state: State?,
        animated: Bool = false,
        completion: ((Transition?) -> Void)? = nil
    ) throws(ViewStateError) -> Transition? {
        if let state, placeholders[state] == nil {
            throw ViewStateError.unregistered(
                String(describing: state),
                registered: placeholders.keys.map { String(describing: $0) }.sorted())
        }
        guard state != current else {
            completion?(nil)
            return nil
        }
        let change = Transition(from: current, to: state, placeholder: state.flatMap { placeholders[$0] }, animated: animated)
        current = state
        notify(change)
        completion?(change)
        return change
    }

    private func notify(_ change: Transition) {
        for observer in observers {
            observer(change)
        }
    }
}
