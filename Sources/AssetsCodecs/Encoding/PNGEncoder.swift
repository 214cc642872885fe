import AssetsSupport
internal import CPNGShim

/// Encodes RGBA rasters as PNG through libpng: 8-bit RGBA, or with libdeflate the smallest colour type
/// that holds the same pixels (indexed, RGB) when asked.
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
    /// An image whose every pixel is opaque is written as an RGB PNG (the same pixels when read back, a
    /// quarter less data to compress and store). RGBA otherwise.
    public var opaqueAsRGB: Bool
    /// An image of at most 256 distinct RGBA colours is written as an indexed PNG (colour
    /// type 3 with PLTE, and tRNS when a colour is not opaque; bit depth 1, 2 or 4 when 2, 4 or 16 colours
    /// suffice, else 8): the same RGBA pixels when read back, a quarter of the data to compress or less.
    /// Checked before `opaqueAsRGB`; an image with more colours is written as that option says.
    public var indexedWhenFewColors: Bool

    /// The zlib levels of frames compressed in bands of rows (see `bandLevels`).
    public struct BandLevels: Sendable, Hashable {
        /// For RGB and RGBA rows.
        public var direct: Int
        /// For indexed rows, a third or a quarter of the bytes of the same pixels.
        public var indexed: Int

        public init(direct: Int, indexed: Int) {
            self.direct = min(max(direct, 1), 9)
            self.indexed = min(max(indexed, 1), 9)
        }
    }

    /// For the frames of an animation (`FrameExtractor`): a frame's image data is compressed in bands of
    /// rows by zlib at these levels, each band on its own, so that a band whose rows the frame before left
    /// unchanged is not compressed again (`FrameBands`); nil compresses every frame whole. Used with filter
    /// `none` and libdeflate; a frame that changed most of its bands is compressed whole, as without it.
    public var bandLevels: BandLevels?

    public init(
        compressionLevel: Int = 6, filter: Filter = .none, deflater: Deflater = .zlib, opaqueAsRGB: Bool = false,
        indexedWhenFewColors: Bool = false, bandLevels: BandLevels? = nil
    ) {
        self.compressionLevel = min(max(compressionLevel, 0), deflater == .libdeflate ? 12 : 9)
        self.filter = filter
        self.deflater = deflater
        self.opaqueAsRGB = opaqueAsRGB
        self.indexedWhenFewColors = indexedWhenFewColors
        self.bandLevels = bandLevels
    }

    /// The fast default used for frame extraction: no row filter, libdeflate level 2, images of at most 256
    /// colours indexed, other opaque images as RGB.
    ///
    /// Chosen by measurement on screen-recording frames (the figures are in BENCHMARKS.md, "PNG output:
    /// deflate compared"): libdeflate at a low level is faster than zlib for smaller files, an opaque frame
    /// written as RGB has a quarter less data, and most GIF frames keep to one palette, so indexed rows
    /// compress faster and smaller. Row filters make such flat, paletted content larger, not smaller.
    ///
    /// The frames of an animation are compressed in bands of rows by zlib when at most half of a frame's
    /// bands changed since the frame before (a screen recording changes a few rows at a time): only the
    /// changed bands are compressed. Level 6 for indexed rows, so that files are no larger than whole
    /// frames by libdeflate; level 3 for RGB rows, which have three times the bytes (figures in
    /// BENCHMARKS.md, "Frames in bands").
    public static let fast = PNGEncoder(
        compressionLevel: 2, filter: .none, deflater: .libdeflate, opaqueAsRGB: true,
        indexedWhenFewColors: true, bandLevels: BandLevels(direct: 3, indexed: 6))
    /// Smooth images of any size (a BlurHash or ThumbHash drawn by `render-hash`, up to 4096x4096): zlib 6
    /// with libpng's adaptive filters, RGB when every pixel is opaque. On a 9x9 BlurHash drawn at 4096x4096,
    /// zlib 9 took about ten times as long for 8 % fewer bytes, and RGB at level 6 is as small as RGBA at 9
    /// (4.3 MB; BENCHMARKS.md, "render-hash").
    public static let smooth = PNGEncoder(compressionLevel: 6, filter: .adaptive, opaqueAsRGB: true)
    /// Small output on photographs (zlib 9, libpng's adaptive filters), several times slower.
    public static let smallest = PNGEncoder(compressionLevel: 9, filter: .adaptive)
    /// The smallest output of this encoder on any content: zlib 9, the smaller of no filter and adaptive,
    /// indexed or RGB when that holds the same pixels (as `fast`; RGBA zlib 9 files are larger than `fast`'s
    /// on GIF frames).
    public static let smallestOnAnyContent = PNGEncoder(
        compressionLevel: 9, filter: .smallerOfNoneAndAdaptive,
        opaqueAsRGB: true, indexedWhenFewColors: true)

    /// Encodes `image` as a PNG file in memory (RGBA, or indexed or RGB as the settings allow).
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
        let reduces = opaqueAsRGB || indexedWhenFewColors
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            reduces
                ? assets_png_encode_reduced(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                    1, level, filter, opaqueAsRGB ? 1 : 0, indexedWhenFewColors ? 1 : 0, &buffer.output)
                : assets_png_encode_reusing(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                    1, level, filter, &buffer.output)
        }
        return try finish(status, image, buffer, body)
    }

    private func encodeWithLibdeflate<Result>(
        _ image: RGBAImage, into buffer: PNGEncodingBuffer, _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            assets_png_encode_libdeflate(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                1, Int32(compressionLevel), opaqueAsRGB ? 1 : 0, indexedWhenFewColors ? 1 : 0,
                &buffer.output)
        }
        return try finish(status, image, buffer, body)
    }

    /// The first half of `encode(_:into:_:)`, for encoding on another thread: everything the file needs
    /// from `image` goes into `buffer` (with libdeflate and no filter, the image data ready to compress, a
    /// quarter of the pixels' bytes or less when indexed; otherwise a copy of the pixels), so the caller
    /// may change `image` as soon as this returns.
    package func prepare(_ image: RGBAImage, into buffer: PNGEncodingBuffer) throws(PNGEncodingError) {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        guard filter == .none, deflater == .libdeflate else {
            buffer.hold(image)
            return
        }
        buffer.held = nil
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            assets_png_prepare_libdeflate(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                1, opaqueAsRGB ? 1 : 0, indexedWhenFewColors ? 1 : 0, &buffer.output)
        }
        if let error = failure(status, width: image.width, height: image.height, buffer) { throw error }
    }

    /// The second half: encodes what `prepare(_:into:)` left in `buffer` and hands the file's bytes to
    /// `body`, as `encode(_:into:_:)` would have for the same image.
    package func finishPrepared<Result>(
        in buffer: PNGEncodingBuffer, _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        if let held = buffer.held {
            return try encode(held, into: buffer, body)
        }
        let status = assets_png_finish_libdeflate(Int32(compressionLevel), &buffer.output)
        if let error = failure(status, width: nil, height: nil, buffer) { throw error }
        return try body(buffer.bytes)
    }

    /// The image data of a prepared image, as `preparedImageData(in:)` finds it.
    package struct PreparedImageData {
        /// Each row its filter byte, then its samples.
        package var data: UnsafeBufferPointer<UInt8>
        /// The bytes of one row, its filter byte included.
        package var rowBytes: Int
        /// Whether the rows hold palette indices (colour type 3).
        package var isIndexed: Bool
    }

    /// Whether `prepare(_:into:)` leaves the image data itself in the buffer (filter `none`, libdeflate), so
    /// that its bands can be compressed apart (`compressBand`, `finishBands`).
    package var preparesImageData: Bool { filter == .none && deflater == .libdeflate }

    /// The image data `prepare(_:into:)` left in `buffer`; nil when it left none. Valid until the buffer's
    /// next use.
    package func preparedImageData(in buffer: PNGEncodingBuffer) -> PreparedImageData? {
        guard buffer.held == nil else { return nil }
        var data: UnsafePointer<UInt8>?
        var count = 0
        var rowBytes = 0
        var indexed: Int32 = 0
        guard assets_png_prepared_data(&buffer.output, &data, &count, &rowBytes, &indexed) == ASSETS_PNG_ENCODE_OK, let data,
            rowBytes > 0
        else { return nil }
        return PreparedImageData(data: UnsafeBufferPointer(start: data, count: count), rowBytes: rowBytes, isIndexed: indexed != 0)
    }

    /// Compresses `data` (a band of the image data prepared in `buffer`) on its own with zlib at `level`:
    /// the same bytes for the same rows in any frame. `last` ends the stream.
    package func compressBand(
        _ data: UnsafeBufferPointer<UInt8>, level: Int, last: Bool,
        buffer: PNGEncodingBuffer
    ) throws(PNGEncodingError) -> CompressedBand {
        guard let base = data.baseAddress, !data.isEmpty else { throw .library("an empty band of image data") }
        let band = CompressedBand()
        let status = assets_png_compress_band(&buffer.output, base, data.count, Int32(level), last ? 1 : 0, &band.band)
        if let error = failure(status, width: nil, height: nil, buffer) { throw error }
        return band
    }

    /// Writes the file of the image prepared in `buffer` from its bands, in order (they cover its data),
    /// compressed by `compressBand` at `level`, and hands its bytes to `body`.
    package func finishBands<Result>(
        _ bands: [CompressedBand], level: Int, in buffer: PNGEncodingBuffer,
        _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        let parts = bands.map(\.band)
        // The bands' bytes are read during the call: the bands are kept alive until it returns.
        let status = withExtendedLifetime(bands) {
            parts.withUnsafeBufferPointer { parts in
                assets_png_finish_bands(Int32(level), parts.baseAddress, parts.count, &buffer.output)
            }
        }
        if let error = failure(status, width: nil, height: nil, buffer) { throw error }
        return try body(buffer.bytes)
    }

    private func finish<Result>(
        _ status: assets_png_encode_status, _ image: RGBAImage, _ buffer: PNGEncodingBuffer,
        _ body: (UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) -> Result
    ) throws(PNGEncodingError) -> Result {
        if let error = failure(status, width: image.width, height: image.height, buffer) { throw error }
        guard buffer.output.bytes != nil, buffer.output.count > 0 else { throw .library("libpng produced no output") }
        return try body(buffer.bytes)
    }

    /// The error a shim status stands for; nil for success.
    private func failure(_ status: assets_png_encode_status, width: Int?, height: Int?, _ buffer: PNGEncodingBuffer) -> PNGEncodingError? {
        switch status {
        case ASSETS_PNG_ENCODE_OK:
            return nil
        case ASSETS_PNG_ENCODE_OUT_OF_MEMORY:
            return .outOfMemory
        case ASSETS_PNG_ENCODE_INVALID_ARGUMENT:
            guard let width, let height else { return .library("invalid arguments (nothing prepared to encode)") }
            return .library("invalid arguments for a \(width)x\(height) image")
        default:
            return .library(cMessageText(buffer.output.message))
        }
    }
}

/// Memory an encoder reuses from file to file, so encoding many frames allocates only while the
/// largest file so far grows. Not for use from two threads at once: give each thread its own.
package final class PNGEncodingBuffer {
    fileprivate var output = assets_png_encode_output()
    private var second: PNGEncodingBuffer?
    /// A copy of the image `PNGEncoder.prepare` was given, when its settings need the pixels themselves;
    /// its storage is reused by the next copy.
    fileprivate var held: RGBAImage?

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

    /// Keeps a copy of `image` in storage reused from call to call.
    fileprivate func hold(_ image: RGBAImage) {
        var pixels = held?.pixels ?? []
        held = nil
        if pixels.count != image.pixels.count {
            pixels = image.pixels
        } else {
            pixels.withUnsafeMutableBufferPointer { target in
                image.pixels.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    to.update(from: from, count: source.count)
                }
            }
        }
        held = RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    fileprivate var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: output.bytes, count: output.count)
    }
}

/// One band of a frame's image data compressed on its own (`PNGEncoder.compressBand`); immutable once made,
/// shared by the frames that keep those rows.
package final class CompressedBand: @unchecked Sendable {
    // Unchecked: written once by `compressBand` before it is shared, then only read.
    fileprivate var band = assets_png_band()

    fileprivate init() {}

    deinit {
        assets_png_band_free(&band)
    }

    /// The compressed bytes.
    package var count: Int { band.count }
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
