import Foundation

/// The small file that maps placeholder roles to a team's own asset names: `placeholders.json`, kept in the
/// folder that holds the catalog (beside `Assets.xcassets`, not inside it, so Xcode never sees it).
///
/// Its shape: one object `names` whose keys are roles and whose values are asset names; every key is
/// optional and a role left out keeps its conventional name.
///
/// ```json
/// {
///   "names": {
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

    /// The names configured beside the catalog at `catalogRoot`, or nil when there is no such file.
    public static func names(besideCatalog catalogRoot: String) throws(PlaceholderConfigError) -> PlaceholderNames? {
        let file = path(besideCatalog: catalogRoot)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        return try names(inFile: file)
    }

    /// Reads and parses the configuration file at `file`. Never writes to it.
    public static func names(inFile file: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw PlaceholderConfigError(file: file, reason: .unreadable("not a regular file"))
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as PlaceholderConfigError {
            throw error
        } catch {
            throw PlaceholderConfigError(file: file, reason: .unreadable(Self.words(for: error)))
        }
        guard size <= maximumBytes else {
            throw PlaceholderConfigError(file: file, reason: .tooLarge(bytes: size, limit: maximumBytes))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw PlaceholderConfigError(file: file, reason: .unreadable(Self.words(for: error)))
        }
        return try names(parsing: data, file: file)
    }

    /// Parses configuration bytes; `file` names them in errors.
    public static func names(parsing data: Data, file: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        guard data.count <= maximumBytes else {
            throw PlaceholderConfigError(file: file, reason: .tooLarge(bytes: data.count, limit: maximumBytes))
        }
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw PlaceholderConfigError(file: file, reason: .notJSON(Self.words(for: error)))
        }
        guard let top = document as? [String: Any] else {
            throw PlaceholderConfigError(file: file, reason: .wrongType(expected: "an object", found: kind(of: document)))
        }
        for key in top.keys.sorted() where key != "names" {
            throw PlaceholderConfigError(file: file, keyPath: key, reason: .unknownKey(key, expected: ["names"]))
        }
        guard let rawNames = top["names"] else { return .conventional }
        guard let table = rawNames as? [String: Any] else {
            throw PlaceholderConfigError(file: file, keyPath: "names", reason: .wrongType(expected: "an object", found: kind(of: rawNames)))
        }
        var overrides: [PlaceholderRole: String] = [:]
        for key in table.keys.sorted() {
            let keyPath = "names.\(key)"
            guard let role = PlaceholderRole(rawValue: key) else {
                throw PlaceholderConfigError(file: file, keyPath: keyPath,
                                             reason: .unknownKey(key, expected: PlaceholderRole.allCases.map(\.rawValue)))
            }
            guard let name = table[key] as? String else {
                throw PlaceholderConfigError(file: file, keyPath: keyPath,
                                             reason: .wrongType(expected: "a string", found: kind(of: table[key] as Any)))
            }
            guard !name.isEmpty else {
                throw PlaceholderConfigError(file: file, keyPath: keyPath, reason: .emptyName)
            }
            overrides[role] = name
        }
        return PlaceholderNames(overrides: overrides)
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [String: Any]: "an object"
        case is [Any]: "an array"
        case is NSNull: "null"
        case is Bool where type(of: value) == Bool.self: "a boolean"
        case let number as NSNumber: isBoolean(number) ? "a boolean" : "a number"
        default: "a value of another kind"
        }
    }

    private static func words(for error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}

/// Whether a JSON number came from `true`/`false`.
private func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
}
