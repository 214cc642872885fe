import AssetsSupport
import AssetsCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
/// The small file that maps placeholder roles to a team's own asset names: `placeholders.json`, kept in the
/// folder that holds the catalog (beside `Assets.xcassets`, not inside it, so Xcode never sees it).
///
/// Its shape: one object `names` whose keys are roles and whose values are asset names; every key is
/// optional and a role left out keeps its conventional name.
///
/// ```json
/// {
///   "names": {
///     "loading": "spinner_cat",
///     "error": "imgZeroError",
///     "loading-error": "imgZeroInternet",
///     "empty": "imgZeroEmpty",
///     "image-slot": "photo_placeholder"
///   }
/// }
/// ```
public enum PlaceholderConfig {
    /// The file's name.
    public static let fileName = "placeholders.json"
    /// A configuration larger than this is refused before it is read.
    public static let maximumBytes = 64 * 1024

    /// Where the configuration for the catalog at `catalogRoot` lives: beside the catalog folder.
    public static func path(besideCatalog catalogRoot: String) -> String {
        let trimmed = catalogRoot.hasSuffix("/") && catalogRoot.count > 1 ? String(catalogRoot.dropLast()) : catalogRoot
        guard let slash = trimmed.lastIndex(of: "/") else { return fileName }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/\(fileName)" : "\(folder)/\(fileName)"
    }

    /// The names every command uses for the catalog at `catalogRoot`: those of `file` when one is given, else
    /// those of `placeholders.json` beside the catalog when there is one, else the conventional names.
    /// `validate`, `build-check`, `resolve` and `report` all call this one loader.
    public static func names(forCatalog catalogRoot: String, file: String? = nil) throws(PlaceholderConfigError) -> PlaceholderNames {
        if let file { return try names(inFile: file) }
        return try names(besideCatalog: catalogRoot) ?? .conventional
    }

    /// The names configured beside the catalog at `catalogRoot`, or nil when there is no such file.
    /// The file comes with the catalog (a pull request can change both), so it is read under the catalog's
    /// path rule with the folder holding the catalog as the root: a link leading out of that folder, or a
    /// FIFO or device, is refused before it is opened.
    public static func names(besideCatalog catalogRoot: String) throws(PlaceholderConfigError) -> PlaceholderNames? {
        let file = path(besideCatalog: catalogRoot)
        let folder = file.hasSuffix("/" + fileName) ? String(file.dropLast(fileName.utf8.count + 1)) : "."
        guard let root = CatalogRoot(path: folder.isEmpty ? "/" : folder) else { return nil }
        switch root.openFile(fileName) {
        case .failure(.system(let error)) where error.isNoSuchFile:
            return nil
        case .failure(let refusal):
            throw PlaceholderConfigError(file: file, reason: .unreadable(refusal.description))
        case .success(let opened):
            return try names(reading: opened, file: file)
        }
    }

    /// Reads and parses the configuration file at `file` (a path the user gave). Never writes to it;
    /// a FIFO, device or folder is refused by its type before it is opened.
    public static func names(inFile file: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        switch CatalogFileSystem.targetStatus(file) {
        case .failure(let error): throw PlaceholderConfigError(file: file, reason: .unreadable(error.description))
        case .success(let found) where found.type != .file:
            throw PlaceholderConfigError(file: file, reason: .unreadable("not a regular file"))
        case .success:
            break
        }
        let opened: OpenFile
        do { opened = try CatalogFileSystem.open(file) } catch {
            throw PlaceholderConfigError(file: file, reason: .unreadable(error.description))
        }
        return try names(reading: opened, file: file)
    }

    /// Reads the open configuration file (a regular file of at most `maximumBytes`) and parses it.
    private static func names(reading opened: OpenFile, file: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        guard case .success(let status) = opened.status(), status.type == .file else {
            throw PlaceholderConfigError(file: file, reason: .unreadable("not a regular file"))
        }
        guard status.size <= maximumBytes else {
            throw PlaceholderConfigError(file: file, reason: .tooLarge(bytes: status.size, limit: maximumBytes))
        }
        switch opened.read(maxBytes: maximumBytes) {
        case .failure(let error): throw PlaceholderConfigError(file: file, reason: .unreadable(error.description))
        case .success(let read): return try names(parsing: read.head, file: file)
        }
    }

    /// Parses configuration bytes; `file` names them in errors.
    package static func names(parsing data: Data, file: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        try names(parsing: [UInt8](data), file: file)
    }

    /// Parses configuration bytes with the package's own JSON reader (no Foundation JSON at start-up).
    static func names(parsing bytes: [UInt8], file: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        guard bytes.count <= maximumBytes else {
            throw PlaceholderConfigError(file: file, reason: .tooLarge(bytes: bytes.count, limit: maximumBytes))
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw PlaceholderConfigError(file: file, reason: .notJSON(error.description))
        }
        guard case .object(let top) = document else {
            throw PlaceholderConfigError(file: file, reason: .wrongType(expected: "an object", found: document.typeName))
        }
        for key in top.map(\.key).sorted() where key != "names" {
            throw PlaceholderConfigError(file: file, keyPath: key, reason: .unknownKey(key, expected: ["names"]))
        }
        guard let rawNames = document["names"] else { return .conventional }
        guard case .object(let members) = rawNames else {
            throw PlaceholderConfigError(file: file, keyPath: "names", reason: .wrongType(expected: "an object", found: rawNames.typeName))
        }
        // As a JSON object read into a dictionary: a repeated key keeps its last value.
        var table: [String: JSONValue] = [:]
        for member in members { table[member.key] = member.value }
        var overrides: [PlaceholderRole: String] = [:]
        for key in table.keys.sorted() {
            let keyPath = "names.\(key)"
            guard let role = PlaceholderRole(rawValue: key) else {
                throw PlaceholderConfigError(
                    file: file, keyPath: keyPath,
                    reason: .unknownKey(key, expected: PlaceholderRole.allCases.map(\.rawValue)))
            }
            guard let value = table[key], case .string(let name) = value else {
                throw PlaceholderConfigError(
                    file: file, keyPath: keyPath,
                    reason: .wrongType(expected: "a string", found: table[key]?.typeName ?? "nothing"))
            }
            guard !name.isEmpty else {
                throw PlaceholderConfigError(file: file, keyPath: keyPath, reason: .emptyName)
            }
            overrides[role] = name
        }
        return PlaceholderNames(overrides: overrides)
    }
}
