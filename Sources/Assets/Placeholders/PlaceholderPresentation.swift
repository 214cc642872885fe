/// A placeholder made concrete for one device: the text as the user reads it, the buttons, and the image
/// file (or hidden). Configure it with a style; the context supplies catalog, traits, names and localization.
import AssetsSupport
import AssetsCodecs

public struct PlaceholderPresentation: Sendable, ModelConfigurable {
    /// A button as shown.
    public struct Button: Sendable, Hashable, Codable {
        public var title: String
        public var action: String

        public init(title: String, action: String) {
            self.title = title
            self.action = action
        }
    }

    public var context: PlaceholderContext
    /// The style last configured; nil before `configure(with:)`.
    public private(set) var style: PlaceholderStyle?
    public private(set) var title: String?
    public private(set) var subtitle: String?
    public private(set) var buttons: [Button] = []
    public private(set) var buttonAxis: ButtonAxis = .vertical
    public private(set) var showsActivityIndicator = false
    /// The image shown, or hidden; nil before `configure(with:)`.
    public private(set) var image: PlaceholderImageChoice?

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
        buttons = style.buttons.map { Button(title: context.text($0.title), action: $0.action) }
        buttonAxis = style.buttonAxis
        showsActivityIndicator = style.showsActivityIndicator
        image = context.image(for: style)
    }
}
