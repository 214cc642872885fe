/// What a placeholder shows: an image, a title and subtitle, buttons and the axis they stack along.
///
/// Build one with the builders, each returning a new value:
/// ```swift
/// let style = PlaceholderStyle.make { $0.title = "No photos" }
///     .withButton { $0 = PlaceholderButton(title: "Add", action: "add-photo") }
///     .update { $0.subtitle = "Photos you add show up here." }
/// ```
import AssetsSupport
import AssetsCodecs

public struct PlaceholderStyle: Sendable, Hashable {
    /// A short name for the style (`error`, `empty`), shown by tools.
    public var name: String
    /// The role whose conventional image is used when the style names no image of its own.
    public var role: PlaceholderRole?
    /// The style's own image: an asset name looked up before the role's conventional name.
    public var image: String?
    public var title: PlaceholderText?
    public var subtitle: PlaceholderText?
    public var buttons: [PlaceholderButton]
    public var buttonAxis: ButtonAxis
    /// Whether an activity indicator is shown (the loading style).
    public var showsActivityIndicator: Bool

    public init(
        name: String = "custom",
        role: PlaceholderRole? = nil,
        image: String? = nil,
        title: PlaceholderText? = nil,
        subtitle: PlaceholderText? = nil,
        buttons: [PlaceholderButton] = [],
        buttonAxis: ButtonAxis = .vertical,
        showsActivityIndicator: Bool = false
    ) {
        self.name = name
        self.role = role
        self.image = image
        self.title = title
        self.subtitle = subtitle
        self.buttons = buttons
        self.buttonAxis = buttonAxis
        self.showsActivityIndicator = showsActivityIndicator
    }

    /// A new style: an empty one, changed by `build`.
    public static func make(_ build: (inout PlaceholderStyle) -> Void) -> PlaceholderStyle {
        var style = PlaceholderStyle()
        build(&style)
        return style
    }

    /// A copy changed by `change`.
    public func update(_ change: (inout PlaceholderStyle) -> Void) -> PlaceholderStyle {
        var copy = self
        change(&copy)
        return copy
    }

    /// A copy with one more button, made by `build` from an empty button.
    public func withButton(_ build: (inout PlaceholderButton) -> Void) -> PlaceholderStyle {
        var button = PlaceholderButton()
        build(&button)
        var copy = self
        copy.buttons.append(button)
        return copy
    }

    /// A copy whose buttons are `count` new ones stacked along `axis`, each made by `build(index, &button)`.
    public func withButtons(_ count: Int, axis: ButtonAxis, _ build: (Int, inout PlaceholderButton) -> Void) -> PlaceholderStyle {
        var copy = self
        copy.buttonAxis = axis
        copy.buttons = (0..<max(0, count)).map { index in
            var button = PlaceholderButton()
            build(index, &button)
            return button
        }
        return copy
    }
}

extension PlaceholderStyle {
    /// Something went wrong: the error image, a title, a subtitle and a retry button.
    public static let errorStyle = PlaceholderStyle(
        name: "error",
        role: .error,
        title: .localized("placeholder.error.title", default: "Something went wrong"),
        subtitle: .localized("placeholder.error.subtitle", default: "Please try again."),
        buttons: [PlaceholderButton(title: .localized("placeholder.retry", default: "Try again"), action: "retry")]
    )

    /// The screen's data could not be loaded: the loading-data image, a title, a subtitle and a retry button.
    public static let loadingDataErrorStyle = PlaceholderStyle(
        name: "loading-error",
        role: .loadingDataError,
        title: .localized("placeholder.loading-error.title", default: "Could not load data"),
        subtitle: .localized("placeholder.loading-error.subtitle", default: "Check your connection and try again."),
        buttons: [PlaceholderButton(title: .localized("placeholder.retry", default: "Try again"), action: "retry")]
    )

    /// Nothing to show yet: the empty-state image and a title.
    public static let emptyStateStyle = PlaceholderStyle(
        name: "empty",
        role: .emptyState,
        title: .localized("placeholder.empty.title", default: "Nothing here yet")
    )

    /// Loading with nothing on screen: an activity indicator only.
    public static let loadingStyle = PlaceholderStyle(name: "loading", showsActivityIndicator: true)
}

extension PlaceholderStyle {
    /// An image slot whose image is nil: the image-slot placeholder image, no text.
    public static let imageSlotStyle = PlaceholderStyle(name: "image-slot", role: .imageSlot)
}
