/// The axis a placeholder's buttons stack along.
import AssetsSupport
import AssetsCodecs

public enum ButtonAxis: String, Sendable, Hashable, CaseIterable, Codable {
    case vertical
    case horizontal
}
