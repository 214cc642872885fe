/// `asset-tool refs` and `validate --sources`: the catalogs under a project and the files that can name
/// their sets, read in one pass: the walk (`SourceTree`), every source scanned on every core by the
/// scanner of its language (the package's one parallel map, on `ParserThread`'s large-stack threads), the
/// catalogs read by the catalog layer, and every reference resolved by its lookup (`AssetLookup`). The
/// findings come out as catalog diagnostics (`ReferenceFindings`) rooted at the project folder, so every
/// output format, rule and exclusion applies.
import Assets
import AssetsSupport

public struct ReferenceScan: Sendable {
    public struct Options: Sendable {
        /// Swift files larger than this are not parsed: their string literals are read as possible uses,
        /// and an `unreadable-source` finding says so.
        public var maxParsedBytes = 8 << 20
        /// Files larger than this are not read at all (a finding says so): a source is text a person
        /// edits, and its tokens take memory in proportion to its bytes.
        public var maxReadBytes = 32 << 20
        /// How many source bytes the scanning threads hold at once: a thread waits until the files being
        /// scanned and its own fit (one file alone always may), so memory stays under one bound however
        /// many cores there are.
        public var bytesInFlight = 64 << 20
        /// Patterns of names built at run time (`.asset-tool.json`'s `dynamic_names`).
        public var dynamicNames: [String] = []
        /// The catalog layer's limits for each catalog.
        public var catalogLimits: CatalogLimits = .default
        public init() {}
    }

    /// The project folder as given.
    public var project: String
    /// The catalogs found, relative to the project.
    public var catalogs: [String]
    /// How many files of each kind were read, and their lines.
    public var fileCounts: [String: Int]
    public var lineCount: Int
    /// Every reference, in file order.
    public var references: [AssetReference]
    public var skipped: [SkippedSource]
    /// Third-party folders not entered (`Pods`, …).
    public var thirdPartyFolders: [String]
    /// The `Pods` folders whose resources scripts say what they put into the apps (`CocoaPodsResources`), and
    /// the pods' catalogs those install, relative: their sets answer lookups, and are never unused (the pods'
    /// own). When some pod catalog is installed, CocoaPods' script also compiles every other catalog under the
    /// project folder into that app, so no lookup is narrowed to its target's or platform's catalogs.
    public var podsRead: [String] = []
    public var podCatalogs: [String] = []
    package var lookup: AssetLookup
    /// What the bundles ship of the loose images, by the package manifests, and the catalogs' targets.
    package var bundles: PackageBundles
    package var placeholderUses: [AssetReference]
    package var dynamicNames: [String]
    /// The generated accessor files' declarations: identifier → the set names it loads.
    package var generatedAccessors: [String: [String]] = [:]
    /// The generated accessor files read (declarations, not uses), relative.
    public var generatedFiles: [String] = []
    /// The Xcode targets that build each file and copy each catalog (`TargetMembership`); a catalog no target
    /// copies is built for any platform and found from any file as far as the scan knows.
    package var membership = TargetMembership()
    /// The enum cases and static properties the project's Swift declares (a bare `.x` may be one of them).
    package var declaredMembers: Set<String> = []
    /// Icon Composer `.icon` bundles found (Xcode 26 app icons outside catalogs), relative to the project.
    public var iconBundles: [String] = []
    /// What is wrong with the `.icon` bundles (`IconComposerBundle.check`): `invalid-icon-file` findings.
    package var iconFindings: [CatalogDiagnostic] = []

    /// Walks, scans and reads the project at `project`. Throws only when the folder cannot be listed.
    /// `progress(done, total)` is called from the scanning threads as files finish.
    public static func run(
        project: String, options: Options = Options(),
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(CatalogReadError) -> ReferenceScan {
        let tree = try SourceTree.walk(project)
        let base = tree.root
        let total = tree.files.count
        let done = Locked(0)
        // The in-flight budget of the deep checks, counted here in source bytes.
        let budget = PixelBudget()
        // On every core, each on a large-stack thread made once for the scan (a parse needs one).
        var scans = ParserThread.map(count: tree.files.count, chunk: 2) { index -> FileScan in
            let file = tree.files[index]
            let scan = scanFile(file, in: tree.reach, options: options, budget: budget)
            if let progress {
                let count = done.withLock { value -> Int in
                    value += 1
                    return value
                }
                progress(count, total)
            }
            return scan
        }
        var lookup = AssetLookup()
        var skipped = tree.skipped
        var placeholderUses: [AssetReference] = []
        for catalog in tree.catalogs {
            do {
                lookup.add(try AssetCatalog.read(at: "\(base)/\(catalog)", limits: options.catalogLimits), as: catalog)
            } catch {
                skipped.append(SkippedSource(path: catalog, reason: "is a catalog that cannot be read: \(error.reason)"))
            }
            // The placeholder names this catalog's screens use: placeholders.json beside it, else the conventional ones.
            let names: PlaceholderNames
            do {
                names = try PlaceholderConfig.names(forCatalog: "\(base)/\(catalog)")
            } catch {
                skipped.append(SkippedSource(path: catalog, reason: "has a placeholders.json that cannot be read: \(error)"))
                names = .conventional
            }
            let file = PlaceholderConfig.path(besideCatalog: catalog)
            let declared = tree.placeholderFiles.contains(file)
            for role in PlaceholderRole.allCases {
                placeholderUses.append(
                    AssetReference(
                        name: .literal(names[role]), wanted: .image, certainty: .setting,
                        file: declared ? file : catalog, line: 1, column: 1,
                        via: declared ? "placeholders.json" : "the conventional placeholder names"))
            }
        }
        // A committed `Pods` folder: the catalogs and images its resources scripts install into the apps.
        var podsRead: [String] = []
        var podCatalogs: [String] = []
        var podImages: Set<String> = []
        for folder in tree.thirdPartyFolders where folder.split(separator: "/").last == "Pods" {
            guard let installed = CocoaPodsResources.read(folder, base: base, in: tree.reach) else { continue }
            var readAll = true
            for catalog in installed.catalogs where !tree.catalogs.contains(catalog) && !podCatalogs.contains(catalog) {
                guard let real = CatalogFileSystem.realPath("\(base)/\(catalog)"), tree.reach.contains(real) else {
                    readAll = false
                    continue
                }
                do {
                    lookup.add(try AssetCatalog.read(at: "\(base)/\(catalog)", limits: options.catalogLimits), as: catalog)
                    podCatalogs.append(catalog)
                } catch {
                    readAll = false
                }
            }
            podImages.formUnion(installed.imageNames)
            if readAll { podsRead.append(folder) }
        }
        var counts: [String: Int] = [:]
        var lines = 0
        var references: [AssetReference] = []
        var manifests: [PackageManifest] = []
        var listed: Set<String> = []
        var scriptOutputs: Set<String> = []
        var indirections: [String: AssetReference] = [:]
        var settingValues: [(key: String, value: AssetReference)] = []
        var generatedAccessors: [String: [String]] = [:]
        var generatedFiles: [String] = []
        var projects: [XcodeProjectTargets.Project] = []
        var parameterLookups: [String: [ParameterLookup]] = [:]
        var declaredMembers: Set<String> = []
        var constants: [String: Set<String>] = [:]
        var boundAnywhere: Set<String> = []
        var typeAliases: [String: Set<String>] = [:]
        var declaredTypes: Set<String> = []
        var stringReturns: [String: StringReturns.Values] = [:]
        // Every function and property of every file has a key here: the table made at its full size once, and
        // each file's values merged in place.
        stringReturns.reserveCapacity(scans.reduce(0) { $0 + $1.stringReturns.count })
        for scan in scans {
            for (key, values) in scan.stringReturns { stringReturns[key, default: StringReturns.Values()].merge(values) }
            typeAliases.merge(scan.typeAliases) { $0.union($1) }
            declaredTypes.formUnion(scan.declaredTypes)
            declaredMembers.formUnion(scan.declaredMembers)
            constants.merge(scan.stringConstants) { $0.union($1) }
            boundAnywhere.formUnion(scan.boundNames)
            for lookup in scan.parameterLookups { parameterLookups["\(lookup.function)|\(lookup.label)", default: []].append(lookup) }
        }
        let constantTable = StringConstants.Table(constants)
        // Each file's scan is taken out of `scans` (not shared with it), so resolving its references in place
        // copies no list first, and what the file held goes as soon as it is passed on.
        for index in scans.indices {
            var scan = FileScan()
            swap(&scan, &scans[index])
            if let project = scan.xcodeProject { projects.append(project) }
            if !scan.generatedAccessors.isEmpty { generatedFiles.append(tree.files[index].path) }
            for (identifier, name) in scan.generatedAccessors where !(generatedAccessors[identifier]?.contains(name) ?? false) {
                generatedAccessors[identifier, default: []].append(name)
            }
            counts[tree.files[index].kind.rawValue, default: 0] += 1
            lines += scan.lines
            // `NSImage(named: .clipboard)`, `Icon.close.rawValue`, another file's top-level constant: its value,
            // when the project's constants give exactly one (a bare name bound elsewhere as a variable: none).
            var scanned: [AssetReference] = []
            swap(&scanned, &scan.references)
            for lookup in scan.constantLookups where lookup.reference < scanned.count {
                if !lookup.path.contains("."), boundAnywhere.contains(lookup.path) { continue }
                if let value = StringConstants.resolve(lookup.path, in: constantTable) {
                    scanned[lookup.reference].resolve(to: value, through: lookup.path)
                }
            }
            // `RSImage(named: "x")` where the project says `typealias RSImage = NSImage`: a lookup of an image.
            for aliased in scan.aliasedLookups where aliased.reference < scanned.count {
                guard let wanted = LookupTypeAliases.wanted(of: aliased.type, aliases: typeAliases, declaredTypes: declaredTypes),
                    scanned[aliased.reference].bundle.map({ SwiftReferenceScanner.ownBundles.contains($0) }) ?? true
                else { continue }
                scanned[aliased.reference].certainty = .lookup
                scanned[aliased.reference].wanted = wanted.rawValue
            }
            // `"\(name)_large"` where `name` is what `iconImageName()` returns: a possible use of each name it makes.
            for call in scan.interpolatedCalls where call.reference < scanned.count {
                guard let values = StringReturns.resolve(call.key, in: stringReturns) else { continue }
                let dynamic = scanned[call.reference]
                for (offset, value) in values.sorted().enumerated() {
                    var use = dynamic
                    // The literal's text with the value in place; still a pattern when the literal ends in the
                    // interpolation, as it may be the start of a longer name (`var name = "car_\(regular)"; name +=
                    // "_red"`); whole when it ends in text, which the wide pattern already took as the name's end.
                    use.name =
                        call.suffix.isEmpty
                        ? .dynamic(prefix: call.prefix + value, suffix: "") : .literal(call.prefix + value + call.suffix)
                    use.certainty = .possible
                    use.via = "\(dynamic.via) through \(call.key)"
                    if offset == 0 { scanned[call.reference] = use } else { scanned.append(use) }
                }
            }
            // `AppAssets.smartFeedImage` where the project itself declares `AppAssets` and a static `smartFeedImage`
            // (NetNewsWire): that property, whose body is read as code, not a generator's accessor of a set.
            let own = Set(
                scan.namespaceMembers.compactMap { member -> Int? in
                    let parts = member.path.split(separator: ".", maxSplits: 1).map(String.init)
                    guard parts.count == 2, declaredTypes.contains(parts[0]), declaredMembers.contains(parts[1]) else { return nil }
                    return member.reference
                })
            references += own.isEmpty ? scanned : scanned.indices.filter { !own.contains($0) }.map { scanned[$0] }
            skipped += scan.skipped
            if let manifest = scan.manifest { manifests.append(manifest) }
            listed.formUnion(scan.listedImages)
            scriptOutputs.formUnion(scan.scriptOutputImages)
            for indirection in scan.settingIndirections {
                if case .literal(let setting) = indirection.name, indirections[setting] == nil { indirections[setting] = indirection }
            }
            settingValues += scan.settingValues
            // A literal passed to a function whose parameter reaches a lookup names a set (a use, never missing).
            if !parameterLookups.isEmpty {
                for argument in scan.literalArguments {
                    for lookup in parameterLookups["\(argument.function)|\(argument.label)"] ?? [] {
                        let label = argument.label == "_" ? "_" : argument.label
                        references.append(
                            AssetReference(
                                name: lookup.whole ? .literal(argument.text) : .dynamic(prefix: argument.text, suffix: lookup.suffix),
                                wanted: AssetLookup.Wanted(rawValue: lookup.wanted) ?? .any, certainty: .possible,
                                file: tree.files[index].path, line: argument.line, column: argument.column,
                                via: "\(argument.function)(\(label):) → \(lookup.via)"))
                    }
                }
            }
        }
        // `ASSETCATALOG_COMPILER_APPICON_NAME = $(CE_APPICON_NAME)`: each value `CE_APPICON_NAME` takes is a use.
        for (key, value) in settingValues {
            guard let indirection = indirections[key] else { continue }
            var use = value
            use.wanted = indirection.wanted
            use.via = "\(key) (\(indirection.via))"
            references.append(use)
        }
        var bundles = PackageBundles(
            root: base, images: tree.looseImages, catalogs: tree.catalogs, manifests: manifests,
            podspecFolders: tree.podspecFolders, listedInProjects: listed)
        bundles.addScriptOutputs(scriptOutputs)
        bundles.looseImageNames.formUnion(podImages)
        var scan = ReferenceScan(
            project: project, catalogs: tree.catalogs, fileCounts: counts, lineCount: lines,
            references: references, skipped: skipped, thirdPartyFolders: tree.thirdPartyFolders,
            lookup: lookup, bundles: bundles, placeholderUses: placeholderUses,
            dynamicNames: options.dynamicNames, generatedAccessors: generatedAccessors,
            generatedFiles: generatedFiles, membership: TargetMembership(projects: projects, catalogs: tree.catalogs),
            declaredMembers: declaredMembers, iconBundles: tree.iconBundles,
            iconFindings: tree.iconBundles.flatMap { IconComposerBundle.check($0, in: tree.reach) })
        scan.podsRead = podsRead
        scan.podCatalogs = podCatalogs
        return scan
    }

    /// Reads one file under the project's rule (`CatalogRoot`: inside the project, a regular file, non-blocking,
    /// bounded by size and by the bytes all threads hold) and hands it to its kind's scanner.
    static func scanFile(_ file: SourceTree.File, in project: CatalogRoot, options: Options, budget: PixelBudget) -> FileScan {
        var refused = FileScan()
        let opened: OpenFile
        switch project.openFile(file.path) {
        case .success(let found): opened = found
        case .failure(.linkOutside):
            refused.skipped.append(SkippedSource(path: file.path, reason: "is a symbolic link leading out of the project: not read"))
            return refused
        case .failure(let error):
            refused.skipped.append(SkippedSource(path: file.path, reason: "cannot be read: \(error)"))
            return refused
        }
        let size = opened.knownSize ?? 0
        guard size <= options.maxReadBytes else {
            refused.skipped.append(
                SkippedSource(
                    path: file.path,
                    reason: "is \(size) bytes, over the \(options.maxReadBytes) a source "
                        + "file is read up to: not read"))
            return refused
        }
        return budget.decoding(size, budget: options.bytesInFlight) {
            switch opened.read(maxBytes: options.maxReadBytes) {
            case .success(let read): return scanBytes(read.head, as: file, options: options)
            case .failure(let error):
                var scan = FileScan()
                scan.skipped.append(SkippedSource(path: file.path, reason: "cannot be read: \(error)"))
                return scan
            }
        }
    }

    /// Hands a file's bytes to the scanner of its kind (`ReferenceScanners`), with a note when its text is
    /// not UTF-8.
    static func scanBytes(_ bytes: [UInt8], as file: SourceTree.File, options: Options) -> FileScan {
        guard let scanner = ReferenceScanners.scanner(of: file.kind) else { return FileScan() }
        var notes: [SkippedSource] = []
        if scanner.isText(bytes), let bad = firstInvalidUTF8(bytes) {
            let (line, column) = JSONReader.position(of: bad, in: bytes)
            notes.append(
                SkippedSource(
                    path: file.path,
                    reason: "is not valid UTF-8 (byte \(bad)): it was scanned with the bad bytes "
                        + "left out of names", line: line, column: column))
        }
        var scan = scanner.scan(bytes, file: file.path, options: options)
        scan.skipped = notes + scan.skipped
        return scan
    }

    /// The offset of the first byte that breaks UTF-8, or nil when the file is valid. Plain ASCII, eight bytes at
    /// a time, between scalars the standard library's decoder checks one at a time (a file with one `…` in a
    /// comment had been decoded a scalar at a time from there to its end).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var index = 0
            while index < count {
                while index + 8 <= count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < count else { return nil }
                if buffer[index] < 0x80 {
                    index += 1
                    continue
                }
                var decoder = UTF8()
                var iterator = UnsafeBufferPointer(rebasing: buffer[index..<min(index + 4, count)]).makeIterator()
                guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return index }
                index += UTF8.width(scalar)
            }
            return nil
        }
    }
}
