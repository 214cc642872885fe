/// The decision tree of a stateful screen: from (is loading, has content, error) to the
/// ``PlaceholderState`` it shows.
///
/// | loading | content | error | state | also |
/// | --- | --- | --- | --- | --- |
/// | no | no | none | empty | |
/// | no | no | some | error, or loading-error for a loading-data error | |
/// | no | yes | none | content | |
/// | no | yes | some | content | the error goes to the handler |
/// | yes | no | none | loading | |
/// | yes | no | some | loading | the reload supersedes the old error, which is dropped |
/// | yes | yes | none | content | a subtle activity indicator |
/// | yes | yes | some | content | a subtle activity indicator; the error goes to the handler |
public struct ContentStateDecision: Sendable, Hashable {
    /// The state shown: one of ``PlaceholderState/screenStates``.
    public var state: PlaceholderState
    /// Content stays on screen while loading: a small, unobtrusive indicator is requested.
    public var showsSubtleActivityIndicator: Bool
    /// An error raised while content is on screen: the content stays and this goes to the error handler.
    public var errorForHandler: ScreenError?
    /// The placeholder to show; nil when content is shown.
    public var placeholder: PlaceholderStyle?

    public init(
        isLoading: Bool,
        hasContent: Bool,
        error: ScreenError?,
        styles: ScreenPlaceholderStyles = .standard
    ) {
        showsSubtleActivityIndicator = false
        errorForHandler = nil
        if hasContent {
            state = .content
            showsSubtleActivityIndicator = isLoading
            errorForHandler = error
        } else if isLoading {
            state = .loading
        } else if let error {
            state = error.kind == .loadingData ? .loadingError : .error
        } else {
            state = .empty
        }
        placeholder = state.style(in: styles)
    }

    /// The state the view-state machine moves to; nil when content is shown.
    public var placeholderState: PlaceholderState? { state == .content ? nil : state }
}
