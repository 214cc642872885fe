#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a team sets for one diagnostic code, as linters do: turn it off, or give it a severity.
public enum RuleSetting: String, Sendable, Hashable, CaseIterable, Codable {
    case off
    case note
    case warning
    case error
}

/// Which checks run and how loud they are: `.asset-tool.json`, found by walking up from the catalog
/// to the repository root, merged with the command line's `--disable`, `--error` and `--exclude`.
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
    /// The file read, when there was one.
    public var file: String?
    /// The cost checks' settings (`"cost"`): thresholds, deployment target, point sizes.
    public var cost = CostSettings()

    public init(rules: [CatalogDiagnostic.Code: RuleSetting] = [:], exclude: [String] = [],
                requirePlaceholders: Bool? = nil, file: String? = nil) {
        self.rules = rules
        self.exclude = exclude
        self.requirePlaceholders = requirePlaceholders
        self.file = file
    }

    /// The first `.asset-tool.json` in the catalog folder or a folder above it, stopping at the folder
    /// that holds `.git` (the repository root, checked too) or at the file system's root.
    package static func locate(forCatalog catalog: String) -> String? {
        guard var folder = CatalogFileSystem.realPath(catalog) else { return nil }
        for _ in 0..<maximumLevels {
            let candidate = folder == "/" ? "/\(fileName)" : "\(folder)/\(fileName)"
            if case .success = CatalogFileSystem.targetStatus(candidate) { return candidate }
            let git = folder == "/" ? "/.git" : "\(folder)/.git"
            if case .success = CatalogFileSystem.linkStatus(git) { return nil }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        return nil
    }

    /// The configuration for the catalog: the located file, or an empty configuration when there is none.
    public static func load(forCatalog catalog: String) throws(ValidationConfigError) -> ValidationConfig {
        guard let file = locate(forCatalog: catalog) else { return ValidationConfig() }
        return try load(file: file)
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
    package static func parse(_ bytes: [UInt8], file: String) throws(ValidationConfigError) -> ValidationConfig {
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw ValidationConfigError(file: file, message: "is not JSON: \(error.description)")
        }
        guard case .object(let members) = document else {
            throw ValidationConfigError(file: file, message: "is \(document.typeName), expected an object")
        }
        var config = ValidationConfig(file: file)
        let known = ["rules", "exclude", "require_placeholders", "cost", "$schema"]
        for (key, value) in members {
            switch key {
            case "rules":
                guard case .object(let rules) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected an object")
                }
                for (code, setting) in rules {
                    let keyPath = "rules.\(code)"
                    guard let parsed = CatalogDiagnostic.Code(rawValue: code) else {
                        throw ValidationConfigError(file: file, keyPath: keyPath, message: "\"\(code)\" is not a diagnostic code (\(CatalogDiagnostic.Code.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    guard case .string(let word) = setting, let rule = RuleSetting(rawValue: word) else {
                        throw ValidationConfigError(file: file, keyPath: keyPath, message: "is \(setting.text), expected \"off\", \"note\", \"warning\" or \"error\"")
                    }
                    config.rules[parsed] = rule
                }
            case "exclude":
                guard case .array(let items) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected an array of patterns")
                }
                for (index, item) in items.enumerated() {
                    guard case .string(let pattern) = item, !pattern.isEmpty else {
                        throw ValidationConfigError(file: file, keyPath: "exclude[\(index)]", message: "is \(item.text), expected a non-empty pattern")
                    }
                    config.exclude.append(pattern)
                }
            case "require_placeholders":
                guard case .bool(let flag) = value else {
                    throw ValidationConfigError(file: file, keyPath: key, message: "is \(value.typeName), expected true or false")
                }
                config.requirePlaceholders = flag
            case "cost":
                config.cost = try CostSettings.parse(value, file: file)
            case "$schema":
                break
            default:
                throw ValidationConfigError(file: file, keyPath: key, message: "is not a key this file takes (\(known.joined(separator: ", ")))")
            }
        }
        return config
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

/// A configuration file that cannot be used: the file, the key path and what is wrong.
public struct ValidationConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var keyPath: String?
    public var message: String

    package init(file: String, keyPath: String? = nil, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        "\(file): \(keyPath.map { "\($0): " } ?? "")\(message)"
    }
}

extension CatalogValidator.Options {
    /// The options for a project's catalog: the placeholder check runs only when the project declares
    /// placeholders (a `placeholders.json` beside the catalog, `require_placeholders` in the configuration
    /// or `--require-placeholders`), as errors when required and as warnings when only declared;
    /// `"require_placeholders": false` turns it off even beside a `placeholders.json`. With `costChecks`, the
    /// cost checks run too, with the deployment target read from the project above the catalog.
    public static func forProject(catalog: String, deep: Bool = false, requirePlaceholders: Bool = false,
                                  config: ValidationConfig = ValidationConfig(), placeholderNames: PlaceholderNames = .conventional,
                                  placeholderFileGiven: Bool = false, costChecks: Bool = false) -> CatalogValidator.Options {
        let required = requirePlaceholders || config.requirePlaceholders == true
        let declared = config.requirePlaceholders != false
            && (placeholderFileGiven || CatalogFileSystem.targetStatus(PlaceholderConfig.path(besideCatalog: catalog)).isSuccess)
        let placeholders: [PlaceholderRole] = required || declared ? PlaceholderRole.expectedInCatalog : []
        var options = CatalogValidator.Options(deep: deep, requirePlaceholders: required, placeholders: placeholders,
                                               placeholderNames: placeholderNames, config: config)
        options.costChecks = costChecks
        if costChecks { options.deployment = DeploymentTarget.find(forCatalog: catalog, settings: config.cost) }
        return options
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
