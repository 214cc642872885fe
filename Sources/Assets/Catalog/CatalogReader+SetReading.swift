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
