/// One entry of a colour set's `colors` array.
import AssetsSupport
import AssetsCodecs

public struct ColorEntry: Sendable, Hashable {
    public var idiom: String?
    public var appearances: [AppearanceTrait]
    public var displayGamut: String?
    /// The colour; nil for an entry that has none.
    public var color: ColorValue?
    /// Keys this model does not interpret, kept as written.
    public var otherKeys: [String: JSONValue]

    public init(
        idiom: String? = nil, appearances: [AppearanceTrait] = [], displayGamut: String? = nil,
        color: ColorValue? = nil, otherKeys: [String: JSONValue] = [:]
    ) {
        self.idiom = idiom
        self.appearances = appearances
        self.displayGamut = displayGamut
        self.color = color
        self.otherKeys = otherKeys
    }
}

/// A colour as a catalog writes it: components in a colour space, or a reference to a system colour.
public enum ColorValue: Sendable, Hashable {
    case components(ColorComponents)
    /// A system colour (`labelColor`, `systemBackgroundColor`), with the platform it names (`ios`).
    case system(name: String, platform: String?)
}

/// Colour components, each in 0...1 (extended colour spaces may go beyond), whatever notation the
/// file used: decimal (`"0.871"`), 0–255 integers (`"77"`) or hex (`"0xFF"`).
public struct ColorComponents: Sendable, Hashable {
    /// `srgb`, `display-p3`, `extended-srgb`, `extended-linear-srgb`, `gray-gamma-22`, `extended-gray`, ...
    public var colorSpace: String?
    public var red: Double?
    public var green: Double?
    public var blue: Double?
    /// Grey colour spaces give `white` instead of red, green and blue.
    public var white: Double?
    public var alpha: Double

    public init(
        colorSpace: String?, red: Double? = nil, green: Double? = nil, blue: Double? = nil,
        white: Double? = nil, alpha: Double = 1
    ) {
        self.colorSpace = colorSpace
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
        self.alpha = alpha
    }

    /// Reads one component as written: `"0xFF"` and `"77"` are 0–255 values, `"0.5"` and `"-0.1"` are
    /// already fractions. For alpha, a bare `0` or `1` is taken as the fraction. Nil when unreadable.
    package static func value(of text: String, isAlpha: Bool = false) -> Double? {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            guard let byte = Int(trimmed.dropFirst(2), radix: 16) else { return nil }
            return Double(byte) / 255
        }
        if let integer = Int(trimmed) {
            if isAlpha, integer == 0 || integer == 1 { return Double(integer) }
            return Double(integer) / 255
        }
        guard let number = Double(trimmed), number.isFinite else { return nil }
        return number
    }
}

extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
