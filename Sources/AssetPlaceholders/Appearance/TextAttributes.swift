/// How a piece of text is set: font size and weight, colour, alignment, and whether it may wrap.
///
/// `PlaceholderTextAttributes(fontSize: 0)` is set at ``systemFontSize`` (17): see ``fontSize``.
public struct PlaceholderTextAttributes: Sendable, Hashable {
    /// A font weight, from ultra-light to black (CSS weights 100 to 900).
    public enum Weight: String, Sendable, Hashable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The CSS `font-weight`.
        package var cssWeight: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }
    }

    /// Where lines sit; `natural` is leading (left, right to left: right).
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        case natural, left, center, right, justified

        /// The CSS `text-align`.
        package var css: String {
            switch self {
            case .natural: "start"
            case .left: "left"
            case .center: "center"
            case .right: "right"
            case .justified: "justify"
            }
        }
    }

    /// The system font size, 17 points: what a size that is not a positive finite number becomes.
    public static let systemFontSize: Double = 17

    /// In points. A size that is not a positive, finite number (0, a negative size, NaN) is
    /// ``systemFontSize``, in the initialiser and when set: no font has size 0, and UIKit draws such text at
    /// the system size.
    public var fontSize: Double {
        didSet { if !(fontSize.isFinite && fontSize > 0) { fontSize = Self.systemFontSize } }
    }
    public var weight: Weight
    public var italic: Bool
    public var color: PlaceholderColor
    public var alignment: Alignment
    /// Whether the text wraps onto more lines (false: one line, truncated).
    public var isMultiline: Bool

    public init(
        fontSize: Double = 17, weight: Weight = .regular, italic: Bool = false, color: PlaceholderColor = .label,
        alignment: Alignment = .natural, isMultiline: Bool = true
    ) {
        self.fontSize = fontSize.isFinite && fontSize > 0 ? fontSize : Self.systemFontSize
        self.weight = weight
        self.italic = italic
        self.color = color
        self.alignment = alignment
        self.isMultiline = isMultiline
    }
}
