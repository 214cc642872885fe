/// One finding about a catalog: a stable code, a severity, where (catalog-relative path, JSON key
/// path, and the line and column the key path's value starts at), and a message in plain words.
public struct CatalogDiagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The stable codes: their raw values are the public contract.
    public enum Code: String, Sendable, Hashable, CaseIterable, Codable {
        case invalidJSON = "invalid-json"
        case missingContents = "missing-contents"
        case missingFile = "missing-file"
        case unlistedFile = "unlisted-file"
        case undecodableImage = "undecodable-image"
        case formatMismatch = "format-mismatch"
        case unsupportedFormat = "unsupported-format"
        case scaleMismatch = "scale-mismatch"
        case duplicateName = "duplicate-name"
        case ambiguousVariant = "ambiguous-variant"
        case unsafePath = "unsafe-path"
        case unknownValue = "unknown-value"
        case emptyAsset = "empty-asset"
        case animatedInImageSet = "animated-in-imageset"
        case missingPlaceholder = "missing-placeholder"
        /// A `.asset-tool.json` the configuration search found and did not read: inside the catalog it would
        /// configure, or a symbolic link (only the project configures its checks).
        case ignoredConfig = "ignored-config"
        // Found in the app's sources (`refs`, `validate --sources`): the location is a source file.
        case missingAsset = "missing-asset"
        case unusedAsset = "unused-asset"
        case assetKindMismatch = "asset-kind-mismatch"
        case assetNameCase = "asset-name-case"
        case dynamicAssetName = "dynamic-asset-name"
        case unreadableSource = "unreadable-source"
        case duplicateImage = "duplicate-image"
        case unusedScale = "unused-scale"
        case oversizedImage = "oversized-image"
        case compressibleImage = "compressible-image"
        // App icons as App Store Connect checks them (`CatalogValidator+AppIcons`).
        case iconAlpha = "icon-alpha"
        case storeIconFormat = "store-icon-format"
        case mixedIconSizes = "mixed-icon-sizes"
        case opaqueDarkIcon = "opaque-dark-icon"
        case missingIconSize = "missing-icon-size"
        /// A tvOS `.imagestack` without two to five layers, a visionOS `.solidimagestack` without two or three
        /// (`CatalogValidator+ImageStacks`).
        case imageStackLayers = "image-stack-layers"
        /// An app icon name the project asks for (a build setting, `CFBundleIconName`, `setAlternateIconName`) that
        /// no app icon set or Icon Composer `.icon` provides (`refs`, `validate --sources`).
        case missingAppIcon = "missing-app-icon"
        /// An Icon Composer `.icon` whose `icon.json` does not read, or a layer image it names that is missing or
        /// not a PNG, SVG or PDF (`refs`, `validate --sources`).
        case invalidIconFile = "invalid-icon-file"

        /// The severity a finding of this code has unless options raise it.
        public var defaultSeverity: Severity { rule.defaultSeverity }

        /// Whether the code is about the app's sources and how they use the catalogs (`refs`,
        /// `validate --sources`), not about one catalog: a catalog alone never shows it.
        public var readsSources: Bool { rule.readsSources }
    }

    public enum Severity: String, Sendable, Hashable, Comparable, Codable {
        /// Worth knowing, never a failure, not even with `--strict` (`dynamic-asset-name`, `compressible-image`).
        case note
        case warning
        case error

        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }
    }

    /// The set a finding about a source file concerns: its catalog (as found under the project) and its
    /// folder in that catalog. Output formats show it as a related location.
    public struct RelatedSet: Sendable, Hashable {
        public var catalog: String
        public var setPath: String
        /// The package target whose folder holds the catalog (its `Package.swift` read), when known.
        public var target: String?

        package init(catalog: String, setPath: String, target: String? = nil) {
            self.catalog = catalog
            self.setPath = setPath
            self.target = target
        }
    }

    public var code: Code
    public var severity: Severity
    /// The catalog-relative path of the file or folder concerned (`""` for the catalog itself).
    public var path: String
    /// The JSON key path inside the `Contents.json` concerned (`images[2].scale`), when it applies.
    public var keyPath: String?
    /// Where in the file the finding points: the start of the value at `keyPath` in the `Contents.json`
    /// (or where a syntax error stands). Nil for a finding about a whole file or folder.
    public var position: SourcePosition?
    public var message: String
    /// For a finding in a source file, the set it concerns (nil when no set does: a missing name).
    public var relatedSet: RelatedSet?
    /// The bytes the app would save by acting on the finding (the catalog's cost findings), when it says.
    public var bytesAtStake: Int?

    package init(
        _ code: Code, path: String, keyPath: String? = nil, message: String, severity: Severity? = nil,
        position: SourcePosition? = nil, relatedSet: RelatedSet? = nil, bytesAtStake: Int? = nil
    ) {
        self.relatedSet = relatedSet
        self.bytesAtStake = bytesAtStake
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.path = path
        self.keyPath = keyPath
        self.message = message
        self.position = position
    }

    /// `path:line:column: error: message [code]` (`path: error: ...` without a position), the form
    /// Xcode, compilers and CI annotators read. The key path, when there is one, leads the message.
    public var description: String {
        "\(CatalogDiagnostic.location(path.isEmpty ? "." : path, position)): \(severity.rawValue): \(fullMessage) [\(code.rawValue)]"
    }

    /// `path:line:column`, or `path` without a position.
    package static func location(_ path: String, _ position: SourcePosition?) -> String {
        position.map { "\(path):\($0.line):\($0.column)" } ?? path
    }

    /// The message with the key path in front of it, when there is one.
    package var fullMessage: String {
        keyPath.map { "\($0): \(message)" } ?? message
    }

    /// Sorted by path, then position (findings in one file in the order they stand in it), key path, code
    /// and message, so output is the same on every run.
    public static func < (lhs: CatalogDiagnostic, rhs: CatalogDiagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if let left = lhs.position, let right = rhs.position, left != right { return left < right }
        if (lhs.keyPath ?? "") != (rhs.keyPath ?? "") { return (lhs.keyPath ?? "") < (rhs.keyPath ?? "") }
        if lhs.code != rhs.code { return lhs.code.rawValue < rhs.code.rawValue }
        return lhs.message < rhs.message
    }
}
