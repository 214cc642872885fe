/// The one entry point for reading any image: `probe` reads headers only, `decode` reads pixels.
/// The format always comes from the leading bytes; a file name only names the file in errors and is
/// compared with the sniffed format (a mismatch becomes an `extension-mismatch` warning).
import AssetsSupport

public enum ImageInspector {
    /// Reads only the headers of `bytes`: format, size, colour model, orientation, GIF frames and delays.
    /// Works on a prefix of the file as long as the prefix holds the headers (JPEG: up to SOF; PNG: up to
    /// IDAT; GIF: the whole file for frame counts); pass `isWholeFile: false` for a prefix. Throws
    /// `truncated` when the bytes end before the headers do. For a whole file, a JPEG without its final
    /// end-of-image marker, a PNG without IEND or a GIF without its trailer gets a `missing-end` warning.
    /// A size beyond `limits` throws `tooLarge`, as decoding would.
    public static func probe(
        _ bytes: [UInt8], file: String? = nil, limits: DecodingLimits = .default,
        isWholeFile: Bool = true
    ) throws(ImageError) -> ImageInfo {
        do throws(ImageError) {
            guard let format = ImageFormat(sniffing: bytes) else {
                throw ImageError(.notAnImage, offset: 0, detail: "leading bytes match no known image format")
            }
            var info: ImageInfo
            switch format {
            case .jpeg: info = try JPEGHeaderScan(bytes).info
            case .png: info = try PNGHeaderScan(bytes).info
            case .gif: info = ImageInfo(gif: try GIFInfo(bytes: bytes, limits: limits), header: Array(bytes.prefix(13)))
            case .pdf, .svg, .heic, .webp: info = ImageInfo(format: format)
            }
            if format == .jpeg || format == .png || format == .gif {
                // A GIF's logical screen is its canvas: decoding refuses one over the limits, so the probe does too.
                try limits.check(width: info.width, height: info.height, format: format)
            }
            if isWholeFile { info.noteMissingEnd(tail: bytes.suffix(ImageInfo.endWindow), fileSize: bytes.count) }
            if let file { info.noteExtension(of: file) }
            return info
        } catch {
            throw file.map { error.naming(file: $0) } ?? error
        }
    }

    /// Decodes a still image (GIF: the first frame) to 8-bit RGBA, EXIF orientation applied unless asked not to.
    public static func decode(_ bytes: [UInt8], file: String? = nil, options: DecodeOptions = .default) throws(ImageError) -> DecodedImage {
        do throws(ImageError) {
            var info = try probe(bytes, limits: options.limits)
            if let file { info.noteExtension(of: file) }
            guard info.isDecodable else { throw notDecoded(info) }
            var (image, codecWarnings) = try decodePixels(bytes, format: info.format, options: options)
            var applied = ImageOrientation.up
            if options.orientation == .apply, info.orientation != .up {
                image = image.applying(info.orientation)
                applied = info.orientation
            }
            return DecodedImage(image: image, info: info, warnings: info.warnings + codecWarnings, appliedOrientation: applied)
        } catch {
            throw file.map { error.naming(file: $0) } ?? error
        }
    }

    /// Checks that a whole JPEG, PNG or GIF decodes, keeping no image, and gives the header probe's facts
    /// and every warning `decode` would give; it throws where `decode` throws. Every layer that can fail is
    /// read in full (markers and all entropy-coded data; chunks, CRCs, the zlib stream and the row
    /// filters); the arithmetic that cannot fail (inverse DCT, upsampling, undoing PNG filters of a clean
    /// file) is skipped. Other formats throw `unsupported`.
    ///
    /// A GIF has every frame decoded and composited by `GIFFrameReader` first, exactly as `extract-frames`
    /// does, so its damage is the decoder's (frame, offset, kind and words): this is the one check that
    /// `info --decode` and `validate --deep` share with `extract-frames`. The header probe, whose
    /// structure walk skips image data, comes after it.
    public static func check(_ bytes: [UInt8], options: DecodeOptions = .default) throws(ImageError) -> (ImageInfo, [ImageWarning]) {
        if ImageFormat(sniffing: bytes) == .gif {
            let reader = try GIFFrameReader(bytes: bytes, limits: options.limits, output: .composited)
            var frames = 0
            while try reader.nextFrame() != nil { frames += 1 }
            var info = try probe(bytes, limits: options.limits)
            info.frameCount = frames
            return (info, info.warnings)
        }
        let info = try probe(bytes, limits: options.limits)
        guard info.isDecodable else { throw notDecoded(info) }
        guard info.format == .jpeg || info.format == .png else {
            throw ImageError(.unsupported, format: info.format, detail: "\(info.format.rawValue) files are not checked row by row")
        }
        let result: Result<[ImageWarning], ImageError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(ImageError) {
                if info.format == .png { return .success(try PNGDecoder(options: options).check(buffer)) }
                return .success(try JPEGDecoder(options: options).check(buffer))
            } catch {
                return .failure(error)
            }
        }
        return (info, info.warnings + (try result.get()))
    }

    /// Why a recognised file is not decoded (a GIF-less format, 12-bit JPEG samples).
    private static func notDecoded(_ info: ImageInfo) -> ImageError {
        ImageError(
            .unsupported, format: info.format,
            detail: info.warnings.first { $0.code == .unsupported }?.message
                ?? "\(info.format.rawValue) files are recognised but not decoded")
    }

    /// The stored pixels of a decodable format; the C decoders read the caller's buffer in place.
    private static func decodePixels(
        _ bytes: [UInt8], format: ImageFormat,
        options: DecodeOptions
    ) throws(ImageError) -> (RGBAImage, [ImageWarning]) {
        if format == .gif { return try GIFStillDecoder(options: options).decode(bytes) }
        let result: Result<(RGBAImage, [ImageWarning]), ImageError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(ImageError) {
                switch format {
                case .jpeg: return .success(try JPEGDecoder(options: options).decode(buffer))
                case .png: return .success(try PNGDecoder(options: options).decode(buffer))
                default: throw ImageError(.unsupported, format: format, detail: "no decoder")
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// How much of a JPEG or PNG file `probe(file:)` reads first; the headers nearly always fit.
    package static let headerWindow = 64 * 1024

    /// Probes a file on disk, reading as little as it can: for JPEG and PNG the first 64 KiB (more only when
    /// the headers run past it) and the last 4 KiB for the end marker; GIF and other formats are read whole.
    /// Reading never writes to the file.
    public static func probe(file path: String, limits: DecodingLimits = .default) throws(ImageError) -> ImageInfo {
        let file = try ImageFile(path)
        guard file.size > headerWindow else { return try probe(try file.readAll(), file: path, limits: limits) }
        let head = try file.read(from: 0, count: headerWindow)
        let format = ImageFormat(sniffing: head)
        guard format == .jpeg || format == .png else { return try probe(try file.readAll(), file: path, limits: limits) }
        let tail = try file.read(from: file.size - ImageInfo.endWindow, count: ImageInfo.endWindow)
        do {
            return try probe(head: head, tail: tail, fileSize: file.size, file: path, limits: limits)
        } catch  where error.kind == .truncated {
            return try probe(try file.readAll(), file: path, limits: limits)
        }
    }

    /// Probes from the first and last bytes of a file (for callers that read files themselves): `head` from
    /// offset 0, `tail` the file's last bytes (4 KiB is enough), `fileSize` its length. When `head` is the
    /// whole file this equals `probe(head, file:)`. JPEG and PNG need their headers in `head` (else
    /// `truncated`); GIF needs the whole file for its frames.
    package static func probe(
        head: [UInt8], tail: [UInt8], fileSize: Int, file: String? = nil,
        limits: DecodingLimits = .default
    ) throws(ImageError) -> ImageInfo {
        if head.count >= fileSize { return try probe(head, file: file, limits: limits) }
        var info = try probe(head, file: file, limits: limits, isWholeFile: false)
        info.noteMissingEnd(tail: tail, fileSize: fileSize)
        return info
    }

    /// Reads a file from disk and decodes it.
    public static func decode(file path: String, options: DecodeOptions = .default) throws(ImageError) -> DecodedImage {
        try decode(try readFile(path), file: path, options: options)
    }

    /// The whole file, as bytes. Refuses folders and files larger than 2 GiB.
    public static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
        try ImageFile(path).readAll()
    }
}
