/// A localization provider backed by a dictionary (key → text), for tests and for tables read elsewhere.

public struct StringTable: LocalizationProvider, Hashable {
    public var strings: [String: String]

    public init(_ strings: [String: String] = [:]) {
        self.strings = strings
    }

    public func localizedString(forKey key: String) -> String? {
        strings[key]
    }
}
