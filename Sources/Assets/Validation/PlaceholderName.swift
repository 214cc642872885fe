/// A conventional placeholder image name and the state of the app that goes without an image when it is missing.
import AssetsSupport
import AssetsCodecs

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
