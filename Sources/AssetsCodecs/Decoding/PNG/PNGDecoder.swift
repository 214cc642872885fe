import AssetsSupport
internal import CPNGShim

/// Decodes PNG through libpng (via the C shim): every colour type and bit depth to 8-bit RGBA.
struct PNGDecoder {
    var options: DecodeOptions

    func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) -> (RGBAImage, [ImageWarning]) {
        var pixels: [UInt8] = []
        var size = (width: 0, height: 0)
        let warnings = try run(bytes, keepsPixels: true) { decoder, width, height in
            let count = width * height * 4
            var failure = ASSETS_PNG_DECODE_OK
            pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                let result = assets_png_decoder_decode(decoder, buffer.baseAddress, width * 4)
                if result != ASSETS_PNG_DECODE_OK {
                    failure = result
                    buffer.initialize(repeating: 0)
                }
                initialized = count
            }
            size = (width, height)
            return failure
        }
        guard let image = RGBAImage(width: size.width, height: size.height, pixels: pixels) else {
            throw ImageError(.corrupt, format: .png, detail: "decoded size mismatch")
        }
        return (image, warnings)
    }

    /// Checks that a file decodes whole, keeping no image (`validate --deep`): libpng reads the header
    /// chunks, then the shim checks the image data below the filters with zlib, and hands every file that
    /// is not exactly clean there (and every palette image) to libpng's rows. Throws and warns as `decode` does.
    func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) -> [ImageWarning] {
        try run(bytes, keepsPixels: false) { decoder, _, _ in assets_png_decoder_check(decoder) }
    }

    /// Whether `check` takes the zlib walk for `bytes` (true) or hands them to libpng's rows (false): what
    /// the tests of the walk ask.
    package static func checkWalksStream(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = assets_png_decoder_create(buffer.baseAddress, buffer.count, 1 << 16, 1 << 16) else {
                return false
            }
            defer { assets_png_decoder_destroy(decoder) }
            guard assets_png_decoder_read_header(decoder) == ASSETS_PNG_DECODE_OK,
                assets_png_decoder_check(decoder) == ASSETS_PNG_DECODE_OK
            else { return false }
            var report = assets_png_decode_report()
            assets_png_decoder_get_report(decoder, &report)
            return report.rows_checked_without_unfiltering != 0
        }
    }

    /// Reads the header, checks the size against the limits, runs `body` (which decodes) and gathers
    /// the codec's warnings.
    private func run(
        _ bytes: UnsafeBufferPointer<UInt8>, keepsPixels: Bool,
        _ body: (OpaquePointer, _ width: Int, _ height: Int) -> assets_png_decode_status
    ) throws(ImageError) -> [ImageWarning] {
        let side = UInt32(clamping: options.limits.maxDimension)
        guard let decoder = assets_png_decoder_create(bytes.baseAddress, bytes.count, side, side) else {
            throw ImageError(.tooLarge, format: .png, detail: "out of memory creating the decoder")
        }
        defer { assets_png_decoder_destroy(decoder) }
        let status = assets_png_decoder_read_header(decoder)
        guard status == ASSETS_PNG_DECODE_OK else { throw Self.error(status, decoder) }
        var report = assets_png_decode_report()
        assets_png_decoder_get_report(decoder, &report)
        let width = Int(report.width)
        let height = Int(report.height)
        try options.limits.check(width: width, height: height, format: .png)
        if keepsPixels { try options.limits.checkMemory(width: width, height: height, format: .png) }
        let failure = body(decoder, width, height)
        if failure != ASSETS_PNG_DECODE_OK { throw Self.error(failure, decoder) }
        assets_png_decoder_get_report(decoder, &report)
        var warnings: [ImageWarning] = []
        if report.warning_count > 0 {
            let text = cMessageText(report.last_warning)
            let more = report.warning_count > 1 ? " (and \(report.warning_count - 1) more warnings)" : ""
            // Damaged image data (its Adler-32) is corrupt data, as in a JPEG; a CRC error in an ancillary chunk is not.
            let code: ImageWarningCode =
                report.data_warning_count > 0 ? .corruptData : report.crc_warning_count > 0 ? .crcError : .codecWarning
            warnings.append(ImageWarning(code: code, message: "libpng: \(text)\(more)"))
            if options.rejectDamagedData, report.crc_warning_count > 0 || report.data_warning_count > 0 {
                throw ImageError(.corrupt, format: .png, detail: "libpng: \(text)")
            }
        }
        return warnings
    }

    private static func error(_ status: assets_png_decode_status, _ decoder: OpaquePointer) -> ImageError {
        var report = assets_png_decode_report()
        assets_png_decoder_get_report(decoder, &report)
        let kind: ImageErrorKind
        switch status {
        case ASSETS_PNG_DECODE_NOT_PNG: kind = .notAnImage
        case ASSETS_PNG_DECODE_TRUNCATED: kind = .truncated
        case ASSETS_PNG_DECODE_UNSUPPORTED: kind = .unsupported
        case ASSETS_PNG_DECODE_TOO_LARGE: kind = .tooLarge
        default: kind = .corrupt
        }
        var detail = cMessageText(report.message)
        if detail.isEmpty { detail = "libpng failed (status \(status.rawValue))" }
        let warning = cMessageText(report.last_warning)
        if !warning.isEmpty, warning != detail { detail += " (\(warning))" }
        return ImageError(kind, format: .png, offset: Int(report.input_offset), detail: "libpng: " + detail)
    }
}
