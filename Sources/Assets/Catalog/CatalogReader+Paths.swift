import AssetsSupport
import AssetsCodecs

/// The path and name helpers of the walk and of the set reader, and the one reader of a folder's `Contents.json`.
extension CatalogReader {
    static func join(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : slashJoined(parent, name)
    }

    /// `parent/name` in one allocation: an interpolation grows its buffer as it goes, and paths are built for
    /// every file and set a run meets (String appends were a tenth of a warm `validate`'s instructions).
    static func slashJoined(_ parent: String, _ name: String) -> String {
        var path = ""
        path.reserveCapacity(parent.utf8.count + 1 + name.utf8.count)
        path += parent
        path += "/"
        path += name
        return path
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

    /// Reads a folder's `Contents.json` under the catalog's path rule: nil when absent; its diagnostics
    /// say what was wrong. `listed` is the type the folder listing gave (`.some(nil)`: the listing has
    /// none; `nil`: the folder was not listed). `folder`, when given, is the folder open. `keeping`, when
    /// given, gets the identity and bytes of a file read whole (what the cache of files' facts keeps).
    static func readContents(
        relative: String, root: CatalogRoot, maxBytes: Int, listed: CatalogFileSystem.EntryType??,
        in folder: OpenFolder? = nil, keeping: ((FileIdentity, [UInt8]) -> Void)? = nil
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
                if let keeping, let identity = opened.identity, read.head.count == read.size, identity.size == read.size {
                    keeping(identity, read.head)
                }
                return ContentsFile.parse(read.head, path: relativeFile)
            }
        }
    }

    /// The finding for a name in a folder listing that is not valid UTF-8.
    static func notUTF8(_ relative: String) -> CatalogDiagnostic {
        CatalogDiagnostic(
            .unsafePath, path: relative,
            message: "has a name that is not valid UTF-8 (shown with U+FFFD); no tool can name it, so it is not read")
    }
}
