import AssetsSupport
import AssetsCodecs

extension LocalizedStrings {
    /// A single table file larger than this is refused before it is read.
    public static let maximumFileBytes = 16 << 20
    /// A folder search reads at most this many table files and looks this deep.
    public static let maximumFiles = 2_000
    public static let maximumDepth = 8
    /// At most this many folder entries are looked at in a folder search.
    public static let maximumEntriesVisited = 200_000

    /// Reads the tables at `path` for `locale`: a `.xcstrings` file, a `.strings` file (its language from
    /// the `.lproj` folder that holds it), or a folder searched for both (hidden folders and links are not
    /// followed). Tables named `Localizable` win over other tables for the same key. Never writes.
    public static func read(from path: String, locale: String) throws(StringsFileError) -> LocalizedStrings {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(path) {
        case .failure(let error): throw StringsFileError(file: path, reason: .unreadable(error.description))
        case .success(let found): status = found
        }
        var files: [String]
        if status.type == .directory {
            files = try tableFiles(in: path)
            guard !files.isEmpty else { throw StringsFileError(file: path, reason: .noTables) }
        } else {
            files = [path]
        }
        // Localizable first: the first text found for a key in a language is kept.
        files.sort { (isLocalizable($0) ? 0 : 1, $0) < (isLocalizable($1) ? 0 : 1, $1) }
        var tables: [String: [String: String]] = [:]
        var development: String?
        for file in files {
            if file.hasSuffix(".xcstrings") {
                let catalog = try StringCatalogFile.read(file)
                if development == nil { development = catalog.sourceLanguage }
                for (language, entries) in catalog.languages {
                    tables[normalized(language), default: [:]].merge(entries) { kept, _ in kept }
                }
            } else {
                let entries = try readStringsFile(file)
                tables[language(ofStringsFile: file), default: [:]].merge(entries) { kept, _ in kept }
            }
        }
        if development == nil, tables["en"] != nil { development = "en" }
        return LocalizedStrings(locale: locale, tables: tables, developmentLanguage: development, files: files)
    }

    private static func isLocalizable(_ file: String) -> Bool {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name == "Localizable.strings" || name == "Localizable.xcstrings"
    }

    /// `App/de-AT.lproj/Localizable.strings` → `de-at`; `""` outside an `.lproj` folder.
    static func language(ofStringsFile file: String) -> String {
        let parts = file.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return "" }
        let folder = parts[parts.count - 2]
        let name = String(folder.dropLast(".lproj".count))
        return name == "Base" ? "Base" : normalized(name)
    }

    static func readBytes(_ file: String) throws(StringsFileError) -> [UInt8] {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(file) {
        case .failure(let error): throw StringsFileError(file: file, reason: .unreadable(error.description))
        case .success(let found): status = found
        }
        guard status.type == .file else { throw StringsFileError(file: file, reason: .unreadable("not a regular file")) }
        guard status.size <= maximumFileBytes else {
            throw StringsFileError(file: file, reason: .tooLarge(bytes: status.size, limit: maximumFileBytes))
        }
        switch CatalogFileSystem.read(file, maxBytes: maximumFileBytes) {
        case .failure(let error): throw StringsFileError(file: file, reason: .unreadable(error.description))
        case .success(let read): return read.head
        }
    }

    /// The keys and values of one `.strings` file.
    package static func readStringsFile(_ file: String) throws(StringsFileError) -> [String: String] {
        let text = try StringsFileParser.text(of: readBytes(file), file: file)
        var parser = StringsFileParser(text: text, file: file)
        return try parser.parse()
    }

    /// Every `*.xcstrings` file and every `*.strings` file in an `.lproj` folder under `root`.
    private static func tableFiles(in root: String) throws(StringsFileError) -> [String] {
        var found: [String] = []
        var visited = 0
        var pending: [(path: String, depth: Int)] = [(root, 0)]
        while let (folder, depth) = pending.popLast() {
            let entries: [CatalogFileSystem.Listed]
            switch CatalogFileSystem.listTyped(folder) {
            case .failure(let error):
                if folder == root { throw StringsFileError(file: root, reason: .unreadable(error.description)) }
                continue
            case .success(let listed): entries = listed
            }
            let inLproj = folder.hasSuffix(".lproj")
            // A name that is not valid UTF-8 cannot be opened by its decoded spelling: skipped.
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") && entry.isUTF8 {
                visited += 1
                guard visited <= maximumEntriesVisited else {
                    throw StringsFileError(file: root, reason: .tooMany("folder entries", limit: maximumEntriesVisited))
                }
                let path = folder.hasSuffix("/") ? folder + entry.name : "\(folder)/\(entry.name)"
                switch entry.type {
                case .directory where depth < maximumDepth:
                    pending.append((path, depth + 1))
                case .file where entry.name.hasSuffix(".xcstrings") || (inLproj && entry.name.hasSuffix(".strings")):
                    found.append(path)
                    guard found.count <= maximumFiles else {
                        throw StringsFileError(file: root, reason: .tooMany("string tables", limit: maximumFiles))
                    }
                default:
                    break
                }
            }
        }
        return found
    }
}
