import AssetsSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes an image and writes its pixels to a file: binary PPM (`P6`, 8-bit RGB, what djpeg writes) or
/// a PNG (RGBA, or indexed or RGB when that holds the same pixels, as `PNGEncoder.fast` writes). Files are
/// written atomically and never replace an existing file unless `overwrite` is set.
///
/// A JPEG whose pixels need no turning (EXIF orientation 1, or orientation kept) goes to PPM a batch of
/// rows at a time, straight from libjpeg-turbo to the file, so the whole image is never in memory.
/// PPM has no alpha channel: transparent pixels are written with their stored colour.
public struct DecodedImageWriter: Sendable {
    /// The kinds of file written.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case ppm
        case png
    }

    /// What was written.
    public struct Result: Sendable, Hashable {
        public var format: Format
        public var width: Int
        public var height: Int
        public var bytesWritten: Int
        /// The orientation turned into the pixels (`.up` when none was applied).
        public var appliedOrientation: ImageOrientation
        /// Warnings from the header and from the codec.
        public var warnings: [ImageWarning]
    }

    public var options: DecodeOptions
    public var overwrite: Bool
    public var encoder: PNGEncoder
    /// Rows handed from libjpeg to the file at a time when streaming.
    public var rowsPerBatch: Int

    public init(options: DecodeOptions = .default, overwrite: Bool = false, encoder: PNGEncoder = .fast, rowsPerBatch: Int = 32) {
        self.options = options
        self.overwrite = overwrite
        self.encoder = encoder
        self.rowsPerBatch = max(rowsPerBatch, 1)
    }

    /// The format a path's extension asks for (`.ppm`, `.png`, any case), if any.
    public static func format(forPath path: String) -> Format? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return Format(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// The PPM header djpeg writes: `P6`, the size, the maximum sample value, one newline each.
    package static func ppmHeader(width: Int, height: Int) -> [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8)
    }

    /// Decodes `bytes` (named `file` in errors) and writes the pixels to `path` as `format`.
    public func write(_ bytes: [UInt8], file: String, to path: String, format: Format) throws(ImageExportError) -> Result {
        let info: ImageInfo
        do {
            info = try ImageInspector.probe(bytes, file: file, limits: options.limits)
        } catch {
            throw .image(error)
        }
        if format == .ppm, info.format == .jpeg, info.isDecodable,
            options.orientation == .keep || info.orientation == .up
        {
            return try bytes.withUnsafeBufferPointer { buffer throws(ImageExportError) in
                try streamJPEG(.memory(buffer), info: info, file: file, to: path)
            }
        }
        let decoded: DecodedImage
        do {
            decoded = try ImageInspector.decode(bytes, file: file, options: options)
        } catch {
            throw .image(error)
        }
        let image = decoded.image
        let writer = AtomicFileWriter(overwrite: overwrite)
        var written = 0
        switch format {
        case .png:
            var failure: OutputError?
            do throws(PNGEncodingError) {
                try encoder.encode(image, into: PNGEncodingBuffer()) { (png: UnsafeBufferPointer<UInt8>) in
                    written = png.count
                    do throws(OutputError) {
                        try writer.write(png, to: path)
                    } catch {
                        failure = error
                    }
                }
            } catch {
                throw .encoding(error)
            }
            if let failure { throw .output(failure) }
        case .ppm:
            do {
                try writer.write(to: path) { stream in
                    let header = Self.ppmHeader(width: image.width, height: image.height)
                    try stream.append(header)
                    var row = [UInt8](repeating: 0, count: image.width * 3)
                    for y in 0..<image.height {
                        image.pixels.withUnsafeBufferPointer { pixels in
                            var from = y * image.width * 4
                            for x in 0..<image.width {
                                row[x * 3] = pixels[from]
                                row[x * 3 + 1] = pixels[from + 1]
                                row[x * 3 + 2] = pixels[from + 2]
                                from += 4
                            }
                        }
                        try stream.append(row)
                    }
                    written = header.count + row.count * image.height
                }
            } catch {
                // The only throwing calls in the closure are the stream's appends.
                throw .output(error as? OutputError ?? OutputError(path: path, reason: .system(EIO)))
            }
        }
        return Result(
            format: format, width: image.width, height: image.height, bytesWritten: written,
            appliedOrientation: decoded.appliedOrientation, warnings: decoded.warnings)
    }

    /// Reads the image file `input` and writes its pixels to `path` as `format`. An upright JPEG going to
    /// PPM is read through a small buffer, never whole; other inputs are read whole, then decoded.
    public func write(file input: String, to path: String, format: Format) throws(ImageExportError) -> Result {
        let file: ImageFile
        do {
            file = try ImageFile(input)
        } catch {
            throw .image(error)
        }
        let streamable: ImageInfo?
        do {
            streamable = format == .ppm ? try streamableJPEG(file) : nil
        } catch {
            throw .image(error)
        }
        if let info = streamable {
            let size = file.size
            return try streamJPEG(.file(file.file, size: size), info: info, file: input, to: path)
        }
        let bytes: [UInt8]
        do {
            bytes = try file.readAll()
        } catch {
            throw .image(error)
        }
        return try write(bytes, file: input, to: path, format: format)
    }

    /// The probe of `file` when it is a JPEG that can go to PPM row by row (upright or kept as stored).
    private func streamableJPEG(_ file: borrowing ImageFile) throws(ImageError) -> ImageInfo? {
        let head = try file.read(from: 0, count: ImageInspector.headerWindow)
        guard ImageFormat(sniffing: head) == .jpeg else { return nil }
        let tail = try file.read(from: max(0, file.size - ImageInfo.endWindow), count: ImageInfo.endWindow)
        let info: ImageInfo
        do {
            info = try ImageInspector.probe(head: head, tail: tail, fileSize: file.size, file: file.path, limits: options.limits)
        } catch  where error.kind == .truncated {
            // Headers longer than the head (a large EXIF or ICC block): the caller reads the file whole.
            return nil
        }
        guard info.isDecodable, options.orientation == .keep || info.orientation == .up else { return nil }
        return info
    }

    private func streamJPEG(_ source: JPEGRowSource, info: ImageInfo, file: String, to path: String) throws(ImageExportError) -> Result {
        let stream: AtomicFileStream
        do {
            stream = try AtomicFileStream(path: path, overwrite: overwrite)
        } catch {
            throw .output(error)
        }
        var size = (width: 0, height: 0)
        var written = 0
        let codecWarnings: [ImageWarning]
        do throws(ImageExportError) {
            codecWarnings = try JPEGDecoder(options: options).decodeRGBRows(
                source, rowsPerBatch: rowsPerBatch,
                start: { (width: Int, height: Int) throws(ImageExportError) in
                    size = (width, height)
                    let header = Self.ppmHeader(width: width, height: height)
                    do throws(OutputError) { try stream.append(header) } catch { throw .output(error) }
                    written += header.count
                },
                rows: { (rows: UnsafeBufferPointer<UInt8>, _: Int) throws(ImageExportError) in
                    do throws(OutputError) { try stream.append(rows) } catch { throw .output(error) }
                    written += rows.count
                })
            do throws(OutputError) { try stream.commit() } catch { throw ImageExportError.output(error) }
        } catch {
            stream.discard()
            if case .image(let image) = error { throw .image(image.naming(file: file)) }
            throw error
        }
        return Result(
            format: .ppm, width: size.width, height: size.height, bytesWritten: written,
            appliedOrientation: .up, warnings: info.warnings + codecWarnings)
    }
}
