#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which colour a device gets for a colour set's name, the way `UIColor(named:in:compatibleWith:)` picks it:
/// the same matching order as images (device idiom, then universal; appearance exact, then without
/// contrast, then "any" with contrast, then "any"; display-gamut entries only when no plainer one is
/// there), on the set's `colors` entries instead of its files. One home for that order: the entries go
/// through `VariantResolver.resolve(in:for:)`.
public struct ColorResolution: Sendable, Hashable {
    public var name: String
    public var query: VariantQuery
    public var asset: Asset?
    /// The chosen entry and its index in `colors`.
    public var entry: ColorEntry?
    public var entryIndex: Int?
    public var trace: [String] = []

    public var isResolved: Bool { entry?.color != nil }

    /// Resolves a colour set for the query.
    package init(colorSet asset: Asset, name: String, query: VariantQuery) {
        self.name = name
        self.query = query
        self.asset = asset
        // Each colour entry as an image entry naming its own index; entries without a colour are unassigned.
        var proxy = asset
        proxy.entries = asset.colors.enumerated().map { index, color in
            ImageEntry(
                filename: color.color == nil ? nil : "colors[\(index)]", idiom: color.idiom, appearances: color.appearances,
                displayGamut: color.displayGamut)
        }
        let answer = VariantResolver.resolve(in: proxy, for: query)
        let prefix = "\(asset.path)/"
        trace = answer.trace.compactMap { line in
            if line.contains("has no scale: it serves") { return nil }
            return line.replacingAll(prefix, with: "\(asset.path): ").replacingAll("(no filename)", with: "(no colour)")
                .replacingAll(
                    "the set has no usable file in any slot",
                    with: "no entry has a colour (an entry without one, as Xcode's templates ship AccentColor, leaves the system colour)")
        }
        if let chosen = answer.entry?.filename, chosen.hasPrefix("colors["), let index = Int(chosen.dropFirst(7).dropLast()),
            asset.colors.indices.contains(index)
        {
            entryIndex = index
            entry = asset.colors[index]
        }
    }
}

/// A colour's components converted to 8-bit sRGB: `#RRGGBB`, or `#RRGGBBAA` when it is not opaque.
public struct SRGBColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    /// Whether a component fell outside sRGB (a wide-gamut or extended-range colour) and was clipped.
    public var clipped: Bool

    /// `#RRGGBB` or `#RRGGBBAA`.
    public var hex: String {
        func byte(_ value: Double) -> String {
            let scaled = Int((min(max(value, 0), 1) * 255).rounded())
            let digits = String(scaled, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// The sRGB form of stored components, by their colour space:
    /// - `srgb`, `extended-srgb` (and no colour space): the values are already sRGB-encoded;
    /// - `extended-linear-srgb`: linear light, encoded with the sRGB transfer function;
    /// - `display-p3`: P3 primaries with the sRGB transfer function: decoded, converted to sRGB primaries
    ///   through the D65 P3-to-sRGB matrix (from the two spaces' primaries; CSS Color 4 gives the same), encoded;
    /// - `gray-gamma-22`, `extended-gray`: a grey with gamma 2.2, its linear light encoded as sRGB;
    /// - any other space: nil (not converted).
    /// Out-of-range results are clipped to 0...1 and `clipped` says so.
    public init?(_ components: ColorComponents) {
        let space = components.colorSpace ?? "srgb"
        var rgb: (Double, Double, Double)
        switch space {
        case "srgb", "extended-srgb":
            guard let r = components.red, let g = components.green, let b = components.blue else { return nil }
            rgb = (r, g, b)
        case "extended-linear-srgb":
            guard let r = components.red, let g = components.green, let b = components.blue else { return nil }
            rgb = (SRGBColor.encode(r), SRGBColor.encode(g), SRGBColor.encode(b))
        case "display-p3":
            guard let r = components.red, let g = components.green, let b = components.blue else { return nil }
            let (lr, lg, lb) = (SRGBColor.decode(r), SRGBColor.decode(g), SRGBColor.decode(b))
            let sr = 1.2249401 * lr - 0.2249404 * lg
            let sg = -0.0420569 * lr + 1.0420571 * lg
            let sb = -0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb
            rgb = (SRGBColor.encode(sr), SRGBColor.encode(sg), SRGBColor.encode(sb))
        case "gray-gamma-22", "extended-gray":
            guard let white = components.white ?? components.red else { return nil }
            let linear = white < 0 ? -pow(-white, 2.2) : pow(white, 2.2)
            let encoded = SRGBColor.encode(linear)
            rgb = (encoded, encoded, encoded)
        default:
            return nil
        }
        // Values within rounding of the edge are not "clipped".
        let tolerance = 0.5 / 255
        clipped = [rgb.0, rgb.1, rgb.2].contains { $0 < -tolerance || $0 > 1 + tolerance }
        red = rgb.0
        green = rgb.1
        blue = rgb.2
        alpha = min(max(components.alpha, 0), 1)
    }

    /// The sRGB transfer function, extended to negative values by symmetry (as Apple's extended spaces do).
    static func encode(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// The inverse of `encode`.
    static func decode(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation in this target).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    /// The first range of `target`, found byte by byte (no Foundation in this target).
    func range(of target: String) -> Range<Index>? {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].utf8.starts(with: needle) {
                let end = self.utf8.index(index, offsetBy: needle.count)
                return index..<end
            }
            index = self.index(after: index)
        }
        return nil
    }
}
