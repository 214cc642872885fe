/// Why a GIF could not be encoded.
import AssetsSupport

public enum GIFEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidFrame(Int, String)
    case invalidColorTable(Int)
    case library(String)

    public var description: String {
        switch self {
        case .invalidFrame(let index, let reason): return "frame \(index): \(reason)"
        case .invalidColorTable(let count): return "a colour table needs 1 to 256 entries, not \(count)"
        case .library(let message): return "giflib: \(message)"
        }
    }
}
