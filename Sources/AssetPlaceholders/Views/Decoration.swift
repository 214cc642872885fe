/// A reusable change to a value or an object of type `T`: a colour, a border, a font. Decorations compose
/// with `+` (left first, then right) and apply in place.
///
/// ```swift
/// let rounded = StyleDecoration<PlaceholderAppearance> { $0.border.cornerRadius = 12 }
/// let tinted = StyleDecoration<PlaceholderAppearance> { $0.backgroundColor = .systemPink }
/// var look = PlaceholderAppearance.standard
/// (rounded + tinted).apply(to: &look)
/// ```
///
/// A class is decorated the same way, a `@MainActor` class (every UIKit view) included: a decoration made
/// on the main actor runs there, and the compiler keeps it there (a decoration is not `Sendable`, so it
/// cannot leave the isolation it was made in). An object is decorated by calling the decoration:
///
/// ```swift
/// @MainActor final class Badge { var backgroundColor = PlaceholderColor.clear }
/// let white = StyleDecoration<Badge> { $0.backgroundColor = .white }
/// white(badge)
/// ```
///
/// `+` joins two decorations of the same type. A superclass's (or a protocol's) decoration joins a
/// subclass's through a closure, where the compiler checks the relation, as it does for the original's
/// `(T) -> Void` closures: `switchStyle + { viewStyle($0) }` is a `StyleDecoration<Switch>` when `Switch`
/// inherits from `View`, and `switchStyle + { labelStyle($0) }` does not compile.
///
/// Keep a decoration you share in a computed property (`static var rounded: StyleDecoration<…> { … }`),
/// or in a `static let` of a `@MainActor` type.
public struct StyleDecoration<T> {
    private let change: (inout T) -> Void

    public init(_ change: @escaping (inout T) -> Void) {
        self.change = change
    }

    /// A decoration made for `type`, as autocomplete writes it: `StyleDecoration.of(PlaceholderAppearance.self) { … }`.
    public static func of(_ type: T.Type, _ change: @escaping (inout T) -> Void) -> StyleDecoration<T> {
        StyleDecoration(change)
    }

    /// Changes `value` in place.
    public func apply(to value: inout T) {
        change(&value)
    }

    /// A decorated copy of `value`.
    public func applied(to value: T) -> T {
        var copy = value
        change(&copy)
        return copy
    }

    /// First `lhs`, then `rhs`.
    public static func + (lhs: StyleDecoration<T>, rhs: StyleDecoration<T>) -> StyleDecoration<T> {
        StyleDecoration { value in
            lhs.change(&value)
            rhs.change(&value)
        }
    }
}

extension StyleDecoration where T: AnyObject {
    /// Decorates `object` (a class instance changes in place): `white(view)`, as the original calls its
    /// closures. A subclass instance is accepted where `T` is its superclass.
    public func callAsFunction(_ object: T) {
        var reference = object
        change(&reference)
    }

    /// First `lhs`, then `rhs`, a closure over the same object: `switchStyle + { viewStyle($0) }` joins a
    /// superclass's decoration, and the compiler rejects a decoration of an unrelated class.
    public static func + (lhs: StyleDecoration<T>, rhs: @escaping (T) -> Void) -> StyleDecoration<T> {
        StyleDecoration { object in
            lhs.change(&object)
            rhs(object)
        }
    }
}

/// A value (or an object) with decorations keyed by a state (an `OptionSet` such as `[.disabled, .favorite]`,
/// an enum, or any `Hashable`): setting the state applies its decoration, and preparing the decoration of
/// the state the value is in applies it at once.
///
/// ```swift
/// var button = StateDecorated(ControlStateAppearance(), state: ControlState.normal)
/// button.prepare(.disabled) { $0.backgroundColor = .gray }
/// button.state = .disabled          // the grey background is applied
/// ```
///
/// Like ``StyleDecoration`` it decorates classes, `@MainActor` views included, and stays in the isolation
/// it was made in.
public struct StateDecorated<Value, State: Hashable> {
    /// The decorated value; for a class, the object itself.
    public private(set) var value: Value
    public private(set) var decorations: [State: StyleDecoration<Value>] = [:]

    /// The style state; setting it applies the decoration prepared for it (nil or an unprepared state changes nothing).
    public var state: State? {
        didSet {
            if let state, let decoration = decorations[state] { decoration.apply(to: &value) }
        }
    }

    public init(_ value: Value, state: State? = nil) {
        self.value = value
        self.state = state
    }

    /// Keeps `decoration` for `state`; when the value is in `state` now, applies it at once.
    public mutating func prepare(_ state: State, _ decoration: StyleDecoration<Value>) {
        decorations[state] = decoration
        if state == self.state { decoration.apply(to: &value) }
    }

    /// Keeps the change for `state`; when the value is in `state` now, applies it at once.
    public mutating func prepare(_ state: State, _ change: @escaping (inout Value) -> Void) {
        prepare(state, StyleDecoration(change))
    }

    /// Applies `decoration` now, whatever the state.
    public mutating func apply(_ decoration: StyleDecoration<Value>) {
        decoration.apply(to: &value)
    }
}
