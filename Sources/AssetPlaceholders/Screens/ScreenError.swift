/// An error a screen reports, and whether it came from loading the screen's data.
///
/// ``StatefulScreen/endLoading(error:hasContent:animated:completion:)`` takes any `Error`: a `ScreenError`
/// passes as it is, any other becomes a ``Kind/general`` one that keeps it (``underlying``).
public struct ScreenError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Any failure.
        case general
        /// Loading the screen's data failed (offline, server down).
        case loadingData = "loading-data"
    }

    public var kind: Kind
    public var message: String
    /// The error this one was made from, when it was made from another (``init(_:kind:)``). It takes no part
    /// in equality: two screen errors are equal when their kinds and messages are.
    public var underlying: (any Error)?

    public init(kind: Kind = .general, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The screen error for `error`: `error` itself when it is a `ScreenError`, else one of `kind` whose
    /// message is the error's description and whose ``underlying`` error is `error`.
    public init(_ error: any Error, kind: Kind = .general) {
        if let screenError = error as? ScreenError {
            self = screenError
        } else {
            self.init(kind: kind, message: String(describing: error))
            underlying = error
        }
    }

    public static func == (lhs: ScreenError, rhs: ScreenError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }

    public var description: String { message }
}
