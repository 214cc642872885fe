/// The kind of a set folder, from its extension.
import AssetsSupport
import AssetsCodecs

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

    /// Whether this kind's entries name files in its own folder that the validator checks.
    var holdsFiles: Bool {
        switch self {
        case .imageSet, .dataSet, .appIconSet, .symbolSet, .launchImage, .sticker: return true
        default: return false
        }
    }

    /// The `Contents.json` key holding this kind's entries.
    var entriesKey: String? {
        switch self {
        case .imageSet, .appIconSet, .launchImage, .sticker: return "images"
        case .symbolSet: return "symbols"
        case .dataSet: return "data"
        case .colorSet: return "colors"
        case .imageStack: return "layers"
        case .brandAssets: return "assets"
        case .stickerPack: return "stickers"
        case .textureSet: return "textures"
        case .arResourceGroup: return "resources"
        case .unknown: return nil
        }
    }
}

/// Whether a set's `Contents.json` was there and readable.
public enum ContentsStatus: String, Sendable, Hashable {
    case read
    case missing
    /// It did not parse or was not an object; an `invalid-json` diagnostic says why.
    case invalid
}

/// A folder of a catalog that is not a set: a plain group or a sprite atlas.
public struct AssetGroup: Sendable, Hashable {
    /// The folder name.
    public var name: String
    /// Relative to the catalog root.
    public var path: String
    /// `properties.provides-namespace` (always true for a sprite atlas).
    public var providesNamespace: Bool
    public var isSpriteAtlas: Bool
    /// Whether the folder holds a `Contents.json`.
    public var hasContentsFile: Bool

    public init(name: String, path: String, providesNamespace: Bool, isSpriteAtlas: Bool = false, hasContentsFile: Bool = true) {
        self.name = name
        self.path = path
        self.providesNamespace = providesNamespace
        self.isSpriteAtlas = isSpriteAtlas
        self.hasContentsFile = hasContentsFile
    }
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
    /// Colour sets: the `colors` entries.
    public var colors: [ColorEntry]
    /// The names of the files and folders in the set folder, except `Contents.json` and hidden files, sorted.
    public var files: [String]
    /// Whether the set's `Contents.json` was there and read.
    public var contents: ContentsStatus
    /// The folder's extension as written (`imageset`, or the unknown one for `.unknown` kinds).
    public var folderExtension: String

    public init(
        name: String,
        kind: AssetKind,
        path: String,
        entries: [ImageEntry] = [],
        properties: [String: String] = [:],
        colors: [ColorEntry] = [],
        files: [String] = [],
        contents: ContentsStatus = .read,
        folderExtension: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.path = path
        self.entries = entries
        self.properties = properties
        self.colors = colors
        self.files = files
        self.contents = contents
        self.folderExtension = folderExtension ?? kind.rawValue
    }

    /// `properties.template-rendering-intent` (`original` or `template`), when set.
    public var templateRenderingIntent: String? {
        properties["template-rendering-intent"].flatMap(Asset.unquoted)
    }

    /// `properties.preserves-vector-representation`.
    public var preservesVectorRepresentation: Bool {
        properties["preserves-vector-representation"] == "true"
    }

    private static func unquoted(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        return String(text.dropFirst().dropLast())
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
    /// The groups (plain folders and sprite atlases), in walk order.
    public var groups: [AssetGroup]
    /// What reading found wrong (`invalid-json`, `missing-contents`, `unsafe-path`, unknown set types).
    public var readingDiagnostics: [CatalogDiagnostic]

    public init(root: String, assets: [Asset], groups: [AssetGroup] = [], readingDiagnostics: [CatalogDiagnostic] = []) {
        self.root = root
        self.assets = assets
        self.groups = groups
        self.readingDiagnostics = readingDiagnostics
    }

    /// The assets with this fully qualified name (exact, case-sensitive); more than one is a `duplicate-name`.
    public func assets(named name: String) -> [Asset] {
        assets.filter { $0.name == name }
    }
}
