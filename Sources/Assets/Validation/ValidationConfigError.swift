/// A configuration file that cannot be used: the file, the key path and what is wrong.
public struct ValidationConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var keyPath: String?
    public var message: String

    package init(file: String, keyPath: String? = nil, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        "\(file): \(keyPath.map { "\($0): " } ?? "")\(message)"
    }
}
