/// The outcome of validating one catalog.
import AssetsSupport
import AssetsCodecs

public struct CatalogReport: Sendable, Hashable {
    /// The catalog folder as given.
    public var catalog: String
    /// Every finding, sorted by path, key path, code and message.
    public var diagnostics: [CatalogDiagnostic]
    /// How many sets the catalog holds.
    public var assetCount: Int
    /// How many files the checked entries name.
    public var fileCount: Int
    /// The catalog-relative folder of every set, in catalog order (JUnit gives each its test case).
    package var setPaths: [String]
    /// The bytes of the files each set's entries name, in `setPaths` order (empty when not counted).
    package var setBytes: [Int] = []
    /// The pixel digest of every image file, when `duplicate-image` ran: what a project's other catalogs
    /// compare against (`CatalogValidator.crossCatalogDuplicates`), in path order. A digest, a size and a
    /// path a file, no pixels.
    package var imageDigests = ImageDigestTable()

    package init(catalog: String, diagnostics: [CatalogDiagnostic], assetCount: Int, fileCount: Int, setPaths: [String] = []) {
        self.catalog = catalog
        self.diagnostics = diagnostics
        self.assetCount = assetCount
        self.fileCount = fileCount
        self.setPaths = setPaths
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var noteCount: Int { diagnostics.filter { $0.severity == .note }.count }

    /// The codes found, for quick checks.
    public var codes: Set<CatalogDiagnostic.Code> { Set(diagnostics.map(\.code)) }
}
