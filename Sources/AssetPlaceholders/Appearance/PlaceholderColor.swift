/// A colour as a placeholder draws it, with its light and its dark value (one value for both when they are equal).
///
/// ```swift
/// let tint = PlaceholderColor(light: .hex(0x007AFF), dark: .hex(0x0A84FF))
/// let grey = PlaceholderColor(red: 205, green: 205, blue: 205, alpha: 0.3)
/// ```
public struct PlaceholderColor: Sendable, Hashable {
    /// One colour: 8-bit red, green and blue, and an opacity from 0 to 1.
    public struct RGBA: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        /// 0 (transparent) to 1 (opaque); values outside are clamped.
        public var alpha: Double

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha.isFinite ? min(1, max(0, alpha)) : 1
        }

        /// From `0xRRGGBB`.
        public static func hex(_ value: UInt32, alpha: Double = 1) -> RGBA {
            RGBA(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF), alpha: alpha)
        }

        /// From components between 0 and 1, as UIKit writes them (`UIColor(red: 0.8, …)`).
        public static func components(red: Double, green: Double, blue: Double, alpha: Double = 1) -> RGBA {
            func byte(_ value: Double) -> UInt8 { value.isFinite ? UInt8((min(1, max(0, value)) * 255).rounded()) : 0 }
            return RGBA(red: byte(red), green: byte(green), blue: byte(blue), alpha: alpha)
        }

        /// The alpha as a byte (0...255).
        public var alphaByte: UInt8 { UInt8((alpha * 255).rounded()) }

        /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
        public var hexString: String {
            func two(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            return "#" + two(red) + two(green) + two(blue) + (alphaByte == 255 ? "" : two(alphaByte))
        }

        /// `rgba(r, g, b, a)` for CSS.
        package var css: String {
            let opacity = (alpha * 1000).rounded() / 1000
            return "rgba(\(red), \(green), \(blue), \(opacity))"
        }

        public var description: String { hexString }
    }

    public var light: RGBA
    public var dark: RGBA

    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in light and dark.
    public init(_ color: RGBA) {
        self.init(light: color, dark: color)
    }

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.init(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// The fixed colours carry UIKit's values for the same names; the `system` ones follow light and dark.
    public static let clear = PlaceholderColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = PlaceholderColor(red: 0, green: 0, blue: 0)
    public static let white = PlaceholderColor(red: 255, green: 255, blue: 255)
    /// UIKit's `.gray`: #808080 (half white), the same in light and dark.
    public static let gray = PlaceholderColor(red: 128, green: 128, blue: 128)
    /// UIKit's `.blue`: #0000FF.
    public static let blue = PlaceholderColor(red: 0, green: 0, blue: 255)
    /// UIKit's `.yellow`: #FFFF00.
    public static let yellow = PlaceholderColor(red: 255, green: 255, blue: 0)
    /// UIKit's `.systemGray`: #8E8E93, the same in light and dark.
    public static let systemGray = PlaceholderColor(red: 142, green: 142, blue: 147)
    public static let systemPink = PlaceholderColor(light: .hex(0xFF2D55), dark: .hex(0xFF375F))
    public static let systemBlue = PlaceholderColor(light: .hex(0x007AFF), dark: .hex(0x0A84FF))
    /// The screen's background: white in light, black in dark.
    public static let systemBackground = PlaceholderColor(light: .hex(0xFFFFFF), dark: .hex(0x000000))
    /// Primary text: black in light, white in dark.
    public static let label = PlaceholderColor(light: .hex(0x000000), dark: .hex(0xFFFFFF))
    /// Secondary text: grey, lighter in dark.
    public static let secondaryLabel = PlaceholderColor(light: .hex(0x3C3C43, alpha: 0.6), dark: .hex(0xEBEBF5, alpha: 0.6))
    /// A disabled control's fill.
    public static let systemFill = PlaceholderColor(light: .hex(0x787880, alpha: 0.2), dark: .hex(0x787880, alpha: 0.36))
}
