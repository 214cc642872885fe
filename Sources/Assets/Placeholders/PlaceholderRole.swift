/// What a placeholder stands in for. Each role has a conventional asset name a catalog can provide.
import AssetsSupport
import AssetsCodecs

public enum PlaceholderRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// An error state.
    case error = "error"
    /// Loading the screen's data failed.
    case loadingDataError = "loading-error"
    /// The screen has nothing to show.
    case emptyState = "empty"
    /// An image slot whose image is nil.
    case imageSlot = "image-slot"

    /// The asset name a catalog uses for this role when no mapping says otherwise.
    public var conventionalName: String {
        switch self {
        case .error: "placeholder_error_icon"
        case .loadingDataError: "placeholder_loading_data_icon"
        case .emptyState: "placeholder_empty_state_icon"
        case .imageSlot: "global_image_placeholder_icon"
        }
    }
}
