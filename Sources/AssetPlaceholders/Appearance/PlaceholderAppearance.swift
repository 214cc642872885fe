/// Edge distances in points (the placeholder's own type: SwiftUI's `EdgeInsets` keeps its name in an app that imports both).
public struct PlaceholderEdgeInsets: Sendable, Hashable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance on every edge.
    public static func edges(_ value: Double) -> PlaceholderEdgeInsets {
        PlaceholderEdgeInsets(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = PlaceholderEdgeInsets()

    /// `top right bottom left`, as CSS orders them.
    public var description: String { "\(Points(top)) \(Points(right)) \(Points(bottom)) \(Points(left))" }
}

/// A border: colour, width and corner radius (all corners).
public struct PlaceholderBorder: Sendable, Hashable {
    public var color: PlaceholderColor
    /// In points; 0 draws no line (the corners are still rounded).
    public var width: Double
    public var cornerRadius: Double

    public init(color: PlaceholderColor = .clear, width: Double = 0, cornerRadius: Double = 0) {
        self.color = color
        self.width = max(0, width.isFinite ? width : 0)
        self.cornerRadius = max(0, cornerRadius.isFinite ? cornerRadius : 0)
    }

    public static let none = PlaceholderBorder()
}

/// A drop shadow.
public struct PlaceholderShadow: Sendable, Hashable {
    public var color: PlaceholderColor
    /// 0 to 1.
    public var opacity: Double
    /// The blur radius, in points.
    public var radius: Double
    public var offsetX: Double
    public var offsetY: Double

    public init(color: PlaceholderColor = .black, opacity: Double = 0.2, radius: Double = 4, offsetX: Double = 0, offsetY: Double = 2) {
        self.color = color
        self.opacity = opacity.isFinite ? min(1, max(0, opacity)) : 0
        self.radius = max(0, radius.isFinite ? radius : 0)
        self.offsetX = offsetX.isFinite ? offsetX : 0
        self.offsetY = offsetY.isFinite ? offsetY : 0
    }
}

/// The appearance of a title or a subtitle.
public struct TextAppearance: Sendable, Hashable {
    public var textAttributes: PlaceholderTextAttributes

    public init(textAttributes: PlaceholderTextAttributes = PlaceholderTextAttributes()) {
        self.textAttributes = textAttributes
    }
}

/// The appearance of the title and subtitle part.
public struct TitleSubtitleAppearance: Sendable, Hashable {
    public var titleAppearance: TextAppearance
    public var subtitleAppearance: TextAppearance
    /// Between title and subtitle, in points.
    public var spacing: Double

    public init(
        titleAppearance: TextAppearance = TextAppearance(
            textAttributes: PlaceholderTextAttributes(fontSize: 20, weight: .semibold, color: .label, alignment: .center)),
        subtitleAppearance: TextAppearance = TextAppearance(
            textAttributes: PlaceholderTextAttributes(fontSize: 15, color: .secondaryLabel, alignment: .center)),
        spacing: Double = 8
    ) {
        self.titleAppearance = titleAppearance
        self.subtitleAppearance = subtitleAppearance
        self.spacing = spacing
    }

    /// Changes the title's appearance in place.
    public mutating func titleAppearance(_ change: (inout TextAppearance) -> Void) { change(&titleAppearance) }
    /// Changes the subtitle's appearance in place.
    public mutating func subtitleAppearance(_ change: (inout TextAppearance) -> Void) { change(&subtitleAppearance) }
}

/// How the image is laid out: its size and how the picture fills it.
public struct ImageLayout: Sendable, Hashable {
    public enum Size: Sendable, Hashable {
        /// The image's own size in points.
        case intrinsic
        /// This height; the width follows the image's aspect ratio.
        case fixedHeight(Double)
        /// This width; the height follows the image's aspect ratio.
        case fixedWidth(Double)
        case fixed(width: Double, height: Double)
    }

    public enum ContentMode: String, Sendable, Hashable, CaseIterable {
        /// Stretched to the box.
        case scaleToFill
        /// Whole, letter-boxed.
        case scaleAspectFit
        /// Covering the box, cropped.
        case scaleAspectFill
        /// Unscaled, centred.
        case center

        /// The CSS `object-fit`.
        package var css: String {
            switch self {
            case .scaleToFill: "fill"
            case .scaleAspectFit: "contain"
            case .scaleAspectFill: "cover"
            case .center: "none"
            }
        }
    }

    public var size: Size
    public var contentMode: ContentMode

    public init(size: Size = .fixedHeight(120), contentMode: ContentMode = .scaleAspectFit) {
        self.size = size
        self.contentMode = contentMode
    }
}

/// The appearance of the image part.
public struct ImageAppearance: Sendable, Hashable {
    public var layout: ImageLayout
    public var backgroundColor: PlaceholderColor
    public var border: PlaceholderBorder

    public init(layout: ImageLayout = ImageLayout(), backgroundColor: PlaceholderColor = .clear, border: PlaceholderBorder = .none) {
        self.layout = layout
        self.backgroundColor = backgroundColor
        self.border = border
    }

    /// Changes the layout in place.
    public mutating func layout(_ change: (inout ImageLayout) -> Void) { change(&layout) }
}

/// How a whole placeholder looks: its box (background, border, shadow, insets), the spacing of its parts,
/// and the appearance of the image, the text and the button stack.
///
/// ```swift
/// let style = PlaceholderStyle.errorStyle.updatingAppearance {
///     $0.backgroundColor = PlaceholderColor(.hex(0xF2F2F7))
///     $0.textViewAppearance { text in
///         text.titleAppearance { $0.textAttributes.fontSize = 24 }
///     }
///     $0.imageViewAppearance.layout { $0.size = .fixedHeight(250) }
/// }
/// ```
public struct PlaceholderAppearance: Sendable, Hashable {
    public var backgroundColor: PlaceholderColor
    public var border: PlaceholderBorder
    public var shadow: PlaceholderShadow?
    /// Between the box's edge and its parts.
    public var contentInsets: PlaceholderEdgeInsets
    /// Between the screen's edges and the box; zero shows the placeholder full screen.
    public var placeholderViewInsets: PlaceholderEdgeInsets
    /// Between image, text and buttons, in points.
    public var spacing: Double
    /// Between two buttons, in points.
    public var buttonSpacing: Double
    public var imageViewAppearance: ImageAppearance
    public var textViewAppearance: TitleSubtitleAppearance

    public init(
        backgroundColor: PlaceholderColor = .systemBackground,
        border: PlaceholderBorder = .none,
        shadow: PlaceholderShadow? = nil,
        contentInsets: PlaceholderEdgeInsets = .edges(24),
        placeholderViewInsets: PlaceholderEdgeInsets = .zero,
        spacing: Double = 16,
        buttonSpacing: Double = 8,
        imageViewAppearance: ImageAppearance = ImageAppearance(),
        textViewAppearance: TitleSubtitleAppearance = TitleSubtitleAppearance()
    ) {
        self.backgroundColor = backgroundColor
        self.border = border
        self.shadow = shadow
        self.contentInsets = contentInsets
        self.placeholderViewInsets = placeholderViewInsets
        self.spacing = spacing
        self.buttonSpacing = buttonSpacing
        self.imageViewAppearance = imageViewAppearance
        self.textViewAppearance = textViewAppearance
    }

    /// The appearance of the standard styles.
    public static let standard = PlaceholderAppearance()

    /// An appearance made from the standard one by `build`: `PlaceholderAppearance { $0.backgroundColor = .blue }`.
    public init(_ build: (inout PlaceholderAppearance) -> Void) {
        self.init()
        build(&self)
    }

    @available(*, unavailable, renamed: "init(_:)", message: "an appearance is made by its initialiser: PlaceholderAppearance { … }")
    public static func make(_ build: (inout PlaceholderAppearance) -> Void) -> PlaceholderAppearance { PlaceholderAppearance(build) }

    /// Changes the title and subtitle part in place.
    public mutating func textViewAppearance(_ change: (inout TitleSubtitleAppearance) -> Void) { change(&textViewAppearance) }
    /// Changes the image part in place.
    public mutating func imageViewAppearance(_ change: (inout ImageAppearance) -> Void) { change(&imageViewAppearance) }
}

/// A number of points as tools print it: `16`, `0.5`.
package struct Points: CustomStringConvertible {
    package var value: Double
    package init(_ value: Double) { self.value = value }
    package var description: String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String((value * 100).rounded() / 100)
    }
}
