/// A transition the machine refuses.

public enum ViewStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No placeholder is registered under this name.
    case unregistered(String, registered: [String])

    public var description: String {
        switch self {
        case .unregistered(let name, let registered):
            "no placeholder is registered for state \"\(name)\" (registered: \(registered.isEmpty ? "none" : registered.joined(separator: ", ")))"
        }
    }
}
