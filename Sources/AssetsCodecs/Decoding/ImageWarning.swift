/// A problem that did not stop reading: a stable `code` for tools and the codec's own words.
import AssetsSupport

public struct ImageWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: ImageWarningCode
    public var message: String
    /// The byte offset the warning refers to, when known.
    public var offset: Int?

    package init(code: ImageWarningCode, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        offset.map { "\(message) at offset \($0) [\(code.rawValue)]" } ?? "\(message) [\(code.rawValue)]"
    }
}
