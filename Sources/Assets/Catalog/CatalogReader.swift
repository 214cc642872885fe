import AssetsSupport
import AssetsCodecs

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks a catalog folder and builds an `AssetCatalog`. It only reads: it never writes, never follows
/// a link out of the catalog, notices link loops and stops at a bounded depth.
struct CatalogReader {
    /// Apple set types this model does not interpret; they load as `.unknown` without a finding.
    static let otherAppleSetTypes: Set<String> = [
        "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "complicationset", "iconset",
        "cubetextureset", "mipmapset", "solidimagestack", "solidimagestacklayer", "imagestacklayer",
        "stickersequence", "arreferenceimage", "arreferenceobject", "icon",
    ]

    let root: String
    let rootReal: String
    let limits: CatalogLimits
    private(set) var assets: [Asset] = []
    private(set) var groups: [AssetGroup] = []
    private(set) var diagnostics: [CatalogDiagnostic] = []
    /// The folders on the current path, by device and inode, to notice link loops.
    private var ancestors: [(UInt64, UInt64)] = []
    /// When set, only the sets whose fully qualified name it accepts are read; the walk still lists every
    /// group and reads the groups' `Contents.json` (namespaces), but no other set folder is opened.
    var wanted: ((String) -> Bool)?
    /// With `wanted`: a quick test of a set folder's own name (without namespace and extension); a set
    /// it refuses is skipped without building its qualified name.
    var wantedBase: ((String) -> Bool)?
    /// False when the caller needs of each set only what the visitor made of it and its name, kind and
    /// path (`validate`): the set's entries, colours, properties and file list are dropped once it is
    /// visited, so a catalog of 100,000 sets is not held whole.
    var keepsSetContents = true

    struct PendingSet: Sendable {
        /// The catalog root as given (shared by every pending set: one string, not a copy per set).
        var root: String
        var relative: String
        var name: String
        var ext: String
    }

    init(root: String, rootReal: String, limits: CatalogLimits = .default) {
        self.root = root
        self.rootReal = rootReal
        self.limits = limits
    }

    static func join(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : "\(parent)/\(name)"
    }

    /// Splits `Name.ext` into name and extension; a folder without a dot has none.
    static func split(_ folder: String) -> (base: String, ext: String?) {
        guard let dot = folder.lastIndex(of: "."), dot != folder.startIndex else { return (folder, nil) }
        return (String(folder[..<dot]), String(folder[folder.index(after: dot)...]))
    }

    mutating func readRoot() {
        _ = readRoot(visiting: nil as ((Asset, Int32?, Int) -> Int)?)
    }

    /// Walks the groups and reads every set on all cores: sets are read as the walk finds them, on the
    /// other cores, and on this one too once the walk is done. `visit`, when given, runs for each set
    /// while its folder is still open (its descriptor, nil when it could not be opened), so that files
    /// in it are opened by name, with the number of sets known so far; its results come back in set
    /// order (the order of `assets`).
    mutating func readRoot<Visit: Sendable>(visiting visit: ((Asset, Int32?, Int) -> Visit)?) -> [Visit] {
        if case .success(let status) = CatalogFileSystem.targetStatus(root) {
            ancestors.append((status.device, status.inode))
        }
        if let (file, _) = CatalogReader.readContents(folder: root, relative: "", rootReal: rootReal, maxBytes: limits.maxContentsBytes) {
            diagnostics += file.diagnostics
        }
        let rootReal = self.rootReal
        let keepsContents = keepsSetContents
        let limits = self.limits
        // `SetFeed.run` returns only after every reader is done with `visit`.
        let visitor = UnsafeSendable(visit)
        let feed = SetFeed<(Asset, [CatalogDiagnostic], Visit?)>()
        let results = feed.run(readers: limits.workers - 1, walk: { feed in
            walkGroup(absolute: root, relative: "", namespace: [], depth: 0, feed: feed)
        }, read: { set, known in
            var (asset, found, extra) = CatalogReader.readSet(set, setCount: known, rootReal: rootReal, limits: limits,
                                                              visit: visitor.value)
            if !keepsContents {
                asset = Asset(name: asset.name, kind: asset.kind, path: asset.path, contents: asset.contents,
                              folderExtension: asset.folderExtension)
            }
            return (asset, found, extra)
        })
        var visited: [Visit] = []
        visited.reserveCapacity(visit == nil ? 0 : results.count)
        for (asset, found, extra) in results {
            assets.append(asset)
            diagnostics += found
            if let extra { visited.append(extra) }
        }
        return visited
    }

    /// Reads a folder's `Contents.json`: nil when absent; its diagnostics say what was wrong.
    /// `listed` is the type the folder listing gave, when the caller listed the folder (nil: absent).
    static func readContents(folder: String, relative: String, rootReal: String, maxBytes: Int,
                             listed: CatalogFileSystem.EntryType?? = .none, in descriptor: Int32? = nil) -> (ContentsFile, JSONValue?)? {
        let relativeFile = CatalogReader.join(relative, "Contents.json")
        let absoluteFile = folder + "/Contents.json"
        let status: Result<CatalogFileSystem.EntryType, SystemError>
        switch listed {
        case .some(.some(let type)) where type != .other: status = .success(type)
        case .some(.none): return nil
        default: status = CatalogFileSystem.linkStatus(absoluteFile).map(\.type)
        }
        switch status {
        case .failure:
            return nil
        case .success(let type) where type == .symlink:
            guard let target = CatalogFileSystem.realPath(absoluteFile), isInside(target, rootReal) else {
                var file = ContentsFile(path: relativeFile)
                file.diagnostics.append(CatalogDiagnostic(.unsafePath, path: relativeFile,
                                                          message: "is a symbolic link leading out of the catalog; not read"))
                return (file, nil)
            }
        case .success:
            break
        }
        let read = descriptor.map { CatalogFileSystem.read("Contents.json", in: $0, maxBytes: maxBytes) }
            ?? CatalogFileSystem.read(absoluteFile, maxBytes: maxBytes)
        switch read {
        case .failure(let error):
            var file = ContentsFile(path: relativeFile)
            file.problem(nil, "cannot be read: \(error)")
            return (file, nil)
        case .success(let read):
            return ContentsFile.parse(read.head, path: relativeFile)
        }
    }

    static func isInside(_ real: String, _ rootReal: String) -> Bool {
        real == rootReal || real.hasPrefix(rootReal == "/" ? "/" : rootReal + "/")
    }

    /// What a child of a folder is, after vetting links: nil when it must be skipped, with the finding if any.
    static func vet(_ absolute: String, relative: String, listed: CatalogFileSystem.EntryType, rootReal: String,
                    ancestors: [(UInt64, UInt64)]) -> (CatalogFileSystem.EntryType?, CatalogDiagnostic?) {
        var type = listed
        if type == .other {
            guard case .success(let status) = CatalogFileSystem.linkStatus(absolute) else { return (nil, nil) }
            type = status.type
        }
        guard type == .symlink else { return (type, nil) }
        guard let target = CatalogFileSystem.realPath(absolute) else { return (nil, nil) }
        guard isInside(target, rootReal) else {
            return (nil, CatalogDiagnostic(.unsafePath, path: relative,
                                           message: "is a symbolic link leading out of the catalog; not read"))
        }
        guard case .success(let resolved) = CatalogFileSystem.targetStatus(absolute) else { return (nil, nil) }
        if resolved.type == .directory, ancestors.contains(where: { $0 == (resolved.device, resolved.inode) }) {
            return (nil, CatalogDiagnostic(.unsafePath, path: relative,
                                           message: "is a symbolic link back to a folder that contains it (a loop); not followed"))
        }
        return (resolved.type, nil)
    }

    private mutating func walkGroup<Result>(absolute: String, relative: String, namespace: [String], depth: Int,
                                            feed: SetFeed<Result>) {
        guard case .success(let children) = CatalogFileSystem.listTyped(absolute) else {
            if !relative.isEmpty {
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative, message: "cannot be listed; not read"))
            }
            return
        }
        for (name, listed) in children where !name.hasPrefix(".") && name != "Contents.json" {
            guard listed != .file else { continue }
            // A narrow read skips a set folder whose own name cannot match before building any path.
            if let wantedBase {
                let (base, ext) = CatalogReader.split(name)
                if ext != nil, ext != "spriteatlas", !wantedBase(base) { continue }
            }
            let childAbsolute = absolute + "/" + name
            let childRelative = CatalogReader.join(relative, name)
            let (type, finding) = CatalogReader.vet(childAbsolute, relative: childRelative, listed: listed,
                                                    rootReal: rootReal, ancestors: ancestors)
            if let finding { diagnostics.append(finding) }
            guard type == .directory else { continue }
            guard depth < limits.maxDepth else {
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: childRelative,
                                                     message: "is nested more than \(limits.maxDepth) folders deep; not read"))
                continue
            }
            let (base, ext) = CatalogReader.split(name)
            guard ext == nil || ext == "spriteatlas" else {
                let qualified = namespace.isEmpty ? base : (namespace + [base]).joined(separator: "/")
                if let wanted, !wanted(qualified) { continue }
                feed.add(PendingSet(root: root, relative: childRelative, name: qualified, ext: ext ?? ""))
                continue
            }
            guard case .success(let status) = CatalogFileSystem.targetStatus(childAbsolute) else { continue }
            ancestors.append((status.device, status.inode))
            defer { ancestors.removeLast() }
            let contents = CatalogReader.readContents(folder: childAbsolute, relative: childRelative, rootReal: rootReal,
                                                      maxBytes: limits.maxContentsBytes)
            if let file = contents?.0 { diagnostics += file.diagnostics }
            let atlas = ext == "spriteatlas"
            var provides = atlas
            if let root = contents?.1, root["properties"]?["provides-namespace"] == .bool(true) { provides = true }
            if let root = contents?.1, let flag = root["properties"]?["provides-namespace"], flag != .bool(true), flag != .bool(false) {
                diagnostics.append(CatalogDiagnostic(.invalidJSON, path: CatalogReader.join(childRelative, "Contents.json"),
                                                     keyPath: "properties.provides-namespace", message: "is \(flag.typeName), expected a boolean"))
            }
            groups.append(AssetGroup(name: base, path: childRelative, providesNamespace: provides,
                                     isSpriteAtlas: atlas, hasContentsFile: contents != nil))
            walkGroup(absolute: childAbsolute, relative: childRelative,
                      namespace: provides ? namespace + [base] : namespace, depth: depth + 1, feed: feed)
        }
    }

    static func readSet<Visit>(_ set: PendingSet, setCount: Int, rootReal: String, limits: CatalogLimits,
                               visit: ((Asset, Int32?, Int) -> Visit)?) -> (Asset, [CatalogDiagnostic], Visit?) {
        let (absolute, relative, ext) = (set.root + "/" + set.relative, set.relative, set.ext)
        var diagnostics: [CatalogDiagnostic] = []
        let kind = AssetKind(rawValue: ext) ?? .unknown
        if kind == .unknown, !CatalogReader.otherAppleSetTypes.contains(ext) {
            diagnostics.append(CatalogDiagnostic(.unknownValue, path: relative,
                                                 message: "\".\(ext)\" is not an asset catalog folder type this tool knows; its contents are not checked"))
        }
        var asset = Asset(name: set.name, kind: kind, path: relative, folderExtension: ext)
        var contentsType: CatalogFileSystem.EntryType?? = .none
        // The folder stays open while the set is read and visited: its files open by name from it.
        var stream: OpaquePointer?
        if case .success(let opened) = CatalogFileSystem.openStream(absolute) { stream = opened }
        defer { if let stream { closedir(stream) } }
        let descriptor = stream.map { dirfd($0) }
        if let stream {
            let children = CatalogFileSystem.listTyped(stream)
            contentsType = .some(children.first { $0.name == "Contents.json" }?.type)
            for (child, listed) in children where !child.hasPrefix(".") && child != "Contents.json" {
                let (type, finding) = CatalogReader.vet(absolute + "/" + child, relative: CatalogReader.join(relative, child),
                                                        listed: listed, rootReal: rootReal, ancestors: [])
                if let finding { diagnostics.append(finding) }
                if type != nil { asset.files.append(child) }
            }
        }
        guard let (file, root) = readContents(folder: absolute, relative: relative, rootReal: rootReal, maxBytes: limits.maxContentsBytes,
                                              listed: contentsType,
                                              in: descriptor) else {
            asset.contents = .missing
            diagnostics.append(CatalogDiagnostic(.missingContents, path: relative, message: "has no Contents.json"))
            return (asset, diagnostics, visit?(asset, descriptor, setCount))
        }
        diagnostics += file.diagnostics
        guard let root else {
            asset.contents = .invalid
            return (asset, diagnostics, visit?(asset, descriptor, setCount))
        }
        var typed = file
        typed.diagnostics = []
        typed.readProperties(of: root)
        if kind == .colorSet {
            typed.readColors(of: root)
        } else if let key = kind.entriesKey {
            typed.readEntries(under: key, of: root)
        } else if kind == .unknown {
            for key in ["images", "data", "symbols"] where root[key] != nil {
                typed.readEntries(under: key, of: root)
            }
        }
        diagnostics += typed.diagnostics
        asset.entries = typed.entries
        asset.colors = typed.colors
        asset.properties = typed.properties
        return (asset, diagnostics, visit?(asset, descriptor, setCount))
    }
}
