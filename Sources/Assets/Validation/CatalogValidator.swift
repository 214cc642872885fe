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
        /// The placeholder roles whose image must be in the catalog. nil: ``/AssetPlaceholders/PlaceholderRole/expectedInCatalog``
        /// when `requirePlaceholders` is set, none otherwise (the names are this package's convention, not
        /// Xcode's; a project declares placeholders with `placeholders.json` or `--require-placeholders`, and
        /// ``forProject(catalog:deep:requirePlaceholders:config:placeholderNames:placeholderFileGiven:costChecks:costRewritesFiles:duplicatesOnlyWhenDeep:limits:catalogLimits:)`` passes them).
        public var placeholders: [PlaceholderRole]?
        /// The asset name of each role: conventional, or a team's own from `placeholders.json`
        /// (``PlaceholderConfig/names(forCatalog:file:)``), the same names `resolve` and `report` use.
        public var placeholderNames: PlaceholderNames
        public var limits: DecodingLimits
        /// Codes turned off or given another severity, and paths excluded (`.asset-tool.json`, flags).
        public var config: ValidationConfig
        /// Bounds on reading the catalog folder, and the threads that read and check sets.
        public var catalogLimits: CatalogLimits
        /// Run the cost checks (`duplicate-image`, `unused-scale`, `oversized-image`, `compressible-image`):
        /// files are then read whole, PNGs and JPEGs decoded and rewritten in memory. Off unless asked for
        /// (`asset-tool validate` and `size` ask; `build-check`, which runs on every build, does not).
        public var costChecks = false
        /// With `costChecks`, also `compressible-image`: each PNG and JPEG rewritten losslessly in memory
        /// (filter and colour-type trials, libdeflate's strong levels; on IceCubesApp's 36 MB catalog some
        /// 30 CPU seconds where reading headers takes 0.02). On by default for a library caller;
        /// `asset-tool validate` turns it on with `--deep` (or when `.asset-tool.json` names the rule), so
        /// the check a CI runs on every change stays fast. `duplicate-image` runs with `costChecks` alone.
        public var costRewritesFiles = true
        /// Where the facts learned from each file are kept between runs (`FileFactsCache`), and what names
        /// the tool beside its build (its version: part of the cache's key); nil: no cache (a library
        /// caller's default; `asset-tool validate` passes the platform's cache folder unless `--no-cache`).
        /// Not used with `deep` or when the cost checks read files whole.
        package var cacheFolder: String?
        package var cacheTool = ""
        /// The devices the app runs on, for `unused-scale` (``forProject(catalog:deep:requirePlaceholders:config:placeholderNames:placeholderFileGiven:costChecks:costRewritesFiles:duplicatesOnlyWhenDeep:limits:catalogLimits:)`` reads it from the project).
        package var deployment = DeploymentTarget()

        public init(
            deep: Bool = false, requirePlaceholders: Bool = false,
            placeholders: [PlaceholderRole]? = nil,
            placeholderNames: PlaceholderNames = .conventional, limits: DecodingLimits = .default,
            catalogLimits: CatalogLimits = .default, config: ValidationConfig = ValidationConfig()
        ) {
            self.deep = deep
            self.requirePlaceholders = requirePlaceholders
            self.placeholders = placeholders
            self.placeholderNames = placeholderNames
            self.limits = limits
            self.catalogLimits = catalogLimits
            self.config = config
        }

        /// The placeholder roles the check looks for.
        var checkedPlaceholders: [PlaceholderRole] {
            placeholders ?? (requirePlaceholders ? PlaceholderRole.expectedInCatalog : [])
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
    /// Each set is checked as soon as the reader has read it (its `Contents.json` and the header of each
    /// file it names, each file read once), on every core; the report keeps of each set only its
    /// outcome, name, kind and path, so memory grows by little per set.
    public func validate(
        catalogAt path: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    )
        throws(CatalogReadError) -> CatalogReport
    {
        try readAndValidate(catalogAt: path, keepingCatalog: false, progress: progress).report
    }

    /// As `validate(catalogAt:)`, and the catalog's outline too: every set's name, kind and path (its entries
    /// and file headers dropped once checked), for a caller that walks the sets again one at a time (the HTML
    /// report), so a large catalog is read once for its findings and never held whole.
    public func validateKeepingOutline(
        catalogAt path: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    )
        throws(CatalogReadError) -> (outline: AssetCatalog, report: CatalogReport)
    {
        let (outline, report) = try readAndValidate(catalogAt: path, keepingCatalog: false, progress: progress)
        return (outline, report)
    }

    /// Reads the catalog at `path` and validates it in the one pass `validate(catalogAt:)` makes, keeping
    /// the whole catalog (each file's header on its record) for a caller that draws it (`report`).
    package func readAndValidate(
        catalogAt path: String, keepingCatalog: Bool = true,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    )
        throws(CatalogReadError) -> (catalog: AssetCatalog, report: CatalogReport)
    {
        let done = Locked(0)
        let digests = Locked(ImageDigestTable())
        let cache = factsCache(forCatalogAt: path)
        let plan = CatalogReadPlan(
            limits: options.catalogLimits, files: cache.map { .headers(options.limits, cache: $0) } ?? fileReading,
            keepsSetContents: keepingCatalog)
        let (catalog, outcomes) = try AssetCatalog.read(
            at: path, plan: plan,
            consuming: { asset, setCount in
                let outcome = checkSet(asset, digestsInto: digests)
                Self.report(progress, done, of: setCount)
                return outcome
            })
        return (catalog, report(catalog, outcomes, digests: Self.take(digests), cache: cache))
    }

    /// What the reader reads of each file an entry names: its header, or with `--deep` all of it.
    var fileReading: SetFileReading {
        options.deep || costReadsWhole ? .whole(options.limits) : .headers(options.limits, digests: runs(.duplicateImage))
    }

    /// The cache of the catalog at `path`'s files' facts, when the options name a folder for it and the
    /// reader reads headers (never with `--deep`: it decodes every file, so "decodable" is never taken from it).
    private func factsCache(forCatalogAt path: String) -> FileFactsCache? {
        guard let folder = options.cacheFolder, case .headers = fileReading else { return nil }
        let catalog = CatalogFileSystem.realPath(path) ?? path
        return FileFactsCache(
            folder: folder, catalog: catalog,
            options: "\(options.cacheTool) headers \(options.limits) contents \(options.catalogLimits.maxContentsBytes)")
    }

    /// Counts one more set done and tells `progress`, if any (sets done, sets in all).
    private static func report(_ progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?, _ done: Locked<Int>, of total: Int) {
        guard let progress else { return }
        progress(
            done.withLock {
                $0 += 1
                return $0
            }, total)
    }

    /// Validates a loaded catalog; `progress` is called as sets are checked (sets done, sets in all), from any thread.
    /// A set whose files were not read with it (a plain `AssetCatalog.read`) has them read first by the
    /// reader's file stage, each once; then it is checked as `validate(catalogAt:)` checks it.
    public func validate(_ catalog: AssetCatalog, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> CatalogReport {
        let assets = catalog.assets
        // One pass per set, on every core. Sets are handed out a few at a time, so a slow set does not hold up a core.
        let done = Locked(0)
        let root = CatalogRoot(path: catalog.root) ?? CatalogRoot(path: catalog.root, real: catalog.root)
        let reading = fileReading
        let digests = Locked(ImageDigestTable())
        let outcomes = ParallelWork.map(count: assets.count, width: options.catalogLimits.workers) { index in
            var asset = assets[index]
            CatalogReader.readFiles(of: &asset, root: root, folder: nil, reading: reading)
            let outcome = checkSet(asset, digestsInto: digests)
            Self.report(progress, done, of: assets.count)
            return outcome
        }
        return report(catalog, outcomes, digests: Self.take(digests))
    }

    /// The table out of its lock, its storage no longer shared (so sorting it copies nothing).
    private static func take(_ table: Locked<ImageDigestTable>) -> ImageDigestTable {
        table.withLock { table in
            let taken = table
            table = ImageDigestTable()
            return taken
        }
    }

    /// The report: what reading found, the catalog-wide checks and each set's outcome, gathered in the
    /// catalog's `FindingCollector`, then configured and sorted. The checks that read files again (copies'
    /// bytes, images that must be opaque) run first, with the `cache` of files' facts, which keeps what they
    /// learn; it is then written, and let go of, before the rest: its buffers are gone before the end of the
    /// run, where memory peaks.
    private func report(
        _ catalog: AssetCatalog, _ outcomes: [SetOutcome], digests: consuming ImageDigestTable, cache: FileFactsCache? = nil
    ) -> CatalogReport {
        digests.sortByPath()
        if runs(.duplicateImage), !digests.isEmpty {
            var tables = [digests]
            digests = ImageDigestTable()
            DuplicateCandidates.resolve(
                &tables, roots: [catalog.root], by: duplicateEvidence, limits: options.limits,
                workers: options.catalogLimits.workers, caches: [cache])
            digests = tables[0]
        }
        let layered = CatalogValidator.layeredFacts(outcomes)
        var transparent: [CatalogDiagnostic] = []
        if !layered.isEmpty, let root = CatalogRoot(path: catalog.root) {
            transparent = transparentImages(layered, root: root, cache: cache)
        }
        cache?.save()
        var findings = FindingCollector()
        findings.report(catalog.readingDiagnostics)
        findings.report(duplicateNames(in: catalog))
        findings.report(missingPlaceholders(in: catalog))
        var fileCount = 0
        for outcome in outcomes {
            findings.take(outcome.findings)
            fileCount += outcome.fileCount
        }
        findings.report(duplicateImages(digests))
        if !transparent.isEmpty {
            // A transparent App Store icon's error takes the place of its alpha channel's warning.
            let replaced = Set(transparent.map { "\($0.path) \($0.keyPath ?? "")" })
            findings.revise { found in
                found.filter { $0.code != .iconAlpha || !replaced.contains("\($0.path) \($0.keyPath ?? "")") } + transparent
            }
        }
        findings.report(brandAssetIdioms(layered))
        let sizes = brandAssetSizes(layered)
        if !sizes.isEmpty {
            // A file its own set already finds at odds with its other scales is not reported twice.
            findings.revise { found in
                let reported = Set(found.lazy.filter { $0.code == .scaleMismatch }.map(\.path))
                return found + sizes.filter { !reported.contains($0.path) }
            }
        }
        findings.revise { emptyStacks($0, in: catalog) }
        findings.report(
            options.config.ignored.map { ignored in
                CatalogDiagnostic(
                    .ignoredConfig, path: ignored.insideCatalog ?? "",
                    message: ignored.insideCatalog == nil ? "\(ignored.file) \(ignored.reason)" : ignored.reason)
            })
        var report = CatalogReport(
            catalog: catalog.root, diagnostics: findings.finished(config: options.config),
            assetCount: catalog.assets.count, fileCount: fileCount, setPaths: catalog.assets.map(\.path))
        if outcomes.count == report.setPaths.count { report.setBytes = outcomes.map(\.bytes) }
        if runs(.duplicateImage) { report.imageDigests = digests }
        return report
    }

    func contentsPath(of asset: Asset) -> String {
        asset.path + "/Contents.json"
    }

    /// The lookup through which an app reaches a set by name: two sets collide only when one lookup
    /// could find both. See `duplicateNames(in:)`.
    enum NameLookup: Hashable {
        /// `UIImage(named:)`, `NSImage(named:)`, `Image(_:)`: image sets, symbol sets, image stacks.
        case image
        case symbol
        /// `UIColor(named:)`, `Color(_:)`.
        case color
        /// `NSDataAsset(name:)`.
        case data
        /// The app's icons: `ASSETCATALOG_COMPILER_APPICON_NAME`, alternate icons, `Info.plist` icon names.
        case appIcon
        /// Every other kind is reached by one role of its own (launch images, sticker packs, textures, ...).
        case other(AssetKind)

        init(_ kind: AssetKind) {
            switch kind {
            case .imageSet, .imageStack, .solidImageStack: self = .image
            case .symbolSet: self = .symbol
            case .colorSet: self = .color
            case .dataSet: self = .data
            case .appIconSet, .stickersIconSet, .iconSet, .brandAssets: self = .appIcon
            default: self = .other(kind)
            }
        }
    }

    /// Sets with the same fully qualified name that one lookup would find both of. The rule, from Apple's
    /// documentation and from catalogs that build: names are looked up per kind of asset. `UIImage(named:)`
    /// (and `NSImage(named:)`, SwiftUI `Image`) finds image sets, image stacks and symbol sets, and "prefers an
    /// asset containing a symbol image over an asset with the same name containing a bitmap image ... you may
    /// include both types of assets in the same asset catalog" (UIKit, `UIImage.init(named:)`), so an image set
    /// beside a symbol set of its name is allowed, while two image sets (or an image set and an image stack)
    /// are ambiguous. `UIColor(named:)` finds colour sets only, `NSDataAsset(name:)` data sets only, and app
    /// icons are named by the build settings and `Info.plist`, not by those lookups. The older Asset Catalog
    /// Format Reference ("Folders: Unique Asset Names") asks for names unique across all types; real apps that
    /// build show an image set named like an app icon set (to show alternate icons in their settings), so
    /// only same-lookup names are reported. Sets inside a container are named under it and never collide with
    /// the container's siblings.
    private func duplicateNames(in catalog: AssetCatalog) -> [CatalogDiagnostic] {
        // The sets' numbers sorted by name, so sets named alike are neighbours: a table of every name
        // (a list of sets for each) held 16 MiB more than the catalog at 130,000 sets.
        let assets = catalog.assets
        let byName = assets.indices.sorted { assets[$0].name < assets[$1].name }
        var found: [CatalogDiagnostic] = []
        var start = byName.startIndex
        while start < byName.endIndex {
            let name = assets[byName[start]].name
            var end = start + 1
            while end < byName.endIndex, assets[byName[end]].name == name { end += 1 }
            let named = byName[start..<end]
            start = end
            guard named.count > 1 else { continue }
            var byLookup: [NameLookup: [String]] = [:]
            for index in named { byLookup[NameLookup(assets[index].kind), default: []].append(assets[index].path) }
            for (_, unsorted) in byLookup where unsorted.count > 1 {
                // Each message names one other set (the first by path) and counts the rest, so the findings
                // grow with the number of sets, not its square (8,000 sets named alike, each listing the
                // others, would be 4.8 GB of messages).
                let paths = unsorted.sorted()
                for (index, path) in paths.enumerated() {
                    let other = index == 0 ? paths[1] : paths[0]
                    let more = paths.count - 2
                    let rest = more == 0 ? "" : " and \(more) other set\(more == 1 ? "" : "s")"
                    found.append(
                        CatalogDiagnostic(
                            .duplicateName, path: path,
                            message: "the name \"\(name)\" is also used by \(other)\(rest)"))
                }
            }
        }
        return found
    }

    private func missingPlaceholders(in catalog: AssetCatalog) -> [CatalogDiagnostic] {
        options.checkedPlaceholders.compactMap { role in
            let name = options.placeholderNames[role]
            let present = catalog.assets(named: name).contains { $0.kind != .colorSet }
            guard !present else { return nil }
            return CatalogDiagnostic(
                .missingPlaceholder, path: "",
                message: "no image named \(name): \(role.words) goes without an image",
                severity: options.requirePlaceholders ? .error : .warning)
        }
    }
}
