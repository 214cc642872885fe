/// Something configured from a model value, as model-configurable views are: a slot from its row's image,
/// a placeholder presentation from its style.
import AssetsSupport
import AssetsCodecs

public protocol ModelConfigurable {
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
