/// What happens to a GIF frame's rectangle before the next frame is drawn (the GCE disposal method).
import AssetsSupport

public enum GIFDisposal: Sendable, Hashable {
    /// Method 0: no disposal specified; browsers leave the frame in place.
    case unspecified
    /// Method 1: leave the frame in place.
    case keep
    /// Method 2: clear the frame's rectangle. Browsers clear to transparent, not to the background colour.
    case restoreBackground
    /// Method 3: put back the canvas as it was before the frame was drawn.
    case restorePrevious
    /// Methods 4 to 7, reserved by the GIF specification. Like Chromium, method 4 is composited as
    /// restore-to-previous and methods 5 to 7 as `keep`.
    case reserved(Int)

    /// The disposal for a GCE disposal method number (only its three bits count).
    package init(method: Int) {
        switch method & 7 {
        case 0: self = .unspecified
        case 1: self = .keep
        case 2: self = .restoreBackground
        case 3: self = .restorePrevious
        default: self = .reserved(method & 7)
        }
    }

    /// The GCE disposal method number.
    public var method: Int {
        switch self {
        case .unspecified: return 0
        case .keep: return 1
        case .restoreBackground: return 2
        case .restorePrevious: return 3
        case .reserved(let value): return value
        }
    }

    /// Whether compositing puts back the canvas as it was before the frame (methods 3 and 4).
    public var restoresPrevious: Bool {
        self == .restorePrevious || self == .reserved(4)
    }

    /// A stable name for reports: `none`, `keep`, `background`, `previous`, or `reserved-N`.
    public var name: String {
        switch self {
        case .unspecified: return "none"
        case .keep: return "keep"
        case .restoreBackground: return "background"
        case .restorePrevious: return "previous"
        case .reserved(let value): return "reserved-\(value)"
        }
    }
}
