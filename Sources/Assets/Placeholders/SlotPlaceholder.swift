/// The placeholder of an image slot: the chosen image (or hidden) and, for an animated one, its timeline.
import AssetsSupport
import AssetsCodecs

public struct SlotPlaceholder: Sendable, Hashable {
    public var choice: PlaceholderImageChoice
    /// The timeline of an animated placeholder (a GIF in a data set); nil for a still image.
    public var animation: AnimationTimeline?

    public init(choice: PlaceholderImageChoice, animation: AnimationTimeline? = nil) {
        self.choice = choice
        self.animation = animation
    }

    /// The image-slot placeholder of `context`'s catalog.
    public init(context: PlaceholderContext, explicit: String? = nil, animation: AnimationTimeline? = nil) {
        self.init(choice: context.image(explicit: explicit, role: .imageSlot), animation: animation)
    }

    public var isHidden: Bool { choice.isHidden }
    public var file: String? { choice.file }
}
