/// How many files one run may write, shared by every extraction of the run, so a file with a
/// hundred thousand one-pixel frames (or a folder of such files) cannot fill a server's inodes.
public final class OutputFileBudget: Sendable {
    /// 10,000 files: five times the frames of the longest real GIF we have seen, plus manifests.
    public static let defaultLimit = 10_000

    public let limit: Int
    private let written = Locked(0)

    public init(limit: Int = OutputFileBudget.defaultLimit) {
        self.limit = max(limit, 1)
    }

    /// Whether `count` more files fit the budget now (taking nothing: a check before the first write).
    package func hasRoom(for count: Int) -> Bool {
        written.withLock { $0 + count <= limit }
    }

    /// Takes one file from the budget; false (taking nothing) when the budget is spent.
    package func take() -> Bool {
        written.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }
}
