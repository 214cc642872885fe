/// What the placeholder of one state shows on one device: style, text, and the image file or "hidden".
import AssetsSupport
import AssetsCodecs

public struct PlaceholderStateReport: Sendable {
    public var state: PlaceholderState
    public var query: VariantQuery
    /// The placeholder made concrete; nil for content.
    public var presentation: PlaceholderPresentation?
    /// The timeline of an animated placeholder image, when one was read (`PlaceholderContext.animation(of:)`).
    public var animation: AnimationTimeline?

    public init(state: PlaceholderState, context: PlaceholderContext, styles: ScreenPlaceholderStyles = .standard) {
        self.state = state
        self.query = context.query
        self.presentation = state.style(in: styles).map { PlaceholderPresentation(style: $0, context: context) }
    }

    /// Whether the state's style looks an image up at all (loading and content do not).
    public var looksUpImage: Bool {
        guard let style = presentation?.style else { return false }
        return style.image != nil || style.role != nil
    }

    /// True when the image resolved or the state shows no image by design; false when an image was looked up
    /// and nothing resolved (the trace says why).
    public var isResolved: Bool {
        !looksUpImage || presentation?.image?.isHidden == false
    }

    private var choice: PlaceholderImageChoice? { looksUpImage ? presentation?.image : nil }

    private var trace: [String] {
        guard let presentation else { return ["the content is shown: no placeholder"] }
        guard looksUpImage else { return ["the \(presentation.style?.name ?? state.rawValue) style shows no image"] }
        return presentation.image?.trace ?? []
    }

    /// `{"name", "query", "resolved", "file", "entry", "mirrored", "trace", "state", "style"}`.
    public var reportJSON: ReportJSON {
        let resolution = choice?.resolution
        let shown = choice?.isHidden == false
        var members: [(String, ReportJSON)] = [
            ("name", .optional(resolution?.name)),
            ("query", query.reportJSON),
            ("resolved", .bool(isResolved)),
            ("file", .optional(shown ? resolution?.file : nil)),
            ("entry", shown ? resolution?.entry?.reportJSON ?? .null : .null),
            ("mirrored", .bool(shown && resolution?.isMirrored == true)),
            ("trace", .array(trace.map(ReportJSON.string))),
            ("state", .string(state.rawValue)),
        ]
        if let presentation {
            members.append(("style", .object([
                ("name", .optional(presentation.style?.name)),
                ("title", .optional(presentation.title)),
                ("subtitle", .optional(presentation.subtitle)),
                ("buttons", .array(presentation.buttons.map {
                    .object([("title", .string($0.title)), ("action", .string($0.action))])
                })),
                ("buttonAxis", .string(presentation.buttonAxis.rawValue)),
                ("activityIndicator", .bool(presentation.showsActivityIndicator)),
                ("image", .string(imageWords)),
            ])))
        } else {
            members.append(("style", .null))
        }
        if let animation {
            members.append(("animation", .object([
                ("frames", .number(animation.frameCount)),
                ("delaysMilliseconds", .array(animation.delays.map(ReportJSON.number))),
                ("plays", animation.loop.plays.map(ReportJSON.number) ?? .null),
            ])))
        }
        return .object(members)
    }

    /// `explicit`, `conventional`, `hidden`, or `none` when the style shows no image.
    private var imageWords: String {
        guard looksUpImage, let choice else { return "none" }
        return choice.source.rawValue
    }

    /// The state, style, text, buttons and image, then the trace.
    public var reportText: String {
        var lines = ["state: \(state.rawValue) (\(query.description))"]
        guard let presentation else {
            lines.append("no placeholder: the content is shown")
            return lines.joined(separator: "\n")
        }
        lines.append("style: \(presentation.style?.name ?? "custom")")
        if let title = presentation.title { lines.append("title: \(title)") }
        if let subtitle = presentation.subtitle { lines.append("subtitle: \(subtitle)") }
        if !presentation.buttons.isEmpty {
            let buttons = presentation.buttons.map { "\($0.title) [\($0.action)]" }.joined(separator: ", ")
            lines.append("buttons (\(presentation.buttonAxis.rawValue)): \(buttons)")
        }
        if presentation.showsActivityIndicator { lines.append("activity indicator: shown") }
        if !looksUpImage {
            lines.append("image: none")
        } else if let choice, let file = choice.file {
            let mirrored = choice.resolution?.isMirrored == true ? ", mirrored" : ""
            lines.append("image: \(file) (\(choice.source.rawValue): \(choice.name ?? "")\(mirrored))")
            if let animation {
                let plays = animation.loop.plays.map { $0 == 1 ? "plays once" : "plays \($0) times" } ?? "loops forever"
                lines.append("animation: \(animation.frameCount) frames, \(animation.cycleDuration) ms a play, \(plays)")
            }
        } else {
            lines.append("image: hidden")
        }
        lines.append("trace:")
        lines += trace.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}
