/// A problem that did not stop reading: a stable `code` for tools and the codec's own words.
import AssetsSupport

public struct ImageWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// For example `invalid-orientation`, `corrupt-data`, `extension-mismatch`, `missing-trailer`.
    public var code: String
    public var message: String
    /// The byte offset the warning refers to, when known.
    public var offset: Int?

    public init(code: String, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        offset.map { "\(message) at offset \($0) [\(code)]" } ?? "\(message) [\(code)]"
    }
}
