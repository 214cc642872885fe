/// The answer to "which file does this device show for this name?", with the steps that led to it.
import AssetsSupport
import AssetsCodecs

public struct VariantResolution: Sendable, Hashable {
    /// The name that was asked for.
    public var name: String
    public var query: VariantQuery
    /// The set the name found, when one was found.
    public var asset: Asset?
    /// The chosen entry; nil when nothing resolves.
    public var entry: ImageEntry?
    /// Whether the image is drawn mirrored: a right-to-left query that took a left-to-right image.
    public var isMirrored: Bool
    /// The steps that chose the entry, or that explain why none was chosen, in plain words.
    public var trace: [String]

    package init(
        name: String,
        query: VariantQuery,
        asset: Asset? = nil,
        entry: ImageEntry? = nil,
        isMirrored: Bool = false,
        trace: [String] = []
    ) {
        self.name = name
        self.query = query
        self.asset = asset
        self.entry = entry
        self.isMirrored = isMirrored
        self.trace = trace
    }

    public var isResolved: Bool { entry != nil }

    /// The chosen file, relative to the catalog root (`Illustrations/imgZeroEmpty.imageset/imgZeroEmptyD@2x.png`).
    public var file: String? {
        guard let asset, let entry else { return nil }
        return asset.filePath(of: entry)
    }
}
