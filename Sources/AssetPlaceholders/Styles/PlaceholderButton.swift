/// A state of a control: the button's title, image and appearance can differ in each.
public enum ControlState: String, Sendable, Hashable, CaseIterable {
    case normal, highlighted, disabled
}

/// How a button looks in one control state.
public struct ControlStateAppearance: Sendable, Hashable {
    public var textAttributes: PlaceholderTextAttributes
    public var backgroundColor: PlaceholderColor
    public var border: PlaceholderBorder

    public init(
        textAttributes: PlaceholderTextAttributes = PlaceholderTextAttributes(
            fontSize: 17, weight: .semibold, color: .white, alignment: .center, isMultiline: false),
        backgroundColor: PlaceholderColor = .systemBlue,
        border: PlaceholderBorder = PlaceholderBorder(cornerRadius: 10)
    ) {
        self.textAttributes = textAttributes
        self.backgroundColor = backgroundColor
        self.border = border
    }
}

/// How a button looks in each control state; a state without its own appearance looks as `normal` does.
public struct ButtonAppearance: Sendable, Hashable {
    public var stateAppearances: [ControlState: ControlStateAppearance]
    /// Between the button's edge and its title.
    public var contentInsets: PlaceholderEdgeInsets

    public init(
        stateAppearances: [ControlState: ControlStateAppearance] = ButtonAppearance.standardStates,
        contentInsets: PlaceholderEdgeInsets = PlaceholderEdgeInsets(top: 12, left: 20, bottom: 12, right: 20)
    ) {
        self.stateAppearances = stateAppearances
        self.contentInsets = contentInsets
    }

    /// A filled button: white on blue, a darker blue when highlighted, grey when disabled.
    public static let standardStates: [ControlState: ControlStateAppearance] = [
        .normal: ControlStateAppearance(),
        .highlighted: ControlStateAppearance(backgroundColor: PlaceholderColor(light: .hex(0x0062CC), dark: .hex(0x0870DB))),
        .disabled: ControlStateAppearance(
            textAttributes: PlaceholderTextAttributes(
                fontSize: 17, weight: .semibold, color: .secondaryLabel, alignment: .center, isMultiline: false),
            backgroundColor: .systemFill),
    ]

    public static let standard = ButtonAppearance()

    /// An appearance made from the standard one by `build`:
    /// `ButtonAppearance { $0.update(.normal) { $0.textAttributes = black20 } }`.
    public init(_ build: (inout ButtonAppearance) -> Void) {
        self.init()
        build(&self)
    }

    @available(*, unavailable, renamed: "init(_:)", message: "an appearance is made by its initialiser: ButtonAppearance { … }")
    public static func make(_ build: (inout ButtonAppearance) -> Void) -> ButtonAppearance { ButtonAppearance(build) }

    /// The appearance in `state`, else the normal one, else the standard normal one.
    public func appearance(for state: ControlState) -> ControlStateAppearance {
        stateAppearances[state] ?? stateAppearances[.normal] ?? ControlStateAppearance()
    }

    /// Changes the appearance of `state` in place (starting from what it shows today).
    public mutating func update(_ state: ControlState, _ change: (inout ControlStateAppearance) -> Void) {
        var appearance = appearance(for: state)
        change(&appearance)
        stateAppearances[state] = appearance
    }
}

/// A button in a placeholder: its title and image per control state, its appearance per control state,
/// and what a tap does (``PlaceholderAction``: code, and a name tools print).
public struct PlaceholderButton: Sendable, Hashable {
    /// The title in each state; a state without one shows the normal title.
    public var titles: [ControlState: PlaceholderText]
    /// An asset name per state, shown before the title; a state without one shows the normal image.
    public var images: [ControlState: String]
    public var appearance: ButtonAppearance
    /// What a tap does.
    public var action: PlaceholderAction
    /// Whether the button is enabled (false: it shows its disabled state).
    public var isEnabled: Bool

    public init(
        title: PlaceholderText = "", action: PlaceholderAction = .unassigned, image: String? = nil,
        appearance: ButtonAppearance = .standard, isEnabled: Bool = true
    ) {
        self.titles = [.normal: title]
        self.images = image.map { [.normal: $0] } ?? [:]
        self.appearance = appearance
        self.action = action
        self.isEnabled = isEnabled
    }

    public init(
        titles: [ControlState: PlaceholderText], images: [ControlState: String] = [:],
        appearance: ButtonAppearance = .standard, action: PlaceholderAction = .unassigned, isEnabled: Bool = true
    ) {
        self.titles = titles
        self.images = images
        self.appearance = appearance
        self.action = action
        self.isEnabled = isEnabled
    }

    /// The normal title.
    public var title: PlaceholderText {
        get { titles[.normal] ?? "" }
        set { titles[.normal] = newValue }
    }

    /// The title in `state`, else the normal one.
    public func title(for state: ControlState) -> PlaceholderText {
        titles[state] ?? title
    }

    /// The image in `state`, else the normal one; nil when there is none.
    public func image(for state: ControlState) -> String? {
        images[state] ?? images[.normal]
    }

    /// Gives the button's action `handler`, keeping its name (`retry` stays `retry`).
    public mutating func onTap(_ handler: @escaping @MainActor @Sendable () -> Void) {
        action.handler = handler
    }

    /// The state the button rests in: normal, or disabled.
    public var restingState: ControlState { isEnabled ? .normal : .disabled }
}
