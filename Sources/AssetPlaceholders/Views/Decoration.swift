import AssetsSupport
import AssetsCodecs

/// A reusable change to a value of type `T`: a colour, a border, a font. Decorations compose with `+`
/// (left first, then right) and apply to a value in place.
///
/// ```swift
/// let rounded = Decoration<PlaceholderAppearance> { $0.border.cornerRadius = 12 }
/// let tinted = Decoration<PlaceholderAppearance> { $0.backgroundColor = .systemPink }
/// var look = PlaceholderAppearance.standard
/// (rounded + tinted).apply(to: &look)
/// ```
///
/// A decoration of a supertype applies to a subtype: `Decoration<Sub> + Decoration<Base>` is a
/// `Decoration<Sub>` when `Sub` is a subclass of `Base` or `Base` is a protocol `Sub` conforms to
/// (`Decoration<any Bordered>`); the base decoration changes the value through `Base` and the result is
/// kept. With a value of some other type the base decoration does nothing.
public struct Decoration<T>: Sendable {
    private let change: @Sendable (inout T) -> Void

    public init(_ change: @escaping @Sendable (inout T) -> Void) {
        self.change = change
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

    /// A decoration made for `type`, as autocomplete writes it: `Decoration.of(PlaceholderAppearance.self) { … }`.
    public static func of(_ type: T.Type, _ change: @escaping @Sendable (inout T) -> Void) -> Decoration<T> {
        Decoration(change)
    }

    /// First `lhs`, then `rhs`.
    public static func + (lhs: Decoration<T>, rhs: Decoration<T>) -> Decoration<T> {
        Decoration { value in
            lhs.change(&value)
            rhs.change(&value)
        }
    }

    /// First `lhs`, then the supertype's `rhs` (see the type's discussion).
    @_disfavoredOverload
    public static func + <Base>(lhs: Decoration<T>, rhs: Decoration<Base>) -> Decoration<T> {
        Decoration { value in
            lhs.change(&value)
            rhs.apply(asSupertypeOf: &value)
        }
    }

    /// First the supertype's `lhs`, then `rhs`.
    @_disfavoredOverload
    public static func + <Base>(lhs: Decoration<Base>, rhs: Decoration<T>) -> Decoration<T> {
        Decoration { value in
            lhs.apply(asSupertypeOf: &value)
            rhs.change(&value)
        }
    }

    /// Applies this decoration to `value` of a subtype `Sub`; does nothing when `value` is not a `T`.
    public func apply<Sub>(asSupertypeOf value: inout Sub) {
        guard var base = value as? T else { return }
        change(&base)
        if let back = base as? Sub { value = back }
    }
}

/// A value with decorations keyed by a state (an `OptionSet` such as `[.disabled, .favorite]`, an enum, or
/// any `Hashable`): setting the state applies its decoration, and preparing the decoration of the state the
/// value is in applies it at once.
///
/// ```swift
/// var button = Decorated(ControlStateAppearance(), state: ControlState.normal)
/// button.prepare(.disabled) { $0.backgroundColor = .gray }
/// button.state = .disabled          // the grey background is applied
/// ```
public struct Decorated<Value, State: Hashable>: Sendable where Value: Sendable, State: Sendable {
    public private(set) var value: Value
    public private(set) var decorations: [State: Decoration<Value>] = [:]

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
    public mutating func prepare(_ state: State, _ decoration: Decoration<Value>) {
        decorations[state] = decoration
        if state == self.state { decoration.apply(to: &value) }
    }

    /// Keeps the change for `state`; when the value is in `state` now, applies it at once.
    public mutating func prepare(_ state: State, _ change: @escaping @Sendable (inout Value) -> Void) {
        prepare(state, Decoration(change))
    }

    /// Applies `decoration` now, whatever the state.
    public mutating func apply(_ decoration: Decoration<Value>) {
        decoration.apply(to: &value)
    }
}
