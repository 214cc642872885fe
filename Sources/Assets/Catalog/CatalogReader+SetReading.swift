import AssetsSupport
import AssetsCodecs

extension CatalogReader {
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
        // 1. The folder, listed (or its listing from the cache, unchanged); when open, its files open by name from it.
        guard var folder = listSetFolder(set, into: &asset, root: catalogRoot, cache: reading.cache, diagnostics: &diagnostics)
        else {
            return (asset, diagnostics)
        }
        // 2. Its `Contents.json`, parsed.
        let contents = readContents(of: set, folder: &folder, root: catalogRoot, limits: limits, cache: reading.cache)
        // 3. The model built from it.
        guard buildModel(of: &asset, from: contents, diagnostics: &diagnostics) else { return (asset, diagnostics) }
        // 4. The files its entries name.
        readFiles(of: &asset, root: catalogRoot, folder: folder.open, reading: reading)
        return (asset, diagnostics)
    }

    /// A set folder listed: the folder when it was opened (nil when its listing came from the cache: it is
    /// opened when a file must be read), the type its listing gave `Contents.json` (nil: none), and what the
    /// cache keeps of it.
    struct ListedSetFolder {
        var open: OpenFolder?
        var contentsType: CatalogFileSystem.EntryType?
        /// With a cache: the folder's identity, taken before it was listed.
        var identity: FileIdentity?
        /// The listing, when this run listed the folder and the cache may keep it.
        var listed: [CatalogFileSystem.Listed]?
        /// What the cache kept of the folder, when its identity is unchanged.
        var kept: FileFactsCache.KeptSet?
    }

    /// Step 1 of `readSet`: the set folder's listing, recording each child but `Contents.json` and
    /// hidden names in `asset.fileRecords` with the type the catalog's path rule judged (links out of the
    /// catalog and names that are not UTF-8 are findings instead). The listing is the cache's when the
    /// folder's identity is the one it kept (one `stat`), else the folder is opened and listed. Nil, with the
    /// set marked invalid and a finding, when the folder cannot be listed: a set that cannot be read is an
    /// error, as passing it would pass content nobody checked.
    static func listSetFolder(
        _ set: PendingSet, into asset: inout Asset, root catalogRoot: CatalogRoot, cache: FileFactsCache? = nil,
        diagnostics: inout [CatalogDiagnostic]
    ) -> ListedSetFolder? {
        let (absolute, relative) = (CatalogReader.slashJoined(set.root, set.relative), set.relative)
        var folder = ListedSetFolder()
        let children: [CatalogFileSystem.Listed]
        if let cache, let (identity, kept) = cache.set(at: relative, folder: { FileIdentity.ofFolder(absolute) }) {
            (folder.identity, folder.kept, children) = (identity, kept, kept.children)
        } else {
            let opened: OpenFolder
            switch CatalogFileSystem.openListedFolder(absolute) {
            case .success(let found):
                opened = found
            case .failure(let error):
                asset.contents = .invalid
                diagnostics.append(CatalogDiagnostic(.unsafePath, path: relative, message: "cannot be listed (\(error)); not read"))
                return nil
            }
            // The identity before the listing: a name added while it is listed changes it for the next run.
            if cache != nil { folder.identity = opened.folderIdentity }
            children = opened.listTyped()
            folder.open = opened
            if folder.identity != nil { folder.listed = children }
        }
        folder.contentsType = children.first { $0.name == "Contents.json" }?.type
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
        return folder
    }

    /// Step 2 of `readSet`: the set's `Contents.json`, parsed. From the bytes the cache kept when the folder's
    /// listing came from it and the file's identity is unchanged (one `stat`); else read from the folder,
    /// opened now if it is not yet. With a cache, what the folder's listing and this read found is kept.
    static func readContents(
        of set: PendingSet, folder: inout ListedSetFolder, root: CatalogRoot, limits: CatalogLimits, cache: FileFactsCache?
    ) -> (ContentsFile, JSONValue?)? {
        let absolute = CatalogReader.slashJoined(set.root, set.relative)
        if let kept = folder.kept?.contents, folder.contentsType == .file,
            FileIdentity.of(CatalogReader.slashJoined(absolute, "Contents.json")) == kept.identity
        {
            return ContentsFile.parse(kept.bytes, path: CatalogReader.join(set.relative, "Contents.json"))
        }
        if folder.open == nil, folder.contentsType != nil { folder.open = CatalogFileSystem.openFolder(absolute) }
        var read: (identity: FileIdentity, bytes: [UInt8])?
        let contents = readContents(
            relative: set.relative, root: root, maxBytes: limits.maxContentsBytes, listed: .some(folder.contentsType),
            in: folder.open, keeping: cache == nil || folder.contentsType != .file ? nil : { read = ($0, $1) })
        if let cache, let identity = folder.identity {
            if let listed = folder.listed {
                cache.record(FileFactsCache.KeptSet(children: listed, contents: read), at: set.relative, folder: identity)
            } else if let kept = folder.kept, let read {
                // The folder is unchanged but its `Contents.json` was written: keep the new bytes with the kept listing.
                cache.record(
                    FileFactsCache.KeptSet(children: kept.children, contents: read), at: set.relative, folder: identity,
                    onlyWithContents: true)
            }
        }
        return contents
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
