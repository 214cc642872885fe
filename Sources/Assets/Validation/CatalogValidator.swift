import Dispatch

/// Checks a loaded catalog and reports every finding; it never stops at the first problem and never
/// writes. Files are checked in parallel on all cores; the report is sorted, so it is the same on
/// every run.
public struct CatalogValidator: Sendable {
    public struct Options: Sendable, Hashable {
        /// Fully decode every image instead of probing its header.
        public var deep: Bool
        /// Report a missing placeholder as an error rather than a warning.
        public var requirePlaceholders: Bool
        /// The placeholder names to look for; the four conventional ones by default.
        public var placeholders: [PlaceholderName]
        public var limits: DecodingLimits

        public init(deep: Bool = false, requirePlaceholders: Bool = false,
                    placeholders: [PlaceholderName] = PlaceholderName.conventional, limits: DecodingLimits = .default) {
            self.deep = deep
            self.requirePlaceholders = requirePlaceholders
            self.placeholders = placeholders
            self.limits = limits
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
    public func validate(catalogAt path: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil)
        throws(CatalogReadError) -> CatalogReport
    {
        validate(try AssetCatalog.read(at: path), progress: progress)
    }

    /// Validates a loaded catalog; `progress` is called as files are checked, from any thread.
    public func validate(_ catalog: AssetCatalog, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> CatalogReport {
        var diagnostics = catalog.readingDiagnostics
        diagnostics += duplicateNames(in: catalog)
        diagnostics += missingPlaceholders(in: catalog)
        let assets = catalog.assets
        let planned = LockedBox([([CatalogDiagnostic], [FileJob])?](repeating: nil, count: assets.count))
        let workers = max(1, min(assets.count, ParallelWork.processorCount * 4))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < assets.count {
                let (found, assetJobs) = planFiles(of: assets[index], index: index)
                let result = (checkValues(of: assets[index]) + found, assetJobs)
                planned.update { $0[index] = result }
                index += workers
            }
        }
        var jobs: [FileJob] = []
        for case let (found, assetJobs)? in planned.update({ $0 }) {
            diagnostics += found
            jobs += assetJobs
        }
        let outcomes = runFileChecks(jobs, root: catalog.root, progress: progress)
        var factsByAsset: [Int: [Int: ImageFacts]] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            diagnostics += outcome.diagnostics
            if let facts = outcome.facts {
                for entry in job.entryIndices { factsByAsset[job.assetIndex, default: [:]][entry] = facts }
            }
        }
        for (index, facts) in factsByAsset {
            diagnostics += scaleMismatches(of: catalog.assets[index], facts: facts)
        }
        return CatalogReport(catalog: catalog.root, diagnostics: diagnostics.sorted(),
                             assetCount: catalog.assets.count, fileCount: jobs.count)
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
        options.placeholders.compactMap { placeholder in
            let present = catalog.assets(named: placeholder.name).contains { $0.kind != .colorSet }
            guard !present else { return nil }
            return CatalogDiagnostic(.missingPlaceholder, path: "",
                                     message: "no image named \(placeholder.name): \(placeholder.state) goes without an image",
                                     severity: options.requirePlaceholders ? .error : .warning)
        }
    }
}
