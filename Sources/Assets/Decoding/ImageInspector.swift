#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one entry point for reading any image: `probe` reads headers only, `decode` reads pixels.
/// The format always comes from the leading bytes; a file name only names the file in errors and is
/// compared with the sniffed format (a mismatch becomes an `extension-mismatch` warning).
public enum ImageInspector {
    /// Reads only the headers of `bytes`: format, size, colour model, orientation, GIF frames and delays.
    /// Works on a prefix of the file as long as the prefix holds the headers (JPEG: up to SOF; PNG: up to
    /// IDAT; GIF: the whole file for frame counts); pass `isWholeFile: false` for a prefix. Throws
    /// `truncated` when the bytes end before the headers do. For a whole file, a JPEG without its final
    /// end-of-image marker or a PNG without IEND gets a `missing-end` warning (a likely truncation).
    public static func probe(_ bytes: [UInt8], file: String? = nil, limits: DecodingLimits = .default,
                             isWholeFile: Bool = true) throws(ImageError) -> ImageInfo {
        do throws(ImageError) {
            guard let format = ImageFormat(sniffing: bytes) else {
                throw ImageError(.notAnImage, offset: 0, detail: "leading bytes match no known image format")
            }
            var info: ImageInfo
            switch format {
            case .jpeg: info = try JPEGHeaderScan(bytes).info
            case .png: info = try PNGHeaderScan(bytes).info
            case .gif: info = try GIFStructureScan(bytes, limits: limits).info
            case .pdf, .svg, .heic, .webp: info = ImageInfo(format: format)
            }
            if isWholeFile { info.noteMissingEnd(in: bytes) }
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
            guard info.isDecodable else {
                throw ImageError(.unsupported, format: info.format,
                                 detail: info.warnings.first { $0.code == "unsupported" }?.message
                                     ?? "\(info.format.rawValue) files are recognised but not decoded")
            }
            let result: Result<(RGBAImage, [ImageWarning]), ImageError> = bytes.withUnsafeBufferPointer { buffer in
                do throws(ImageError) {
                    switch info.format {
                    case .jpeg: return .success(try JPEGDecoder(options: options).decode(buffer))
                    case .png: return .success(try PNGDecoder(options: options).decode(buffer))
                    case .gif: return .success(try GIFStillDecoder(options: options).decode(buffer))
                    default: throw ImageError(.unsupported, format: info.format, detail: "no decoder")
                    }
                } catch {
                    return .failure(error)
                }
            }
            var (image, codecWarnings) = try result.get()
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

    /// Reads a file from disk and probes it. Reading never writes to the file.
    public static func probe(file path: String, limits: DecodingLimits = .default) throws(ImageError) -> ImageInfo {
        try probe(try readFile(path), file: path, limits: limits)
    }

    /// Reads a file from disk and decodes it.
    public static func decode(file path: String, options: DecodeOptions = .default) throws(ImageError) -> DecodedImage {
        try decode(try readFile(path), file: path, options: options)
    }

    /// The whole file, as bytes. Refuses folders and files larger than 2 GiB.
    public static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw ImageError(.unreadable, file: path, detail: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ImageError(.unreadable, file: path, detail: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ImageError(.unreadable, file: path, detail: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= 1 << 31 else {
            throw ImageError(.tooLarge, file: path, detail: "file is \(size) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { raw in
            while done < size {
                let got = read(fd, raw.baseAddress! + done, size - done)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { break }
                done += got
            }
        }
        if failure != 0 { throw ImageError(.unreadable, file: path, detail: String(cString: strerror(failure))) }
        return done == size ? bytes : Array(bytes.prefix(done))
    }
}

extension ImageInfo {
    /// A whole JPEG ends with FF D9 (trailing bytes after it are tolerated); a whole PNG ends with IEND.
    mutating func noteMissingEnd(in bytes: [UInt8]) {
        switch format {
        case .jpeg:
            let tail = bytes.suffix(4096)
            var found = false
            var i = tail.endIndex - 1
            while i > tail.startIndex {
                if tail[i - 1] == 0xFF && tail[i] == 0xD9 { found = true; break }
                i -= 1
            }
            if !found {
                warnings.append(ImageWarning(code: "missing-end", message: "no JPEG end-of-image marker at the end: truncated?",
                                             offset: bytes.count))
            }
        case .png:
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            if !bytes.suffix(4096).indices.contains(where: { bytes[$0...].starts(with: iend) }) {
                warnings.append(ImageWarning(code: "missing-end", message: "no PNG IEND chunk at the end: truncated?",
                                             offset: bytes.count))
            }
        default:
            break
        }
    }

    /// Records a warning when the file name's extension claims another image format than the bytes.
    mutating func noteExtension(of file: String) {
        guard extensionMismatch == nil else { return }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex else { return }
        let ext = String(name[name.index(after: dot)...])
        guard let claimed = ImageFormat(fileExtension: ext), claimed != format else { return }
        extensionMismatch = claimed
        warnings.append(ImageWarning(code: "extension-mismatch",
                                     message: "named .\(ext) but the bytes are \(format.rawValue)"))
    }
}
