/// What the app's sources do with one set, as the report shows it (`report --sources PROJECT`): the first
/// few places that use it, or that nothing does. Plain data: the scan that finds it lives above the catalog
/// layer (`AssetReferences`, which this target does not depend on), and the command line hands its answer in.
public struct SetUsage: Sendable, Hashable {
    /// One place that uses the set: `file` relative to the project, its line, and the API as written.
    public struct Place: Sendable, Hashable {
        public var file: String
        public var line: Int
        public var via: String

        public init(file: String, line: Int, via: String) {
            self.file = file
            self.line = line
            self.via = via
        }

        /// `file:line`.
        public var location: String { "\(file):\(line)" }
    }

    /// The first few places that use the set (`CatalogHTMLReport.usagePlaces` of them at most).
    public var first: [Place]
    /// How many places use it in all; 0 for a set nothing uses (the scan's `unused-asset`).
    public var count: Int

    public init(first: [Place], count: Int) {
        self.first = first
        self.count = count
    }

    /// A set that no reference uses.
    public static let unused = SetUsage(first: [], count: 0)

    public var isUnused: Bool { count == 0 }
}
