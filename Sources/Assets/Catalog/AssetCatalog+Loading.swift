import AssetsSupport
import AssetsCodecs

extension AssetCatalog {
    /// Reads the catalog folder at `path` (`Assets.catalog`, any `*.xcassets`).
    ///
    /// Problems inside the catalog never throw: they are kept in `readingDiagnostics` and the rest is
    /// still read. Throws only when the folder itself cannot be read.
    /// `limits` bound the depth walked, each `Contents.json` read and the threads reading sets.
    public static func read(at path: String, limits: CatalogLimits = .default) throws(CatalogReadError) -> AssetCatalog {
        try read(at: path, plan: CatalogReadPlan(limits: limits))
    }

    /// Reads what `plan` asks of the catalog at `path`. With `.named` or `.lookingFor` sets,
    /// `readingDiagnostics` holds what that walk and those sets found, not the whole catalog's findings, and
    /// `groups` the groups it read.
    package static func read(at path: String, plan: CatalogReadPlan) throws(CatalogReadError) -> AssetCatalog {
        try read(at: path, plan: plan, consuming: nil as ((Asset, Int) -> Int)?).catalog
    }

    /// Reads what `plan` asks; `consume`, when given, gets each set's model as soon as it is read (its files
    /// read as the plan asks), on the thread that read it (with the number of sets known so far), and its
    /// results come back in `assets` order.
    static func read<Consumed: Sendable>(
        at path: String, plan: CatalogReadPlan, consuming consume: ((Asset, Int) -> Consumed)?
    )
        throws(CatalogReadError) -> (catalog: AssetCatalog, consumed: [Consumed])
    {
        let real = try readableRoot(at: path)
        let root = CatalogRoot(path: path, real: real)
        var reader = CatalogReader(root: root, plan: plan)
        let consumed = reader.readRoot(consuming: consume)
        if reader.pruned, reader.metLinkedFolder {
            // A link may lead into a group the narrow walk left for its namespace, which the whole walk reads
            // at its own path first (and then reports the link): read again without leaving any group.
            var again = CatalogReader(root: root, plan: plan, prunes: false)
            let consumedAgain = again.readRoot(consuming: consume)
            return (again.catalog(at: path), consumedAgain)
        }
        return (reader.catalog(at: path), consumed)
    }
}

extension AssetCatalog {
    /// The canonical path of the catalog folder at `path`, or why the folder itself cannot be read (not
    /// there, not a folder, not listable): the check every read makes first.
    package static func readableRoot(at path: String) throws(CatalogReadError) -> String {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(path) {
        case .failure(let error): throw CatalogReadError(path: path, reason: error.description)
        case .success(let found): status = found
        }
        guard status.type == .directory else { throw CatalogReadError(path: path, reason: "not a folder") }
        // Opened as the listing opens it (a folder that cannot be listed fails here), not listed: the walk
        // lists it once.
        if case .failure(let error) = CatalogFileSystem.openListedFolder(path) {
            throw CatalogReadError(path: path, reason: error.description)
        }
        guard let real = CatalogFileSystem.realPath(path) else {
            throw CatalogReadError(path: path, reason: "cannot resolve the path")
        }
        return real
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
