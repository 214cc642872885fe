/// A state a tool can ask about: the four screen states, the loading-data error, and an empty image slot.
import AssetsSupport
import AssetsCodecs

public enum PlaceholderState: String, Sendable, Hashable, CaseIterable, Codable {
    case loading
    case content
    case empty
    case error
    case loadingError = "loading-error"
    case imageSlot = "image-slot"

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
}
