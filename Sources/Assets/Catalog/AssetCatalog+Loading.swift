import AssetsSupport
import AssetsCodecs

extension AssetCatalog {
    /// Reads the catalog folder at `path` (`Assets.catalog`, any `*.xcassets`).
    ///
    /// Problems inside the catalog never throw: they are kept in `readingDiagnostics` and the rest is
    /// still read. Throws only when the folder itself cannot be read.
    /// `limits` bound the depth walked, each `Contents.json` read and the threads reading sets.
    public static func read(at path: String, limits: CatalogLimits = .default) throws(CatalogReadError) -> AssetCatalog {
        try read(at: path, limits: limits, consuming: nil as ((Asset, Int) -> Int)?).catalog
    }

    /// Reads only the sets whose fully qualified name `wanted` accepts, for a question about a few names
    /// in a large catalog: the walk lists every group folder and reads the groups' `Contents.json` (they
    /// decide namespaces), but opens no other set's folder. `readingDiagnostics` holds what that walk and
    /// those sets found, not the whole catalog's findings.
    /// `base`, when given, tests a set folder's own name first (the last part of the qualified name,
    /// without the extension): sets it refuses are skipped without building their qualified name.
    package static func read(at path: String, limits: CatalogLimits = .default, onlyNamed wanted: @escaping (String) -> Bool,
                            base: ((String) -> Bool)? = nil) throws(CatalogReadError) -> AssetCatalog {
        try read(at: path, limits: limits, consuming: nil as ((Asset, Int) -> Int)?, wanted: wanted, wantedBase: base).catalog
    }

    /// Reads the catalog, the files each set's entries name as `files` asks (each file once, its header
    /// kept on its record); `consume`, when given, gets each set's model as soon as it is read, on the
    /// thread that read it (with the number of sets known so far), and its results come back in `assets`
    /// order. Without `keepingSetContents`, each set keeps only its name, kind and path once consumed.
    static func read<Consumed: Sendable>(at path: String, limits: CatalogLimits, files: SetFileReading = .none,
                                         consuming consume: ((Asset, Int) -> Consumed)?,
                                         wanted: ((String) -> Bool)? = nil, wantedBase: ((String) -> Bool)? = nil,
                                         keepingSetContents: Bool = true)
        throws(CatalogReadError) -> (catalog: AssetCatalog, consumed: [Consumed])
    {
        let read = try read(at: path, limits: limits, files: files, consuming: consume, wanted: wanted,
                            wantedBase: wantedBase, keepingSetContents: keepingSetContents, wantedName: nil)
        return (read.catalog, read.consumed)
    }

    /// Reads only the sets named `name` exactly or apart from case, as `read(at:limits:onlyNamed:base:)`
    /// reads, and less: group listings keep only the entries that may matter (tested on their bytes), a
    /// group's `Contents.json` is read only when something below it may be the set, and a group that
    /// provides a namespace the name does not have is not walked. `groups` holds the groups it read.
    static func read(at path: String, limits: CatalogLimits, lookingFor name: String) throws(CatalogReadError) -> AssetCatalog {
        let wanted = CatalogReader.WantedName(name)
        let read = try read(at: path, limits: limits, consuming: nil as ((Asset, Int) -> Int)?, wantedName: wanted)
        guard read.reader.pruned, read.reader.metLinkedFolder else { return read.catalog }
        // A link may lead into a group the walk left for its namespace, which the whole walk reads at its
        // own path first (and then reports the link): read again without leaving any group.
        return try Self.read(at: path, limits: limits, consuming: nil as ((Asset, Int) -> Int)?, wantedName: wanted,
                             prunes: false).catalog
    }

    private static func read<Consumed: Sendable>(at path: String, limits: CatalogLimits, files: SetFileReading = .none,
                                                 consuming consume: ((Asset, Int) -> Consumed)?,
                                                 wanted: ((String) -> Bool)? = nil, wantedBase: ((String) -> Bool)? = nil,
                                                 keepingSetContents: Bool = true, wantedName: CatalogReader.WantedName?,
                                                 prunes: Bool = true)
        throws(CatalogReadError) -> (catalog: AssetCatalog, consumed: [Consumed], reader: CatalogReader)
    {
        let real = try readableRoot(at: path)
        var reader = CatalogReader(root: CatalogRoot(path: path, real: real), limits: limits)
        reader.wanted = wanted
        reader.wantedBase = wanted == nil ? nil : wantedBase
        reader.keepsSetContents = keepingSetContents
        reader.fileReading = files
        reader.wantedName = wantedName
        reader.prunes = prunes
        let consumed = reader.readRoot(consuming: consume)
        return (AssetCatalog(root: path, assets: reader.assets, groups: reader.groups,
                             readingDiagnostics: reader.diagnostics.sorted()), consumed, reader)
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
        if case .failure(let error) = CatalogFileSystem.list(path) {
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
