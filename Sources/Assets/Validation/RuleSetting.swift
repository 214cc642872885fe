/// What a team sets for one diagnostic code, as linters do: turn it off, or give it a severity.
public enum RuleSetting: String, Sendable, Hashable, CaseIterable, Codable {
    case off
    case note
    case warning
    case error
}
