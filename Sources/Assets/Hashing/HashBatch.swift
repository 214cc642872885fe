/// Hashes many images: files as given, every image under a folder, or one image per set of a catalog,
/// spread over all cores with the package's parallel map. One image that cannot be decoded is reported
/// with its error; the others are still hashed.
package struct HashBatch: Sendable {
    /// One image to hash.
    package struct Item: Sendable, Hashable {
        /// The path as the user gave it, or as found under a folder (joined to the folder as given).
        package var file: String
        /// The catalog's name for the image set, for an image found through a catalog.
        package var assetName: String?

        package init(file: String, assetName: String? = nil) {
            self.file = file
            self.assetName = assetName
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

    /// The file extensions a folder walk hashes.
    package static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif"]
    /// How deep a folder walk goes, and how many images it takes at most.
    package static let maximumDepth = 32
    package static let maximumImages = 1_000_000

    package var hasher: ImageHasher

    package init(hasher: ImageHasher = ImageHasher()) {
        self.hasher = hasher
    }

    /// Whether `path` names a catalog folder (`*.xcassets`, `*.catalog`).
    package static func isCatalog(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.hasSuffix(".xcassets") || trimmed.hasSuffix(".catalog")
    }

    /// Expands one input: a file is itself; a catalog gives each image set's highest-scale universal
    /// light image (chosen by `VariantResolver`); another folder gives every PNG, JPEG and GIF under it,
    /// sorted by path.
    package static func items(for input: String) throws(InputError) -> [Item] {
        try expand(input).items
    }

    /// As `items(for:)`, with the image sets of a catalog that give no image (vector-only, unassigned, or
    /// no universal bitmap), by name, so a caller can say why they are missing.
    package static func expand(_ input: String) throws(InputError) -> (items: [Item], skippedSets: [String]) {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(input) {
        case .failure(let error): throw InputError(path: input, reason: error.description)
        case .success(let found): status = found
        }
        guard status.type == .directory else { return ([Item(file: input)], []) }
        if isCatalog(input) { return try catalogItems(input) }
        var found: [Item] = []
        walk(input, depth: 0, into: &found)
        return (found, [])
    }

    private static func walk(_ folder: String, depth: Int, into found: inout [Item]) {
        guard depth <= maximumDepth, case .success(let entries) = CatalogFileSystem.listTyped(folder) else { return }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            guard found.count < maximumImages else { return }
            let path = base + entry.name
            switch entry.type {
            case .directory: walk(path, depth: depth + 1, into: &found)
            case .file:
                if let dot = entry.name.lastIndex(of: "."),
                   imageExtensions.contains(entry.name[entry.name.index(after: dot)...].lowercased()) {
                    found.append(Item(file: path))
                }
            default: break
            }
        }
    }

    private static func catalogItems(_ root: String) throws(InputError) -> (items: [Item], skippedSets: [String]) {
        let catalog: AssetCatalog
        do {
            catalog = try AssetCatalog.read(at: root)
        } catch {
            throw InputError(path: root, reason: error.reason)
        }
        var items: [Item] = [], skipped: [String] = []
        for asset in catalog.assets where asset.kind == .imageSet {
            if let item = item(for: asset, root: root) { items.append(item) } else { skipped.append(asset.name) }
        }
        return (items, skipped)
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
        return Item(file: (root.hasSuffix("/") ? root : root + "/") + file, assetName: asset.name)
    }

    /// Hashes every item on all cores; results in item order.
    package func run(_ items: [Item]) -> [Outcome] {
        let hasher = self.hasher
        return ParallelWork.map(count: items.count, chunk: 1) { index in
            let item = items[index]
            do throws(ImageHashError) {
                return Outcome(item: item, result: .success(try hasher.hash(file: item.file)))
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
            return "\(outcome.item.file): \(hash.width)x\(hash.height) blurhash \(hash.blurHash) thumbhash \(hash.thumbHashBase64) average \(hash.averageColour)"
        case .failure(let error):
            return error.description
        }
    }
}
