/// A decoded still image: upright pixels (unless asked to keep them as stored), what the probe saw, and warnings.
import AssetsSupport

public struct DecodedImage: Sendable, Hashable {
    public var image: RGBAImage
    public var info: ImageInfo
    /// Warnings from the header and from the codec (for example corrupt data libjpeg decoded around).
    public var warnings: [ImageWarning]
    /// The orientation turned into the pixels (`.up` when none was applied).
    public var appliedOrientation: ImageOrientation

    package init(image: RGBAImage, info: ImageInfo, warnings: [ImageWarning], appliedOrientation: ImageOrientation) {
        self.image = image
        self.info = info
        self.warnings = warnings
        self.appliedOrientation = appliedOrientation
    }
}
