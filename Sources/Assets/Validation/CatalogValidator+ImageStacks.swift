/// The layered images of tvOS and visionOS, as a stack's own `Contents.json` lists its layers
/// (`image-stack-layers`): a tvOS `.imagestack` (an app icon, a top shelf or Game Center image) has two to
/// five layers, a visionOS `.solidimagestack` (its app icon) a back layer and one or two above it; and a tvOS
/// brand asset's top shelf images and app icon back layers are its `size` times their scale, and a visionOS app
/// icon's back layer 1024x1024 pixels at 2x (`scale-mismatch`). A layer
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
/// the set's outcome (the set itself is let go once checked): a brand asset's slots, a stack's back layer (tvOS
/// or visionOS), an image set's pixel sizes. Only such sets carry one, so an ordinary catalog keeps nothing more.
struct LayeredIconFacts: Sendable {
    /// A `.brandassets`: each entry's folder name, `size` (`400x240`, in points), `role` (`top-shelf-image`) and
    /// `idiom` (`tv`, `tv-marketing`), with where its `idiom` is written.
    var slots: [Slot] = []

    struct Slot: Sendable {
        var filename: String
        var size: String
        var role: String?
        var idiom: String?
        var idiomKeyPath: String = ""
        var idiomPosition: SourcePosition?
    }
    /// An image stack: its back layer's folder (Xcode lists layers front to back).
    var backLayer: String?
    /// An image set: each file's entry, scale factor and pixels.
    var images: [Image] = []

    struct Image: Sendable {
        var entry: Int
        var file: String
        var idiom: String?
        var scale: Int
        var width: Int
        var height: Int
        /// Whether its header carries alpha (a PNG of colour type 4 or 6 or with `tRNS`): only such a file can
        /// have a pixel that is not opaque. Then also where its entry names it in the set's `Contents.json`.
        var alpha = false
        /// A watchOS app icon's file (ITMS-90396), not the iOS App Store icon's.
        var watch = false
        var filenameKeyPath: String?
        var filenamePosition: SourcePosition?
    }
}

extension CatalogValidator {
    /// What a path inside a tvOS brand asset or an image stack holds (a byte search: `String.contains` costs a few per cent of a
    /// warm `validate` asked of every set).
    private static let brandAssetsMarker = Array(".brandassets".utf8)
    /// (`.imagestack`, `.solidimagestack` and their layers)
    private static let imageStackMarker = Array("imagestack".utf8)

    /// The facts `brandAssetSizes` needs from this set, when it is a brand asset, a stack in one, or an image set in one.
    func layeredIconFacts(of asset: Asset, facts: [Int: ImageFacts]) -> LayeredIconFacts? {
        if asset.kind == .appIconSet { return storeIconFacts(of: asset) }
        guard asset.contents == .read,
            ByteSearch.contains(Self.brandAssetsMarker, in: asset.path) || ByteSearch.contains(Self.imageStackMarker, in: asset.path)
        else { return nil }
        var found = LayeredIconFacts()
        switch asset.kind {
        case .brandAssets:
            for (index, entry) in asset.entries.enumerated() {
                guard let file = entry.filename, case .string(let size)? = entry.otherKeys["size"] else { continue }
                var slot = LayeredIconFacts.Slot(filename: file, size: size, idiom: entry.idiom)
                if case .string(let value)? = entry.otherKeys["role"] { slot.role = value }
                slot.idiomKeyPath = asset.entryKeyPath(index) + ".idiom"
                slot.idiomPosition = JSONPositions.Locator(asset.contentsPositions.table).position(of: slot.idiomKeyPath)
                found.slots.append(slot)
            }
        case .imageStack, .solidImageStack:
            found.backLayer = asset.entries.last { !($0.filename ?? "").isEmpty }?.filename
        case .imageSet:
            for (index, entry) in asset.entries.enumerated() {
                guard let file = entry.filename, let fact = facts[index], let width = fact.width, let height = fact.height else { continue }
                var image = LayeredIconFacts.Image(
                    entry: index, file: file, idiom: entry.idiom, scale: entry.scale.flatMap(CatalogValidator.scaleFactor) ?? 1,
                    width: width, height: height)
                if case .raster(.png, .success(let info))? = asset.header(of: file)?.content, info.hasAlpha {
                    image.alpha = true
                    let keyPath = asset.entryKeyPath(index) + ".filename"
                    image.filenameKeyPath = keyPath
                    image.filenamePosition = JSONPositions.Locator(asset.contentsPositions.table).position(of: keyPath)
                }
                found.images.append(image)
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
    func brandAssetSizes(_ byPath: [String: LayeredIconFacts]) -> [CatalogDiagnostic] {
        var found = visionIconSizes(byPath)
        for (brand, facts) in byPath where !facts.slots.isEmpty {
            for slot in facts.slots {
                let parts = slot.size.split(separator: "x").compactMap { Int($0) }
                // (bounded, so a hostile `size` cannot overflow the product below)
                guard parts.count == 2, (1...100_000).contains(parts[0]), (1...100_000).contains(parts[1]) else { continue }
                let target = "\(brand)/\(slot.filename)"
                let back = backLayerImages(of: target, in: byPath)
                let imageSet = back?.imageSet ?? target
                let what = back == nil ? "a \(slot.size) point brand asset" : "the back layer of a \(slot.size) point layered icon"
                for image in back?.images ?? byPath[imageSet]?.images ?? [] {
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

    /// The image set of the back layer of the stack at `stack` (its last layer with content) and its images; nil
    /// when `stack` is no stack among `byPath`.
    func backLayerImages(of stack: String, in byPath: [String: LayeredIconFacts]) -> (imageSet: String, images: [LayeredIconFacts.Image])? {
        guard let back = byPath[stack]?.backLayer else { return nil }
        let imageSet = "\(stack)/\(back)/Content.imageset"
        return (imageSet, byPath[imageSet]?.images ?? [])
    }

    /// The pixels of a visionOS app icon's back layer: 1024x1024 at 2x, as Xcode's template makes it. App Store
    /// Connect rejects a visionOS icon whose back layer has no 2x image (ITMS-90967: Meshtastic's 512-pixel layers
    /// without a scale); the layers above may be smaller (VLC's front layer is 484x512), so only the back layer is
    /// held to the size. `scale-mismatch`, on the file.
    func visionIconSizes(_ byPath: [String: LayeredIconFacts]) -> [CatalogDiagnostic] {
        var found: [CatalogDiagnostic] = []
        for stack in byPath.keys where stack.hasSuffix(".solidimagestack") {
            guard let back = backLayerImages(of: stack, in: byPath) else { continue }
            for image in back.images where image.scale != 2 || (image.width, image.height) != (1024, 1024) {
                found.append(
                    CatalogDiagnostic(
                        .scaleMismatch, path: "\(back.imageSet)/\(image.file)", keyPath: "images[\(image.entry)]",
                        message:
                            "is \(image.width)x\(image.height) at \(image.scale)x, but the back layer of a visionOS app icon is 1024x1024 pixels at 2x (App Store Connect rejects one without it, ITMS-90967)"
                    ))
            }
        }
        return found
    }

    /// A tvOS brand asset's entries whose `idiom` none of the images they name carries: actool matches an entry's
    /// images by idiom, so it builds nothing for the slot. Meshtastic-Apple#2271: the App Store icon's entry said
    /// `tv-marketing`, its layers `tv`, and App Store Connect reported the App Store icon missing (ITMS-90471);
    /// Swiftfin's `tv` entries with `tv` layers (and top shelf images carrying both idioms) are fine, and so is any
    /// slot with a `universal` image.
    /// `missing-icon-size`, on the entry's `idiom`.
    func brandAssetIdioms(_ byPath: [String: LayeredIconFacts]) -> [CatalogDiagnostic] {
        var found: [CatalogDiagnostic] = []
        for (brand, facts) in byPath.sorted(by: { $0.key < $1.key }) where !facts.slots.isEmpty {
            for slot in facts.slots {
                guard let idiom = slot.idiom else { continue }
                let target = "\(brand)/\(slot.filename)"
                var idioms: Set<String> = []
                for (path, facts) in byPath where path == target || (path.hasPrefix(target + "/") && path.hasSuffix(".imageset")) {
                    idioms.formUnion(facts.images.compactMap(\.idiom))
                }
                // (an image for every device, `universal`, may serve any slot: not judged)
                guard !idioms.isEmpty, !idioms.contains(idiom), !idioms.contains("universal") else { continue }
                let storeIcon = slot.role == "primary-app-icon" && slot.size == "1280x768"
                let theirs = idioms.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                var finding = CatalogDiagnostic(
                    .missingIconSize, path: "\(brand)/Contents.json", keyPath: slot.idiomKeyPath,
                    message:
                        "gives \"\(slot.filename)\" the idiom \"\(idiom)\", but its images are for \(theirs): actool builds nothing for this slot"
                        + (storeIcon ? ", and App Store Connect reports the App Store icon missing (ITMS-90471)" : ""))
                finding.position = slot.idiomPosition
                found.append(finding)
            }
        }
        return found
    }
}
