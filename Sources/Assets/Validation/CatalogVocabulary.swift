/// The values Apple's asset catalog format defines for the keys the validator checks.
import AssetsSupport
import AssetsCodecs

enum CatalogVocabulary {
    /// `tv-marketing` is the App Store slot of a tvOS top shelf image (Xcode writes it in the top shelf
    /// image sets of a brand assets folder, beside the `tv` slots).
    static let idioms: Set<String> = [
        "universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision",
        "ios-marketing", "watch-marketing", "tv-marketing", "mac-catalyst", "marketing",
    ]
    static let scales: Set<String> = ["1x", "2x", "3x"]
    static let appearances: [String: Set<String>] = [
        "luminosity": ["light", "dark", "tinted"],
        "contrast": ["high"],
    ]
    static let sizeClasses: Set<String> = ["compact", "regular"]
    static let displayGamuts: Set<String> = ["sRGB", "display-P3"]
    static let languageDirections: Set<String> = ["left-to-right", "right-to-left"]
    static let renderingIntents: Set<String> = ["original", "template"]
    static let colorSpaces: Set<String> = [
        "srgb", "extended-srgb", "extended-linear-srgb", "display-p3", "extended-display-p3",
        "gray-gamma-22", "extended-gray", "extended-linear-gray",
    ]
}
