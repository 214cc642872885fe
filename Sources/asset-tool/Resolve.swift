import ArgumentParser
import AssetReferences
import Assets
import AssetsSupport

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which file a device shows for a name, or what a placeholder state shows.",
        discussion: """
            Exit status: 0 when the name (or the state's image) resolves, or the state shows no image by design; \
            1 when nothing resolves (the trace says why) or a file cannot be read; 64 for bad usage; 66 when \
            the catalog cannot be read.

            \(CommandExamples.resolve)
            """
    )

    @Argument(help: "The set's fully qualified name (exact and case-sensitive).")
    var name: String?

    @Option(help: "Show what the placeholder shows in a state: loading, content, empty, error, loading-error or image-slot.")
    var state: PlaceholderState?

    @OptionGroup var catalogOption: CatalogOption

    @OptionGroup var traits: DeviceTraitOptions

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @OptionGroup var placeholderNames: PlaceholderNameOptions

    @OptionGroup var localization: LocalizationOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    @OptionGroup var cache: CacheOptions

    @Flag(help: "Also show the BlurHash and ThumbHash of the image a name resolves to: the preview shown while it loads.")
    var hash = false

    @Flag(help: "Also list the references to the name in the project's sources (as refs finds them; in JSON, a used_by member).")
    var usedBy = false

    @Option(
        help: ArgumentHelp(
            "The project folder --used-by scans, or a folder inside it (default: the current folder); without "
                + "--catalog, the name is resolved in the project's catalog that has it, as refs finds them.",
            valueName: "project"))
    var sources: String = "."

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Resolve the name in a compiled catalog (Assets.car) instead: what UIImage(named:) returns from it.", valueName: "file"))
    var car: String?

    var catalog: String { catalogOption.path() }

    func validate() throws {
        if hash && state != nil { throw ValidationError("--hash goes with a name, not with --state") }
        if usedBy && state != nil { throw ValidationError("--used-by goes with a name, not with --state") }
        if car != nil && (state != nil || hash || usedBy) {
            throw ValidationError("--car goes with a name only (not --state, --hash or --used-by)")
        }
        switch (name, state) {
        case (nil, nil): throw ValidationError("name a set, or ask for a placeholder with --state")
        case (.some, .some): throw ValidationError("give a name or --state, not both")
        default: break
        }
    }

    var query: VariantQuery { traits.query }

    func run() throws {
        if let car, let name {
            // The compiled catalog's renditions, chosen by the same resolver as a source set's entries.
            var answer = try Car.read(car, digests: false).resolve(name, for: query)
            if let note = traits.scaleNote { answer.trace.insert(note, at: 0) }
            print(format == .json ? answer.reportJSON.rendered() : answer.reportText)
            if !answer.isResolved { throw CommandFailure.exit(.failure) }
            return
        }
        // `--used-by`: the project scanned once, as refs scans it; without --catalog (and no Assets.catalog
        // here) the name is resolved in the project's catalog that has it.
        let used = usedBy && state == nil ? UsedByScan(sources: sources) : nil
        var catalog = self.catalog
        if let used, catalogOption.catalog == nil, case .failure = CatalogFileSystem.targetStatus(catalog) {
            catalog = try used.catalog(holding: name ?? "")
        }
        let loaded: AssetCatalog
        do {
            // One name needs only its own set(s) and the groups' namespaces; a state needs the whole catalog.
            if state == nil, let name {
                loaded = try VariantResolver.catalog(
                    at: catalog, forResolving: name, limits: limits.catalog, cacheFolder: cache.folder)
            } else {
                loaded = try loadCatalog(at: catalog, limits: limits.catalog)
            }
        } catch {
            throw CommandFailure.unreadableCatalog("asset-tool resolve: \(error)")
        }

        if let placeholderState = state {
            let names: PlaceholderNames
            let strings: LocalizedStrings?
            do {
                names = try placeholderNames.names(forCatalog: catalog)
            } catch {
                throw CommandFailure("asset-tool resolve: \(error.description)")
            }
            do {
                strings = try localization.provider()
            } catch {
                throw CommandFailure("asset-tool resolve: \(error.description)")
            }
            let context = PlaceholderContext(
                catalog: loaded, query: query, names: names,
                localization: strings ?? LocalizedStrings(locale: "", tables: [:], developmentLanguage: nil))
            var report = PlaceholderStateReport(state: placeholderState, context: context)
            report.locale = strings.map { $0.locale.isEmpty ? $0.developmentLanguage ?? "" : $0.locale }
            do {
                try report.readAnimation(limits: limits.decoding)
            } catch {
                throw CommandFailure("asset-tool resolve: \(error.description)")
            }
            print(format == .json ? report.reportJSON.rendered() : report.reportText)
            if !report.isResolved { throw CommandFailure.exit(.failure) }
            return
        }

        let wanted = name ?? ""
        defer { if let used, format == .text { used.print(wanted) } }
        let named = loaded.assets(named: wanted)
        // A name only a colour set has is a colour: UIColor(named:compatibleWith:).
        if !named.isEmpty, !named.contains(where: { VariantResolver.resolvableKinds.contains($0.kind) }),
            let colorSet = named.first(where: { $0.kind == .colorSet })
        {
            var answer = ColorResolution(colorSet: colorSet, name: wanted, query: query)
            answer.trace.insert("found colour set \(colorSet.path)", at: 0)
            print(format == .json ? (used?.adding(to: answer.reportJSON, wanted) ?? answer.reportJSON).rendered() : answer.reportText)
            if !answer.isResolved { throw CommandFailure.exit(.failure) }
            return
        }
        var answer = VariantResolver(catalog: loaded).resolve(wanted, for: query)
        if let note = traits.scaleNote { answer.trace.insert(note, at: 0) }
        guard hash, answer.isResolved, let file = answer.file else {
            print(format == .json ? (used?.adding(to: answer.reportJSON, wanted) ?? answer.reportJSON).rendered() : answer.reportText)
            if !answer.isResolved { throw CommandFailure.exit(.failure) }
            return
        }
        // Read under the catalog's rule, as every other read of the catalog: no link out of it is followed.
        let item = HashBatch.Item(catalog: catalog, relative: file, assetName: answer.name)
        let outcome = HashBatch(hasher: ImageHasher(limits: limits.decoding), threads: 1).run([item])[0]
        if case .failure(let error) = outcome.result { throw CommandFailure("asset-tool resolve: \(error.description)") }
        if format == .json, case .object(var members) = answer.reportJSON {
            members.append((key: "hash", value: HashBatch.object(outcome)))
            print((used?.adding(to: JSONValue.object(members), wanted) ?? JSONValue.object(members)).rendered())
        } else {
            print(answer.reportText)
            if case .success(let hashes) = outcome.result {
                print("while loading: blurhash \(hashes.blurHash) thumbhash \(hashes.thumbHashBase64) average \(hashes.averageColour)")
            }
        }
    }
}

extension PlaceholderState: ExpressibleByArgument {}

/// `resolve NAME --used-by`: the project (found from the folder given as `refs` finds it) scanned once, the
/// references to the name listed, and the catalog that has the name when none is named.
struct UsedByScan {
    let project: String
    let scan: Result<ReferenceScan, any Error>

    init(sources: String) {
        project = RefsScan.project(sources)
        do {
            let config = try ValidationConfig.load(forProject: project)
            scan = .success(try RefsScan.run(project: project, config: config, progress: nil))
        } catch {
            scan = .failure(error)
        }
    }

    /// The catalog of the project that has a set named `name` (the first by path), else the only catalog;
    /// fails naming the project when it has none, or several and none has the name.
    func catalog(holding name: String) throws(CommandFailure) -> String {
        let scan: ReferenceScan
        switch self.scan {
        case .success(let found): scan = found
        case .failure(let error): throw CommandFailure.unreadableCatalog("asset-tool resolve: --used-by: \(error)")
        }
        if case .found(let sets) = scan.lookup.look(up: name, as: .any), let set = sets.first {
            return "\(project)/\(set.catalog)"
        }
        if scan.catalogs.count == 1 { return "\(project)/\(scan.catalogs[0])" }
        let what = scan.catalogs.isEmpty ? "no catalog" : "\(scan.catalogs.count) catalogs, none with a set named \"\(name)\""
        throw CommandFailure(
            "asset-tool resolve: \(project) has \(what); name one with --catalog",
            status: scan.catalogs.isEmpty ? .noInput : .failure)
    }

    /// The references to `name`, one `file:line:column: "name" (via)` a line.
    func print(_ name: String) {
        switch scan {
        case .success(let scan):
            let references = scan.references(to: name)
            Swift.print("used by (\(references.count) reference\(references.count == 1 ? "" : "s") in \(project)):")
            for reference in references {
                Swift.print(
                    PlainText.escape("  \(reference.location): \(reference.nameText) (\(reference.via), \(reference.certainty.rawValue))"))
            }
        case .failure(let error):
            printError("asset-tool resolve: --used-by: \(error)")
        }
    }

    /// The JSON answer with `used_by` appended: the project scanned, and its references to the name (each as
    /// `refs --list` gives them), or why the project could not be scanned.
    func adding(to answer: JSONValue, _ name: String) -> JSONValue {
        guard case .object(var members) = answer else { return answer }
        var usedByMembers: [(key: String, value: JSONValue)] = [(key: "project", value: .string(project))]
        switch scan {
        case .success(let scan):
            usedByMembers.append((key: "references", value: .array(scan.references(to: name).map(\.reportJSON))))
        case .failure(let error):
            usedByMembers.append((key: "error", value: .string("\(error)")))
        }
        members.append((key: "used_by", value: .object(usedByMembers)))
        return .object(members)
    }
}

/// Reads the catalog folder at `path` (the catalog work's loader; problems inside the catalog do not stop resolution).
func loadCatalog(at path: String, limits: CatalogLimits = .default) throws -> AssetCatalog {
    try AssetCatalog.read(at: path, limits: limits)
}
