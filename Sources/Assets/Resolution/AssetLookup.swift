import AssetsSupport

/// Which set a name the app's code asks for finds, by the rules `UIImage(named:)`, `UIColor(named:)` and
/// `NSDataAsset(name:)` follow in a compiled catalog: the fully qualified name (every namespace-providing
/// group, then the set's name), exactly and case-sensitively; then the kind the call loads. The one home of
/// that rule for many names at once (`refs`, `validate --sources`); `VariantResolver` answers one name with
/// the same case rule (`CatalogReader.WantedName.sameIgnoringCase`). Generated accessors resolve here too:
/// Xcode's asset symbols by the exact names Xcode generates (`AssetSymbolName`), SwiftGen's and R.swift's
/// by their key (`AssetSymbolKey`).
package struct AssetLookup: Sendable {
    /// What a call loads.
    package enum Wanted: String, Sendable, Hashable, CaseIterable {
        /// `UIImage(named:)`, `Image(_:)`, `NSImage(named:)`, a storyboard's `image=`: image sets, symbol sets,
        /// app icons, launch images and the tvOS image stacks and brand assets.
        case image
        /// `UIColor(named:)`, `Color(_:)`, `<namedColor>`: colour sets only.
        case color
        /// `NSDataAsset(name:)`: data sets only.
        case data
        /// An app icon named by a build setting or Info.plist.
        case appIcon
        /// A name whose call does not say (a literal used elsewhere, a build setting of another kind).
        case any

        /// Whether a set of `kind` answers a call that loads this.
        package func accepts(_ kind: AssetKind) -> Bool {
            switch self {
            case .image, .appIcon: return kind != .colorSet && kind != .dataSet
            case .color: return kind == .colorSet
            case .data: return kind == .dataSet
            case .any: return true
            }
        }

        /// `an image`, `a colour`, `data`: what the call wanted, in a message.
        package var words: String {
            switch self {
            case .image: return "an image"
            case .color: return "a colour"
            case .data: return "a data asset"
            case .appIcon: return "an app icon"
            case .any: return "an asset"
            }
        }
    }

    /// One set of one catalog.
    package struct Located: Sendable, Hashable {
        /// The catalog's folder as found.
        package var catalog: String
        package var name: String
        package var kind: AssetKind
        /// The set's folder in its catalog.
        package var path: String
        /// An image, colour, data or symbol set whose folder has no `Contents.json` (Apple's format requires
        /// one): Xcode's asset compiler builds nothing for it, so a lookup of its name comes back empty.
        package var contentsMissing = false
    }

    /// What a name finds.
    package enum Answer: Sendable, Hashable {
        /// Sets of the right kind, named exactly so.
        case found([Located])
        /// Sets named exactly so, none of a kind the call loads.
        case otherKind([Located])
        /// No set named so; these differ from the name only by case.
        case differsInCase([Located])
        case none
    }

    package private(set) var sets: [Located] = []
    private var byName: [String: [Int]] = [:]
    private var byLoweredName: [String: [Int]] = [:]
    /// Xcode's Swift symbol paths (`Colors.Text.primary`), for `ImageResource` and `ColorResource`.
    private var byImageSymbol: [String: [Int]] = [:]
    private var byColorSymbol: [String: [Int]] = [:]
    /// Xcode's Objective-C constants (`ACImageNameClose`).
    private var byObjectiveCSymbol: [String: [Int]] = [:]
    /// SwiftGen's and R.swift's accessors, by key.
    private var byAccessorKey: [String: [Int]] = [:]

    package init() {}

    /// Adds every set of a catalog read by the catalog layer.
    package mutating func add(_ catalog: AssetCatalog, as path: String) {
        for asset in catalog.assets {
            let index = sets.count
            sets.append(
                Located(
                    catalog: path, name: asset.name, kind: asset.kind, path: asset.path,
                    contentsMissing: asset.contents == .missing && !asset.kind.contentsOptional && asset.kind != .iconSet))
            byName[asset.name, default: []].append(index)
            byLoweredName[asset.name.lowercased(), default: []].append(index)
            let isColor = asset.kind == .colorSet
            let isImage = asset.kind == .imageSet
            if isColor || Self.hasImageSymbol(asset.kind) {
                if let path = AssetSymbolName.swiftPath(qualifiedName: asset.name, isColor: isColor, isImage: isImage) {
                    if isColor { byColorSymbol[path, default: []].append(index) } else { byImageSymbol[path, default: []].append(index) }
                }
                if let constant = AssetSymbolName.objectiveC(qualifiedName: asset.name, isColor: isColor) {
                    byObjectiveCSymbol[constant, default: []].append(index)
                }
            }
            for key in AssetSymbolKey.keys(setName: asset.name, isColor: isColor, isImage: isImage) {
                byAccessorKey[key, default: []].append(index)
            }
        }
    }

    /// The kinds Xcode generates an `ImageResource` for: image sets and symbol sets (inferred for symbol
    /// sets; counting one more set as used is the safe side).
    static func hasImageSymbol(_ kind: AssetKind) -> Bool { kind == .imageSet || kind == .symbolSet }

    /// The sets an Xcode asset symbol names: `path` below the resource type as written (`brandLogo`,
    /// `Colors.Text.primary`; backticks dropped), or an Objective-C constant (`ACColorNameBrand`). Several sets
    /// when their names collide into one symbol (Xcode makes one of them; which is not documented).
    package func sets(forSymbol path: String, as wanted: Wanted) -> [Located] {
        let written = String(path.filter { $0 != "`" })
        var found: [Int] = []
        if written.hasPrefix("ACImageName") || written.hasPrefix("ACColorName") {
            found = byObjectiveCSymbol[written] ?? []
        } else {
            if wanted != .color && wanted != .data { found += byImageSymbol[written] ?? [] }
            if wanted == .color || wanted == .any { found += byColorSymbol[written] ?? [] }
        }
        return found.map { sets[$0] }
    }

    /// The sets a SwiftGen or R.swift accessor (`trashCan`, `profile_icon`) may name, by key.
    package func sets(forAccessor identifier: String) -> [Located] {
        (byAccessorKey[AssetSymbolKey.key(identifier)] ?? []).map { sets[$0] }
    }

    /// The sets `name` finds when the call loads `wanted`.
    package func look(up name: String, as wanted: Wanted) -> Answer {
        if let exact = byName[name] {
            let named = exact.map { sets[$0] }
            let fitting = named.filter { wanted.accepts($0.kind) }
            return fitting.isEmpty ? .otherKind(named) : .found(fitting)
        }
        let lowered = name.lowercased()
        if let near = byLoweredName[lowered] {
            let named = near.map { sets[$0] }.filter { CatalogReader.WantedName.sameIgnoringCase($0.name, lowered: lowered) }
            if !named.isEmpty { return .differsInCase(named) }
        }
        return .none
    }

    /// The sets whose names differ from `name` only by case (the resolver's trace names them too).
    package static func nearMisses(of name: String, in assets: [Asset]) -> [Asset] {
        let lowered = name.lowercased()
        return assets.filter { $0.name != name && CatalogReader.WantedName.sameIgnoringCase($0.name, lowered: lowered) }
    }
}
