/// The values Apple's asset catalog format defines for the keys the validator checks.
enum CatalogVocabulary {
    static let idioms: Set<String> = [
        "universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision",
        "ios-marketing", "watch-marketing", "mac-catalyst", "marketing",
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

/// A conventional placeholder image name and the state of the app that goes without an image when it is missing.
public struct PlaceholderName: Sendable, Hashable {
    public var name: String
    /// In the user's words: `"the error state"`.
    public var state: String

    public init(_ name: String, state: String) {
        self.name = name
        self.state = state
    }

    /// The four conventional placeholders.
    public static let conventional: [PlaceholderName] = [
        PlaceholderName("placeholder_error_icon", state: "the error state"),
        PlaceholderName("placeholder_loading_data_icon", state: "the loading state"),
        PlaceholderName("placeholder_empty_state_icon", state: "the empty state"),
        PlaceholderName("global_image_placeholder_icon", state: "an image that has not loaded yet (the global placeholder)"),
    ]
}
