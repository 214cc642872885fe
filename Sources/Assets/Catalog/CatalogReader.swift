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
    /// two links each would otherwise double the work at every level).
    private var visited: [FolderID: String] = [:]
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
    /// See `CatalogReadPlan.keepsSetContents`.
    private let keepsSetContents: Bool
    /// How much of the files each set's entries name is read into the set's model.
    private let fileReading: SetFileReading

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

    static func join(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : "\(parent)/\(name)"
    }

    /// Splits `Name.ext` into name and extension at the last "." that is a character of its own; a
    /// folder without a dot (or with only a leading one) has none.
    static func split(_ folder: String) -> (base: String, ext: String?) {
        guard let dot = extensionDot(in: folder) else { return (folder, nil) }
        return (String(folder[..<dot]), String(folder[folder.utf8.index(after: dot)...]))
    }

    /// The extension alone, as `split(_:)` finds it (the base name of a file is not built).
    static func fileExtension(_ name: String) -> String? {
        extensionDot(in: name).map { String(name[name.utf8.index(after: $0)...]) }
    }

    /// Where `split(_:)` splits: the last "." that is a character of its own, not the first character.
    /// It runs for every folder walked and twice for every file, so the search is on the UTF-8 bytes;
    /// a dot byte between two ASCII bytes (or at an end) is a character of its own, as no ASCII scalar
    /// joins a "." into a larger character. Other names are searched by character.
    private static func extensionDot(in name: String) -> String.Index? {
        let found = name.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return .some(nil) }
            if dot > 0, bytes[dot - 1] >= 0x80 { return nil }
            if dot + 1 < bytes.count, bytes[dot + 1] >= 0x80 { return nil }
            return .some(dot)
        }
        if case .some(.some(let offset)) = found {
            guard let offset, offset > 0 else { return nil }
            return name.utf8.index(name.utf8.startIndex, offsetBy: offset)
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return dot
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
        let children = list(root.path)
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
        let results = feed.run(
            readers: readers,
            walk: { feed in
                walkGroup(absolute: root.path, relative: "", children: children, device: device, namespace: [], depth: 0, feed: feed)
                var next = 0
                while next < linkedFolders.count {
                    let linked = linkedFolders[next]
                    next += 1
                    enter(linked, feed: feed)
                }
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

    /// Reads a folder's `Contents.json` under the catalog's path rule: nil when absent; its diagnostics
    /// say what was wrong. `listed` is the type the folder listing gave (`.some(nil)`: the listing has
    /// none; `nil`: the folder was not listed). `folder`, when given, is the folder open.
    static func readContents(
        relative: String, root: CatalogRoot, maxBytes: Int, listed: CatalogFileSystem.EntryType??,
        in folder: OpenFolder? = nil
    ) -> (ContentsFile, JSONValue?)? {
        if case .some(.none) = listed { return nil }
        let relativeFile = CatalogReader.join(relative, "Contents.json")
        let opened: Result<OpenFile, CatalogRoot.Refusal>
        switch folder {
        case .some(let folder): opened = root.openFile(named: "Contents.json", in: folder, relative: relativeFile, listed: listed ?? nil)
        case .none: opened = root.openFile(relativeFile)
        }
        var file = ContentsFile(path: relativeFile)
        switch opened {
        case .failure(.system(let error)) where error.isNoSuchFile && listed == nil:
            return nil
        case .failure(.linkOutside):
            file.diagnostics.append(
                CatalogDiagnostic(.unsafePath, path: relativeFile, message: CatalogRoot.Refusal.linkOutside.description))
            return (file, nil)
        case .failure(let refusal):
            file.problem(nil, "cannot be read: \(refusal)")
            return (file, nil)
        case .success(let opened):
            switch opened.read(maxBytes: maxBytes) {
            case .failure(let error):
                file.problem(nil, "cannot be read: \(error)")
                return (file, nil)
            case .success(let read):
                return ContentsFile.parse(read.head, path: relativeFile)
            }
        }
    }

    /// A group folder's listing: whole, or in a narrow read only the entries that may matter.
    private func list(_ path: String) -> Result<[CatalogFileSystem.Listed], SystemError> {
        guard let wantedName else { return CatalogFileSystem.listTyped(path) }
        return CatalogFileSystem.listTyped(path, keeping: { wantedName.mayMatter($0, $1) })
    }

    /// The finding for a name in a folder listing that is not valid UTF-8.
    static func notUTF8(_ relative: String) -> CatalogDiagnostic {
        CatalogDiagnostic(
            .unsafePath, path: relative,
            message: "has a name that is not valid UTF-8 (shown with U+FFFD); no tool can name it, so it is not read")
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
        visited[id] = childRelative
        let namespace = child.namespace
        let (base, ext) = CatalogReader.split(name)
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
        let grandchildren = list(childAbsolute)
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

    /// Reads one set folder into its model, in four steps: the folder listed once (`listSetFolder`), its
    /// `Contents.json` parsed (`readContents`), the model built from it (`buildModel`), and the files its
    /// entries name read as `reading` asks (`readFiles`), each opened once by name from the open folder.
    /// Findings come in that order.
    static func readSet(
        _ set: PendingSet, root catalogRoot: CatalogRoot, limits: CatalogLimits,
        reading: SetFileReading = .none
    ) -> (Asset, [CatalogDiagnostic]) {
        var diagnostics: [CatalogDiagnostic] = []
        let kind = AssetKind(rawValue: set.ext) ?? .unknown
        if kind == .unknown, !CatalogReader.otherAppleSetTypes.contains(set.ext) {
            diagnostics.append(
                CatalogDiagnostic(
                    .unknownValue, path: set.relative,
                    message: "\".\(set.ext)\" is not an asset catalog folder type this tool knows; its contents are not checked"))
        }
        var asset = Asset(name: set.name, kind: kind, path: set.relative, folderExtension: set.ext)
        // 1. The folder, listed; it stays open while the set is read: its files open by name from it.
        guard let folder = listSetFolder(set, into: &asset, root: catalogRoot, diagnostics: &diagnostics) else {
            return (asset, diagnostics)
        }
        // 2. Its `Contents.json`, parsed.
        let contents = readContents(
            relative: set.relative, root: catalogRoot, maxBytes: limits.maxContentsBytes,
            listed: .some(folder.contentsType), in: folder.open)
        // 3. The model built from it.
        guard buildModel(of: &asset, from: contents, diagnostics: &diagnostics) else { return (asset, diagnostics) }
        // 4. The files its entries name.
        readFiles(of: &asset, root: catalogRoot, folder: folder.open, reading: reading)
        return (asset, diagnostics)
    }

    /// A set folder open and listed: the folder, and the type its listing gave `Contents.json` (nil: none).
    struct ListedSetFolder {
        var open: OpenFolder
        var contentsType: CatalogFileSystem.EntryType?
    }

    /// Step 1 of `readSet`: opens and lists the set folder, recording each child but `Contents.json` and
    /// hidden names in `asset.fileRecords` with the type the catalog's path rule judged (links out of the
    /// catalog and names that are not UTF-8 are findings instead). Nil, with the set marked invalid and a
    /// finding, when the folder cannot be listed: a set that cannot be read is an error, as passing it would
    /// pass content nobody checked.
    static func listSetFolder(
        _ set: PendingSet, into asset: inout Asset, root catalogRoot: CatalogRoot,
        diagnostics: inout [CatalogDiagnostic]
    ) -> ListedSetFolder? {
        let (absolute, relative) = (set.root + "/" + set.relative, set.relative)
        let folder: OpenFolder
        switch CatalogFileSystem.openListedFolder(absolute) {
        case .success(let opened):
            folder = opened
        case .failure(let error):
            asset.contents = .invalid
            diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative, message: "cannot be listed (\(error)); not read"))
            return nil
        }
        let children = folder.listTyped()
        let contentsType = children.first { $0.name == "Contents.json" }?.type
        for (child, listed, isUTF8, _) in children where !child.hasPrefix(".") && child != "Contents.json" {
            // The child's paths are built only for a finding or a link (most children are neither).
            guard isUTF8 else {
                diagnostics.append(CatalogReader.notUTF8(CatalogReader.join(relative, child)))
                continue
            }
            switch catalogRoot.vet(absolute + "/" + child, listed: listed) {
            case .failure(.linkOutside):
                diagnostics.append(
                    CatalogDiagnostic(
                        .unsafePath, path: CatalogReader.join(relative, child),
                        message: CatalogRoot.Refusal.linkOutside.description))
            case .failure(.special):
                // A FIFO, device or socket stays in the list: opening it is refused by its type, with a finding.
                asset.fileRecords.append(AssetFile(name: child, listedType: .special))
            case .success(let found):
                // The type as judged here travels with the name: a file the listing (or lstat, for a name it
                // gave no type) showed regular opens without asking again; a link is opened by the rule.
                asset.fileRecords.append(AssetFile(name: child, listedType: found.isLink ? .symlink : found.type))
            case .failure:
                continue
            }
        }
        return ListedSetFolder(open: folder, contentsType: contentsType)
    }

    /// Step 3 of `readSet`: the set's entries, colours and properties from its parsed `Contents.json`
    /// (`contents`, nil when the folder has none), with every wrong shape a finding at its line. False when
    /// the set's files are not to be read: its `Contents.json` is there but does not parse.
    static func buildModel(
        of asset: inout Asset, from contents: (ContentsFile, JSONValue?)?,
        diagnostics: inout [CatalogDiagnostic]
    ) -> Bool {
        let kind = asset.kind
        guard let (file, root) = contents else {
            asset.contents = .missing
            if kind == .iconSet {
                // A macOS icon set has no Contents.json by design: its file names are its entries.
                asset.entries = IconSetNaming.entries(for: asset.files)
            } else if !kind.contentsOptional {
                diagnostics.append(CatalogDiagnostic(.missingContents, path: asset.path, message: "has no Contents.json"))
            }
            return true
        }
        diagnostics += file.diagnostics
        guard let root else {
            asset.contents = .invalid
            return false
        }
        var typed = file
        typed.diagnostics = []
        typed.readProperties(of: root)
        if kind == .colorSet {
            typed.readColors(of: root)
        } else if kind == .sticker {
            // A sticker names its one image in `properties.filename` (format reference, Sticker Type);
            // Xcode also writes it as an `images` array, read when there is one.
            if let value = root["properties"]?["filename"] {
                if case .string(let name) = value {
                    typed.entries.append(ImageEntry(filename: name))
                    typed.entryPaths.append("properties")
                } else {
                    typed.problem("properties.filename", "is \(value.typeName), expected a string")
                }
            }
            typed.readEntries(under: "images", of: root)
        } else if kind == .iconSet {
            asset.entries = IconSetNaming.entries(for: asset.files)
        } else if let key = kind.entriesKey {
            typed.readEntries(under: key, of: root)
        } else if kind == .unknown {
            for key in ["images", "data", "symbols"] where root[key] != nil {
                typed.readEntries(under: key, of: root)
            }
        }
        typed.placeFindings()
        diagnostics += typed.diagnostics
        if kind != .iconSet { asset.entries = typed.entries }
        asset.colors = typed.colors
        asset.properties = typed.properties
        asset.contentsPositions = ContentsPositions(
            file.positions, entryPaths: kind == .iconSet ? [] : typed.entryPaths,
            colorPaths: typed.colorPaths)
        return true
    }
}
