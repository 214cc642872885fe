/// An image slot: the real image when there is one, the placeholder whenever the image is nil.
///
/// Setting the image shows it; setting it back to nil shows the placeholder again. The default placeholder is
/// the catalog's `global_image_placeholder_icon` (or the name mapped for `imageSlot`).
import AssetsSupport
import AssetsCodecs

public struct PlaceholderImageSlot<Image: Sendable & Hashable>: Sendable, Hashable, ModelConfigurable {
    /// What the slot shows.
    public enum Shown: Sendable, Hashable {
        case image(Image)
        case placeholder(SlotPlaceholder)
        /// No image and no placeholder image: the slot is empty.
        case hidden
    }

    public var image: Image?
    public var placeholder: SlotPlaceholder

    public init(image: Image? = nil, placeholder: SlotPlaceholder) {
        self.image = image
        self.placeholder = placeholder
    }

    /// A slot whose placeholder is the catalog's image-slot placeholder, animated by `animation` when given.
    public init(image: Image? = nil, context: PlaceholderContext, animation: AnimationTimeline? = nil) {
        self.init(image: image, placeholder: SlotPlaceholder(context: context, animation: animation))
    }

    public var shown: Shown {
        if let image { return .image(image) }
        return placeholder.isHidden ? .hidden : .placeholder(placeholder)
    }

    public var showsPlaceholder: Bool { image == nil && !placeholder.isHidden }

    /// The placeholder frame on screen at `milliseconds`; nil when the slot shows its image or an unanimated placeholder.
    public func placeholderFrame(atMilliseconds milliseconds: Int) -> Int? {
        guard showsPlaceholder, let animation = placeholder.animation else { return nil }
        return animation.frame(atMilliseconds: milliseconds)
    }

    public mutating func configure(with model: Image?) {
        image = model
    }
}
