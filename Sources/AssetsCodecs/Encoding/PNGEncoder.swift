import AssetsSupport
internal import CPNGShim

/// Encodes RGBA rasters as 8-bit PNG through libpng.
public struct PNGEncoder: Sendable, Hashable {
    /// Row filters libpng may use.
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        /// No filtering: the fastest, and close in size to other tools' defaults on animation frames.
        case none
        case sub
        case up
        /// libpng's per-row heuristic over all filters: smaller on photographs, slower.
        case adaptive
        /// Encodes with `none` and with `adaptive` and keeps the smaller file: twice the work, the smaller
        /// of the two on any content (flat screen captures favour `none`, photographs `adaptive`).
        case smallerOfNoneAndAdaptive
    }

    /// What compresses the image data (the IDAT stream).
    public enum Deflater: String, Sendable, Hashable, CaseIterable {
        /// libpng's own zlib stream (levels 0-9), with any filter.
        case zlib
        /// libdeflate's whole-buffer compressor (levels 0-12); libpng still writes the chunks around the
        /// stream. With filter `none` only: other filters go through zlib.
        case libdeflate
    }

    /// The level, 0 (store) to 9 for zlib, to 12 for libdeflate (smallest).
    public var compressionLevel: Int
    public var filter: Filter
    public var deflater: Deflater
    /// With libdeflate: an image whose every pixel is opaque is written as an RGB PNG (the same pixels
    /// when read back, a quarter less data to compress and store). RGBA otherwise.
    public var opaqueAsRGB: Bool

    public init(compressionLevel: Int = 6, filter: Filter = .none, deflater: Deflater = .zlib, opaqueAsRGB: Bool = false) {
        self.compressionLevel = min(max(compressionLevel, 0), deflater == .libdeflate ? 12 : 9)
        self.filter = filter
        self.deflater = deflater
        self.opaqueAsRGB = opaqueAsRGB
    }

    /// The fast default used for frame extraction: no row filter, libdeflate level 2, opaque images as RGB.
    ///
    /// Chosen by measurement on screen-recording frames (BENCHMARKS.md, "PNG output: deflate compared"):
    /// libdeflate at level 2 takes about 0.6 of zlib level 2's time for smaller files, and writing an
    /// opaque frame as RGB cuts a quarter of the data again: the files come out about ffmpeg's size
    /// (its zlib level 6, RGBA). Row filters make such flat, paletted content larger, not smaller.
    public static let fast = PNGEncoder(compressionLevel: 2, filter: .none, deflater: .libdeflate, opaqueAsRGB: true)
    /// Small output on photographs (zlib 9, libpng's adaptive filters), several times slower.
    public static let smallest = PNGEncoder(compressionLevel: 9, filter: .adaptive)
    /// The smallest output of this encoder on any content: zlib 9, the smaller of no filter and adaptive.
    public static let smallestOnAnyContent = PNGEncoder(compressionLevel: 9, filter: .smallerOfNoneAndAdaptive)

    /// Encodes `image` as an RGBA PNG file in memory.
    public func encode(_ image: RGBAImage) throws(PNGEncodingError) -> [UInt8] {
        let buffer = PNGEncodingBuffer()
        return try encode(image, into: buffer) { Array($0) }
    }

    /// Encodes `image` into `buffer` (its allocation is reused from call to call) and hands the file's
    /// bytes to `body`; they are valid only during the call.
    package func encode<Result>(
        _ image: RGBAImage, into buffer: PNGEncodingBuffer, _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        switch filter {
        case .none where deflater == .libdeflate: return try encodeWithLibdeflate(image, into: buffer, body)
        case .none: return try encode(image, filter: ASSETS_PNG_FILTER_NONE, into: buffer, body)
        case .sub: return try encode(image, filter: ASSETS_PNG_FILTER_SUB, into: buffer, body)
        case .up: return try encode(image, filter: ASSETS_PNG_FILTER_UP, into: buffer, body)
        case .adaptive: return try encode(image, filter: ASSETS_PNG_FILTER_ADAPTIVE, into: buffer, body)
        case .smallerOfNoneAndAdaptive:
            let spare = buffer.spare
            let unfiltered = try encode(image, filter: ASSETS_PNG_FILTER_NONE, into: spare) { $0.count }
            let adaptive = try encode(image, filter: ASSETS_PNG_FILTER_ADAPTIVE, into: buffer) { $0.count }
            // Ties go to the unfiltered file, which decodes faster.
            let winner = unfiltered <= adaptive ? spare : buffer
            return try body(winner.bytes)
        }
    }

    private func encode<Result>(
        _ image: RGBAImage, filter: assets_png_filter, into buffer: PNGEncodingBuffer,
        _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        let level = Int32(min(compressionLevel, 9))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            assets_png_encode_reusing(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                                      1, level, filter, &buffer.output)
        }
        return try finish(status, image, buffer, body)
    }

    private func encodeWithLibdeflate<Result>(
        _ image: RGBAImage, into buffer: PNGEncodingBuffer, _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            assets_png_encode_libdeflate(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                                         1, Int32(compressionLevel), opaqueAsRGB ? 1 : 0, &buffer.output)
        }
        return try finish(status, image, buffer, body)
    }

    private func finish<Result>(
        _ status: assets_png_encode_status, _ image: RGBAImage, _ buffer: PNGEncodingBuffer,
        _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        switch status {
        case ASSETS_PNG_ENCODE_OK:
            guard buffer.output.bytes != nil, buffer.output.count > 0 else { throw .library("libpng produced no output") }
            return try body(buffer.bytes)
        case ASSETS_PNG_ENCODE_OUT_OF_MEMORY:
            throw .outOfMemory
        case ASSETS_PNG_ENCODE_INVALID_ARGUMENT:
            throw .library("invalid arguments for a \(image.width)x\(image.height) image")
        default:
            throw .library(cMessageText(buffer.output.message))
        }
    }
}

/// Memory an encoder reuses from file to file, so encoding many frames allocates only while the
/// largest file so far grows. Not for use from two threads at once: give each thread its own.
package final class PNGEncodingBuffer {
    fileprivate var output = assets_png_encode_output()
    private var second: PNGEncodingBuffer?

    package init() {}

    deinit {
        assets_png_encode_free(&output)
    }

    /// A second buffer, for encoders that try two ways and keep the smaller.
    fileprivate var spare: PNGEncodingBuffer {
        if let second { return second }
        let made = PNGEncodingBuffer()
        second = made
        return made
    }

    fileprivate var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: output.bytes, count: output.count)
    }
}

/// Why a PNG could not be encoded.
public enum PNGEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyImage
    case outOfMemory
    case library(String)

    public var description: String {
        switch self {
        case .emptyImage: return "cannot encode an image with no pixels"
        case .outOfMemory: return "out of memory while encoding PNG"
        case .library(let message): return "libpng: \(message)"
        }
    }
}
