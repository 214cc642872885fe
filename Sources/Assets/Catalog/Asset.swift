/// The kind of a set folder, from its extension.
public enum AssetKind: String, Sendable, Hashable, CaseIterable, Codable {
    case imageSet = "imageset"
    case dataSet = "dataset"
    case colorSet = "colorset"
    case appIconSet = "appiconset"
    case symbolSet = "symbolset"
    case launchImage = "launchimage"
    case imageStack = "imagestack"
    case brandAssets = "brandassets"
    case stickerPack = "stickerpack"
    case sticker = "sticker"
    case textureSet = "textureset"
    case arResourceGroup = "arresourcegroup"
    case unknown
}

/// One set in a catalog (`NAME.imageset`, `NAME.dataset`, ...).
public struct Asset: Sendable, Hashable {
    /// The fully qualified name: every namespace-providing group on the path, then the set's name.
    public var name: String
    public var kind: AssetKind
    /// The set folder, relative to the catalog root (`Icons/close.imageset`).
    public var path: String
    /// The `images` (image sets, symbol sets, app icons) or `data` (data sets) entries.
    public var entries: [ImageEntry]
    /// The set's `properties` (`template-rendering-intent`, `preserves-vector-representation`, ...), as JSON text.
    public var properties: [String: String]

    public init(name: String, kind: AssetKind, path: String, entries: [ImageEntry] = [], properties: [String: String] = [:]) {
        self.name = name
        self.kind = kind
        self.path = path
        self.entries = entries
        self.properties = properties
    }

    /// The catalog-relative path of an entry's file, when it names one.
    public func filePath(of entry: ImageEntry) -> String? {
        entry.filename.map { "\(path)/\($0)" }
    }
}

/// A loaded asset catalog: every set found under its root.
public struct AssetCatalog: Sendable, Hashable {
    /// The catalog folder as given.
    public var root: String
    public var assets: [Asset]

    public init(root: String, assets: [Asset]) {
        self.root = root
        self.assets = assets
    }

    /// The assets with this fully qualified name (exact, case-sensitive); more than one is a `duplicate-name`.
    public func assets(named name: String) -> [Asset] {
        assets.filter { $0.name == name }
    }
}
