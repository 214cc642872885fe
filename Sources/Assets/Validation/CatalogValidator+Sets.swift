/// The checks on one set's entries that need no file: vocabulary, slots claimed twice, empty sets.
import AssetsSupport
import AssetsCodecs

extension CatalogValidator {
    /// The slot an entry claims: every key but the file name.
    struct Slot: Hashable {
        var idiom: String?
        var subtype: String?
        var widthClass: String?
        var heightClass: String?
        var displayGamut: String?
        var languageDirection: String?
        var locale: String?
        var appearances: [AppearanceTrait]
        var scale: String?
        var otherKeys: [String: JSONValue]
    }

    static func slot(of entry: ImageEntry, ignoringScale: Bool = false) -> Slot {
        var appearances = entry.appearances
        if appearances.count > 1 {
            appearances.sort { ($0.appearance, $0.value) < ($1.appearance, $1.value) }
        }
        return Slot(
            idiom: entry.idiom, subtype: entry.subtype, widthClass: entry.widthClass, heightClass: entry.heightClass,
            displayGamut: entry.displayGamut, languageDirection: entry.languageDirection, locale: entry.locale,
            appearances: appearances, scale: ignoringScale ? nil : entry.scale, otherKeys: entry.otherKeys)
    }

    /// A short human description of an entry's slot.
    static func describe(_ entry: ImageEntry) -> String {
        var words = [entry.idiom ?? "no idiom", entry.scale ?? "single scale"]
        words += entry.appearances.map { "\($0.appearance) \($0.value)" }
        for value in [entry.subtype, entry.widthClass, entry.heightClass, entry.displayGamut, entry.languageDirection, entry.locale] {
            if let value { words.append(value) }
        }
        return words.joined(separator: ", ")
    }

    /// Sets that Xcode's own templates create with every slot unassigned and that Xcode builds without a
    /// warning, so an empty one is no finding: an app icon set (only the one a target's build settings name
    /// is compiled, and for that one Xcode itself warns; a widget extension's template `AppIcon` is never
    /// filled) and an image set of a complication set (the watchOS template makes one per family; ClockKit
    /// uses only those of the families the app supports). A layer's content of an image stack is settled
    /// per stack: see `emptyStacks(_:in:)`.
    static func isEmptyByDesign(_ asset: Asset) -> Bool {
        if asset.kind == .appIconSet { return true }
        guard asset.kind == .imageSet else { return false }
        let folders = asset.path.split(separator: "/")
        guard folders.count >= 2, let parent = CatalogReader.split(String(folders[folders.count - 2])).ext else { return false }
        return AssetKind(rawValue: parent) == .complicationSet
    }

    /// The image stack whose layer holds the set at `path` (`Icon.imagestack/Front.imagestacklayer/Content.imageset`
    /// → `Icon.imagestack`), when it is a layer's content.
    static func stackOfLayerContent(_ path: String) -> String? {
        let folders = path.split(separator: "/", omittingEmptySubsequences: false)
        guard folders.count >= 3,
            let layer = CatalogReader.split(String(folders[folders.count - 2])).ext.flatMap(AssetKind.init(rawValue:)),
            layer == .imageStackLayer || layer == .solidImageStackLayer
        else { return nil }
        return folders.dropLast(2).joined(separator: "/")
    }

    /// Empty layers of image stacks: Apple's templates make three layers, and tvOS icons have two to five,
    /// visionOS icons a back layer and one or two more, so one layer left empty is on purpose and no
    /// finding. A stack none of whose layers has an image is one finding, on the stack.
    func emptyStacks(_ diagnostics: [CatalogDiagnostic], in catalog: AssetCatalog) -> [CatalogDiagnostic] {
        var emptyLayers: [String: Int] = [:]
        var kept: [CatalogDiagnostic] = []
        for diagnostic in diagnostics {
            if diagnostic.code == .emptyAsset, let stack = CatalogValidator.stackOfLayerContent(diagnostic.path) {
                emptyLayers[stack, default: 0] += 1
            } else {
                kept.append(diagnostic)
            }
        }
        guard !emptyLayers.isEmpty else { return diagnostics }
        var layers: [String: Int] = [:]
        for asset in catalog.assets where asset.kind == .imageSet {
            if let stack = CatalogValidator.stackOfLayerContent(asset.path), emptyLayers[stack] != nil { layers[stack, default: 0] += 1 }
        }
        for (stack, empty) in emptyLayers where empty == layers[stack] {
            kept.append(CatalogDiagnostic(.emptyAsset, path: stack, message: "has no layer with an image"))
        }
        return kept
    }

    func checkValues(of asset: Asset) -> [CatalogDiagnostic] {
        guard asset.contents == .read else { return [] }
        var found: [CatalogDiagnostic] = []
        let file = contentsPath(of: asset)
        func unknown(_ keyPath: String, _ value: String, _ what: String) {
            found.append(
                CatalogDiagnostic(
                    .unknownValue, path: file, keyPath: keyPath,
                    message: "\"\(value)\" is not \(what) Apple defines"))
        }
        func checkAppearances(_ traits: [AppearanceTrait], _ keyPath: String) {
            for (index, trait) in traits.enumerated() {
                if let values = CatalogVocabulary.appearances[trait.appearance] {
                    if !values.contains(trait.value) {
                        unknown("\(keyPath).appearances[\(index)].value", trait.value, "a \(trait.appearance) value")
                    }
                } else {
                    unknown("\(keyPath).appearances[\(index)].appearance", trait.appearance, "an appearance")
                }
            }
        }
        // Slots claimed so far; a set has a handful, so a list compared in order beats hashing each slot.
        // A large set (a hostile one lists 40,000 entries) hashes them: comparing each with every earlier
        // one would be quadratic.
        let large = asset.entries.count > 32
        var slots: [(slot: Slot, index: Int)] = []
        var slotIndex: [Slot: Int] = [:]
        for (index, entry) in asset.entries.enumerated() {
            var keyPath: String { asset.entryKeyPath(index) }
            if let idiom = entry.idiom, !CatalogVocabulary.idioms.contains(idiom) { unknown(keyPath + ".idiom", idiom, "an idiom") }
            if let scale = entry.scale, !CatalogVocabulary.scales.contains(scale) { unknown(keyPath + ".scale", scale, "a scale") }
            checkAppearances(entry.appearances, keyPath)
            if let value = entry.widthClass, !CatalogVocabulary.sizeClasses.contains(value) {
                unknown(keyPath + ".width-class", value, "a size class")
            }
            if let value = entry.heightClass, !CatalogVocabulary.sizeClasses.contains(value) {
                unknown(keyPath + ".height-class", value, "a size class")
            }
            if let value = entry.displayGamut, !CatalogVocabulary.displayGamuts.contains(value) {
                unknown(keyPath + ".display-gamut", value, "a display gamut")
            }
            if let value = entry.languageDirection, !CatalogVocabulary.languageDirections.contains(value) {
                unknown(keyPath + ".language-direction", value, "a language direction")
            }
            guard entry.filename != nil, asset.kind.holdsFiles else { continue }
            let slot = CatalogValidator.slot(of: entry)
            if let first = large ? slotIndex[slot] : slots.first(where: { $0.slot == slot })?.index {
                found.append(
                    CatalogDiagnostic(
                        .ambiguousVariant, path: file, keyPath: keyPath,
                        message: "claims the same slot (\(CatalogValidator.describe(entry))) as \(asset.entryKeyPath(first))"))
            } else if large {
                slotIndex[slot] = index
            } else {
                slots.append((slot, index))
            }
        }
        var colorSlots: [Slot: Int] = [:]
        for (index, entry) in asset.colors.enumerated() {
            var keyPath: String { asset.colorKeyPath(index) }
            if let idiom = entry.idiom, !CatalogVocabulary.idioms.contains(idiom) { unknown(keyPath + ".idiom", idiom, "an idiom") }
            checkAppearances(entry.appearances, keyPath)
            if let value = entry.displayGamut, !CatalogVocabulary.displayGamuts.contains(value) {
                unknown(keyPath + ".display-gamut", value, "a display gamut")
            }
            if case .components(let components)? = entry.color, let space = components.colorSpace,
                !CatalogVocabulary.colorSpaces.contains(space)
            {
                unknown(keyPath + ".color.color-space", space, "a colour space")
            }
            let slot = CatalogValidator.slot(
                of: ImageEntry(
                    idiom: entry.idiom, appearances: entry.appearances,
                    displayGamut: entry.displayGamut, otherKeys: entry.otherKeys))
            if let first = colorSlots[slot] {
                found.append(
                    CatalogDiagnostic(
                        .ambiguousVariant, path: file, keyPath: keyPath,
                        message: "claims the same slot as colors[\(first)]"))
            } else {
                colorSlots[slot] = index
            }
        }
        if let intent = asset.templateRenderingIntent, !CatalogVocabulary.renderingIntents.contains(intent) {
            unknown("properties.template-rendering-intent", intent, "a rendering intent")
        }
        if let vector = asset.properties["preserves-vector-representation"], vector != .bool(true), vector != .bool(false) {
            found.append(
                CatalogDiagnostic(
                    .unknownValue, path: file, keyPath: "properties.preserves-vector-representation",
                    message: "\(vector.text) is not a boolean"))
        }
        if asset.kind.holdsFiles, !asset.entries.contains(where: { $0.filename != nil }), !CatalogValidator.isEmptyByDesign(asset) {
            found.append(CatalogDiagnostic(.emptyAsset, path: asset.path, message: "has no file assigned to any slot"))
        }
        // Entries without a colour are how Xcode's templates ship AccentColor and WidgetBackground ("use the
        // system colour"), and Xcode builds them without a warning; only a colour set with no entry at all is empty.
        if asset.kind == .colorSet, asset.colors.isEmpty {
            found.append(CatalogDiagnostic(.emptyAsset, path: asset.path, message: "has no colour"))
        }
        return found
    }
}
