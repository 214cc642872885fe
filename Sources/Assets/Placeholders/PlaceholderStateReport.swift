/// What the placeholder of one state shows on one device: style, text, and the image file or "hidden".
import AssetsSupport
import AssetsCodecs

public struct PlaceholderStateReport: Sendable {
    public var state: PlaceholderState
    public var query: VariantQuery
    /// The placeholder made concrete; nil for content.
    public var presentation: PlaceholderPresentation?
    /// The timeline played by an animated placeholder image, when one was read (``readAnimation(limits:)``):
    /// the GIF's own timeline at the style's speed and loop mode.
    public var animation: AnimationTimeline?
    /// The locale whose string tables gave the text (`--locale`); nil when the text is the styles' defaults.
    public var locale: String?

    public init(state: PlaceholderState, context: PlaceholderContext, styles: ScreenPlaceholderStyles = .standard) {
        self.state = state
        self.query = context.query
        self.presentation = state.style(in: styles).map { PlaceholderPresentation(style: $0, context: context) }
    }

    /// Reads the timeline of the placeholder image when it is a GIF, and plays it as the style's animation
    /// says (speed, loop mode; a style without one plays the file as it is encoded). Reads, never writes.
    public mutating func readAnimation(limits: DecodingLimits = .default) throws(ImageError) {
        guard looksUpImage, let presentation, let choice = presentation.image else { return }
        guard let file = try presentation.context.animation(of: choice, limits: limits) else { return }
        animation = (presentation.animation ?? PlaceholderAnimation(loopMode: .asEncoded)).timeline(playing: file)
    }

    /// Whether the state's style looks an image up at all (content does not).
    public var looksUpImage: Bool {
        guard let style = presentation?.style else { return false }
        return style.explicitImage != nil || style.imageRole != nil
    }

    /// True when the image resolved or the state shows no image by design; false when an image was looked up
    /// and nothing resolved (the trace says why).
    public var isResolved: Bool {
        !looksUpImage || presentation?.image?.isHidden == false || showsIndicatorInstead
    }

    /// An image (the loading animation) was looked up, nothing resolved, and the style shows its activity
    /// indicator instead: the loading state without an animation in the catalog, as it always looked.
    public var showsIndicatorInstead: Bool {
        looksUpImage && presentation?.image?.isHidden != false && presentation?.showsActivityIndicator == true
    }

    private var choice: PlaceholderImageChoice? { looksUpImage ? presentation?.image : nil }

    private var trace: [String] {
        guard let presentation else { return ["the content is shown: no placeholder"] }
        guard looksUpImage else { return ["the \(presentation.style?.name ?? state.rawValue) style shows no image"] }
        return presentation.image?.trace ?? []
    }

    /// `{"name", "query", "resolved", "file", "entry", "mirrored", "trace", "state", "style"}`.
    package var reportJSON: JSONValue {
        let resolution = choice?.resolution
        let shown = choice?.isHidden == false
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(resolution?.name)),
            ("query", query.reportJSON),
            ("resolved", .bool(isResolved)),
            ("file", .string(shown ? resolution?.file : nil)),
            ("entry", shown ? resolution?.entry?.reportJSON ?? .null : .null),
            ("mirrored", .bool(shown && resolution?.isMirrored == true)),
            ("trace", .array(trace.map(JSONValue.string))),
            ("state", .string(state.rawValue)),
            ("locale", .string(locale)),
        ]
        if let presentation {
            members.append(
                (
                    "style",
                    .object([
                        ("name", .string(presentation.style?.name)),
                        ("title", .string(presentation.title)),
                        ("subtitle", .string(presentation.subtitle)),
                        ("buttons", .array(presentation.buttons.map { $0.reportJSON(query.appearance) })),
                        ("button_axis", .string(presentation.buttonAxis.rawValue)),
                        ("activity_indicator", .bool(presentation.showsActivityIndicator)),
                        ("image", .string(imageWords)),
                        ("appearance", presentation.appearance.reportJSON(query.appearance)),
                    ])
                ))
        } else {
            members.append(("style", .null))
        }
        if let animation {
            members.append(
                (
                    "animation",
                    .object([
                        ("frames", .int(animation.frameCount)),
                        ("delays_ms", .array(animation.delays.map { .int($0) })),
                        ("plays", .int(animation.loop.plays)),
                        ("cycle_ms", .int(animation.cycleDuration)),
                        ("speed", .double(presentation?.animation?.effectiveSpeed ?? 1)),
                        ("loop_mode", .string(loopModeWords)),
                    ])
                ))
        }
        return .object(members)
    }

    private var loopModeWords: String {
        switch presentation?.animation?.loopMode ?? .asEncoded {
        case .playOnce: "play-once"
        case .loop: "loop"
        case .repeat: "repeat"
        case .asEncoded: "as-encoded"
        }
    }

    /// `explicit`, `conventional`, `hidden`, or `none` when the style shows no image.
    private var imageWords: String {
        guard looksUpImage, let choice, !showsIndicatorInstead else { return "none" }
        return choice.source.rawValue
    }

    /// The state, style, text, buttons and image, then the trace.
    public var reportText: String {
        var lines = ["state: \(state.rawValue) (\(query.description)\(locale.map { $0.isEmpty ? "" : ", locale \($0)" } ?? ""))"]
        guard let presentation else {
            lines.append("no placeholder: the content is shown")
            return lines.map(PlainText.escape).joined(separator: "\n")
        }
        lines.append("style: \(presentation.style?.name ?? "custom")")
        if let title = presentation.title { lines.append("title: \(title)") }
        if let subtitle = presentation.subtitle { lines.append("subtitle: \(subtitle)") }
        if !presentation.buttons.isEmpty {
            let buttons = presentation.buttons.map { "\($0.title) [\($0.action)]" }.joined(separator: ", ")
            lines.append("buttons (\(presentation.buttonAxis.rawValue)): \(buttons)")
            for button in presentation.buttons {
                lines.append("  \(button.action.name.isEmpty ? button.title : button.action.name): \(button.reportText(query.appearance))")
            }
        }
        if presentation.showsActivityIndicator { lines.append("activity indicator: shown") }
        if !looksUpImage {
            lines.append("image: none")
        } else if showsIndicatorInstead {
            lines.append("image: none (no animation in the catalog: the activity indicator shows)")
        } else if let choice, let file = choice.file {
            let mirrored = choice.resolution?.isMirrored == true ? ", mirrored" : ""
            lines.append("image: \(file) (\(choice.source.rawValue): \(choice.name ?? "")\(mirrored))")
            if let animation {
                let plays = animation.loop.plays.map { $0 == 1 ? "plays once" : "plays \($0) times" } ?? "loops forever"
                let speed = presentation.animation.map { $0.effectiveSpeed == 1 ? "" : ", speed \(Points($0.effectiveSpeed))" } ?? ""
                lines.append("animation: \(animation.frameCount) frames, \(animation.cycleDuration) ms a play, \(plays)\(speed)")
                lines.append("  delays (ms): \(animation.delays.map(String.init).joined(separator: " "))")
            }
        } else {
            lines.append("image: hidden")
        }
        lines += presentation.appearance.reportLines(query.appearance)
        lines.append("trace:")
        lines += trace.map { "  \($0)" }
        // Names, titles and file names come from the catalog and the styles: one escaped line each.
        return lines.map(PlainText.escape).joined(separator: "\n")
    }
}
