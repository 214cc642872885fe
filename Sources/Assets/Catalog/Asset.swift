import AssetsSupport
import AssetsCodecs

/// The kind of a set folder, from its extension: every folder type of Apple's Asset Catalog Format
/// Reference ("Types Overview") and those Xcode writes since (symbol sets, colour sets, AR reference
/// objects, solid image stacks).
public enum AssetKind: String, Sendable, Hashable, CaseIterable, Codable {
    case imageSet = "imageset"
    case dataSet = "dataset"
    case colorSet = "colorset"
    case appIconSet = "appiconset"
    case symbolSet = "symbolset"
    case launchImage = "launchimage"
    case imageStack = "imagestack"
    case imageStackLayer = "imagestacklayer"
    case solidImageStack = "solidimagestack"
    case solidImageStackLayer = "solidimagestacklayer"
    case brandAssets = "brandassets"
    case stickerPack = "stickerpack"
    case sticker = "sticker"
    case stickerSequence = "stickersequence"
    case stickersIconSet = "stickersiconset"
    case iconSet = "iconset"
    case textureSet = "textureset"
    case cubeTextureSet = "cubetextureset"
    case mipmapSet = "mipmapset"
    case arResourceGroup = "arresourcegroup"
    case arReferenceImage = "arreferenceimage"
    case arImageSet = "arimageset"
    case arReferenceObject = "arreferenceobject"
    case complicationSet = "complicationset"
    case gameCenterDashboardImage = "gcdashboardimage"
    case gameCenterLeaderboard = "gcleaderboard"
    case gameCenterLeaderboardSet = "gcleaderboardset"
    case unknown

    /// Whether this kind's entries name files in its own folder that the validator checks.
    var holdsFiles: Bool {
        switch self {
        case .imageSet, .dataSet, .appIconSet, .symbolSet, .launchImage, .sticker, .stickerSequence, .stickersIconSet,
            .iconSet, .mipmapSet, .arReferenceImage, .arImageSet, .arReferenceObject:
            return true
        default:
            return false
        }
    }

    /// Whether this kind holds other sets as folders (an image stack its layers, a complication set its
    /// image sets): they are read as sets too, named under this one (`Complication/Circular`).
    package var holdsSets: Bool {
        switch self {
        case .imageStack, .imageStackLayer, .solidImageStack, .solidImageStackLayer, .brandAssets, .stickerPack,
            .textureSet, .cubeTextureSet, .arResourceGroup, .complicationSet, .gameCenterDashboardImage,
            .gameCenterLeaderboard, .gameCenterLeaderboardSet:
            return true
        default:
            return false
        }
    }

    /// The kinds of set a container may hold, per the format reference (nil: not a container).
    var childKinds: Set<AssetKind>? {
        switch self {
        case .imageStack, .solidImageStack: return [.imageStackLayer, .solidImageStackLayer]
        case .imageStackLayer, .solidImageStackLayer: return [.imageSet]
        case .brandAssets: return [.imageStack, .solidImageStack, .imageSet]
        case .stickerPack: return [.sticker, .stickerSequence]
        case .textureSet: return [.mipmapSet]
        case .cubeTextureSet: return [.mipmapSet]
        case .arResourceGroup: return [.arReferenceImage, .arImageSet, .arReferenceObject]
        case .complicationSet: return [.imageSet]
        case .gameCenterDashboardImage: return [.imageSet]
        case .gameCenterLeaderboard, .gameCenterLeaderboardSet: return [.imageStack, .solidImageStack]
        default: return nil
        }
    }

    /// Whether the kind's entries are slots of fixed pixel sizes, each of which the format asks a file for even
    /// when two slots need the same pixels (a macOS icon's 256@2x and 512@1x, an iconset's `icon_128x128@2x.png`
    /// and `icon_256x256.png`): two such files with the same bytes are what the format asks for, not a copy.
    var slotsMayRepeatPixels: Bool {
        switch self {
        case .appIconSet, .iconSet, .stickersIconSet: return true
        default: return false
        }
    }

    /// Whether the folder needs no `Contents.json` (a macOS `.iconset` is named by its files alone).
    var contentsOptional: Bool {
        switch self {
        case .iconSet, .imageStackLayer, .solidImageStackLayer, .gameCenterLeaderboard, .gameCenterLeaderboardSet,
            .gameCenterDashboardImage:
            return true
        default:
            return false
        }
    }

    /// The `Contents.json` key holding this kind's entries.
    var entriesKey: String? {
        switch self {
        case .imageSet, .appIconSet, .launchImage, .stickersIconSet, .arReferenceImage, .arImageSet, .iconSet: return "images"
        case .symbolSet: return "symbols"
        case .dataSet: return "data"
        case .colorSet: return "colors"
        case .imageStack, .solidImageStack: return "layers"
        case .brandAssets, .complicationSet: return "assets"
        case .stickerPack: return "stickers"
        case .stickerSequence: return "frames"
        case .sticker: return "properties"
        case .textureSet, .cubeTextureSet: return "textures"
        case .mipmapSet: return "levels"
        case .arResourceGroup: return "resources"
        case .arReferenceObject: return "objects"
        case .imageStackLayer, .solidImageStackLayer, .gameCenterDashboardImage, .gameCenterLeaderboard,
            .gameCenterLeaderboardSet, .unknown:
            return nil
        }
    }

    /// The kind's name in messages: "an image set", "a complication set".
    package var article: String {
        let name = displayName
        return (name.first.map { "aeiouAEIOU".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// The kind's name in messages, as Xcode's asset catalog editor names it.
    public var displayName: String {
        switch self {
        case .imageSet: return "image set"
        case .dataSet: return "data set"
        case .colorSet: return "colour set"
        case .appIconSet: return "app icon set"
        case .symbolSet: return "symbol set"
        case .launchImage: return "launch image"
        case .imageStack: return "image stack"
        case .imageStackLayer: return "image stack layer"
        case .solidImageStack: return "solid image stack"
        case .solidImageStackLayer: return "solid image stack layer"
        case .brandAssets: return "brand assets folder"
        case .stickerPack: return "sticker pack"
        case .sticker: return "sticker"
        case .stickerSequence: return "sticker sequence"
        case .stickersIconSet: return "Messages app icon set"
        case .iconSet: return "macOS icon set"
        case .textureSet: return "texture set"
        case .cubeTextureSet: return "cube texture set"
        case .mipmapSet: return "mipmap set"
        case .arResourceGroup: return "AR resource group"
        case .arReferenceImage, .arImageSet: return "AR reference image"
        case .arReferenceObject: return "AR reference object"
        case .complicationSet: return "complication set"
        case .gameCenterDashboardImage: return "Game Center dashboard image"
        case .gameCenterLeaderboard: return "Game Center leaderboard"
        case .gameCenterLeaderboardSet: return "Game Center leaderboard set"
        case .unknown: return "folder of an unknown type"
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
    /// The set folder, relative to the catalog root (`Icons/close.imageset`).
    public var path: String
    /// The folder's extension as written (`imageset`, or the unknown one for `.unknown` kinds).
    public var folderExtension: String {
        get { body.folderExtension ?? kind.rawValue }
        set {
            let written: String? = newValue == kind.rawValue ? nil : newValue
            guard written != body.folderExtension else { return }
            makeBodyUnique()
            body.folderExtension = written
        }
    }
    /// What the set's `Contents.json` and folder hold, behind one reference (copied before a write when
    /// shared). A set the validator has consumed is kept as an outline (name, kind, path) until the end of
    /// the run, 130,000 of them in the scale tree, twice over while the reader hands them on: inline, the
    /// four lists, the extension and the positions made each outline 104 bytes; so, 48 (the two one-byte values
    /// after this reference, not between the strings where each took a word: 56), and an outline's body is the
    /// one shared empty one (unless its extension is not its kind's).
    private var body: Body
    /// The kind, from the folder's extension.
    public var kind: AssetKind {
        // The extension stays as written when the kind changes.
        didSet { if oldValue != kind, body.folderExtension == nil { folderExtension = oldValue.rawValue } }
    }
    /// Whether the set's `Contents.json` was there and read.
    public var contents: ContentsStatus

    /// The `images` (image sets, symbol sets, app icons) or `data` (data sets) entries.
    public var entries: [ImageEntry] {
        get { body.entries }
        _modify {
            makeBodyUnique()
            yield &body.entries
        }
    }
    /// The set's `properties` (`template-rendering-intent`, `preserves-vector-representation`, ...), as written.
    public var properties: [String: JSONValue] {
        get { body.properties }
        _modify {
            makeBodyUnique()
            yield &body.properties
        }
    }
    /// Colour sets: the `colors` entries.
    public var colors: [ColorEntry] {
        get { body.colors }
        _modify {
            makeBodyUnique()
            yield &body.colors
        }
    }
    /// The names of the files and folders in the set folder, except `Contents.json` and hidden files, sorted.
    public var files: [String] {
        get { fileRecords.map(\.name) }
        set { fileRecords = newValue.map { AssetFile(name: $0) } }
    }
    /// The same names with the type the folder listing gave each, and what reading a file found when the
    /// reader read it (`SetFiles.swift`): the validator checks these, and opens no file itself.
    var fileRecords: [AssetFile] {
        get { body.fileRecords }
        _modify {
            makeBodyUnique()
            yield &body.fileRecords
        }
    }
    /// Where each key and value of the set's `Contents.json` was written (no part of equality).
    var contentsPositions: ContentsPositions {
        get { body.positions }
        _modify {
            makeBodyUnique()
            yield &body.positions
        }
    }

    /// The body's storage. Unchecked: it is written only through `makeBodyUnique`, so no body another
    /// value (or thread) holds is ever written.
    private final class Body: @unchecked Sendable {
        var entries: [ImageEntry]
        var properties: [String: JSONValue]
        var colors: [ColorEntry]
        var fileRecords: [AssetFile]
        var positions: ContentsPositions
        /// The folder's extension when it is not its kind's (nil: the kind's).
        var folderExtension: String?

        init(
            entries: [ImageEntry] = [], properties: [String: JSONValue] = [:], colors: [ColorEntry] = [],
            fileRecords: [AssetFile] = [], positions: ContentsPositions = ContentsPositions(), folderExtension: String? = nil
        ) {
            self.entries = entries
            self.properties = properties
            self.colors = colors
            self.fileRecords = fileRecords
            self.positions = positions
            self.folderExtension = folderExtension
        }

        /// The body of every set made without entries, properties, colours or files, its extension its kind's
        /// (an outline): no allocation.
        static let empty = Body()

        var copy: Body {
            Body(
                entries: entries, properties: properties, colors: colors, fileRecords: fileRecords, positions: positions,
                folderExtension: folderExtension)
        }
    }

    private mutating func makeBodyUnique() {
        if !isKnownUniquelyReferenced(&body) { body = body.copy }
    }

    public init(
        name: String,
        kind: AssetKind,
        path: String,
        entries: [ImageEntry] = [],
        properties: [String: JSONValue] = [:],
        colors: [ColorEntry] = [],
        files: [String] = [],
        contents: ContentsStatus = .read,
        folderExtension: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.path = path
        self.contents = contents
        let written = folderExtension == kind.rawValue ? nil : folderExtension
        if entries.isEmpty, properties.isEmpty, colors.isEmpty, files.isEmpty, written == nil {
            body = .empty
        } else {
            body = Body(
                entries: entries, properties: properties, colors: colors, fileRecords: files.map { AssetFile(name: $0) },
                folderExtension: written)
        }
    }

    // Equality and hashing as the stored values were before the body: every value but the positions.
    public static func == (lhs: Asset, rhs: Asset) -> Bool {
        lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.contents == rhs.contents
            && lhs.folderExtension == rhs.folderExtension
            && (lhs.body === rhs.body
                || (lhs.entries == rhs.entries && lhs.properties == rhs.properties && lhs.colors == rhs.colors
                    && lhs.fileRecords == rhs.fileRecords))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(entries)
        hasher.combine(properties)
        hasher.combine(colors)
        hasher.combine(fileRecords)
        hasher.combine(contents)
        hasher.combine(folderExtension)
    }

    /// `properties.template-rendering-intent` (`original` or `template`), when set as a string.
    public var templateRenderingIntent: String? {
        guard case .string(let intent)? = properties["template-rendering-intent"] else { return nil }
        return intent
    }

    /// `properties.preserves-vector-representation`.
    public var preservesVectorRepresentation: Bool {
        properties["preserves-vector-representation"] == .bool(true)
    }

    /// Whether the entries name files in the set's own folder that are read and checked (not a
    /// container's set folders; an icon set without `Contents.json` is named by its files).
    var readsEntryFiles: Bool {
        !kind.holdsSets && (contents == .read || kind == .iconSet) && (kind.holdsFiles || kind == .colorSet)
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
