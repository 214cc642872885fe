/// A view with an identifier, as reusable views are registered: the type's name unless it says otherwise.
public protocol IdentifiableView {
    static var viewIdentifier: String { get }
}

extension IdentifiableView {
    public static var viewIdentifier: String { String(describing: self) }
}

/// Something configured from a model of any type, as a list hands a row its item: the type-erased side of
/// ``ModelConfigurable``.
public protocol ConfigurableView {
    /// Configures from `model` when it is of the expected type and returns true; any other value changes
    /// nothing and returns false.
    @discardableResult
    mutating func configure(_ model: Any) -> Bool
}

/// Something configured from a model value, as model-configurable views are: a slot from its row's image,
/// a placeholder presentation from its style.
public protocol ModelConfigurable: ConfigurableView {
    associatedtype Model
    mutating func configure(with model: Model)
}

extension ModelConfigurable {
    /// A copy configured with `model`.
    public func configured(with model: Model) -> Self {
        var copy = self
        copy.configure(with: model)
        return copy
    }

    /// Forwards to ``configure(with:)`` when `model` is a `Model`; anything else is ignored (false).
    @discardableResult
    public mutating func configure(_ model: Any) -> Bool {
        guard let typed = model as? Model else { return false }
        configure(with: typed)
        return true
    }
}

/// A view that follows its selection: ``setSelected(_:animated:)`` stores it and calls
/// ``didSetSelected(_:animated:)``, where the view changes its look.
public protocol SelectableView {
    var isSelected: Bool { get set }
    mutating func didSetSelected(_ selected: Bool, animated: Bool)
}

extension SelectableView {
    public mutating func setSelected(_ selected: Bool, animated: Bool = false) {
        isSelected = selected
        didSetSelected(selected, animated: animated)
    }
}

/// A view that follows its highlight (a finger on it): ``setHighlighted(_:animated:)`` stores it and
/// calls ``didSetHighlighted(_:animated:)``.
public protocol HighlightableView {
    var isHighlighted: Bool { get set }
    mutating func didSetHighlighted(_ highlighted: Bool, animated: Bool)
}

extension HighlightableView {
    public mutating func setHighlighted(_ highlighted: Bool, animated: Bool = false) {
        isHighlighted = highlighted
        didSetHighlighted(highlighted, animated: animated)
    }
}

extension Sequence {
    /// One copy of `template` per element, each configured with it: a list of rows resolves in one call.
    ///
    /// ```swift
    /// let slots = rows.map(\.photo).configuring(PlaceholderImageSlot<Photo>(context: context))
    /// ```
    public func configuring<View: ModelConfigurable>(_ template: View) -> [View] where View.Model == Element {
        map { template.configured(with: $0) }
    }
}
