import AssetsSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which checks run and how loud they are: `.asset-tool.json`, found by walking up from the folder that
/// holds the catalog to the repository root, merged with the command line's `--disable`, `--error` and
/// `--exclude`.
///
/// Only the project configures its checks (Docs/security.md): a file inside the catalog being judged is
/// never read (a pull request must not relax the check it is judged by), nor one reached through a
/// symbolic link, nor one above the project's root (the folder holding a `.git` folder, a `.git` file of
/// a worktree or submodule, or a `Package.swift`, outside the catalog). Without a project root only the
/// folder holding the catalog is searched; a file in `/` or in a folder anyone may write to (`/tmp`) is
/// never read.
/// A file found and not read is reported (`ignored-config`).
///
/// ```json
/// {
///   "rules": { "unsupported-format": "off", "scale-mismatch": "error" },
///   "exclude": ["Legacy/*", "*.iconset"],
///   "require_placeholders": false
/// }
/// ```
///
/// `rules` maps a diagnostic code to `off`, `warning` or `error`; `exclude` holds shell patterns
/// (`fnmatch`, `*` also crosses `/`) matched against catalog-relative paths: a finding is dropped when a
/// pattern matches its path or any folder above it; `require_placeholders` turns the placeholder check on
/// as `--require-placeholders` does. Every key is optional; an unknown key or code is an error naming the
/// file and key path, so a typo never silently turns nothing off.
public struct ValidationConfig: Sendable, Hashable {
    /// The file's name.
    public static let fileName = ".asset-tool.json"
    /// A configuration larger than this is refused before it is read.
    public static let maximumBytes = 256 * 1024
    /// How many folders the search walks up at most.
    static let maximumLevels = 64

    public var rules: [CatalogDiagnostic.Code: RuleSetting]
    public var exclude: [String]
    /// nil when the file does not say.
    public var requirePlaceholders: Bool?
    /// `dynamic_names`: the patterns of names the app builds at run time (`flag_*`, `avatar_%d`); sets they
    /// match count as used (`refs`, `validate --sources`).
    public var dynamicNames: [String] = []
    /// The file read, when there was one.
    public var file: String?
    /// Configuration files the search found and did not read, and why (reported as `ignored-config`).
    package var ignored: [Ignored] = []

    /// A configuration file the search did not read: where it is, and why.
    package struct Ignored: Sendable, Hashable {
        /// Its path as found (below the catalog's canonical path, or beside a folder above it).
        package var file: String
        /// Its catalog-relative path when it is inside the catalog; nil when it is outside.
        package var insideCatalog: String?
        package var reason: String
    }

    /// The cost checks' settings (`"cost"`): thresholds, deployment target, point sizes.
    public var cost = CostSettings()

    public init(
        rules: [CatalogDiagnostic.Code: RuleSetting] = [:], exclude: [String] = [],
        requirePlaceholders: Bool? = nil, file: String? = nil
    ) {
        self.rules = rules
        self.exclude = exclude
        self.requirePlaceholders = requirePlaceholders
        self.file = file
    }

    /// The configuration for the catalog: the located file, or an empty configuration when there is none;
    /// either way with the files the search did not read.
    public static func load(forCatalog catalog: String) throws(ValidationConfigError) -> ValidationConfig {
        let (file, ignored) = locate(forCatalog: catalog)
        var config = try file.map { (file) throws(ValidationConfigError) in try load(file: file) } ?? ValidationConfig()
        config.ignored = ignored
        return config
    }

    /// The configuration for a project folder (`refs`, `validate --sources`, `report --sources`,
    /// `resolve --used-by`): the search from the project's own folder up (`locate(forProject:)`).
    public static func load(forProject project: String) throws(ValidationConfigError) -> ValidationConfig {
        let (file, ignored) = locate(forProject: project)
        var config = try file.map { (file) throws(ValidationConfigError) in try load(file: file) } ?? ValidationConfig()
        config.ignored = ignored
        return config
    }

    /// Reads and parses the configuration file at `file`. Never writes to it.
    public static func load(file: String) throws(ValidationConfigError) -> ValidationConfig {
        let status: CatalogFileSystem.Status
        switch CatalogFileSystem.targetStatus(file) {
        case .failure(let error): throw ValidationConfigError(file: file, message: "cannot be read: \(error)")
        case .success(let found): status = found
        }
        guard status.type == .file else { throw ValidationConfigError(file: file, message: "is not a regular file") }
        guard status.size <= maximumBytes else {
            throw ValidationConfigError(file: file, message: "is \(status.size) bytes, more than the \(maximumBytes) read")
        }
        switch CatalogFileSystem.read(file, maxBytes: maximumBytes) {
        case .failure(let error): throw ValidationConfigError(file: file, message: "cannot be read: \(error)")
        case .success(let read): return try parse(read.head, file: file)
        }
    }

    /// Parses configuration bytes with the package's JSON reader; `file` names them in errors.
    /// Error lines name where the file is wrong without quoting it: a key or value is quoted only when it
    /// is a short word (`quoted`), the JSON reader's position without the bytes it found.
    package static func parse(_ bytes: [UInt8], file: String) throws(ValidationConfigError) -> ValidationConfig {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ValidationConfigError(file: file, message: "is not UTF-8 text")
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw ValidationConfigError(file: file, message: "is not JSON (line \(error.line), column \(error.column))")
        }
        guard case .object(let members) = document else {
            throw ValidationConfigError(file: file, message: "is \(document.typeName), expected an object")
        }
        try rejectRepeats(members.map(\.key), file: file, in: nil)
        var config = ValidationConfig(file: file)
        let known = ["rules", "exclude", "require_placeholders", "dynamic_names", "cost", "$schema"]
        for (key, value) in members {
            switch key {
            case "rules":
                guard case .object(let rules) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected an object")
                }
                try rejectRepeats(rules.map(\.key), file: file, in: "rules")
                for (code, setting) in rules {
                    let keyPath = "rules.\(quoted(code, bare: true))"
                    guard let parsed = CatalogDiagnostic.Code(rawValue: code) else {
                        throw ValidationConfigError(
                            file: file, keyPath: keyPath,
                            message:
                                "\(quoted(code)) is not a diagnostic code (\(CatalogDiagnostic.Code.allCases.map(\.rawValue).joined(separator: ", ")))"
                        )
                    }
                    guard case .string(let word) = setting, let rule = RuleSetting(rawValue: word) else {
                        let found = described(setting)
                        throw ValidationConfigError(
                            file: file, keyPath: keyPath, message: "is \(found), expected \"off\", \"note\", \"warning\" or \"error\"")
                    }
                    config.rules[parsed] = rule
                }
            case "exclude":
                guard case .array(let items) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected an array of patterns")
                }
                for (index, item) in items.enumerated() {
                    guard case .string(let pattern) = item, !pattern.isEmpty else {
                        let found = if case .string = item { "an empty string" } else { described(item) }
                        throw ValidationConfigError(
                            file: file, keyPath: "exclude[\(index)]", message: "is \(found), expected a non-empty pattern")
                    }
                    config.exclude.append(pattern)
                }
            case "require_placeholders":
                guard case .bool(let flag) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected true or false")
                }
                config.requirePlaceholders = flag
            case "dynamic_names", "dynamic-names":
                // Names the app builds at run time (`refs`): sets they match count as used.
                guard case .array(let items) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected an array of patterns")
                }
                for (index, item) in items.enumerated() {
                    guard case .string(let pattern) = item, !pattern.isEmpty else {
                        throw ValidationConfigError(
                            file: file, keyPath: "\(key)[\(index)]", message: "is \(item.text), expected a non-empty pattern")
                    }
                    config.dynamicNames.append(pattern)
                }
            case "cost":
                config.cost = try CostSettings.parse(value, file: file)
            case "$schema":
                break
            default:
                throw ValidationConfigError(
                    file: file, keyPath: quoted(key, bare: true), message: "is not a key this file takes (\(known.joined(separator: ", ")))"
                )
            }
        }
        return config
    }

    /// A repeated key is an error: JSON readers keep one of the two, and which one differs between them.
    private static func rejectRepeats(_ keys: [String], file: String, in object: String?) throws(ValidationConfigError) {
        var seen = Set<String>()
        for key in keys where !seen.insert(key).inserted {
            let path = object.map { "\($0).\(quoted(key, bare: true))" } ?? quoted(key, bare: true)
            throw ValidationConfigError(file: file, keyPath: path, message: "appears twice; a key may appear once")
        }
    }

    /// A value as an error line shows it: a string by `quoted`, another scalar as written (clipped), an
    /// object or array by its type.
    static func described(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .object, .array: return value.typeName
        default: return MessageValue.clipped(value.text)
        }
    }

    /// A key or value of the file as an error line shows it: a short word (letters, digits, `-`, `_`, `.`,
    /// `$`, `*`, `/`, at most 40) as itself, quoted unless `bare`; anything else only by its length.
    static func quoted(_ text: String, bare: Bool = false) -> String {
        let allowed =
            text.utf8.count <= 40 && !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.$*/".unicodeScalars.contains($0))
            }
        guard allowed else { return "(a key or value of \(text.utf8.count) bytes)" }
        return bare ? text : "\"\(text)\""
    }

    /// This configuration with the command line's settings on top (the command line wins).
    package func adding(disabled: [CatalogDiagnostic.Code], raised: [CatalogDiagnostic.Code], exclude more: [String]) -> ValidationConfig {
        var copy = self
        for code in raised { copy.rules[code] = .error }
        for code in disabled { copy.rules[code] = .off }
        copy.exclude += more
        return copy
    }

    /// Whether `path` (catalog-relative) or a folder above it matches an exclude pattern.
    package func excludes(_ path: String) -> Bool {
        guard !exclude.isEmpty, !path.isEmpty else { return false }
        var prefix = Substring(path)
        while true {
            let candidate = String(prefix)
            if exclude.contains(where: { fnmatch($0, candidate, 0) == 0 }) { return true }
            guard let slash = prefix.lastIndex(of: "/") else { return false }
            prefix = prefix[..<slash]
        }
    }

    /// The findings as configured: excluded paths and codes turned off are dropped, the others take the
    /// configured severity.
    package func apply(to diagnostics: [CatalogDiagnostic]) -> [CatalogDiagnostic] {
        guard !rules.isEmpty || !exclude.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            var diagnostic = diagnostic
            switch rules[diagnostic.code] {
            case .off?: return nil
            case .note?: diagnostic.severity = .note
            case .warning?: diagnostic.severity = .warning
            case .error?: diagnostic.severity = .error
            case nil: break
            }
            return excludes(diagnostic.path) ? nil : diagnostic
        }
    }
}
