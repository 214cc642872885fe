/// The axis a placeholder's buttons stack along.

public enum ButtonAxis: String, Sendable, Hashable, CaseIterable, Codable {
    case vertical
    case horizontal
}
