/// The checks App Store Connect and Xcode make on an app icon set, from its entries and the headers the
/// reader kept (PNG colour type and `tRNS`: no pixel is decoded): the App Store icon's alpha channel, format
/// and size; watchOS icons' alpha channel; single-size entries beside sized ones; a dark icon with an opaque
/// background; the sizes an idiom requires. Sources: Docs/diagnostics.md, "App icons".
import AssetsSupport
import AssetsCodecs

extension CatalogValidator {
    /// What one entry of an app icon set is, as these checks read it.
    struct IconSlot {
        var idiom: String
        /// `ios`, `watchos`, ... for a single-size entry (`universal` with `platform`).
        var platform: String?
        /// The `size` key, `60x60`, as written.
        var size: String?
        var scale: String?
        var appearance: String?

        init(_ entry: ImageEntry) {
            idiom = entry.idiom ?? ""
            if case .string(let value)? = entry.otherKeys["platform"] { platform = value }
            if case .string(let value)? = entry.otherKeys["size"] { size = value }
            scale = entry.scale
            appearance = entry.appearances.first { $0.appearance == "luminosity" }?.value
        }

        /// The icon App Store Connect shows for an iOS app (`ios-marketing`), or the single 1024-point
        /// iOS icon Xcode 14+ makes every size from: ITMS-90717 rejects it with an alpha channel. Only its
        /// default appearance: a dark icon is asked to be transparent.
        var isIOSStoreIcon: Bool {
            guard appearance == nil || appearance == "any" else { return false }
            return idiom == "ios-marketing" || (idiom == "universal" && platform == "ios" && size == "1024x1024")
        }

        /// A watchOS app's icon (every size, and its App Store icon): ITMS-90396 rejects one with an alpha channel.
        var isWatchIcon: Bool {
            idiom == "watch" || idiom == "watch-marketing" || (idiom == "universal" && platform == "watchos")
        }

        /// An icon App Store Connect takes as the store's: a 1024x1024 PNG.
        var isStoreIcon: Bool {
            isIOSStoreIcon || idiom == "watch-marketing" || (isWatchIcon && size == "1024x1024")
        }

        /// An entry of Xcode 14's single-size layout (`universal` with a `platform`).
        var isSingleSize: Bool { idiom == "universal" && platform != nil }

        /// An entry of the classic layout: one file per device size (`iphone`, `ipad`, `watch` with a size).
        var isSized: Bool { ["iphone", "ipad", "watch"].contains(idiom) && size != nil }

        /// The platform the entry's icon is for, to compare layouts within one platform.
        var platformFamily: String? {
            switch idiom {
            case "iphone", "ipad", "ios-marketing": return "ios"
            case "watch", "watch-marketing": return "watchos"
            case "universal": return platform
            default: return nil
            }
        }
    }

    /// The App Store Connect error a store or watch icon with an alpha channel gets.
    static let storeIconAlpha = "ITMS-90717"
    static let watchIconAlpha = "ITMS-90396"

    /// The findings about an app icon set's entries and files (none for other kinds).
    func appIconFindings(of asset: Asset) -> [CatalogDiagnostic] {
        guard asset.kind == .appIconSet else { return [] }
        let contents = contentsPath(of: asset)
        var found: [CatalogDiagnostic] = []
        var filled: [(index: Int, slot: IconSlot, file: String)] = []
        for (index, entry) in asset.entries.enumerated() {
            guard let file = entry.filename, !file.isEmpty else { continue }
            filled.append((index, IconSlot(entry), file))
        }
        for (index, slot, file) in filled {
            let keyPath = asset.entryKeyPath(index) + ".filename"
            guard let header = asset.header(of: file) else { continue }
            // A file that cannot be read or is no image has its own finding (missing-file, undecodable-image).
            let info: ImageInfo?
            switch header.content {
            case .raster(_, .success(let probed)): info = probed
            case .raster(_, .failure), .refused, .unreadable, .unknownFormat, .lfsPointer: continue
            case .otherFormat, .vector, .structure: info = nil
            }
            let format =
                info.map { $0.format.rawValue.uppercased() }
                ?? (header.format?.rawValue.uppercased() ?? "not an image format this tool reads")
            if slot.isStoreIcon {
                if info?.format != .png {
                    found.append(
                        CatalogDiagnostic(
                            .storeIconFormat, path: contents, keyPath: keyPath,
                            message: "\"\(file)\" is \(format), but App Store Connect takes the App Store icon only as a 1024x1024 PNG"))
                    continue
                }
                if let info, info.width != 1024 || info.height != 1024 {
                    found.append(
                        CatalogDiagnostic(
                            .storeIconFormat, path: contents, keyPath: keyPath,
                            message: "\"\(file)\" is \(info.width)x\(info.height), but the App Store icon is 1024x1024 pixels"))
                }
            }
            if let info, info.format == .png, info.hasAlpha, slot.isIOSStoreIcon || slot.isWatchIcon {
                let error = slot.isWatchIcon ? CatalogValidator.watchIconAlpha : CatalogValidator.storeIconAlpha
                let what = slot.isWatchIcon ? "a watchOS app icon" : "the App Store icon"
                // A warning on both platforms. iOS: shipping apps built by Xcode 14+ keep an RGBA single-size icon
                // (NetNewsWire, IceCubesApp, Pocket Casts). watchOS: App Store Connect rejected one in 2023
                // (RevenueCat/purchases-ios#2705), yet Loop (uploaded to TestFlight by its users' builds since
                // 2020), GitHawk and Habitica ship RGBA watch icons whose every alpha is 255. A transparent pixel in
                // the app's own icon is the error (`transparentImages`), which takes this warning's place.
                found.append(
                    CatalogDiagnostic(
                        .iconAlpha, path: contents, keyPath: keyPath,
                        message:
                            "\"\(file)\" has an alpha channel (\(CatalogValidator.alphaWords(info))); App Store Connect can reject \(what) with one (\(error)), even when every pixel is opaque: save it as RGB without alpha"
                    ))
            }
            if slot.appearance == "dark", let info, info.format == .png, !info.hasAlpha {
                found.append(
                    CatalogDiagnostic(
                        .opaqueDarkIcon, path: contents, keyPath: keyPath,
                        message:
                            "\"\(file)\" is a dark icon without an alpha channel, so its background is opaque; Apple asks for a transparent background, which the system fills with its dark gradient"
                    ))
            }
        }
        found += mixedIconLayouts(of: asset, filled: filled)
        found += missingIconSizes(of: asset, filled: filled)
        return found
    }

    /// How a PNG header carries alpha, for a message.
    static func alphaWords(_ info: ImageInfo) -> String {
        switch info.colorModel {
        case .rgba?: return "colour type 6, RGBA"
        case .grayAlpha?: return "colour type 4, grey with alpha"
        default: return "a tRNS chunk"
        }
    }

    /// Single-size entries beside sized ones of the same platform (Xcode 14's one 1024 icon and the classic
    /// per-size files in one set), and dark or tinted icons beside sized entries: the sized files are the
    /// ones the device uses, so the dark and tinted icons never show. One finding per set and platform,
    /// on the first entry that does not fit.
    func mixedIconLayouts(of asset: Asset, filled: [(index: Int, slot: IconSlot, file: String)]) -> [CatalogDiagnostic] {
        var found: [CatalogDiagnostic] = []
        for platform in ["ios", "watchos"] {
            let here = filled.filter { $0.slot.platformFamily == platform }
            guard let sized = here.first(where: { $0.slot.isSized }) else { continue }
            let sizedWords = "\(sized.slot.idiom) \(sized.slot.size ?? "")\(sized.slot.scale.map { "@\($0)" } ?? "")"
            if let appearance = here.first(where: { $0.slot.appearance == "dark" || $0.slot.appearance == "tinted" }) {
                found.append(
                    CatalogDiagnostic(
                        .mixedIconSizes, path: contentsPath(of: asset), keyPath: asset.entryKeyPath(appearance.index),
                        message:
                            "a \(appearance.slot.appearance ?? "") icon beside sized icons (\(sizedWords) and others): the device uses the sized files, so the \(appearance.slot.appearance ?? "") icon never shows; keep only the single-size entries"
                    ))
            } else if let single = here.first(where: { $0.slot.isSingleSize }) {
                found.append(
                    CatalogDiagnostic(
                        .mixedIconSizes, path: contentsPath(of: asset), keyPath: asset.entryKeyPath(single.index),
                        message:
                            "a single-size \(platform) icon beside sized icons (\(sizedWords) and others): choose one layout (Single Size or All Sizes) for \(platform)"
                    ))
            }
        }
        return found
    }

    /// The sizes App Store Connect requires of a classic (sized) iOS icon set, in pixels: the iPhone home
    /// screen icon (120), the iPad's (152) and iPad Pro's (167), and the App Store icon. Checked only in a set
    /// that has sized files for that idiom, so a set an app does not use for that device says nothing; and the
    /// iPad's when a target of the project found above the catalog names the set and runs on iPad
    /// (`DeploymentTarget.families(ofAppIcon:)`, with the cost checks).
    static let requiredIconSizes: [(idiom: String, size: String, scale: String, pixels: Int)] = [
        ("iphone", "60x60", "2x", 120),
        ("ipad", "76x76", "2x", 152),
        ("ipad", "83.5x83.5", "2x", 167),
    ]

    /// Who says the set must serve iPad, in words ("the project targets iPad (…)", "target \"App\" runs on
    /// iPad (…)"); nil when no target that names the set does.
    func iPadUses(of asset: Asset) -> String? {
        let folderName = asset.path.split(separator: "/").last.map { String($0.prefix { $0 != "." }) } ?? asset.name
        guard
            let found = options.deployment.families(ofAppIcon: asset.name)
                ?? options.deployment.families(ofAppIcon: folderName),
            found.families.contains("ipad")
        else { return nil }
        let targets = found.uses.filter { $0.families?.contains("ipad") == true }
        guard let first = targets.first else {
            return "the project targets iPad" + (options.deployment.source.map { " (\($0))" } ?? "")
        }
        let names = Set(targets.map(\.target)).sorted()
        let words = names.map { "\"\($0)\"" }.joined(separator: ", ")
        return names.count > 1
            ? "targets \(words) naming it run on iPad (\(first.project))" : "target \(words) naming it runs on iPad (\(first.project))"
    }

    func missingIconSizes(of asset: Asset, filled: [(index: Int, slot: IconSlot, file: String)]) -> [CatalogDiagnostic] {
        let ios = filled.filter { $0.slot.platformFamily == "ios" }
        // A single-size entry makes every size: nothing is missing.
        guard !ios.contains(where: { $0.slot.isSingleSize }) else { return [] }
        var found: [CatalogDiagnostic] = []
        for required in CatalogValidator.requiredIconSizes {
            let idiomFiles = ios.filter { $0.slot.idiom == required.idiom && $0.slot.isSized }
            guard !idiomFiles.isEmpty,
                !idiomFiles.contains(where: {
                    $0.slot.size == required.size && $0.slot.scale == required.scale && $0.slot.appearance == nil
                })
            else { continue }
            found.append(
                CatalogDiagnostic(
                    .missingIconSize, path: contentsPath(of: asset),
                    message:
                        "has \(required.idiom) icons but none for \(required.size) points at \(required.scale) (\(required.pixels)x\(required.pixels) pixels), which App Store Connect requires of an app that runs on \(required.idiom == "iphone" ? "iPhone" : "iPad")"
                ))
        }
        // A target that names this set runs on iPad (`TARGETED_DEVICE_FAMILY` with 2, or the configuration's device
        // families): a classic set with iPhone files and no iPad file lacks the iPad's icons. Never guessed
        // without a project, nor when it cannot be told which target uses the set.
        if let uses = iPadUses(of: asset),
            ios.contains(where: { $0.slot.idiom == "iphone" && $0.slot.isSized }),
            !ios.contains(where: { $0.slot.idiom == "ipad" && $0.slot.isSized })
        {
            found.append(
                CatalogDiagnostic(
                    .missingIconSize, path: contentsPath(of: asset),
                    message: "has iPhone icons but no iPad icon, and \(uses): App Store Connect "
                        + "requires 76 points at 2x (152x152 pixels) and 83.5 points at 2x (167x167 pixels) of an app that "
                        + "runs on iPad (ITMS-90023); add the iPad sizes or use the single-size layout"))
        }
        if ios.contains(where: { $0.slot.isSized }), !ios.contains(where: { $0.slot.isIOSStoreIcon }) {
            found.append(
                CatalogDiagnostic(
                    .missingIconSize, path: contentsPath(of: asset),
                    message: "has iOS icons but no App Store icon (ios-marketing, 1024x1024), which App Store Connect requires"))
        }
        return found
    }
}
