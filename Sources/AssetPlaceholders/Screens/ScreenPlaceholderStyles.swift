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
