/// The one list of placeholder states: what a stateful screen shows (loading, content, empty, error and the
/// loading-data error) and an image slot whose image is nil. `resolve --state`, the report's rows, the
/// decision tree, the stateful screen's state machine and the standard styles all use these values.
public enum PlaceholderState: String, Sendable, Hashable, CaseIterable, Codable {
    case loading
    case content
    case empty
    case error
    case loadingError = "loading-error"
    case imageSlot = "image-slot"

    /// The role whose image this state shows; nil for content.
    public var role: PlaceholderRole? {
        switch self {
        case .loading: .loading
        case .content: nil
        case .empty: .emptyState
        case .error: .error
        case .loadingError: .loadingDataError
        case .imageSlot: .imageSlot
        }
    }

    /// The style shown in this state; nil for content (no placeholder).
    public func style(in styles: ScreenPlaceholderStyles = .standard) -> PlaceholderStyle? {
        switch self {
        case .loading: styles.loading
        case .content: nil
        case .empty: styles.empty
        case .error: styles.error
        case .loadingError: styles.loadingDataError
        case .imageSlot: .imageSlotStyle
        }
    }

    /// The states a stateful screen moves between (every state but the image slot).
    public static let screenStates: [PlaceholderState] = [.loading, .content, .empty, .error, .loadingError]
}
