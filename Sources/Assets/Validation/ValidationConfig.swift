import AssetsSupport
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

    /// Where the search found the project's configuration (nil: none) and the files it did not read.
    package static func locate(forCatalog catalog: String) -> (file: String?, ignored: [Ignored]) {
        guard let real = CatalogFileSystem.realPath(catalog) else { return (nil, []) }
        var ignored: [Ignored] = []
        // Inside the catalog: never read, always reported.
        let inside = join(real, fileName)
        if case .success = CatalogFileSystem.linkStatus(inside) {
            ignored.append(
                Ignored(
                    file: inside, insideCatalog: fileName,
                    reason:
                        "is inside the catalog it would configure; a catalog never configures its own checks (put it in the project folder)"
                ))
        }
        guard real != "/" else { return (nil, ignored) }
        let (found, above) = search(from: parent(of: real))
        return (found, ignored + above)
    }

    /// Where the search found a project's configuration: the same search as a catalog's, starting at the
    /// project folder itself (its own `.asset-tool.json` first), never at the folder above it.
    package static func locate(forProject project: String) -> (file: String?, ignored: [Ignored]) {
        guard let real = CatalogFileSystem.realPath(project) else { return (nil, []) }
        return search(from: real)
    }

    /// The search up from `start` (a canonical folder) to the project's root; the file is read only when
    /// `isTrusted` says so (otherwise it is reported, not read).
    private static func search(from start: String) -> (file: String?, ignored: [Ignored]) {
        var ignored: [Ignored] = []
        var folder = start
        var found: String?
        var repositoryRoot = false
        for _ in 0..<maximumLevels {
            let candidate = join(folder, fileName)
            if found == nil, case .success(let status) = CatalogFileSystem.linkStatus(candidate) {
                switch status.type {
                case .file: found = candidate
                case .symlink:
                    ignored.append(
                        Ignored(
                            file: candidate, insideCatalog: nil,
                            reason: "is a symbolic link; the configuration is never read through a link"))
                default:
                    ignored.append(Ignored(file: candidate, insideCatalog: nil, reason: "is not a regular file"))
                }
            }
            if isProjectRoot(folder) {
                repositoryRoot = true
                break
            }
            guard folder != "/" else { break }
            folder = parent(of: folder)
        }
        guard let found else { return (nil, ignored) }
        // No project root above: only the folder holding the catalog. Never a shared folder's file.
        if !repositoryRoot, found != join(start, fileName) { return (nil, ignored) }
        guard isPrivateFolder(parent(of: found)) else { return (nil, ignored) }
        if let distrust = distrust(found) {
            ignored.append(Ignored(file: found, insideCatalog: nil, reason: distrust))
            return (nil, ignored)
        }
        return (found, ignored)
    }

    /// Why a found configuration is not the user's to trust, or nil: it must be owned by the user running
    /// the tool or by root, in a folder owned by one of them that no other user may write to (a
    /// group-writable folder only when it is the user's own).
    static func distrust(_ file: String) -> String? {
        let user = UInt32(geteuid())
        guard case .success(let status) = CatalogFileSystem.linkStatus(file),
            case .success(let folder) = CatalogFileSystem.targetStatus(parent(of: file))
        else { return nil }
        if status.owner != user, status.owner != 0 {
            return "is owned by another user (uid \(status.owner)); a configuration is read only when it is the user's own or root's"
        }
        if folder.owner != user, folder.owner != 0 {
            return "is in a folder owned by another user (uid \(folder.owner)); not read"
        }
        if folder.mode & 0o020 != 0, folder.owner != user {
            return "is in a folder other users may write to (group-writable); not read"
        }
        return nil
    }

    /// Whether `folder` is a project's root: it holds a `.git` folder, the `.git` file (`gitdir: …`) of a
    /// worktree or a submodule, or a Swift package's `Package.swift` (a package checked out without git).
    static func isProjectRoot(_ folder: String) -> Bool {
        if case .success(let status) = CatalogFileSystem.linkStatus(join(folder, "Package.swift")), status.type == .file { return true }
        let git = join(folder, ".git")
        guard case .success(let status) = CatalogFileSystem.linkStatus(git) else { return false }
        if status.type == .directory { return true }
        guard status.type == .file, status.size < 4096, case .success(let read) = CatalogFileSystem.read(git, maxBytes: 4096) else {
            return false
        }
        return read.head.starts(with: Array("gitdir:".utf8))
    }

    /// Whether a configuration in `folder` may be the project's without a repository root: not `/`, and
    /// not a folder others may write to (a world-writable folder such as `/tmp`).
    static func isPrivateFolder(_ folder: String) -> Bool {
        guard folder != "/", case .success(let status) = CatalogFileSystem.targetStatus(folder) else { return false }
        return status.mode & 0o002 == 0  // no write permission for others
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/\(name)" : "\(folder)/\(name)"
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
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
    /// The options for a project's catalog, the one place they are put together: the placeholder check runs
    /// only when the project declares placeholders (a `placeholders.json` beside the catalog,
    /// `require_placeholders` in the configuration or `--require-placeholders`), as errors when required and as
    /// warnings when only declared; `"require_placeholders": false` turns it off even beside a
    /// `placeholders.json`. With `costChecks`, the cost checks run too, with the deployment target read from
    /// the project above the catalog; `costRewritesFiles` adds `compressible-image`'s lossless rewrites, and
    /// `duplicatesOnlyWhenDeep` leaves `duplicate-image` out unless `deep` or the configuration names it.
    public static func forProject(
        catalog: String, deep: Bool = false, requirePlaceholders: Bool = false,
        config: ValidationConfig = ValidationConfig(), placeholderNames: PlaceholderNames = .conventional,
        placeholderFileGiven: Bool = false, costChecks: Bool = false,
        costRewritesFiles: Bool = true, duplicatesOnlyWhenDeep: Bool = false,
        limits: DecodingLimits = .default, catalogLimits: CatalogLimits = .default
    ) -> CatalogValidator.Options {
        let required = requirePlaceholders || config.requirePlaceholders == true
        let declared =
            config.requirePlaceholders != false
            && (placeholderFileGiven || CatalogFileSystem.targetStatus(PlaceholderConfig.path(besideCatalog: catalog)).isSuccess)
        let placeholders: [PlaceholderRole] = required || declared ? PlaceholderRole.expectedInCatalog : []
        var config = config
        if duplicatesOnlyWhenDeep, !deep, config.rules[.duplicateImage] == nil { config.rules[.duplicateImage] = .off }
        var options = CatalogValidator.Options(
            deep: deep, requirePlaceholders: required, placeholders: placeholders,
            placeholderNames: placeholderNames, limits: limits,
            catalogLimits: catalogLimits, config: config)
        options.costChecks = costChecks
        options.costRewritesFiles = costRewritesFiles
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
