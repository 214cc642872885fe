import AssetsSupport

/// Finds the asset catalogs in a folder that holds them (a repository, a monorepo), for validating them
/// all at once. The walk only lists folders: it never follows a symbolic link, skips hidden folders
/// (`.git`, `.build`), does not look inside a catalog it found, and is bounded in depth and in folders.
package enum CatalogDiscovery {
    /// How many folders deep the search goes below the folder given.
    package static let maxDepth = 24
    /// How many folders the search lists before it gives up (name the catalogs instead).
    package static let maxFolders = 100_000
    /// How many catalogs one search returns at most.
    package static let maxCatalogs = 10_000

    /// The extensions of catalog folders Xcode makes: asset catalogs, and the sticker catalogs of a
    /// Messages sticker pack app (`Stickers.xcstickers`, holding its `.stickerpack` and `.stickersiconset`).
    static let catalogExtensions = [".xcassets", ".xcstickers"]

    /// Whether `path` is itself a catalog rather than a folder that holds catalogs: its name ends in
    /// `.xcassets`, `.xcstickers` or `.catalog`, or it has a `Contents.json` of its own (a catalog may have any name).
    package static func isCatalog(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        if catalogExtensions.contains(where: trimmed.hasSuffix) || trimmed.hasSuffix(".catalog") { return true }
        if case .success(let status) = CatalogFileSystem.linkStatus(trimmed + "/Contents.json"), status.type == .file { return true }
        return false
    }

    /// Every `*.xcassets` and `*.xcstickers` folder below `path`, in byte order of their paths (each `path/…/Name.xcassets`).
    /// Throws when `path` cannot be listed or holds more folders than the search lists.
    package static func catalogs(under path: String) throws(CatalogReadError) -> [String] {
        guard let found = try catalogsIfListable(under: path) else { throw CatalogReadError(path: path, reason: "cannot be listed") }
        return found
    }

    /// As `catalogs(under:)`, nil when `path` itself cannot be listed; a search that hits a limit (more than
    /// `maxFolders` folders or `maxCatalogs` catalogs) throws, so a caller never takes the folder for a catalog.
    package static func catalogsIfListable(under path: String) throws(CatalogReadError) -> [String]? {
        let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard case .success(let top) = CatalogFileSystem.listTyped(base) else { return nil }
        var found: [String] = []
        var folders = 0
        // Depth-first with an explicit stack (no recursion depth to worry about); children in byte order.
        var stack: [(path: String, depth: Int, children: [CatalogFileSystem.Listed])] =
            [(base, 0, top)]
        while let (folder, depth, children) = stack.popLast() {
            var below: [(String, Int, [CatalogFileSystem.Listed])] = []
            for (name, listed, isUTF8, _) in children where isUTF8 && !name.hasPrefix(".") {
                let child = folder + "/" + name
                var type = listed
                if type == .other, case .success(let status) = CatalogFileSystem.linkStatus(child) { type = status.type }
                guard type == .directory else { continue }
                if catalogExtensions.contains(where: name.hasSuffix) {
                    found.append(child)
                    if found.count > maxCatalogs {
                        throw CatalogReadError(path: path, reason: "holds more than \(maxCatalogs) catalogs; name them instead")
                    }
                    continue
                }
                guard depth < maxDepth else { continue }
                folders += 1
                if folders > maxFolders {
                    throw CatalogReadError(path: path, reason: "holds more than \(maxFolders) folders; name the catalogs instead")
                }
                if case .success(let grandchildren) = CatalogFileSystem.listTyped(child) {
                    below.append((child, depth + 1, grandchildren))
                }
            }
            stack += below.reversed()
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
