import AssetsSupport
import AssetsCodecs

/// Walks a catalog folder and builds an `AssetCatalog`. It only reads: it never writes, never follows
/// a link out of the catalog, notices link loops and stops at a bounded depth.
struct CatalogReader {
    /// Folder types Apple tools put in catalogs that this model reads as `.unknown` without a finding:
    /// Icon Composer's `.icon` documents (Xcode 26), which are not asset catalog sets.
    static let otherAppleSetTypes: Set<String> = ["icon"]

    let root: CatalogRoot
    let limits: CatalogLimits
    private(set) var assets: [Asset] = []
    private(set) var groups: [AssetGroup] = []
    private(set) var diagnostics: [CatalogDiagnostic] = []
    /// A folder's identity: a folder reached twice (through links) is the same device and inode.
    struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }
    /// The folders on the current path, to tell a link loop from an alias.
    private var ancestors: [FolderID] = []
    /// Every folder walked or handed out as a set, and the catalog-relative path it was first met at:
    /// each is read once, however many links lead to it, so the walk is linear in the folders (levels of
    /// two links each would otherwise double the work at every level). Set folders the walk meets without a
    /// link wait in `setFolders` instead, and join this table only when a linked folder is entered.
    private var visited: [FolderID: String] = [:]
    /// The set folders met before any linked folder is entered (nearly every set of a catalog), in pages of
    /// `setFolderPage` that never move: no folder is met twice without a link (a link's folder is entered
    /// after the walk), so none is looked up until then, and a table keyed by them (a set's slot and its
    /// path, doubled as it grew) was the largest thing held while a catalog of 130,000 sets was read
    /// (8 MiB, 12.6 MiB while it grew). They join `visited` if a linked folder is entered, and are dropped
    /// with it. A set folder reached twice with no link at all (a bind mount) is read twice.
    private var setFolders: [[(id: FolderID, relative: String)]] = []
    private static let setFolderPage = 4096
    /// Whether `setFolders` joined `visited` (the walk is entering linked folders): every folder goes there since.
    private var setFoldersAdmitted = false
    /// Folders reached through a link, entered after every folder reached without one: a folder is read
    /// at its own path, and the link that leads to it again is the finding.
    private var linkedFolders: [Child] = []

    /// A folder to enter: where, under which namespace, how deep.
    private struct Child {
        var absolute: String
        var relative: String
        var name: String
        var id: FolderID
        var namespace: [String]
        var depth: Int
        var isLink: Bool
    }
    /// When set, only the sets whose fully qualified name it accepts are read; the walk still lists every
    /// group and reads the groups' `Contents.json` (namespaces), but no other set folder is opened.
    private let wanted: ((String) -> Bool)?
    /// With `wanted`: a quick test of a set folder's own name (without namespace and extension); a set
    /// it refuses is skipped without building its qualified name.
    private let wantedBase: ((String) -> Bool)?
    /// The one name a narrow read looks for (`CatalogReadPlan.Sets.lookingFor`; `wanted` and `wantedBase`
    /// test it too): group listings keep only the entries that may matter, tested on their bytes; a group's
    /// `Contents.json` is read only when something below it may be the set (it decides their namespace); a
    /// group that provides a namespace the name does not have is not walked (`pruned`).
    private let wantedName: WantedName?
    /// Whether a group was left unwalked because its namespace cannot lead to the wanted name. Such a
    /// read answers as the whole walk would unless a link leads into a folder it left (the whole walk
    /// would have read that folder at its own path first): the caller reads again without pruning then.
    private(set) var pruned = false
    /// Whether the walk met a folder reached through a link (see `pruned`).
    var metLinkedFolder: Bool { !linkedFolders.isEmpty }
    /// With `wantedName`: whether a group may be left unwalked for its namespace (not in the read again
    /// after a link).
    private let prunes: Bool
    /// A narrow read's listings of a folder's groups, made on every core before the walk enters them one by
    /// one (`listGroupsAhead`), by absolute path; each is taken once, by `enter`.
    private var listedAhead: [String: Result<[CatalogFileSystem.Listed], SystemError>] = [:]
    /// See `CatalogReadPlan.keepsSetContents`.
    private let keepsSetContents: Bool
    /// How much of the files each set's entries name is read into the set's model.
    private let fileReading: SetFileReading
    /// See `CatalogReadPlan.listings` (a narrow read only).
    private let listings: FileFactsCache?

    struct PendingSet: Sendable {
        /// The catalog root as given (shared by every pending set: one string, not a copy per set).
        var root: String
        var relative: String
        var name: String
        var ext: String
    }

    /// A reader of what `plan` asks of the catalog at `root`; `prunes` false: a narrow read that leaves
    /// no group unwalked.
    init(root: CatalogRoot, plan: CatalogReadPlan, prunes: Bool = true) {
        self.root = root
        self.limits = plan.limits
        self.keepsSetContents = plan.keepsSetContents
        self.fileReading = plan.files
        self.prunes = prunes
        if case .lookingFor = plan.sets { listings = plan.listings } else { listings = nil }
        switch plan.sets {
        case .all:
            (wanted, wantedBase, wantedName) = (nil, nil, nil)
        case .named(let accepts, let base):
            (wanted, wantedBase, wantedName) = (accepts, base, nil)
        case .lookingFor(let name):
            let wantedName = WantedName(name)
            self.wantedName = wantedName
            wanted = { wantedName.accepts($0) }
            wantedBase = { wantedName.acceptsBase($0) }
        }
    }

    /// The catalog this reader read, at `path` as the caller gave it.
    func catalog(at path: String) -> AssetCatalog {
        AssetCatalog(root: path, assets: assets, groups: groups, readingDiagnostics: diagnostics.sorted())
    }

    /// Walks the groups and reads every set on all cores: sets are read as the walk finds them, on the
    /// other cores, and on this one too once the walk is done. `consume`, when given, gets each set's
    /// model once it is read (its files too, as `fileReading` asks), on the thread that read it, with the
    /// number of sets known so far; its results come back in set order (the order of `assets`). It is the
    /// next stage of a pipeline: it gets a value, never a descriptor, and the reader knows nothing of it.
    mutating func readRoot<Consumed: Sendable>(consuming consume: ((Asset, Int) -> Consumed)?) -> [Consumed] {
        var device: UInt64 = 0
        if case .success(let status) = CatalogFileSystem.targetStatus(root.path) {
            let id = FolderID(device: status.device, inode: status.inode)
            ancestors.append(id)
            visited[id] = ""
            device = status.device
        }
        let children = list(root.path, relative: "")
        let contentsType: CatalogFileSystem.EntryType?? = (try? children.get()).map { list in
            list.first { $0.name == "Contents.json" }?.type
        }
        if let (file, _) = CatalogReader.readContents(relative: "", root: root, maxBytes: limits.maxContentsBytes, listed: contentsType) {
            diagnostics += file.diagnostics
        }
        let root = self.root
        let keepsContents = keepsSetContents
        let limits = self.limits
        let reading = fileReading
        // `SetFeed.run` returns only after every reader is done with `consume`.
        let consumer = UnsafeSendable(consume)
        let feed = SetFeed<(Asset, [CatalogDiagnostic], Consumed?)>()
        // A narrow read finds a set or two: this thread reads them after its walk, and no other thread is
        // started or woken (on a busy machine each hand-over between threads waits for a core).
        let readers = wantedName == nil ? limits.workers - 1 : 0
        var results = feed.run(
            readers: readers,
            walk: { feed in
                walkGroup(absolute: root.path, relative: "", children: children, device: device, namespace: [], depth: 0, feed: feed)
                var next = 0
                if !linkedFolders.isEmpty { admitSetFolders() }
                while next < linkedFolders.count {
                    let linked = linkedFolders[next]
                    next += 1
                    enter(linked, feed: feed)
                }
                // Every folder's identity is needed only while walking (130,000 sets: 8 MiB of table), not
                // while the sets' results are taken.
                self.visited = [:]
                self.setFolders = []
            },
            read: { set, known in
                var (asset, found) = CatalogReader.readSet(set, root: root, limits: limits, reading: reading)
                let extra = consumer.value?(asset, known)
                if keepsContents {
                    // Bytes kept for a full decode are for the stage that consumed the set, not for the catalog.
                    for index in asset.fileRecords.indices where asset.fileRecords[index].header?.bytes != nil {
                        asset.fileRecords[index].header?.bytes = nil
                    }
                } else {
                    asset = Asset(
                        name: asset.name, kind: asset.kind, path: asset.path, contents: asset.contents,
                        folderExtension: asset.folderExtension)
                }
                return (asset, found, extra)
            })
        var visited: [Consumed] = []
        visited.reserveCapacity(consume == nil ? 0 : results.count)
        // Exactly as many as read: an array left to grow by doubling holds up to twice its sets at once.
        assets.reserveCapacity(assets.count + results.count)
        results.consume { asset, found, extra in
            assets.append(asset)
            diagnostics += found
            if let extra { visited.append(extra) }
        }
        return visited
    }

    /// Puts the set folders met so far in `visited`, before the first linked folder is entered.
    private mutating func admitSetFolders() {
        setFoldersAdmitted = true
        visited.reserveCapacity(visited.count + setFolders.reduce(0) { $0 + $1.count })
        for page in setFolders {
            for (id, relative) in page where visited[id] == nil { visited[id] = relative }
        }
        setFolders = []
    }

    /// A group folder's listing (at `path`, catalog-relative `relative`): whole, or in a narrow read only the
    /// entries that may matter.
    private func list(_ path: String, relative: String) -> Result<[CatalogFileSystem.Listed], SystemError> {
        Self.list(path, relative: relative, wantedName, listings)
    }

    /// With `listings`, a folder whose identity is the one an earlier run listed it at is not listed again: its
    /// kept listing is tested entry by entry as the folder's own would be. The identity is taken before the
    /// folder is listed (a change in between leaves the listing kept against the older identity, never used).
    /// A folder that is a link, or whose status cannot be had, is listed and not kept.
    private static func list(
        _ path: String, relative: String, _ wantedName: WantedName?, _ listings: FileFactsCache?
    ) -> Result<[CatalogFileSystem.Listed], SystemError> {
        guard let wantedName else { return CatalogFileSystem.listTyped(path) }
        let keeping: CatalogFileSystem.EntryFilter = { wantedName.mayMatter($0, $1) }
        guard let listings, let identity = FileIdentity.ofFolder(path) else {
            return CatalogFileSystem.listTyped(path, keeping: keeping)
        }
        if let kept = listings.listing(at: relative, folder: identity), let listed = CatalogFileSystem.listed(kept, keeping: keeping) {
            return .success(listed)
        }
        switch CatalogFileSystem.listPacked(path) {
        case .failure(let error): return .failure(error)
        case .success(let packed):
            guard let listed = CatalogFileSystem.listed(packed, keeping: keeping) else {
                return CatalogFileSystem.listTyped(path, keeping: keeping)
            }
            listings.record(packed, at: relative, folder: identity)
            return .success(listed)
        }
    }

    /// A narrow read spends nearly all its time listing groups that turn out not to hold the name (a group
    /// that provides no namespace may hold it at any depth), one after another. The plain groups of a folder
    /// with many of them (no extension, listed as folders: those `enter` lists unless they are links, too
    /// deep or met before) are listed here on every core first, so the walk, in its own order, finds each
    /// listing made. Only the order of the reads changes, never what the walk decides.
    private mutating func listGroupsAhead(in absolute: String, relative: String, _ children: [CatalogFileSystem.Listed]) {
        let workers = limits.workers
        guard workers > 1 else { return }
        var paths: [(absolute: String, relative: String)] = []
        for (name, listed, isUTF8, _) in children
        where listed == .directory && isUTF8 && !name.hasPrefix(".") && CatalogReader.split(name).ext == nil {
            paths.append((absolute + "/" + name, CatalogReader.join(relative, name)))
        }
        // A hand-over to another thread costs about what a few listings do.
        guard paths.count >= 8 else { return }
        let (wantedName, kept) = (self.wantedName, self.listings)
        let listings = ParallelWork.map(count: paths.count, chunk: 2, width: workers) {
            Self.list(paths[$0].absolute, relative: paths[$0].relative, wantedName, kept)
        }
        listedAhead.reserveCapacity(paths.count)
        for (path, listing) in zip(paths, listings) { listedAhead[path.absolute] = listing }
    }

    private mutating func walkGroup<Result>(
        absolute: String, relative: String,
        children listing: Swift.Result<[CatalogFileSystem.Listed], SystemError>,
        device: UInt64, namespace: [String], depth: Int, feed: SetFeed<Result>
    ) {
        guard case .success(let children) = listing else {
            if case .failure(let error) = listing, !relative.isEmpty {
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative, message: "cannot be listed (\(error)); not read"))
            }
            return
        }
        if wantedName != nil, depth + 1 < limits.maxDepth { listGroupsAhead(in: absolute, relative: relative, children) }
        for (name, listed, isUTF8, inode) in children where !name.hasPrefix(".") && name != "Contents.json" {
            guard listed != .file, listed != .special else { continue }
            // A narrow read skips a set folder whose own name cannot match before building any path.
            if let wantedBase {
                let (base, ext) = CatalogReader.split(name)
                // A container's sets are named under it, so its own name says nothing of theirs.
                if let ext, ext != "spriteatlas", AssetKind(rawValue: ext)?.holdsSets != true, !wantedBase(base) { continue }
            }
            let childAbsolute = absolute + "/" + name
            let childRelative = CatalogReader.join(relative, name)
            guard isUTF8 else {
                diagnostics.append(CatalogReader.notUTF8(childRelative))
                continue
            }
            let child: Child
            switch root.vet(childAbsolute, listed: listed) {
            case .failure(.linkOutside):
                diagnostics.append(
                    CatalogDiagnostic(.unsafePath, path: childRelative, message: CatalogRoot.Refusal.linkOutside.description))
                continue
            case .failure:
                continue
            case .success(let found):
                guard found.type == .directory else { continue }
                child = Child(
                    absolute: childAbsolute, relative: childRelative, name: name,
                    id: FolderID(device: found.status?.device ?? device, inode: found.status?.inode ?? inode),
                    namespace: namespace, depth: depth, isLink: found.isLink)
            }
            if child.isLink && !ancestors.contains(child.id) {
                linkedFolders.append(child)
            } else {
                enter(child, feed: feed)
            }
        }
    }

    /// Enters a folder found by the walk: once only (by device and inode), not deeper than `maxDepth`;
    /// a set folder goes to the readers, a group is walked.
    private mutating func enter<Result>(_ child: Child, feed: SetFeed<Result>) {
        let (childAbsolute, childRelative, name, id) = (child.absolute, child.relative, child.name, child.id)
        if let first = visited[id] {
            let loop = ancestors.contains(id) || first.isEmpty || childRelative.hasPrefix(first + "/")
            diagnostics.append(
                CatalogDiagnostic(
                    .unsafePath, path: childRelative,
                    message: loop
                        ? "is a symbolic link back to a folder that contains it (a loop); not followed"
                        : "is a symbolic link to \(first), which is read there; not read twice"))
            return
        }
        guard child.depth < limits.maxDepth else {
            diagnostics.append(
                CatalogDiagnostic(
                    .unsafePath, path: childRelative,
                    message: "is nested more than \(limits.maxDepth) folders deep; not read"))
            return
        }
        let namespace = child.namespace
        let (base, ext) = CatalogReader.split(name)
        if ext == nil || ext == "spriteatlas" || setFoldersAdmitted {
            visited[id] = childRelative
        } else {
            if setFolders.last.map({ $0.count == Self.setFolderPage }) ?? true {
                setFolders.append([])
                setFolders[setFolders.count - 1].reserveCapacity(Self.setFolderPage)
            }
            setFolders[setFolders.count - 1].append((id, childRelative))
        }
        guard ext == nil || ext == "spriteatlas" else {
            let qualified = (namespace + [base]).joined(separator: "/")
            if wanted?(qualified) != false {
                feed.add(PendingSet(root: root.path, relative: childRelative, name: qualified, ext: ext ?? ""))
            }
            if let kind = ext.flatMap(AssetKind.init(rawValue:)), kind.holdsSets {
                walkContainer(
                    absolute: childAbsolute, relative: childRelative, namespace: namespace + [base],
                    depth: child.depth + 1, feed: feed)
            }
            return
        }
        // A linked folder is entered after the walk, with no folder above it open: its ancestors are
        // those of its path.
        let saved = ancestors
        if child.isLink { ancestors = [] }
        ancestors.append(id)
        defer { ancestors = saved }
        let atlas = ext == "spriteatlas"
        // A narrow read does not walk a sprite atlas (always a namespace) that cannot lead to the name.
        if atlas, prunes, let wantedName, !wantedName.admits(namespace: base, depth: namespace.count) {
            pruned = true
            return
        }
        let grandchildren = listedAhead.removeValue(forKey: childAbsolute) ?? list(childAbsolute, relative: childRelative)
        let contentsType: CatalogFileSystem.EntryType?? = (try? grandchildren.get()).map { list in
            list.first { $0.name == "Contents.json" }?.type
        }
        // A narrow read: a group with nothing below it that may be the set needs no namespace.
        if wantedName != nil, case .success(let kept) = grandchildren, !kept.contains(where: { $0.name != "Contents.json" }) {
            return
        }
        let contents = CatalogReader.readContents(
            relative: childRelative, root: root, maxBytes: limits.maxContentsBytes, listed: contentsType)
        if let file = contents?.0 { diagnostics += file.diagnostics }
        var provides = atlas
        if let root = contents?.1, root["properties"]?["provides-namespace"] == .bool(true) { provides = true }
        if let root = contents?.1, let flag = root["properties"]?["provides-namespace"], flag != .bool(true), flag != .bool(false) {
            diagnostics.append(
                CatalogDiagnostic(
                    .invalidJSON, path: CatalogReader.join(childRelative, "Contents.json"),
                    keyPath: "properties.provides-namespace", message: "is \(flag.typeName), expected a boolean",
                    position: contents.flatMap { JSONPositions.Locator($0.0.positions).position(of: "properties.provides-namespace") }))
        }
        groups.append(
            AssetGroup(
                name: base, path: childRelative, providesNamespace: provides,
                isSpriteAtlas: atlas, hasContentsFile: contents != nil))
        if provides, prunes, let wantedName, !wantedName.admits(namespace: base, depth: namespace.count) {
            pruned = true
            return
        }
        walkGroup(
            absolute: childAbsolute, relative: childRelative, children: grandchildren, device: id.device,
            namespace: provides ? namespace + [base] : namespace, depth: child.depth + 1, feed: feed)
    }

    /// The sets inside a container set (an image stack's layers, a complication set's image sets), each
    /// read as a set named under the container (`Complication/Circular`); containers nest (brand assets
    /// hold image stacks, which hold layers, which hold image sets). Folders without an extension inside
    /// a container are not sets and are left to the container's own check. Links are judged by the
    /// catalog's rule; findings about them come from the container's own read, which lists the same folder.
    private mutating func walkContainer<Result>(
        absolute: String, relative: String, namespace: [String], depth: Int,
        feed: SetFeed<Result>
    ) {
        guard depth < limits.maxDepth else {
            diagnostics.append(
                CatalogDiagnostic(
                    .unsafePath, path: relative,
                    message: "is nested more than \(limits.maxDepth) folders deep; not read"))
            return
        }
        guard case .success(let children) = CatalogFileSystem.listTyped(absolute) else { return }
        for (name, listed, isUTF8, _) in children where isUTF8 && !name.hasPrefix(".") && name != "Contents.json" {
            guard listed != .file, listed != .special else { continue }
            let (base, ext) = CatalogReader.split(name)
            guard let ext else { continue }
            let childAbsolute = absolute + "/" + name
            let childRelative = CatalogReader.join(relative, name)
            guard case .success(let found) = root.vet(childAbsolute, listed: listed), found.type == .directory,
                !found.isLink
            else { continue }
            let qualified = (namespace + [base]).joined(separator: "/")
            if wanted?(qualified) != false {
                feed.add(PendingSet(root: root.path, relative: childRelative, name: qualified, ext: ext))
            }
            if let kind = AssetKind(rawValue: ext), kind.holdsSets {
                walkContainer(
                    absolute: childAbsolute, relative: childRelative, namespace: namespace + [base],
                    depth: depth + 1, feed: feed)
            }
        }
    }
}
