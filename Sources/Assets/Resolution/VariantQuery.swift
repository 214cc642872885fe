/// The traits of a device asking for an image: what `UITraitCollection` tells `UIImage(named:in:compatibleWith:)`.
///
/// Every trait has a default, so a query names only what differs from an iPhone in light mode at 3x.
import AssetsSupport
import AssetsCodecs

public struct VariantQuery: Sendable, Hashable, CustomStringConvertible {
    /// The display scale: how many pixels make one point.
    public enum Scale: Int, Sendable, Hashable, CaseIterable, Codable {
        case one = 1
        case two = 2
        case three = 3

        /// The word a `Contents.json` uses: `"1x"`, `"2x"`, `"3x"`.
        public var catalogValue: String { "\(rawValue)x" }
    }

    /// The luminosity the interface shows.
    public enum Appearance: String, Sendable, Hashable, CaseIterable, Codable {
        case light
        case dark
    }

    /// The kind of device.
    public enum Idiom: String, Sendable, Hashable, CaseIterable, Codable {
        case phone
        case pad
        case mac
        case tv
        case watch
        case car

        /// The `idiom` word a `Contents.json` entry uses for this device (Apple's vocabulary).
        public var catalogValue: String {
            switch self {
            case .phone: "iphone"
            case .pad: "ipad"
            case .mac: "mac"
            case .tv: "tv"
            case .watch: "watch"
            case .car: "car"
            }
        }
    }

    /// The direction text runs in the interface.
    public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
        case leftToRight = "left-to-right"
        case rightToLeft = "right-to-left"
    }

    public var scale: Scale
    public var appearance: Appearance
    /// Whether the user asked for increased contrast.
    public var highContrast: Bool
    public var idiom: Idiom
    public var layoutDirection: LayoutDirection

    public init(
        scale: Scale = .three,
        appearance: Appearance = .light,
        highContrast: Bool = false,
        idiom: Idiom = .phone,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.scale = scale
        self.appearance = appearance
        self.highContrast = highContrast
        self.idiom = idiom
        self.layoutDirection = layoutDirection
    }

    /// An iPhone in light mode at 3x, left to right: the defaults.
    public static let iPhone = VariantQuery()

    public var isRightToLeft: Bool { layoutDirection == .rightToLeft }

    /// `phone dark high-contrast 3x rtl`: the traits in a few words.
    public var description: String {
        var words = [idiom.rawValue, appearance.rawValue]
        if highContrast { words.append("high-contrast") }
        words.append(scale.catalogValue)
        if isRightToLeft { words.append("rtl") }
        return words.joined(separator: " ")
    }
}
