/// A small state machine keyed by state name: register a placeholder per name, transition to a name or to
/// none (the content), and observe each transition. Teams with states other than the standard four use it directly.
import AssetsSupport
import AssetsCodecs

public struct ViewStateMachine<Placeholder: Sendable>: Sendable {
    /// One change of state.
    public struct Transition: Sendable {
        /// The state left; nil when content was shown.
        public var from: String?
        /// The state entered; nil when content is shown.
        public var to: String?
        /// The placeholder registered for `to`.
        public var placeholder: Placeholder?
    }

    public private(set) var current: String?
    public private(set) var placeholders: [String: Placeholder] = [:]
    private var observers: [@Sendable (Transition) -> Void] = []

    public init() {}

    /// Registers (or replaces) the placeholder shown in state `name`.
    public mutating func register(_ placeholder: Placeholder, for name: String) {
        placeholders[name] = placeholder
    }

    /// Calls `observer` after every transition.
    public mutating func observe(_ observer: @escaping @Sendable (Transition) -> Void) {
        observers.append(observer)
    }

    /// The placeholder of the current state; nil when content is shown.
    public var currentPlaceholder: Placeholder? { current.flatMap { placeholders[$0] } }

    /// Moves to state `name` (nil: show the content). Moving to the current state changes nothing and
    /// notifies no one; the transition made is returned.
    @discardableResult
    public mutating func transition(to name: String?) throws(ViewStateError) -> Transition? {
        if let name, placeholders[name] == nil {
            throw ViewStateError.unregistered(name, registered: placeholders.keys.sorted())
        }
        guard name != current else { return nil }
        let change = Transition(from: current, to: name, placeholder: name.flatMap { placeholders[$0] })
        current = name
        for observer in observers {
            observer(change)
        }
        return change
    }
}
