/// What a header-only probe learns about an image, without decoding pixels.
import AssetsSupport

public struct ImageInfo: Sendable, Hashable, Codable {
    /// How pixels are stored in the file.
    public enum ColorModel: String, Sendable, Hashable, Codable {
        case gray
        case grayAlpha = "gray-alpha"
        case rgb
        case rgba
        /// A palette (PNG colour type 3, GIF).
        case indexed
        /// JPEG luma + chroma.
        case ycbcr
        case cmyk
        /// JPEG Adobe YCCK (CMYK with the first three channels as YCbCr).
        case ycck
        /// JPEG with a component count or transform libjpeg cannot name.
        case unknown
    }

    /// The format found by the leading bytes.
    public var format: ImageFormat
    /// The format the file name's extension claims, when it claims one and it differs from `format`.
    public var extensionMismatch: ImageFormat?
    /// Whether this package decodes the format's pixels.
    public var isDecodable: Bool
    /// Stored pixel size (before EXIF orientation). Zero for formats that are recognised but not read.
    public var width: Int
    public var height: Int
    public var colorModel: ColorModel?
    /// Bits per sample as stored (JPEG precision, PNG bit depth, GIF colour resolution of the palette).
    public var bitDepth: Int?
    /// Whether the file has transparency (PNG alpha or tRNS, GIF transparent index).
    public var hasAlpha: Bool
    /// JPEG progressive or PNG/GIF interlaced.
    public var progressive: Bool
    public var interlaced: Bool
    /// JPEG details: entropy coding and chroma subsampling such as "4:2:0".
    public var arithmeticCoded: Bool
    public var chromaSubsampling: String?
    /// The EXIF orientation (1 when absent or invalid).
    public var orientation: ImageOrientation
    /// The number of frames (images) for GIF and APNG; 1 for stills.
    public var frameCount: Int?
    /// GIF/APNG loop count as stored: 0 = forever; nil when the file has no loop block.
    public var loopCount: Int?
    /// GIF frame delays in hundredths of a second, in frame order.
    public var delays: [Int]?
    /// GIF: the offset of the trailer byte (0x3B), when the probe reached it.
    public var trailerOffset: Int?
    /// Problems that do not stop reading.
    public var warnings: [ImageWarning]

    /// The size as displayed, after the EXIF orientation.
    public var displayWidth: Int { orientation.swapsAxes ? height : width }
    public var displayHeight: Int { orientation.swapsAxes ? width : height }

    package init(format: ImageFormat, width: Int = 0, height: Int = 0) {
        self.format = format
        self.extensionMismatch = nil
        self.isDecodable = format.isDecodable
        self.width = width
        self.height = height
        self.colorModel = nil
        self.bitDepth = nil
        self.hasAlpha = false
        self.progressive = false
        self.interlaced = false
        self.arithmeticCoded = false
        self.chromaSubsampling = nil
        self.orientation = .up
        self.frameCount = nil
        self.loopCount = nil
        self.delays = nil
        self.trailerOffset = nil
        self.warnings = []
    }
}
