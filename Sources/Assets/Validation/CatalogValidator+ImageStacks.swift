/// The layered images of tvOS and visionOS, as a stack's own `Contents.json` lists its layers
/// (`image-stack-layers`): a tvOS `.imagestack` (an app icon, a top shelf or Game Center image) has two to
/// five layers, a visionOS `.solidimagestack` (its app icon) a back layer and one or two above it. A layer
/// left without an image is no finding here: Xcode's templates make three layers and one may stay empty
/// (`emptyStacks(_:in:)`). Sources: Docs/diagnostics.md, `image-stack-layers`.
import AssetsSupport
import AssetsCodecs

extension CatalogValidator {
    /// How many layers each kind of stack may have, and what it is, for a message.
    static func allowedLayers(of kind: AssetKind) -> (range: ClosedRange<Int>, what: String)? {
        switch kind {
        case .imageStack: return (2...5, "a tvOS layered image")
        case .solidImageStack: return (2...3, "a visionOS app icon")
        default: return nil
        }
    }

    /// A stack whose `layers` lists a number of layers outside what its platform allows: one finding, on `layers`.
    func imageStackFindings(of asset: Asset) -> [CatalogDiagnostic] {
        guard asset.contents == .read, let allowed = CatalogValidator.allowedLayers(of: asset.kind) else { return [] }
        let count = asset.entries.count { !($0.filename ?? "").isEmpty }
        guard !allowed.range.contains(count) else { return [] }
        let layers = count == 1 ? "1 layer" : "\(count) layers"
        return [
            CatalogDiagnostic(
                .imageStackLayers, path: contentsPath(of: asset), keyPath: "layers",
                message:
                    "lists \(layers), but \(allowed.what) has \(allowed.range.lowerBound) to \(allowed.range.upperBound) (a back layer and the layers above it)"
            )
        ]
    }
}
