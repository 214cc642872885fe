import AssetsSupport
import AssetsCodecs

/// Why a string table could not be read. Names the file, and the line (or JSON key path) where it went wrong.
public struct StringsFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The file or folder could not be read (the system's words).
        case unreadable(String)
        /// Larger than a string table may be.
        case tooLarge(bytes: Int, limit: Int)
        /// The text is not UTF-8 or UTF-16.
        case notText
        /// A compiled (binary) property list: give the source `.strings` file.
        case binaryPropertyList
        /// A `.strings` file that breaks the strings syntax (what was expected).
        case syntax(String)
        /// A `.xcstrings` file that is not JSON (the parser's words).
        case notJSON(String)
        /// A `.xcstrings` value of the wrong type.
        case wrongType(expected: String, found: String)
        /// A folder holding no `.xcstrings` and no `.lproj/*.strings` file.
        case noTables
        /// More files or entries than a string table search reads.
        case tooMany(String, limit: Int)
    }

    public var file: String
    /// 1-based; 0 when the error concerns no line.
    public var line: Int
    /// Where in a `.xcstrings` file (`strings.placeholder.retry.localizations.de`); empty otherwise.
    public var keyPath: String
    public var reason: Reason

    package init(file: String, line: Int = 0, keyPath: String = "", reason: Reason) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.reason = reason
    }

    public var description: String {
        var place = file
        if line > 0 { place += ":\(line)" }
        if !keyPath.isEmpty { place += ": \(keyPath)" }
        switch reason {
        case .unreadable(let detail): return "\(place): cannot read: \(detail)"
        case .tooLarge(let bytes, let limit): return "\(place): \(bytes) bytes is larger than a string table may be (\(limit))"
        case .notText: return "\(place): not UTF-8 or UTF-16 text"
        case .binaryPropertyList: return "\(place): a compiled (binary) property list; give the source .strings file"
        case .syntax(let expected): return "\(place): \(expected)"
        case .notJSON(let detail): return "\(place): not JSON: \(detail)"
        case .wrongType(let expected, let found): return "\(place): expected \(expected), found \(found)"
        case .noTables: return "\(place): no .xcstrings file and no .lproj folder with a .strings file"
        case .tooMany(let what, let limit): return "\(place): more than \(limit) \(what)"
        }
    }
}
