import AssetsSupport
internal import CJPEGShim

/// Where a row decode reads its JPEG from.
enum JPEGRowSource {
    case memory(UnsafeBufferPointer<UInt8>)
    /// An open file, read by libjpeg's file source from its start through a small buffer; `size` is its
    /// length. Its descriptor is lent to libjpeg (`OpenFile.withRawDescriptor`) for the decode only.
    case file(OpenFile, size: Int)
}

extension JPEGDecoder {
    /// Decodes stored pixels (orientation not applied) a batch of rows at a time, so the whole image is
    /// never held: `start` learns the output size, then `rows` receives each batch as packed RGB (3 bytes
    /// a pixel) with its row count. Returns the codec's warnings.
    func decodeRGBRows(
        _ source: JPEGRowSource, rowsPerBatch: Int,
        start: (_ width: Int, _ height: Int) throws(ImageExportError) -> Void,
        rows: (UnsafeBufferPointer<UInt8>, Int) throws(ImageExportError) -> Void
    ) throws(ImageExportError) -> [ImageWarning] {
        switch source {
        case .memory(let bytes):
            return try decodeRGBRows(
                assets_jpeg_decoder_create(bytes.baseAddress, bytes.count), rowsPerBatch: rowsPerBatch,
                start: start, rows: rows)
        case .file(let file, let size):
            return try file.withRawDescriptor { (descriptor) throws(ImageExportError) in
                try decodeRGBRows(
                    assets_jpeg_decoder_create_file(descriptor, size), rowsPerBatch: rowsPerBatch,
                    start: start, rows: rows)
            }
        }
    }

    /// The decode of `decodeRGBRows(_:rowsPerBatch:start:rows:)` with the decoder made (nil: it could not be).
    private func decodeRGBRows(
        _ made: OpaquePointer?, rowsPerBatch: Int,
        start: (_ width: Int, _ height: Int) throws(ImageExportError) -> Void,
        rows: (UnsafeBufferPointer<UInt8>, Int) throws(ImageExportError) -> Void
    ) throws(ImageExportError) -> [ImageWarning] {
        guard let decoder = made else {
            throw .image(ImageError(.tooLarge, format: .jpeg, detail: "out of memory creating the decoder"))
        }
        defer { assets_jpeg_decoder_destroy(decoder) }
        let width: Int
        let height: Int
        do {
            (width, height) = try readHeader(decoder)
        } catch {
            throw .image(error)
        }
        var channels: Int32 = 0
        var status = assets_jpeg_decoder_start_rows(decoder, 1, &channels)
        guard status == ASSETS_JPEG_OK else { throw .image(Self.error(status, decoder)) }
        try start(width, height)
        let batch = max(1, min(rowsPerBatch, height))
        let stride = width * Int(channels)
        var buffer = [UInt8](repeating: 0, count: stride * batch)
        var done = 0
        while done < height {
            var got: UInt32 = 0
            status = buffer.withUnsafeMutableBufferPointer { rowBuffer in
                assets_jpeg_decoder_read_rows(decoder, rowBuffer.baseAddress, stride, UInt32(batch), &got)
            }
            guard status == ASSETS_JPEG_OK else { throw .image(Self.error(status, decoder)) }
            guard got > 0 else { break }
            let count = Int(got)
            if channels == 4 { Self.packRGB(&buffer, width: width, rows: count) }
            try buffer.withUnsafeBufferPointer { rowBuffer throws(ImageExportError) in
                try rows(UnsafeBufferPointer(rebasing: rowBuffer[0..<(width * 3 * count)]), count)
            }
            done += count
        }
        guard done == height else {
            throw .image(ImageError(.truncated, format: .jpeg, detail: "libjpeg gave \(done) of \(height) rows"))
        }
        status = assets_jpeg_decoder_finish_rows(decoder)
        guard status == ASSETS_JPEG_OK else { throw .image(Self.error(status, decoder)) }
        do {
            return try codecWarnings(decoder)
        } catch {
            throw .image(error)
        }
    }

    /// RGBA rows to packed RGB in place (rows are `width * 4` bytes apart before, `width * 3` after).
    private static func packRGB(_ buffer: inout [UInt8], width: Int, rows: Int) {
        buffer.withUnsafeMutableBufferPointer { pixels in
            var from = 0
            var to = 0
            for _ in 0..<(width * rows) {
                pixels[to] = pixels[from]
                pixels[to + 1] = pixels[from + 1]
                pixels[to + 2] = pixels[from + 2]
                from += 4
                to += 3
            }
        }
    }
}
