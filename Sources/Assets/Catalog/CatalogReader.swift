/// Walks a catalog folder and builds an `AssetCatalog`. It only reads: it never writes, never follows
/// a link out of the catalog, notices link loops and stops at a bounded depth.
struct CatalogReader {
    /// How many folders deep groups may nest before the reader stops descending.
    static let maxDepth = 48
    /// The largest `Contents.json` read.
    static let maxContentsBytes = 16 << 20

    /// Apple set types this model does not interpret; they load as `.unknown` without a finding.
    static let otherAppleSetTypes: Set<String> = [
        "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "complicationset", "iconset",
        "cubetextureset", "mipmapset", "solidimagestack", "solidimagestacklayer", "imagestacklayer",
        "stickersequence", "arreferenceimage", "arreferenceobject", "icon",
    ]

    let root: String
    let rootReal: String
    private(set) var assets: [Asset] = []
    private(set) var groups: [AssetGroup] = []
    private(set) var diagnostics: [CatalogDiagnostic] = []
    /// The folders on the current path, by device and inode, to notice link loops.
    private var ancestors: [(UInt64, UInt64)] = []

    init(root: String, rootReal: String) {
        self.root = root
        self.rootReal = rootReal
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
        if let status = try? CatalogFileSystem.targetStatus(root).get() {
            ancestors.append((status.device, status.inode))
        }
        _ = readContents(folder: root, relative: "", required: false)
        walkGroup(absolute: root, relative: "", namespace: [], depth: 0)
    }

    /// Reads a folder's `Contents.json`: nil when absent (or unreadable, which is reported).
    private mutating func readContents(folder: String, relative: String, required: Bool) -> (ContentsFile, JSONValue?)? {
        let relativeFile = CatalogReader.join(relative, "Contents.json")
        let absoluteFile = folder + "/Contents.json"
        switch CatalogFileSystem.linkStatus(absoluteFile) {
        case .failure:
            return nil
        case .success(let status) where status.type == .symlink:
            guard let target = CatalogFileSystem.realPath(absoluteFile), isInside(target) else {
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: relativeFile,
                                                     message: "is a symbolic link leading out of the catalog; not read"))
                return nil
            }
        case .success:
            break
        }
        switch CatalogFileSystem.read(absoluteFile, maxBytes: CatalogReader.maxContentsBytes) {
        case .failure(let error):
            var file = ContentsFile(path: relativeFile)
            file.problem(nil, "cannot be read: \(error)")
            diagnostics.append(contentsOf: file.diagnostics)
            return (file, nil)
        case .success(let read):
            let (file, root) = ContentsFile.parse(read.head, path: relativeFile)
            diagnostics.append(contentsOf: file.diagnostics)
            return (file, root)
        }
    }

    private func isInside(_ real: String) -> Bool {
        real == rootReal || real.hasPrefix(rootReal == "/" ? "/" : rootReal + "/")
    }

    /// What a child of a folder is, after vetting links: nil when it must be skipped.
    private mutating func vet(_ absolute: String, relative: String) -> CatalogFileSystem.Status? {
        guard case .success(let status) = CatalogFileSystem.linkStatus(absolute) else { return nil }
        guard status.type == .symlink else { return status }
        guard let target = CatalogFileSystem.realPath(absolute) else { return nil }
        guard isInside(target) else {
            diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative,
                                                 message: "is a symbolic link leading out of the catalog; not read"))
            return nil
        }
        guard case .success(let resolved) = CatalogFileSystem.targetStatus(absolute) else { return nil }
        if resolved.type == .directory, ancestors.contains(where: { $0 == (resolved.device, resolved.inode) }) {
            diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative,
                                                 message: "is a symbolic link back to a folder that contains it (a loop); not followed"))
            return nil
        }
        return resolved
    }

    private mutating func walkGroup(absolute: String, relative: String, namespace: [String], depth: Int) {
        guard case .success(let names) = CatalogFileSystem.list(absolute) else {
            if !relative.isEmpty {
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative, message: "cannot be listed; not read"))
            }
            return
        }
        for name in names where !name.hasPrefix(".") && name != "Contents.json" {
            let childAbsolute = absolute + "/" + name
            let childRelative = CatalogReader.join(relative, name)
            guard let status = vet(childAbsolute, relative: childRelative), status.type == .directory else { continue }
            guard depth < CatalogReader.maxDepth else {
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: childRelative,
                                                     message: "is nested more than \(CatalogReader.maxDepth) folders deep; not read"))
                continue
            }
            let (base, ext) = CatalogReader.split(name)
            ancestors.append((status.device, status.inode))
            defer { ancestors.removeLast() }
            if ext == nil || ext == "spriteatlas" {
                let contents = readContents(folder: childAbsolute, relative: childRelative, required: false)
                let atlas = ext == "spriteatlas"
                var provides = atlas
                if let root = contents?.1, root["properties"]?["provides-namespace"] == .bool(true) { provides = true }
                groups.append(AssetGroup(name: base, path: childRelative, providesNamespace: provides,
                                         isSpriteAtlas: atlas, hasContentsFile: contents != nil))
                walkGroup(absolute: childAbsolute, relative: childRelative,
                          namespace: provides ? namespace + [base] : namespace, depth: depth + 1)
            } else if let ext {
                readSet(absolute: childAbsolute, relative: childRelative, name: (namespace + [base]).joined(separator: "/"), ext: ext)
            }
        }
    }

    private mutating func readSet(absolute: String, relative: String, name: String, ext: String) {
        let kind = AssetKind(rawValue: ext) ?? .unknown
        if kind == .unknown, !CatalogReader.otherAppleSetTypes.contains(ext) {
            diagnostics.append(CatalogDiagnostic(.unknownValue, path: relative,
                                                 message: "\".\(ext)\" is not an asset catalog folder type this tool knows; its contents are not checked"))
        }
        var asset = Asset(name: name, kind: kind, path: relative, folderExtension: ext)
        if case .success(let names) = CatalogFileSystem.list(absolute) {
            asset.files = names.filter { child in
                guard !child.hasPrefix("."), child != "Contents.json" else { return false }
                return vet(absolute + "/" + child, relative: CatalogReader.join(relative, child)) != nil
            }
        }
        guard let (file, root) = readContents(folder: absolute, relative: relative, required: true) else {
            asset.contents = .missing
            diagnostics.append(CatalogDiagnostic(.missingContents, path: relative, message: "has no Contents.json"))
            assets.append(asset)
            return
        }
        guard let root else {
            asset.contents = .invalid
            assets.append(asset)
            return
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
        diagnostics.append(contentsOf: typed.diagnostics)
        asset.entries = typed.entries
        asset.colors = typed.colors
        asset.properties = typed.properties
        assets.append(asset)
    }
}
