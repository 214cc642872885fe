import AssetsSupport
import AssetsCodecs

/// An image slot: the real image when there is one, the placeholder whenever the image is nil.
///
/// Setting the image shows it; setting it back to nil shows the placeholder again. The default placeholder is
/// the catalog's `global_image_placeholder_icon` (or the name mapped for `imageSlot`).
///
/// A slot can also carry a `hash` (BlurHash or ThumbHash) of the image it waits for: while the image is nil
/// and still loading, it shows the hash's decoded preview; when loading failed, or there is no valid hash,
/// it shows the conventional placeholder.
public struct PlaceholderImageSlot<Image: Sendable & Hashable>: Sendable, Hashable, ModelConfigurable {
    /// What the slot shows.
    public enum Shown: Sendable, Hashable {
        case image(Image)
        case placeholder(SlotPlaceholder)
        /// No image and no placeholder image: the slot is empty.
        case hidden
        /// The image is loading: its hash's preview stands in for it.
        case hashPreview(PlaceholderHash)
    }

    public var image: Image?
    public var placeholder: SlotPlaceholder
    /// The hash of the image this slot waits for, when the API sent one.
    public var hash: PlaceholderHash?
    /// Set when loading the image failed: the slot then shows the conventional placeholder, not the hash.
    public var loadFailed = false

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
        if !loadFailed, let hash, hash.isValid { return .hashPreview(hash) }
        return placeholder.isHidden ? .hidden : .placeholder(placeholder)
    }

    /// Whether the conventional placeholder is on screen (not the image, not a hash preview).
    public var showsPlaceholder: Bool {
        if case .placeholder = shown { return true }
        return false
    }

    /// The placeholder frame on screen at `milliseconds`; nil when the slot shows its image or an unanimated placeholder.
    public func placeholderFrame(atMilliseconds milliseconds: Int) -> Int? {
        guard showsPlaceholder, let animation = placeholder.animation else { return nil }
        return animation.frame(atMilliseconds: milliseconds)
    }

    public mutating func configure(with model: Image?) {
        image = model
    }
}
