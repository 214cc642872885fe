/// Which image a placeholder shows, and why: the style's own image, else the role's conventional name in
/// the catalog, else nothing (the image part is hidden, which is not an error).
import AssetsSupport
import AssetsCodecs

public struct PlaceholderImageChoice: Sendable, Hashable {
    /// Where the image came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The style named its own image.
        case explicit
        /// The role's conventional (or mapped) name, found in the catalog.
        case conventional
        /// Nothing resolved: the image part is hidden.
        case hidden
    }

    public var source: Source
    /// The resolution that found the image; for a hidden image, the last one tried (its trace says why).
    public var resolution: VariantResolution?
    /// The steps of the chain, in plain words; the resolution's own steps are inside them.
    public var trace: [String]

    package init(source: Source, resolution: VariantResolution?, trace: [String]) {
        self.source = source
        self.resolution = resolution
        self.trace = trace
    }

    public var isHidden: Bool { source == .hidden }

    /// The asset name shown, when one is.
    public var name: String? { isHidden ? nil : resolution?.name }

    /// The catalog-relative file shown, when one is.
    public var file: String? { isHidden ? nil : resolution?.file }
}
