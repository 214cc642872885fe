/// The state a stateful screen shows.
public enum ShownState: String, Sendable, Hashable, CaseIterable, Codable {
    case loading
    case content
    case empty
    case error
}

/// An error a screen reports, and whether it came from loading the screen's data.
public struct ScreenError: Error, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Any failure.
        case general
        /// Loading the screen's data failed (offline, server down).
        case loadingData = "loading-data"
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind = .general, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The styles a stateful screen shows for its placeholder states.
public struct ScreenPlaceholderStyles: Sendable, Hashable {
    public var loading: PlaceholderStyle
    public var empty: PlaceholderStyle
    public var error: PlaceholderStyle
    public var loadingDataError: PlaceholderStyle

    public init(
        loading: PlaceholderStyle = .loadingStyle,
        empty: PlaceholderStyle = .emptyStateStyle,
        error: PlaceholderStyle = .errorStyle,
        loadingDataError: PlaceholderStyle = .loadingDataErrorStyle
    ) {
        self.loading = loading
        self.empty = empty
        self.error = error
        self.loadingDataError = loadingDataError
    }

    public static let standard = ScreenPlaceholderStyles()

    /// The style for an error of `kind`.
    public func style(for kind: ScreenError.Kind) -> PlaceholderStyle {
        kind == .loadingData ? loadingDataError : error
    }
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
