/// Which frames to extract: all of them, or an inclusive range of zero-based indices such as `3-7`.
import AssetsSupport

public struct FrameSelection: Sendable, Hashable, CustomStringConvertible {
    public var first: Int
    public var last: Int?

    public static let all = FrameSelection(first: 0, last: nil)

    public init(first: Int, last: Int?) {
        self.first = first
        self.last = last
    }

    /// Parses `N`, `A-B` (inclusive) or `A-` (from A to the end); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), first >= 0 else { return nil }
        if parts.count == 1 {
            self.init(first: first, last: first)
        } else if parts[1].isEmpty {
            self.init(first: first, last: nil)
        } else {
            guard let last = Int(parts[1]), last >= first else { return nil }
            self.init(first: first, last: last)
        }
    }

    package func contains(_ index: Int) -> Bool {
        index >= first && (last.map { index <= $0 } ?? true)
    }

    /// Whether no frame after `index` can be selected.
    package func isPast(_ index: Int) -> Bool {
        last.map { index >= $0 } ?? false
    }

    public var description: String {
        last.map { $0 == first ? "\(first)" : "\(first)-\($0)" } ?? "\(first)-"
    }
}
