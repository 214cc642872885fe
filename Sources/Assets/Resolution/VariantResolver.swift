/// Chooses the file a device shows for a name, the way `UIImage(named:in:compatibleWith:)` does, and says why.
///
/// The order, from the issue: the fully qualified name, exactly and case-sensitively; the device idiom, then
/// `universal`; appearance exact, then without contrast, then "any" with contrast, then "any"; scale exact,
/// then an entry without a scale (it serves every scale), then the next larger, then the largest smaller.
/// A right-to-left query takes a right-to-left variant when one exists and otherwise mirrors a
/// left-to-right image (an image with no direction is fixed and never mirrored). Slots without a filename
/// are unassigned and skipped. Entries for a size class, subtype, watch screen width, memory, graphics feature set,
/// locale or wide-gamut display are used only when nothing plainer is there.
import AssetsSupport
import AssetsCodecs

public struct VariantResolver: Sendable {
    public var catalog: AssetCatalog

    public init(catalog: AssetCatalog) {
        self.catalog = catalog
    }

    /// The kinds whose entries name files a device shows: image sets and symbol sets (`UIImage(named:)`
    /// loads custom symbols too), data sets (`NSDataAsset(name:)`).
    package static let resolvableKinds: Set<AssetKind> = [.imageSet, .symbolSet, .dataSet]

    /// Which of several same-named sets a lookup takes: `UIImage(named:)` "prefers an asset containing a
    /// symbol image over an asset with the same name containing a bitmap image" (UIKit documentation).
    static func preference(_ kind: AssetKind) -> Int {
        switch kind {
        case .symbolSet: return 0
        case .imageSet: return 1
        default: return 2
        }
    }

    /// Reads from the catalog at `path` only what resolving `name` looks at: the sets named `name`, or
    /// named so apart from case (the trace names those), and the `Contents.json` of the groups that may
    /// hold them (they decide namespaces). No other set's folder is opened, no string is made for a folder
    /// entry that cannot be one of those sets, and a group whose namespace the name does not have is not
    /// walked, so one name answers quickly in a catalog of any size; `resolve(name)` on the result
    /// answers exactly as on the whole catalog.
    ///
    /// With `cacheFolder`, the group folders' listings are kept there between runs (one file per catalog,
    /// `listings-<digest>.cache`, beside `validate`'s facts): a group that did not change is stat'ed instead
    /// of listed (`FileFactsCache+Folders.swift`). The answer is the same with or without it.
    public static func catalog(
        at path: String, forResolving name: String,
        limits: CatalogLimits = .default, cacheFolder: String? = nil
    ) throws(CatalogReadError) -> AssetCatalog {
        let listings = cacheFolder.map { folder in
            FileFactsCache(
                folder: folder, catalog: CatalogFileSystem.realPath(path) ?? path, options: "group listings",
                kind: "listings")
        }
        let catalog = try AssetCatalog.read(
            at: path, plan: CatalogReadPlan(limits: limits, sets: .lookingFor(name), listings: listings))
        listings?.save()
        return catalog
    }

    /// Resolves `name` for a device with the traits of `query`.
    public func resolve(_ name: String, for query: VariantQuery = .iPhone) -> VariantResolution {
        var failure = VariantResolution(name: name, query: query)
        let named = catalog.assets(named: name)
        guard !named.isEmpty else {
            failure.trace.append("no set in the catalog is named \"\(name)\"")
            let nearMisses = AssetLookup.nearMisses(of: name, in: catalog.assets).map(\.name)
            if let first = nearMisses.first {
                failure.trace.append("\"\(first)\" differs only in case; names are case-sensitive")
            }
            return failure
        }
        let resolvable = named.filter { Self.resolvableKinds.contains($0.kind) }
            .enumerated().sorted { (Self.preference($0.element.kind), $0.offset) < (Self.preference($1.element.kind), $1.offset) }
            .map(\.element)
        guard let asset = resolvable.first else {
            let kinds = named.map(\.kind.article).joined(separator: " and ")
            failure.asset = named.first
            if let stack = named.first(where: { $0.kind == .imageStack || $0.kind == .solidImageStack }) {
                // tvOS and visionOS load an image stack with UIImage(named:) as one layered image; no single
                // file answers, so each layer's image resolves by its own name under the stack.
                failure.asset = stack
                failure.trace.append(
                    "\"\(name)\" is \(stack.kind.article), which UIImage(named:) loads on tvOS and visionOS as one"
                        + " layered image, not one file; each layer's image resolves by its name under the stack (\(name)/LAYER/Content)")
                return failure
            }
            failure.trace.append(
                "\"\(name)\" is \(kinds), which UIImage(named:) and NSDataAsset(name:) do not load"
                    + (named.contains { $0.kind == .colorSet } ? " (a colour set resolves with UIColor(named:): ColorResolution)" : ""))
            return failure
        }
        var prefix: [String] = []
        if resolvable.count > 1 {
            let paths = resolvable.map(\.path).joined(separator: ", ")
            if asset.kind == .symbolSet, resolvable.dropFirst().contains(where: { $0.kind == .imageSet }) {
                prefix.append("a symbol set and an image set are both named \"\(name)\" (\(paths)): UIImage(named:) prefers the symbol")
            } else {
                prefix.append("\(resolvable.count) sets are named \"\(name)\" (\(paths)); took the first")
            }
        }
        prefix.append("found \(Self.words(for: asset.kind)) \(asset.path)")
        var answer = Self.resolve(in: asset, for: query)
        answer.name = name
        answer.trace = prefix + answer.trace
        return answer
    }

    /// Resolves inside one set, whatever its name.
    public static func resolve(in asset: Asset, for query: VariantQuery = .iPhone) -> VariantResolution {
        var answer = VariantResolution(name: asset.name, query: query, asset: asset)
        switch asset.contents {
        case .read: break
        case .missing: answer.trace.append("the set has no Contents.json, so it has no entries")
        case .invalid: answer.trace.append("the set's Contents.json could not be read (asset-tool validate says why), so it has no entries")
        }

        // Unassigned slots and entries the resolver cannot read drop out first.
        var usable: [(entry: ImageEntry, traits: EntryTraits)] = []
        var unassigned = 0
        for entry in asset.entries {
            guard let filename = entry.filename, !filename.isEmpty else {
                unassigned += 1
                continue
            }
            let traits = EntryTraits(entry)
            if !CatalogRoot.isPlainName(filename) {
                answer.trace.append(
                    "skipped \(filename): a filename must be a plain name in the set's folder (no /, \\ or NUL, not . or ..)")
            } else if let scale = traits.unreadableScale {
                answer.trace.append("skipped \(filename): scale \"\(scale)\" is not 1x, 2x or 3x")
            } else if !traits.unknownAppearances.isEmpty {
                let words = traits.unknownAppearances.map { "\($0.appearance) \($0.value)" }.joined(separator: ", ")
                answer.trace.append("skipped \(filename): appearance \(words) is neither light, dark nor high contrast")
            } else {
                usable.append((entry, traits))
            }
        }
        if unassigned > 0 {
            answer.trace.append("skipped \(unassigned) unassigned slot\(unassigned == 1 ? "" : "s") (no filename)")
        }
        guard !usable.isEmpty else {
            answer.trace.append("nothing matched: the set has no usable file in any slot")
            return answer
        }

        let device = query.idiom.catalogValue
        var groups: [(idiom: String, members: [(entry: ImageEntry, traits: EntryTraits)])] = []
        let own = usable.filter { $0.traits.idiom == device }
        let universal = usable.filter { $0.traits.idiom == "universal" }
        if !own.isEmpty {
            groups.append((device, own))
        }
        if !universal.isEmpty {
            // Said only when the set has entries for some device: for a universal-only set it is no choice.
            if own.isEmpty && universal.count < usable.count {
                answer.trace.append("no \(device) entry; took universal")
            }
            groups.append(("universal", universal))
        }
        guard !groups.isEmpty else {
            let present = Set(usable.map(\.traits.idiom)).sorted().joined(separator: ", ")
            answer.trace.append("nothing matched: no \(device) or universal entry (the set has \(present))")
            return answer
        }

        for (index, group) in groups.enumerated() {
            let isLast = index == groups.count - 1
            if let choice = choose(in: group.members, idiom: group.idiom, query: query, trace: &answer.trace) {
                answer.entry = choice.entry
                answer.isMirrored = choice.mirrored
                if let file = asset.filePath(of: choice.entry) {
                    answer.trace.append("chose \(file)")
                }
                return answer
            }
            if !isLast {
                answer.trace.append("took universal instead")
            }
        }
        answer.trace.append("nothing matched for \(query.description)")
        return answer
    }

    /// Direction, appearance and scale inside one idiom; nil (with the reason traced) when nothing fits.
    private static func choose(
        in members: [(entry: ImageEntry, traits: EntryTraits)],
        idiom: String,
        query: VariantQuery,
        trace: inout [String]
    ) -> (entry: ImageEntry, mirrored: Bool)? {
        var candidates = members

        // Plainer entries before ones for a size class, subtype, locale or wide-gamut display.
        let plain = candidates.filter { !$0.traits.isSpecialised }
        if !plain.isEmpty, plain.count < candidates.count {
            let ignored = candidates.count - plain.count
            trace.append(
                "ignored \(ignored) \(idiom) entr\(ignored == 1 ? "y" : "ies") for a size class, subtype, screen width, memory, graphics feature set, locale or display gamut (the query names none)"
            )
            candidates = plain
        }

        // Layout direction.
        let rightToLeft = candidates.filter { $0.traits.direction == VariantQuery.LayoutDirection.rightToLeft.rawValue }
        if query.isRightToLeft {
            if !rightToLeft.isEmpty {
                trace.append("right-to-left query: took the right-to-left \(idiom) entries")
                candidates = rightToLeft
            }
        } else if !rightToLeft.isEmpty {
            candidates = candidates.filter { $0.traits.direction != VariantQuery.LayoutDirection.rightToLeft.rawValue }
            if candidates.isEmpty {
                trace.append("no left-to-right \(idiom) entry: the \(idiom) entries are right-to-left only")
                return nil
            }
        }

        // Appearance.
        let ladder = AppearanceStep.ladder(for: query)
        var chosenStep: AppearanceStep?
        var matching: [(entry: ImageEntry, traits: EntryTraits)] = []
        for step in ladder {
            let found = candidates.filter { step.matches($0.traits) }
            if !found.isEmpty {
                chosenStep = step
                matching = found
                break
            }
        }
        guard let step = chosenStep, let wanted = ladder.first else {
            let present = Set(candidates.map(\.traits.appearanceLabel)).sorted().joined(separator: ", ")
            let labels = ladder.map(\.label)
            let tried = labels.count > 1 ? labels.dropLast().joined(separator: ", ") + " or " + (labels.last ?? "") : labels.joined()
            trace.append("no \(tried) \(idiom) entry (the \(idiom) entries are \(present))")
            return nil
        }
        // Light falling back to "any" is the ordinary case (most sets have no light entries): not worth a line.
        let ordinary = step.luminosity == nil && !step.highContrast && wanted == AppearanceStep(luminosity: "light", highContrast: false)
        if step != wanted && !ordinary {
            trace.append("no \(wanted.label) \(idiom) entry; took \(step.label)")
        }

        // Scale.
        let wantedScale = query.scale.rawValue
        let exact = matching.filter { $0.traits.scale == wantedScale }
        let unscaled = matching.filter { $0.traits.scale == nil }
        let scales = Set(matching.compactMap(\.traits.scale))
        let picked: [(entry: ImageEntry, traits: EntryTraits)]
        if !exact.isEmpty {
            picked = exact
        } else if !unscaled.isEmpty {
            if scales.isEmpty {
                trace.append("the \(step.label) entry has no scale: it serves \(wantedScale)x")
            } else {
                trace.append("no \(step.label) \(wantedScale)x entry; took the one without a scale (it serves every scale)")
            }
            picked = unscaled
        } else if let larger = scales.filter({ $0 > wantedScale }).min() {
            trace.append("no \(step.label) \(wantedScale)x entry; took \(step.label) \(larger)x (the next larger)")
            picked = matching.filter { $0.traits.scale == larger }
        } else if let smaller = scales.filter({ $0 < wantedScale }).max() {
            trace.append("no \(step.label) \(wantedScale)x entry; took \(step.label) \(smaller)x")
            picked = matching.filter { $0.traits.scale == smaller }
        } else {
            return nil
        }
        guard let first = picked.first else { return nil }
        if picked.count > 1 {
            trace.append("\(picked.count) entries match equally; took the first in Contents.json order")
        }

        var mirrored = false
        if query.isRightToLeft && first.traits.direction != VariantQuery.LayoutDirection.rightToLeft.rawValue {
            if first.traits.direction == VariantQuery.LayoutDirection.leftToRight.rawValue {
                trace.append("no right-to-left variant; the left-to-right image is mirrored")
                mirrored = true
            } else {
                trace.append("right-to-left query: the image has no language direction (fixed), so it is not mirrored")
            }
        }
        return (first.entry, mirrored)
    }

    static func words(for kind: AssetKind) -> String {
        kind.displayName
    }
}
