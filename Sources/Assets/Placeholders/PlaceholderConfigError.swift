/// Why a placeholder configuration file could not be used. Names the file and the key path.
import AssetsSupport
import AssetsCodecs

public struct PlaceholderConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The file could not be read (the system's words).
        case unreadable(String)
        /// The file is larger than a configuration can be.
        case tooLarge(bytes: Int, limit: Int)
        /// The bytes are not JSON (the parser's words).
        case notJSON(String)
        /// A value has the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// A key this format does not have.
        case unknownKey(String, expected: [String])
        /// A name is empty.
        case emptyName
    }

    /// The configuration file, as the caller named it.
    public var file: String
    /// Where in the JSON (`names.error`); empty for the whole document.
    public var keyPath: String
    public var reason: Reason

    package init(file: String, keyPath: String = "", reason: Reason) {
        self.file = file
        self.keyPath = keyPath
        self.reason = reason
    }

    public var description: String {
        "\(file): \(message)"
    }

    /// What is wrong, after the key path, without the file: `names.empty: expected a string, found a number`.
    public var message: String {
        let place = keyPath.isEmpty ? "" : "\(keyPath): "
        switch reason {
        case .unreadable(let detail): return "\(place)cannot read the file: \(detail)"
        case .tooLarge(let bytes, let limit): return "\(place)\(bytes) bytes is larger than a placeholder configuration may be (\(limit))"
        case .notJSON(let detail): return "\(place)not JSON: \(detail)"
        case .wrongType(let expected, let found): return "\(place)expected \(expected), found \(found)"
        case .unknownKey(let key, let expected):
            return "\(place)unknown key \"\(key)\" (expected one of \(expected.joined(separator: ", ")))"
        case .emptyName: return "\(place)the name is empty"
        }
    }
}
