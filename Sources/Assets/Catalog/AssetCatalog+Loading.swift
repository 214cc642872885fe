import AssetsSupport
import AssetsCodecs

extension AssetCatalog {
    /// Reads the catalog folder at `path` (`Assets.catalog`, any `*.xcassets`).
    ///
    /// Problems inside the catalog never throw: they are kept in `readingDiagnostics` and the rest is
    /// still read. Throws only when the folder itself cannot be read.
    /// `limits` bound the depth walked, each `Contents.json` read and the threads reading sets.
    public static func read(at path: String, limits: CatalogLimits = .default) throws(CatalogReadError) -> AssetCatalog {
        try read(at: path, limits: limits, visiting: nil as ((Asset, Int32?, Int) -> Int)?).catalog
    }

    /// Reads only the sets whose fully qualified name `wanted` accepts, for a question about a few names
    /// in a large catalog: the walk lists every group folder and reads the groups' `Contents.json` (they
    /// decide namespaces), but opens no other set's folder. `readingDiagnostics` holds what that walk and
    /// those sets found, not the whole catalog's findings.
    /// `base`, when given, tests a set folder's own name first (the last part of the qualified name,
    /// without the extension): sets it refuses are skipped without building their qualified name.
    package static func read(at path: String, limits: CatalogLimits = .default, onlyNamed wanted: @escaping (String) -> Bool,
                            base: ((String) -> Bool)? = nil) throws(CatalogReadError) -> AssetCatalog {
        try read(at: path, limits: limits, visiting: nil as ((Asset, Int32?, Int) -> Int)?, wanted: wanted, wantedBase: base).catalog
    }

    /// Reads the catalog; `visit` runs for each set on the reading thread while the set's folder is open
    /// (its descriptor, nil when it could not be opened), and its results come back in `assets` order.
    static func read<Visit: Sendable>(at path: String, limits: CatalogLimits, visiting visit: ((Asset, Int32?, Int) -> Visit)?,
                                      wanted: ((String) -> Bool)? = nil, wantedBase: ((String) -> Bool)? = nil,
                                      keepingSetContents: Bool = true)
        throws(CatalogReadError) -> (catalog: AssetCatalog, visited: [Visit])
    {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(path) {
        case .failure(let error): throw CatalogReadError(path: path, reason: error.description)
        case .success(let found): status = found
        }
        guard status.type == .directory else { throw CatalogReadError(path: path, reason: "not a folder") }
        if case .failure(let error) = CatalogFileSystem.list(path) {
            throw CatalogReadError(path: path, reason: error.description)
        }
        guard let real = CatalogFileSystem.realPath(path) else {
            throw CatalogReadError(path: path, reason: "cannot resolve the path")
        }
        var reader = CatalogReader(root: CatalogRoot(path: path, real: real), limits: limits)
        reader.wanted = wanted
        reader.wantedBase = wanted == nil ? nil : wantedBase
        reader.keepsSetContents = keepingSetContents
        let visited = reader.readRoot(visiting: visit)
        return (AssetCatalog(root: path, assets: reader.assets, groups: reader.groups,
                             readingDiagnostics: reader.diagnostics.sorted()), visited)
    }
}

/// The catalog folder itself cannot be read.
public struct CatalogReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot read the catalog: \(reason)" }
}
