import AssetsSupport
import AssetsCodecs

/// A placeholder made concrete for one device: the text as the user reads it, the buttons, the image
/// file (or hidden), and the appearance. Configure it with a style; the context supplies catalog, traits,
/// names and localization.
public struct PlaceholderPresentation: Sendable, ModelConfigurable {
    /// A button as shown: its titles read through the localization, its images and appearance per state.
    public struct Button: Sendable, Hashable {
        /// The normal title.
        public var title: String
        /// What a tap does: ``tap()`` runs it.
        public var action: PlaceholderAction
        /// The title in each control state (every state, falling back to the normal title).
        public var titles: [ControlState: String]
        /// The image asset name in each control state that has one.
        public var images: [ControlState: String]
        public var appearance: ButtonAppearance
        public var isEnabled: Bool

        public init(
            title: String, action: PlaceholderAction, titles: [ControlState: String] = [:], images: [ControlState: String] = [:],
            appearance: ButtonAppearance = .standard, isEnabled: Bool = true
        ) {
            self.title = title
            self.action = action
            self.titles = titles.isEmpty ? [.normal: title] : titles
            self.images = images
            self.appearance = appearance
            self.isEnabled = isEnabled
        }

        /// A tap: runs the action's handler when the button is enabled; returns whether code ran.
        @MainActor
        @discardableResult
        public func tap() -> Bool {
            isEnabled && action.perform()
        }
    }

    public var context: PlaceholderContext
    /// The style last configured; nil before `configure(with:)`.
    public private(set) var style: PlaceholderStyle?
    public private(set) var title: String?
    public private(set) var subtitle: String?
    public private(set) var buttons: [Button] = []
    public private(set) var buttonAxis: ButtonAxis = .vertical
    /// Whether an activity indicator shows: the style asks for one and it has no animation on screen.
    public private(set) var showsActivityIndicator = false
    /// The image shown, or hidden; nil before `configure(with:)`.
    public private(set) var image: PlaceholderImageChoice?
    public private(set) var appearance: PlaceholderAppearance = .standard
    /// The animation the style plays; nil for a still image.
    public private(set) var animation: PlaceholderAnimation?

    public init(context: PlaceholderContext) {
        self.context = context
    }

    /// The presentation of `style` in `context`.
    public init(style: PlaceholderStyle, context: PlaceholderContext) {
        self.init(context: context)
        configure(with: style)
    }

    public mutating func configure(with style: PlaceholderStyle) {
        self.style = style
        title = style.title.map(context.text)
        subtitle = style.subtitle.map(context.text)
        buttons = style.buttons.map { button in
            var titles: [ControlState: String] = [:]
            for state in ControlState.allCases { titles[state] = context.text(button.title(for: state)) }
            var images: [ControlState: String] = [:]
            for state in ControlState.allCases { images[state] = button.image(for: state) }
            return Button(
                title: context.text(button.title), action: button.action, titles: titles, images: images,
                appearance: button.appearance, isEnabled: button.isEnabled)
        }
        buttonAxis = style.buttonAxis
        appearance = style.appearance
        animation = style.animation
        let looksUp = style.explicitImage != nil || style.imageRole != nil
        image = context.image(for: style)
        let imageShown = looksUp && image?.isHidden == false
        showsActivityIndicator = style.showsActivityIndicator && !(style.animation != nil && imageShown)
    }
}
