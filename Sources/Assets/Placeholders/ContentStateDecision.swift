/// The state a stateful screen shows.
import AssetsSupport
import AssetsCodecs

public enum ShownState: String, Sendable, Hashable, CaseIterable, Codable {
    case loading
    case content
    case empty
    case error
}

/// The decision tree of a stateful screen: from (is loading, has content, error) to what it shows.
///
/// | loading | content | error | shown | also |
/// | --- | --- | --- | --- | --- |
/// | no | no | none | empty | |
/// | no | no | some | error | the error (or loading-data error) placeholder |
/// | no | yes | none | content | |
/// | no | yes | some | content | the error goes to the handler |
/// | yes | no | none | loading | |
/// | yes | no | some | loading | the reload supersedes the old error, which is dropped |
/// | yes | yes | none | content | a subtle activity indicator |
/// | yes | yes | some | content | a subtle activity indicator; the error goes to the handler |
public struct ContentStateDecision: Sendable, Hashable {
    public var shown: ShownState
    /// Content stays on screen while loading: a small, unobtrusive indicator is requested.
    public var showsSubtleActivityIndicator: Bool
    /// An error raised while content is on screen: the content stays and this goes to the error handler.
    public var errorForHandler: ScreenError?
    /// The placeholder to show; nil when content is shown.
    public var placeholder: PlaceholderStyle?
    /// The name of the view state shown: `loading`, `empty`, `error`, `loading-error`; nil when content is shown.
    public var stateName: String?

    public init(
        isLoading: Bool,
        hasContent: Bool,
        error: ScreenError?,
        styles: ScreenPlaceholderStyles = .standard
    ) {
        showsSubtleActivityIndicator = false
        errorForHandler = nil
        placeholder = nil
        stateName = nil
        if hasContent {
            shown = .content
            showsSubtleActivityIndicator = isLoading
            errorForHandler = error
        } else if isLoading {
            shown = .loading
            placeholder = styles.loading
            stateName = "loading"
        } else if let error {
            shown = .error
            placeholder = styles.style(for: error.kind)
            stateName = error.kind == .loadingData ? "loading-error" : "error"
        } else {
            shown = .empty
            placeholder = styles.empty
            stateName = "empty"
        }
    }
}
