/// What a placeholder image stands in for. Each role has a conventional asset name a catalog can provide,
/// and belongs to exactly one ``PlaceholderState``: this is the one table of placeholder names, read by
/// `validate`, `build-check`, `resolve` and `report` alike.
public enum PlaceholderRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// The loading state's animation (an animated GIF in a data set).
    case loading = "loading"
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
        case .loading: "placeholder_loading_animation"
        case .error: "placeholder_error_icon"
        case .loadingDataError: "placeholder_loading_data_icon"
        case .emptyState: "placeholder_empty_state_icon"
        case .imageSlot: "global_image_placeholder_icon"
        }
    }

    /// The state that shows this role's image.
    public var state: PlaceholderState {
        switch self {
        case .loading: .loading
        case .error: .error
        case .loadingDataError: .loadingError
        case .emptyState: .empty
        case .imageSlot: .imageSlot
        }
    }

    /// In the user's words, for messages: "the loading-data error state".
    package var words: String {
        switch self {
        case .loading: "the loading state"
        case .error: "the error state"
        case .loadingDataError: "the loading-data error state"
        case .emptyState: "the empty state"
        case .imageSlot: "an image that has not loaded yet (the global placeholder)"
        }
    }

    /// The roles whose image `validate` reports as missing (`missing-placeholder`): the four still images
    /// the standard styles show. The loading animation is optional: without it the loading state shows an
    /// activity indicator, as it always has.
    public static let expectedInCatalog: [PlaceholderRole] = [.error, .loadingDataError, .emptyState, .imageSlot]
}
