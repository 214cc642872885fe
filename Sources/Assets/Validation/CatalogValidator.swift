/// Checks a loaded catalog and reports every finding; it never stops at the first problem and never
/// writes. Files are checked in parallel on all cores; the report is sorted, so it is the same on
/// every run.
import AssetsSupport
import AssetsCodecs

public struct CatalogValidator: Sendable {
    public struct Options: Sendable, Hashable {
        /// Fully decode every image instead of probing its header.
        public var deep: Bool
        /// Report a missing placeholder as an error rather than a warning.
        public var requirePlaceholders: Bool
        /// The placeholder roles whose image must be in the catalog (``PlaceholderRole/expectedInCatalog`` by default).
        public var placeholders: [PlaceholderRole]
        /// The asset name of each role: conventional, or a team's own from `placeholders.json`
        /// (``PlaceholderConfig/names(forCatalog:file:)``), the same names `resolve` and `report` use.
        public var placeholderNames: PlaceholderNames
        public var limits: DecodingLimits
        /// Bounds on reading the catalog folder, and the threads that read and check sets.
        public var catalogLimits: CatalogLimits

        public init(deep: Bool = false, requirePlaceholders: Bool = false,
                    placeholders: [PlaceholderRole] = PlaceholderRole.expectedInCatalog,
                    placeholderNames: PlaceholderNames = .conventional, limits: DecodingLimits = .default,
                    catalogLimits: CatalogLimits = .default) {
            self.deep = deep
            self.requirePlaceholders = requirePlaceholders
            self.placeholders = placeholders
            self.placeholderNames = placeholderNames
            self.limits = limits
            self.catalogLimits = catalogLimits
        }
    }

    public let options: Options
    let checker: any ImageChecking

    public init(options: Options = Options()) {
        self.options = options
        self.checker = CodecImageChecker(limits: options.limits)
    }

    init(options: Options, checker: any ImageChecking) {
        self.options = options
        self.checker = checker
    }

    /// Reads and validates the catalog at `path`. Throws only when the folder itself cannot be read.
    /// Each set is checked as soon as it is read, while its folder is open, on every core.
    public func validate(catalogAt path: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil)
        throws(CatalogReadError) -> CatalogReport
    {
        let done = Locked(0)
        let root = path
        // The report needs of each set only its outcome, name, kind and path: the reader drops the rest
        // once the set is checked, so memory grows by little per set.
        let (catalog, outcomes) = try AssetCatalog.read(at: path, limits: options.catalogLimits, visiting: { asset, folder, setCount in
            let outcome = checkSet(asset, root: root, folder: folder)
            if let progress { progress(done.withLock { $0 += 1; return $0 }, setCount) }
            return outcome
        }, keepingSetContents: false)
        return report(catalog, outcomes)
    }

    /// Validates a loaded catalog; `progress` is called as sets are checked (sets done, sets in all), from any thread.
    public func validate(_ catalog: AssetCatalog, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> CatalogReport {
        let assets = catalog.assets
        // One pass per set, on every core: its entries' values, its files (one folder descriptor for the
        // set) and its scale checks. Sets are handed out a few at a time, so a slow set does not hold up a core.
        let done = Locked(0)
        let outcomes = ParallelWork.map(count: assets.count, width: options.catalogLimits.workers) { index in
            let outcome = checkSet(assets[index], root: catalog.root, folder: nil)
            if let progress { progress(done.withLock { $0 += 1; return $0 }, assets.count) }
            return outcome
        }
        return report(catalog, outcomes)
    }

    /// The report: what reading found, the catalog-wide checks, and each set's outcome, sorted.
    private func report(_ catalog: AssetCatalog, _ outcomes: [SetOutcome]) -> CatalogReport {
        var diagnostics = catalog.readingDiagnostics
        diagnostics += duplicateNames(in: catalog)
        diagnostics += missingPlaceholders(in: catalog)
        var fileCount = 0
        for outcome in outcomes {
            diagnostics += outcome.diagnostics
            fileCount += outcome.fileCount
        }
        return CatalogReport(catalog: catalog.root, diagnostics: diagnostics.sorted(),
                             assetCount: catalog.assets.count, fileCount: fileCount)
    }

    func contentsPath(of asset: Asset) -> String {
        asset.path + "/Contents.json"
    }

    private func duplicateNames(in catalog: AssetCatalog) -> [CatalogDiagnostic] {
        var byName: [String: [Asset]] = [:]
        for asset in catalog.assets { byName[asset.name, default: []].append(asset) }
        var found: [CatalogDiagnostic] = []
        for (name, assets) in byName where assets.count > 1 {
            for asset in assets {
                let others = assets.filter { $0.path != asset.path }.map(\.path).sorted().joined(separator: ", ")
                found.append(CatalogDiagnostic(.duplicateName, path: asset.path,
                                               message: "the name \"\(name)\" is also used by \(others)"))
            }
        }
        return found
    }

    private func missingPlaceholders(in catalog: AssetCatalog) -> [CatalogDiagnostic] {
        options.placeholders.compactMap { role in
            let name = options.placeholderNames[role]
            let present = catalog.assets(named: name).contains { $0.kind != .colorSet }
            guard !present else { return nil }
            return CatalogDiagnostic(.missingPlaceholder, path: "",
                                     message: "no image named \(name): \(role.words) goes without an image",
                                     severity: options.requirePlaceholders ? .error : .warning)
        }
    }
}
