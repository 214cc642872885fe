/// An error a screen reports, and whether it came from loading the screen's data.
import AssetsSupport
import AssetsCodecs

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
