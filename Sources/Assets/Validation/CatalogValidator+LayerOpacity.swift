/// Images that must be opaque, judged by their pixels (`icon-alpha`): the app's App Store icon (ITMS-90717) and
/// watchOS icons (ITMS-90396), and on tvOS the back layer of an image stack (the last layer with content), which
/// actool warns about ("The last image stack layer with content, "Layer 3", must
/// be a fully opaque bitmap. The pixel at position (0, 374) has an alpha value of 254", revealapp/Revert#18), and
/// a brand asset's top shelf image, which App Store Connect rejects when transparent (ITMS-90497,
/// Meshtastic-Apple#2271: art pasted with its own alpha left partial alpha along its edges). Only a file whose
/// PNG header carries alpha is decoded (an RGB PNG is opaque by construction; VLC's RGBA top shelf images are
/// opaque, so the channel alone is no finding), under the decoding limits; one that does not decode has its own
/// finding. Sources: Docs/diagnostics.md, `icon-alpha`.
import AssetsSupport
import AssetsCodecs

extension CatalogValidator {
    /// The layered-icon facts of the checked sets, by catalog-relative path.
    static func layeredFacts(_ outcomes: [SetOutcome]) -> [String: LayeredIconFacts] {
        var byPath: [String: LayeredIconFacts] = [:]
        for outcome in outcomes {
            if let layered = outcome.layered { byPath[layered.path] = layered.facts }
        }
        return byPath
    }

    /// What an image that must be opaque is, for its message.
    enum OpaqueImage {
        case backLayer, topShelf, storeIcon
    }

    /// The images among `byPath` that must be opaque and have a pixel that is not, each reported once on the entry
    /// naming its file with the first such pixel (row by row from the top left) and its alpha: a tvOS stack's back
    /// layer and a top shelf image (warnings), and the App Store icon of a set an app target of the project takes
    /// as its icon, and any watchOS icon of such a set (an error, ITMS-90717 and ITMS-90396; meow-ios#71 in 2026,
    /// flattened onto white), which takes the place of the header's warning for the same entry (an alpha channel
    /// alone, which Xcode 14+ apps ship opaque, and Loop, GitHawk and Habitica their watch icons). Not an
    /// alternate icon's nor an extension's: IceCubes' and Home Assistant's alternates and the action extensions'
    /// template icons of IceCubes, Mastodon and DuckDuckGo are transparent, and ship. Decoded on every core: a tvOS
    /// catalog's top shelf images are millions of pixels each.
    /// A verdict the catalog's `cache` of files' facts keeps for a file whose identity is unchanged is taken from
    /// it (the file stat'ed, not read); a verdict found by decoding is kept there.
    func transparentImages(
        _ byPath: [String: LayeredIconFacts], root: CatalogRoot, cache: FileFactsCache? = nil
    ) -> [CatalogDiagnostic] {
        var candidates: [(imageSet: String, image: LayeredIconFacts.Image, kind: OpaqueImage)] = []
        for (path, facts) in byPath {
            if path.hasSuffix(".imagestack"), let back = backLayerImages(of: path, in: byPath) {
                for image in back.images where image.alpha { candidates.append((back.imageSet, image, .backLayer)) }
            }
            for slot in facts.slots where slot.role?.hasPrefix("top-shelf-image") == true {
                let imageSet = "\(path)/\(slot.filename)"
                for image in byPath[imageSet]?.images ?? [] where image.alpha { candidates.append((imageSet, image, .topShelf)) }
            }
            if path.hasSuffix(".appiconset"),
                options.deployment.isAppsIcon(String((path.split(separator: "/").last ?? "").dropLast(".appiconset".count)))
            {
                for image in facts.images { candidates.append((path, image, .storeIcon)) }
            }
        }
        candidates.sort { ($0.imageSet, $0.image.file) < ($1.imageSet, $1.image.file) }
        let pixels = ParallelWork.map(count: candidates.count, chunk: 1, width: options.catalogLimits.workers) { index in
            Self.firstTransparentPixel(
                "\(candidates[index].imageSet)/\(candidates[index].image.file)", root: root, limits: options.limits,
                cache: cache)
        }
        var found: [CatalogDiagnostic] = []
        for (candidate, pixel) in zip(candidates, pixels) {
            guard let pixel else { continue }
            let at = "(the pixel at (\(pixel.x), \(pixel.y)) has alpha \(pixel.alpha))"
            let file = "\"\(candidate.image.file)\""
            let message: String
            switch candidate.kind {
            case .backLayer:
                message =
                    "\(file) is not opaque \(at); the back layer of a tvOS layered image must be a fully opaque bitmap (actool warns), as nothing is drawn behind it"
            case .topShelf:
                message =
                    "\(file) is not opaque \(at); App Store Connect rejects a transparent tvOS top shelf image (ITMS-90497): flatten it onto its background and save it as RGB"
            case .storeIcon where candidate.image.watch:
                message =
                    "\(file) is transparent \(at); App Store Connect rejects a watchOS app icon with transparent pixels (\(CatalogValidator.watchIconAlpha)): flatten it onto its background and save it as RGB"
            case .storeIcon:
                message =
                    "\(file) is transparent \(at); App Store Connect rejects a transparent App Store icon (\(CatalogValidator.storeIconAlpha)): flatten it onto its background and save it as RGB"
            }
            // On the entry naming the file, as the other `icon-alpha` findings are.
            var finding = CatalogDiagnostic(
                .iconAlpha, path: "\(candidate.imageSet)/Contents.json",
                keyPath: candidate.image.filenameKeyPath ?? "images[\(candidate.image.entry)].filename", message: message,
                severity: candidate.kind == .storeIcon ? .error : nil)
            finding.position = candidate.image.filenamePosition
            found.append(finding)
        }
        return found
    }

    /// An app icon set's App Store icon entries (`ios-marketing`, or the single-size 1024) and watchOS icons whose
    /// PNG header carries alpha, for `transparentImages`; nil when there is none (most sets: nothing is kept).
    func storeIconFacts(of asset: Asset) -> LayeredIconFacts? {
        var found = LayeredIconFacts()
        for (index, entry) in asset.entries.enumerated() {
            let slot = IconSlot(entry)
            guard slot.isIOSStoreIcon || slot.isWatchIcon else { continue }
            guard let file = entry.filename, case .raster(.png, .success(let info))? = asset.header(of: file)?.content, info.hasAlpha
            else { continue }
            var image = LayeredIconFacts.Image(
                entry: index, file: file, idiom: entry.idiom, scale: 1, width: info.width, height: info.height)
            image.alpha = true
            image.watch = slot.isWatchIcon
            image.filenameKeyPath = asset.entryKeyPath(index) + ".filename"
            image.filenamePosition = image.filenameKeyPath.flatMap { JSONPositions.Locator(asset.contentsPositions.table).position(of: $0) }
            found.images.append(image)
        }
        return found.images.isEmpty ? nil : found
    }

    /// The first pixel of the PNG at `path` whose alpha is below 255; nil when every pixel is opaque, or the file
    /// is not read or not decoded within `limits` (its own checks report that). With a `cache`, a verdict kept for
    /// the file's identity is used and a new one kept.
    static func firstTransparentPixel(
        _ path: String, root: CatalogRoot, limits: DecodingLimits, cache: FileFactsCache? = nil
    ) -> FileFactsCache.TransparentPixel? {
        if let cache, let identity = FileIdentity.of(CatalogReader.slashJoined(root.path, path)),
            let kept = cache.opacity(of: path, identity: identity)
        {
            return kept
        }
        guard case .success(let file) = root.openFile(path), case .success(let read) = file.read(maxBytes: 256 << 20),
            read.size == read.head.count
        else { return nil }
        let image: RGBAImage
        do {
            image = try ImageInspector.decode(read.head, file: path, options: DecodeOptions(limits: limits, orientation: .keep)).image
        } catch {
            return nil
        }
        var found: FileFactsCache.TransparentPixel?
        var index = 3
        while index < image.pixels.count {
            if image.pixels[index] != 255 {
                let pixel = index / 4
                found = FileFactsCache.TransparentPixel(x: pixel % image.width, y: pixel / image.width, alpha: image.pixels[index])
                break
            }
            index += 4
        }
        if let cache, let identity = file.identity { cache.recordOpacity(found, of: path, identity: identity) }
        return found
    }
}
