/// The layered images of tvOS and visionOS, as a stack's own `Contents.json` lists its layers
/// (`image-stack-layers`): a tvOS `.imagestack` (an app icon, a top shelf or Game Center image) has two to
/// five layers, a visionOS `.solidimagestack` (its app icon) a back layer and one or two above it; and a tvOS
/// brand asset's top shelf images and app icon back layers are its `size` times their scale (`scale-mismatch`). A layer
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

/// What a set inside a tvOS `.brandassets` or an image stack's layer tells the brand-asset size check, kept on
/// the set's outcome (the set itself is let go once checked): a brand asset's slots, a stack's back layer, an
/// image set's pixel sizes. Only such sets carry one, so an ordinary catalog keeps nothing more.
struct LayeredIconFacts: Sendable {
    /// A `.brandassets`: each entry's folder name and `size` (`400x240`, in points).
    var slots: [(filename: String, size: String)] = []
    /// An image stack: its back layer's folder (Xcode lists layers front to back).
    var backLayer: String?
    /// An image set: each file's entry, scale factor and pixels.
    var images: [(entry: Int, file: String, scale: Int, width: Int, height: Int)] = []
}

extension CatalogValidator {
    /// What a path inside a tvOS brand asset holds (a byte search: `String.contains` costs a few per cent of a
    /// warm `validate` asked of every set).
    private static let brandAssetsMarker = Array(".brandassets".utf8)

    /// The facts `brandAssetSizes` needs from this set, when it is a brand asset, a stack in one, or an image set in one.
    func layeredIconFacts(of asset: Asset, facts: [Int: ImageFacts]) -> LayeredIconFacts? {
        guard asset.contents == .read, ByteSearch.contains(Self.brandAssetsMarker, in: asset.path) else { return nil }
        var found = LayeredIconFacts()
        switch asset.kind {
        case .brandAssets:
            for entry in asset.entries {
                guard let file = entry.filename, case .string(let size)? = entry.otherKeys["size"] else { continue }
                found.slots.append((file, size))
            }
        case .imageStack:
            found.backLayer = asset.entries.last { !($0.filename ?? "").isEmpty }?.filename
        case .imageSet:
            for (index, entry) in asset.entries.enumerated() {
                guard let file = entry.filename, let fact = facts[index], let width = fact.width, let height = fact.height else { continue }
                found.images.append((index, file, entry.scale.flatMap(CatalogValidator.scaleFactor) ?? 1, width, height))
            }
        default:
            return nil
        }
        return found
    }

    /// A tvOS brand asset's images whose pixels are not its slot's `size` times their scale: a top shelf image
    /// (1920x720 points, the wide one 2320x720) and the back layer of an app icon's stack (400x240 on the home
    /// screen, 1280x768 in the App Store), which fills the canvas. A front or middle layer may be smaller than
    /// the canvas (VLC's and Swiftfin's are), so only the back layer is held to it. `scale-mismatch`, on the file.
    func brandAssetSizes(_ outcomes: [SetOutcome]) -> [CatalogDiagnostic] {
        var byPath: [String: LayeredIconFacts] = [:]
        for outcome in outcomes {
            if let facts = outcome.layered, let path = outcome.layeredPath { byPath[path] = facts }
        }
        var found: [CatalogDiagnostic] = []
        for (brand, facts) in byPath where !facts.slots.isEmpty {
            for slot in facts.slots {
                let parts = slot.size.split(separator: "x").compactMap { Int($0) }
                // (bounded, so a hostile `size` cannot overflow the product below)
                guard parts.count == 2, (1...100_000).contains(parts[0]), (1...100_000).contains(parts[1]) else { continue }
                let target = "\(brand)/\(slot.filename)"
                let imageSet: String
                let what: String
                if let back = byPath[target]?.backLayer {
                    imageSet = "\(target)/\(back)/Content.imageset"
                    what = "the back layer of a \(slot.size) point layered icon"
                } else {
                    imageSet = target
                    what = "a \(slot.size) point brand asset"
                }
                for image in byPath[imageSet]?.images ?? [] {
                    let expected = (parts[0] * image.scale, parts[1] * image.scale)
                    guard (image.width, image.height) != expected else { continue }
                    found.append(
                        CatalogDiagnostic(
                            .scaleMismatch, path: "\(imageSet)/\(image.file)", keyPath: "images[\(image.entry)]",
                            message:
                                "is \(image.width)x\(image.height), but \(what) at \(image.scale)x is \(expected.0)x\(expected.1)"
                        ))
                }
            }
        }
        return found
    }
}
