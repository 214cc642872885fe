/// Everything one diagnostic code says about itself, in one place: its default severity, whether it is about the
/// app's sources, and the title and help that SARIF rules, GitLab reports and `--help` show. Each code's rule lives
/// in its own file under `Rules/`, and `CatalogDiagnostic.Code.rule` is the one registry (an exhaustive switch: a new
/// code without a rule does not compile).
package struct DiagnosticRule: Sendable {
    package let code: CatalogDiagnostic.Code
    package let defaultSeverity: CatalogDiagnostic.Severity
    /// Whether the code is about the app's sources and how they use the catalogs (`refs`, `validate --sources`).
    package let readsSources: Bool
    package let title: String
    package let help: String
}

extension CatalogDiagnostic.Code {
    /// The code's rule (`Rules/`): one line per code.
    package var rule: DiagnosticRule {
        switch self {
        case .invalidJSON: return .invalidJSON
        case .missingContents: return .missingContents
        case .missingFile: return .missingFile
        case .unlistedFile: return .unlistedFile
        case .undecodableImage: return .undecodableImage
        case .formatMismatch: return .formatMismatch
        case .unsupportedFormat: return .unsupportedFormat
        case .scaleMismatch: return .scaleMismatch
        case .duplicateName: return .duplicateName
        case .ambiguousVariant: return .ambiguousVariant
        case .unsafePath: return .unsafePath
        case .unknownValue: return .unknownValue
        case .emptyAsset: return .emptyAsset
        case .animatedInImageSet: return .animatedInImageSet
        case .missingPlaceholder: return .missingPlaceholder
        case .ignoredConfig: return .ignoredConfig
        case .missingAsset: return .missingAsset
        case .unusedAsset: return .unusedAsset
        case .assetKindMismatch: return .assetKindMismatch
        case .assetNameCase: return .assetNameCase
        case .dynamicAssetName: return .dynamicAssetName
        case .unreadableSource: return .unreadableSource
        case .duplicateImage: return .duplicateImage
        case .unusedScale: return .unusedScale
        case .oversizedImage: return .oversizedImage
        case .compressibleImage: return .compressibleImage
        case .iconAlpha: return .iconAlpha
        case .storeIconFormat: return .storeIconFormat
        case .mixedIconSizes: return .mixedIconSizes
        case .opaqueDarkIcon: return .opaqueDarkIcon
        case .missingIconSize: return .missingIconSize
        case .imageStackLayers: return .imageStackLayers
        case .missingAppIcon: return .missingAppIcon
        case .invalidIconFile: return .invalidIconFile
        }
    }
}
