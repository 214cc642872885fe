/// Bounds on reading a catalog folder, so a hostile tree cannot take unbounded time or memory.
public struct CatalogLimits: Sendable, Hashable {
    /// How many folders deep groups may nest; deeper folders are reported (`unsafe-path`) and not read.
    public var maxDepth: Int
    /// The largest `Contents.json` read, in bytes; a larger one is reported as unreadable.
    public var maxContentsBytes: Int
    /// How many threads read and check sets; nil: one per processor this process may use.
    public var threads: Int?

    public init(maxDepth: Int = 48, maxContentsBytes: Int = 16 << 20, threads: Int? = nil) {
        self.maxDepth = maxDepth
        self.maxContentsBytes = maxContentsBytes
        self.threads = threads
    }

    /// 48 folders deep, 16 MiB per `Contents.json`, one thread per processor the process may use.
    public static let `default` = CatalogLimits()

    /// The threads to use: `threads`, or the processors this process may use (at least 1).
    var workers: Int { max(1, threads ?? ProcessResources.processorCount) }
}
