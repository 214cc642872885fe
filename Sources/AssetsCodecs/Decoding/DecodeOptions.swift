/// How `ImageInspector.decode` reads pixels.
import AssetsSupport

public struct DecodeOptions: Sendable, Hashable {
    /// What to do with an EXIF orientation.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        /// Turn the pixels upright (the default, as browsers and iOS show photos).
        case apply
        /// Keep the pixels as stored; `DecodedImage.info.orientation` still says what the file asks.
        case keep
    }

    /// JPEG DCT scaling for previews: the decoder does less work, never a full-size decode and a resize.
    /// Other formats ignore it.
    public enum Scale: Int, Sendable, Hashable, CaseIterable {
        case full = 1
        case half = 2
        case quarter = 4
        case eighth = 8
    }

    public var limits: DecodingLimits
    public var orientation: Orientation
    public var scale: Scale
    /// When true, data libjpeg/libpng could only decode by guessing (corrupt-data warnings) throws `corrupt`
    /// instead of returning pixels with a warning. Truncation always throws.
    public var rejectDamagedData: Bool
    /// libjpeg's smooth (fancy) chroma upsampling, on by default as in djpeg; off equals `djpeg -nosmooth`.
    public var smoothChromaUpsampling: Bool
    /// Any libjpeg scale M/8 (M = 1...16), for tests against djpeg's `-scale M/8`; overrides `scale`.
    var scaleEighths: Int?

    public init(
        limits: DecodingLimits = .default,
        orientation: Orientation = .apply,
        scale: Scale = .full,
        rejectDamagedData: Bool = false,
        smoothChromaUpsampling: Bool = true
    ) {
        self.limits = limits
        self.orientation = orientation
        self.scale = scale
        self.rejectDamagedData = rejectDamagedData
        self.smoothChromaUpsampling = smoothChromaUpsampling
        self.scaleEighths = nil
    }

    public static let `default` = DecodeOptions()
}
