/// What a placeholder shows: an image (or an animation), a title and subtitle, buttons and the axis they
/// stack along, and how all of it looks (``PlaceholderAppearance``).
///
/// Make one with ``init(_:)``; the `-ing` and `with…` builders return a changed copy, ``update(_:)`` and
/// ``updateAppearance(_:)`` change a style in place:
/// ```swift
/// let style = PlaceholderStyle { $0.title = "No photos" }
///     .withButton { $0 = PlaceholderButton(title: "Add", action: PlaceholderAction("add-photo") { addPhoto() }) }
///     .updating { $0.subtitle = "Photos you add show up here." }
///     .updatingAppearance { $0.backgroundColor = PlaceholderColor(.hex(0xF2F2F7)) }
/// ```
public struct PlaceholderStyle: Sendable, Hashable {
    /// The image a style shows: an asset of its own, or its role's conventional one. A style whose
    /// ``PlaceholderStyle/image`` is nil shows no image.
    public enum Image: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// An asset of the style's own, looked up by name; when it does not resolve, the role's
        /// conventional image is looked up next.
        case named(String)
        /// The role's conventional image (`placeholder_error_icon` for the error role), or the name a
        /// team mapped for the role (``PlaceholderNames``).
        case conventional

        public init(stringLiteral name: String) {
            self = .named(name)
        }

        /// The asset name of ``named(_:)``; nil for ``conventional``.
        public var name: String? {
            if case .named(let name) = self { return name }
            return nil
        }

        public var description: String { name ?? "conventional" }
    }

    /// The role the style stands for: its conventional image is the one ``Image/conventional`` shows, and
    /// it names the style (`error`, `empty`) for tools.
    public var role: PlaceholderRole?
    /// The image shown: the role's conventional one (the default), an asset of the style's own, or nil for
    /// no image at all, as the original hides its image view when a style has no image.
    public var image: Image?
    public var title: PlaceholderText?
    public var subtitle: PlaceholderText?
    public var buttons: [PlaceholderButton]
    public var buttonAxis: ButtonAxis
    /// Whether an activity indicator is shown (the loading style shows one when its animation is missing).
    public var showsActivityIndicator: Bool
    /// An animation played in place of the image (the loading style plays `placeholder_loading_animation`).
    public var animation: PlaceholderAnimation?
    public var appearance: PlaceholderAppearance

    public init(
        role: PlaceholderRole? = nil,
        image: Image? = .conventional,
        title: PlaceholderText? = nil,
        subtitle: PlaceholderText? = nil,
        buttons: [PlaceholderButton] = [],
        buttonAxis: ButtonAxis = .vertical,
        showsActivityIndicator: Bool = false,
        animation: PlaceholderAnimation? = nil,
        appearance: PlaceholderAppearance = .standard
    ) {
        self.role = role
        self.image = image
        self.title = title
        self.subtitle = subtitle
        self.buttons = buttons
        self.buttonAxis = buttonAxis
        self.showsActivityIndicator = showsActivityIndicator
        self.animation = animation
        self.appearance = appearance
    }

    /// A new style: one with no role, no text and the standard appearance, changed by `build`.
    ///
    /// ```swift
    /// let style = PlaceholderStyle {
    ///     $0.image = "proj-placeholder-image"
    ///     $0.title = "An error has occured"
    /// }
    /// ```
    public init(_ build: (inout PlaceholderStyle) -> Void) {
        self.init()
        build(&self)
    }

    @available(*, unavailable, renamed: "init(_:)", message: "a style is made by its initialiser: PlaceholderStyle { … }")
    public static func make(_ build: (inout PlaceholderStyle) -> Void) -> PlaceholderStyle { PlaceholderStyle(build) }

    /// A team's own name for a custom style; nil names the style after its role.
    public var customName: String?

    /// The style's name for tools: a custom name when one is set, else its role's state (`error`,
    /// `loading-error`; the standard styles are named only this way), else `custom`.
    public var name: String {
        get { customName ?? role?.state.rawValue ?? "custom" }
        set { customName = newValue }
    }

    /// Whether the style shows an image or an animation at all (false when ``image`` is nil and it plays
    /// no animation).
    public var showsImage: Bool { image != nil || animation != nil }

    /// The asset the style shows before its role's conventional one: the animation's, else its own image.
    public var explicitImage: String? { animation?.name ?? image?.name }

    /// The role whose conventional image is looked up: nil when the style shows no image or has no role.
    public var imageRole: PlaceholderRole? { showsImage ? role : nil }

    /// Changes the style in place.
    public mutating func update(_ change: (inout PlaceholderStyle) -> Void) {
        change(&self)
    }

    /// A copy changed by `change`.
    public func updating(_ change: (inout PlaceholderStyle) -> Void) -> PlaceholderStyle {
        var copy = self
        change(&copy)
        return copy
    }

    /// Changes the appearance in place; nested parts change in place too
    /// (`$0.textViewAppearance { $0.titleAppearance { … } }`, `$0.imageViewAppearance.layout { … }`).
    public mutating func updateAppearance(_ change: (inout PlaceholderAppearance) -> Void) {
        change(&appearance)
    }

    /// A copy whose appearance is changed by `change`.
    public func updatingAppearance(_ change: (inout PlaceholderAppearance) -> Void) -> PlaceholderStyle {
        var copy = self
        change(&copy.appearance)
        return copy
    }

    /// A copy with one more button, made by `build` from a new standard button.
    public func withButton(_ build: (inout PlaceholderButton) -> Void) -> PlaceholderStyle {
        var button = PlaceholderButton()
        build(&button)
        var copy = self
        copy.buttons.append(button)
        return copy
    }

    /// A copy with `count` buttons stacked along `axis`, each passed to `build(index, &button)`. A button
    /// the style already has at that index is passed as it is (its title, image and appearance kept, for
    /// `build` to add to or override); the others start as new standard buttons; buttons past `count` go.
    ///
    /// ```swift
    /// // The error style's retry button keeps its title and gets this screen's action.
    /// let style = PlaceholderStyle.errorStyle.withButtons(1, axis: .vertical) { _, button in
    ///     button.action = PlaceholderAction("close-placeholder") { closePlaceholder() }
    /// }
    /// ```
    public func withButtons(_ count: Int, axis: ButtonAxis, _ build: (Int, inout PlaceholderButton) -> Void) -> PlaceholderStyle {
        var copy = self
        copy.buttonAxis = axis
        copy.buttons = (0..<max(0, count)).map { index in
            var button = index < buttons.count ? buttons[index] : PlaceholderButton()
            build(index, &button)
            return button
        }
        return copy
    }
}

extension PlaceholderStyle {
    /// Something went wrong: the error image, a title, a subtitle and a retry button.
    public static let errorStyle = PlaceholderStyle(
        role: .error,
        title: .localized("placeholder.error.title", default: "Something went wrong"),
        subtitle: .localized("placeholder.error.subtitle", default: "Please try again."),
        buttons: [PlaceholderButton(title: .localized("placeholder.retry", default: "Try again"), action: .retry)]
    )

    /// The screen's data could not be loaded: the loading-data image, a title, a subtitle and a retry button.
    public static let loadingDataErrorStyle = PlaceholderStyle(
        role: .loadingDataError,
        title: .localized("placeholder.loading-error.title", default: "Could not load data"),
        subtitle: .localized("placeholder.loading-error.subtitle", default: "Check your connection and try again."),
        buttons: [PlaceholderButton(title: .localized("placeholder.retry", default: "Try again"), action: .retry)]
    )

    /// Nothing to show yet: the empty-state image and a title.
    public static let emptyStateStyle = PlaceholderStyle(
        role: .emptyState,
        title: .localized("placeholder.empty.title", default: "Nothing here yet")
    )

    /// Loading with nothing on screen: the catalog's loading animation (`placeholder_loading_animation`, an
    /// animated GIF in a data set) looping at its own pace, or an activity indicator when the catalog has none.
    public static let loadingStyle = PlaceholderStyle(
        role: .loading,
        showsActivityIndicator: true,
        animation: PlaceholderAnimation(speed: 1, loopMode: .loop),
        appearance: PlaceholderAppearance { $0.imageViewAppearance.layout = ImageLayout(size: .fixedHeight(64)) }
    )
}

extension PlaceholderStyle {
    /// An image slot whose image is nil: the image-slot placeholder image, no text.
    public static let imageSlotStyle = PlaceholderStyle(role: .imageSlot)
}
