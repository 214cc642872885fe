/// Hashes many images: files as given, every image under a folder, or one image per set of a catalog,
/// spread over the threads asked for with the package's parallel map, each decode waiting for room in
/// the memory budget (`PixelBudget`) as the validator's deep checks do. One image that cannot be decoded
/// is reported with its error; the others are still hashed. An image found through a catalog is read
/// under the catalog's rule (`CatalogRoot`: no link out of the catalog, no FIFO or device), as every
/// other command reads a catalog's files.
package struct HashBatch: Sendable {
    /// One image to hash.
    package struct Item: Sendable, Hashable {
        /// The path as the user gave it, or as found under a folder (joined to the folder as given).
        package var file: String
        /// The catalog's name for the image set, for an image found through a catalog.
        package var assetName: String?
        /// For an image found through a catalog: the catalog folder and the file's path inside it, read
        /// under the catalog's rule.
        package var catalog: (root: String, relative: String)? {
            guard let catalogRoot, let relative else { return nil }
            return (catalogRoot, relative)
        }
        private var catalogRoot: String?
        private var relative: String?

        package init(file: String, assetName: String? = nil) {
            self.file = file
            self.assetName = assetName
        }

        /// An image of a catalog: `relative` inside the catalog folder `root`.
        package init(catalog root: String, relative: String, assetName: String?) {
            self.file = (root.hasSuffix("/") ? root : root + "/") + relative
            self.assetName = assetName
            self.catalogRoot = root
            self.relative = relative
        }

        /// The file's bytes: through the catalog's rule for a catalog's image, else the path as given.
        package func read() throws(ImageError) -> [UInt8] {
            guard let catalog else { return try ImageInspector.readFile(file) }
            guard let root = CatalogRoot(path: catalog.root) else {
                throw ImageError(.unreadable, file: file, detail: "the catalog folder cannot be resolved")
            }
            switch root.read(catalog.relative) {
            case .success(let read): return read.head
            case .failure(let refusal): throw ImageError(.unreadable, file: file, detail: refusal.description)
            }
        }
    }

    /// One item's result.
    package struct Outcome: Sendable, Hashable {
        package var item: Item
        package var result: Result<ImageHash, ImageHashError>
    }

    /// Why an input could not be expanded into images.
    package struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// What a folder walk found, and where it stopped short: a limit reached or a folder it could not
    /// list. A walk that stopped short is a failure of the run, never a silent partial result.
    package struct Expansion: Sendable {
        package var items: [Item]
        /// Image sets of a catalog that give no image (vector-only, unassigned, no universal bitmap).
        package var skippedSets: [String]
        /// Why the walk did not see every image (each a line naming the folder).
        package var incomplete: [InputError]
    }

    /// The file extensions a folder walk hashes.
    package static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif"]
    /// How deep a folder walk goes, and how many images it takes at most.
    package static let maximumDepth = 32
    package static let maximumImages = 1_000_000

    package var hasher: ImageHasher
    /// How many images are decoded at once at most (the parallel map's width).
    package var threads: Int
    /// Shared by the workers: the pixels decoded at once stay within the hasher's limits' memory.
    private let budget = PixelBudget()

    package init(hasher: ImageHasher = ImageHasher(), threads: Int = ParallelWork.processorCount) {
        self.hasher = hasher
        self.threads = max(1, threads)
    }

    /// Whether `path` names a catalog folder (`*.xcassets`, `*.catalog`).
    package static func isCatalog(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.hasSuffix(".xcassets") || trimmed.hasSuffix(".catalog")
    }

    /// Expands one input: a file is itself; a catalog gives each image set's highest-scale universal
    /// light image (chosen by `VariantResolver`); another folder gives every PNG, JPEG and GIF under it,
    /// sorted by path.
    package static func items(for input: String, limits: CatalogLimits = .default) throws(InputError) -> [Item] {
        try expand(input, limits: limits).items
    }

    /// As `items(for:)`, with the image sets of a catalog that give no image (vector-only, unassigned, or
    /// no universal bitmap), by name, so a caller can say why they are missing, and where a folder walk
    /// stopped short.
    package static func expand(
        _ input: String, limits: CatalogLimits = .default,
        maximumImages: Int = HashBatch.maximumImages
    ) throws(InputError) -> Expansion {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(input) {
        case .failure(let error): throw InputError(path: input, reason: error.description)
        case .success(let found): status = found
        }
        guard status.type == .directory else { return Expansion(items: [Item(file: input)], skippedSets: [], incomplete: []) }
        if isCatalog(input) {
            let (items, skipped, refused) = try catalogItems(input, limits: limits)
            return Expansion(items: items, skippedSets: skipped, incomplete: refused)
        }
        var found: [Item] = []
        var incomplete: [InputError] = []
        walk(input, depth: 0, maximumImages: maximumImages, into: &found, incomplete: &incomplete)
        return Expansion(items: found, skippedSets: [], incomplete: incomplete)
    }

    private static func walk(_ folder: String, depth: Int, maximumImages: Int, into found: inout [Item], incomplete: inout [InputError]) {
        guard depth <= maximumDepth else {
            incomplete.append(InputError(path: folder, reason: "more than \(maximumDepth) folders deep; not searched (name it instead)"))
            return
        }
        let entries: [CatalogFileSystem.Listed]
        switch CatalogFileSystem.listTyped(folder) {
        case .failure(let error):
            incomplete.append(InputError(path: folder, reason: "cannot be listed: \(error); its images are not hashed"))
            return
        case .success(let listed): entries = listed
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            guard incomplete.allSatisfy({ !$0.reason.hasPrefix("more than \(maximumImages) images") }) else { return }
            let path = base + entry.name
            switch entry.type {
            case .directory: walk(path, depth: depth + 1, maximumImages: maximumImages, into: &found, incomplete: &incomplete)
            case .file:
                if let dot = entry.name.lastIndex(of: "."),
                    imageExtensions.contains(entry.name[entry.name.index(after: dot)...].lowercased())
                {
                    guard found.count < maximumImages else {
                        incomplete.append(
                            InputError(
                                path: folder,
                                reason:
                                    "more than \(maximumImages) images under the folders given; the rest are not hashed (name fewer folders)"
                            ))
                        return
                    }
                    found.append(Item(file: path))
                }
            default: break
            }
        }
    }

    /// The catalog's images, the sets that give none, and what the catalog's rule refused to read (a set
    /// folder or file that is a link out of the catalog, a FIFO): said, never skipped silently.
    private static func catalogItems(
        _ root: String, limits: CatalogLimits
    ) throws(InputError) -> (items: [Item], skippedSets: [String], refused: [InputError]) {
        let catalog: AssetCatalog
        do {
            catalog = try AssetCatalog.read(at: root, limits: limits)
        } catch {
            throw InputError(path: root, reason: error.reason)
        }
        var items: [Item] = []
        var skipped: [String] = []
        for asset in catalog.assets where asset.kind == .imageSet {
            if let item = item(for: asset, root: root) { items.append(item) } else { skipped.append(asset.name) }
        }
        let refused = catalog.readingDiagnostics.filter { $0.code == .unsafePath }.map { diagnostic in
            InputError(path: root + "/" + diagnostic.path, reason: diagnostic.message + "; not hashed")
        }
        return (items, skipped, refused)
    }

    /// The image an image set is hashed by: its highest-scale universal light image, as `VariantResolver`
    /// chooses it for a 3x light query among the universal entries; nil for other kinds, or no such image.
    package static func item(for asset: Asset, root: String) -> Item? {
        guard asset.kind == .imageSet else { return nil }
        var universal = asset
        universal.entries = asset.entries.filter { ($0.idiom ?? "universal") == "universal" }
        let resolution = VariantResolver.resolve(in: universal, for: VariantQuery(scale: .three, appearance: .light))
        guard let file = resolution.file,
            let dot = file.lastIndex(of: "."),
            imageExtensions.contains(file[file.index(after: dot)...].lowercased())
        else { return nil }
        return Item(catalog: root, relative: file, assetName: asset.name)
    }

    /// Hashes one item: its bytes read (a catalog's image under the catalog's rule), its decode waiting for
    /// room in the memory budget by the size its header declares.
    package func hash(_ item: Item) throws(ImageHashError) -> ImageHash {
        let bytes: [UInt8]
        do {
            bytes = try item.read()
        } catch {
            throw .image(error.naming(file: item.file))
        }
        let limits = hasher.limits
        var pixels = 0
        if let header = try? ImageInspector.probe(bytes, limits: limits) {
            let (product, overflow) = header.width.multipliedReportingOverflow(by: header.height)
            pixels = overflow ? Int.max : product
        }
        let room = limits.maxMemory.map { min(limits.maxPixels, $0 / (4 * DecodingLimits.canvasCopies)) } ?? limits.maxPixels
        let hasher = self.hasher
        return try budget.decoding(pixels, budget: room) { () throws(ImageHashError) in
            try hasher.hash(bytes, file: item.file)
        }
    }

    /// Where two items would share one manifest key (two catalogs with a set of the same name, or two
    /// files of the same path): the key and the two files. A file given twice is hashed once (`unique`).
    package static func clash(in items: [Item]) -> (key: String, first: String, second: String)? {
        var seen: [String: String] = [:]
        for item in items {
            let key = item.assetName ?? item.file
            if let first = seen[key] { return (key, first, item.file) }
            seen[key] = item.file
        }
        return nil
    }

    /// The items with a repeat of the same file (and asset name) dropped, in order.
    package static func unique(_ items: [Item]) -> [Item] {
        var seen = Set<Item>()
        return items.filter { seen.insert($0).inserted }
    }

    /// Hashes every item on all cores; results in item order.
    package func run(_ items: [Item]) -> [Outcome] {
        ParallelWork.map(count: items.count, chunk: 1, width: threads) { index in
            let item = items[index]
            do throws(ImageHashError) {
                return Outcome(item: item, result: .success(try hash(item)))
            } catch {
                return Outcome(item: item, result: .failure(error))
            }
        }
    }

    /// The JSON array `asset-tool hash --format json` prints (see `Schemas/hash.schema.json`).
    package static func json(_ outcomes: [Outcome]) -> JSONValue {
        .array(outcomes.map(object))
    }

    /// The manifest `--output` writes: one member per asset name (or per file when there is none).
    package static func manifest(_ outcomes: [Outcome]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for outcome in outcomes {
            guard case .success = outcome.result else { continue }
            members.append((key: outcome.item.assetName ?? outcome.item.file, value: object(outcome)))
        }
        return .record(["images": .object(members)])
    }

    /// One image's object in the JSON output.
    package static func object(_ outcome: Outcome) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [(key: "file", value: .string(outcome.item.file))]
        if let name = outcome.item.assetName { members.append((key: "asset", value: .string(name))) }
        switch outcome.result {
        case .success(let hash):
            members += [
                (key: "width", value: .int(hash.width)),
                (key: "height", value: .int(hash.height)),
                (key: "blurhash", value: .string(hash.blurHash)),
                (key: "thumbhash", value: .string(hash.thumbHashBase64)),
                (key: "average_color", value: .string(hash.averageColour)),
            ]
        case .failure(let error):
            members.append((key: "error", value: .string(error.description)))
        }
        return .object(members)
    }

    /// One line of text output.
    package static func line(_ outcome: Outcome) -> String {
        switch outcome.result {
        case .success(let hash):
            return
                "\(outcome.item.file): \(hash.width)x\(hash.height) blurhash \(hash.blurHash) thumbhash \(hash.thumbHashBase64) average \(hash.averageColour)"
        case .failure(let error):
            return error.description
        }
    }
}
