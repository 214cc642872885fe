/// How often an animation plays, from the NETSCAPE2.0 or ANIMEXTS1.0 application extension.
import AssetsSupport

public enum GIFLoopCount: Sendable, Hashable {
    /// No loop extension: the animation plays once.
    case playOnce
    /// A stored loop count of 0: the animation repeats forever.
    case forever
    /// A stored loop count of n > 0: browsers play the animation n more times after the first play.
    case repeats(Int)

    /// The loop count for a stored extension value (0 means forever).
    package init(stored value: Int) {
        self = value == 0 ? .forever : .repeats(value)
    }

    /// The value as stored in the file: nil when there is no loop extension, 0 for forever.
    public var storedValue: Int? {
        switch self {
        case .playOnce: return nil
        case .forever: return 0
        case .repeats(let count): return count
        }
    }

    /// How many times a browser shows the whole animation; nil for forever.
    public var plays: Int? {
        switch self {
        case .playOnce: return 1
        case .forever: return nil
        case .repeats(let count): return count + 1
        }
    }
}
