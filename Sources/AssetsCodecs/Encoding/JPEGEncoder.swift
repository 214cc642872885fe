import AssetsSupport
internal import CJPEGShim

/// Encodes RGBA rasters as JPEG through libjpeg(-turbo): previews, example photos and test fixtures.
public struct JPEGEncoder: Sendable, Hashable {
    /// How colour is stored in the file.
    public enum ColorModel: String, Sendable, Hashable, CaseIterable {
        /// YCbCr, the usual photo encoding.
        case ycbcr
        /// One grey channel (luma of the RGB input).
        case grayscale
        /// RGB without colour transform (Adobe transform 0).
        case rgb
    }

    /// Chroma subsampling of YCbCr files.
    public enum Subsampling: String, Sendable, Hashable, CaseIterable {
        case s444 = "4:4:4"
        case s422 = "4:2:2"
        case s420 = "4:2:0"
    }

    /// 1 (smallest) to 100 (best).
    public var quality: Int
    public var progressive: Bool
    public var colorModel: ColorModel
    public var subsampling: Subsampling
    /// Arithmetic entropy coding instead of Huffman.
    public var arithmetic: Bool
    /// Optimal Huffman tables (ignored with arithmetic coding).
    public var optimizeCoding: Bool
    /// Restart markers every this many MCUs; 0 writes none.
    public var restartInterval: Int
    /// When set, an EXIF APP1 segment carrying this orientation (1...8, or any raw value to test readers).
    public var exifOrientation: UInt16?
    /// Byte order of that EXIF block.
    public var exifBigEndian: Bool

    public init(
        quality: Int = 90,
        progressive: Bool = false,
        colorModel: ColorModel = .ycbcr,
        subsampling: Subsampling = .s420,
        arithmetic: Bool = false,
        optimizeCoding: Bool = false,
        restartInterval: Int = 0,
        exifOrientation: UInt16? = nil,
        exifBigEndian: Bool = true
    ) {
        self.quality = min(max(quality, 1), 100)
        self.progressive = progressive
        self.colorModel = colorModel
        self.subsampling = subsampling
        self.arithmetic = arithmetic
        self.optimizeCoding = optimizeCoding
        self.restartInterval = min(max(restartInterval, 0), 65_535)
        self.exifOrientation = exifOrientation
        self.exifBigEndian = exifBigEndian
    }

    /// Encodes `image` (alpha is dropped) as a JPEG file in memory.
    public func encode(_ image: RGBAImage) throws(JPEGEncodingError) -> [UInt8] {
        let store: assets_jpeg_store
        switch colorModel {
        case .ycbcr: store = ASSETS_JPEG_STORE_YCBCR
        case .grayscale: store = ASSETS_JPEG_STORE_GRAY
        case .rgb: store = ASSETS_JPEG_STORE_RGB
        }
        return try encode(
            pixels: image.pixels, width: image.width, height: image.height,
            input: ASSETS_JPEG_INPUT_RGBA, store: store)
    }

    /// Encodes Adobe-style (inverted) CMYK pixels, 4 bytes each, stored as CMYK or YCCK with an Adobe marker.
    /// Used to make CMYK fixtures; decoders turn them into RGB.
    public func encodeCMYK(_ pixels: [UInt8], width: Int, height: Int, ycck: Bool) throws(JPEGEncodingError) -> [UInt8] {
        guard width > 0, height > 0, case (let count, false) = width.multipliedReportingOverflow(by: height * 4),
            pixels.count == count
        else { throw .emptyImage }
        return try encode(
            pixels: pixels, width: width, height: height, input: ASSETS_JPEG_INPUT_CMYK,
            store: ycck ? ASSETS_JPEG_STORE_YCCK : ASSETS_JPEG_STORE_CMYK)
    }

    private func encode(
        pixels: [UInt8], width: Int, height: Int, input: assets_jpeg_input,
        store: assets_jpeg_store
    ) throws(JPEGEncodingError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .emptyImage }
        guard width <= 65_500, height <= 65_500 else { throw .library("\(width)x\(height) is larger than JPEG allows") }
        let app1 = exifOrientation.map { EXIFOrientationBlock.make(orientation: $0, bigEndian: exifBigEndian) } ?? []
        var settings = assets_jpeg_encode_settings()
        settings.quality = Int32(quality)
        settings.progressive = progressive ? 1 : 0
        settings.arithmetic = arithmetic ? 1 : 0
        settings.optimize_coding = optimizeCoding ? 1 : 0
        settings.restart_interval = Int32(restartInterval)
        switch subsampling {
        case .s444: (settings.chroma_h, settings.chroma_v) = (1, 1)
        case .s422: (settings.chroma_h, settings.chroma_v) = (2, 1)
        case .s420: (settings.chroma_h, settings.chroma_v) = (2, 2)
        }
        settings.input = input
        settings.store = store
        var output = assets_jpeg_encode_output()
        let status = pixels.withUnsafeBufferPointer { buffer in
            app1.withUnsafeBufferPointer { marker in
                settings.app1 = marker.baseAddress
                settings.app1_count = marker.count
                return assets_jpeg_encode(
                    buffer.baseAddress, UInt32(width), UInt32(height), width * 4,
                    &settings, &output)
            }
        }
        defer { assets_jpeg_encode_free(&output) }
        switch status {
        case ASSETS_JPEG_ENCODE_OK:
            guard let bytes = output.bytes else { throw .library("libjpeg produced no output") }
            return Array(UnsafeBufferPointer(start: bytes, count: output.count))
        case ASSETS_JPEG_ENCODE_OUT_OF_MEMORY:
            throw .outOfMemory
        case ASSETS_JPEG_ENCODE_INVALID_ARGUMENT:
            throw .library("invalid arguments for a \(width)x\(height) image")
        default:
            throw .library(cMessageText(output.message))
        }
    }
}

/// Why a JPEG could not be encoded.
public enum JPEGEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyImage
    case outOfMemory
    case library(String)

    public var description: String {
        switch self {
        case .emptyImage: return "cannot encode an image with no pixels"
        case .outOfMemory: return "out of memory while encoding JPEG"
        case .library(let message): return "libjpeg: \(message)"
        }
    }
}
