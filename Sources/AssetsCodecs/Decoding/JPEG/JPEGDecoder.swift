import AssetsSupport
internal import CJPEGShim

/// Decodes JPEG through libjpeg-turbo (via the C shim) straight into the final RGBA buffer.
struct JPEGDecoder {
    var options: DecodeOptions

    /// Decodes stored pixels (orientation not applied). Warnings come back beside the image.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) -> (RGBAImage, [ImageWarning]) {
        guard let decoder = assets_jpeg_decoder_create(bytes.baseAddress, bytes.count) else {
            throw ImageError(.tooLarge, format: .jpeg, detail: "out of memory creating the decoder")
        }
        defer { assets_jpeg_decoder_destroy(decoder) }
        let (width, height) = try readHeader(decoder)
        try options.limits.checkMemory(width: width, height: height, format: .jpeg)
        let count = width * height * 4
        var failure: assets_jpeg_status = ASSETS_JPEG_OK
        var status = ASSETS_JPEG_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count >= 4 << 20 { assets_prepare_large_buffer(buffer.baseAddress, count) }
            // Rows libjpeg does not reach (only on failure) must still be initialised memory.
            status = assets_jpeg_decoder_decode(decoder, buffer.baseAddress, width * 4)
            if status != ASSETS_JPEG_OK {
                failure = status
                buffer.initialize(repeating: 0)
            }
            initialized = count
        }
        if failure != ASSETS_JPEG_OK { throw Self.error(failure, decoder) }
        let warnings = try codecWarnings(decoder)
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw ImageError(.corrupt, format: .jpeg, detail: "decoded size mismatch")
        }
        return (image, warnings)
    }

    /// Decodes the whole file as `decode` does but keeps no image, for checking that a file decodes
    /// (`validate --deep`): every marker and all entropy-coded data are read, so it throws and warns as
    /// `decode` does, while the pixels of all but the last row are never made (see the C shim).
    func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) -> [ImageWarning] {
        guard let decoder = assets_jpeg_decoder_create(bytes.baseAddress, bytes.count) else {
            throw ImageError(.tooLarge, format: .jpeg, detail: "out of memory creating the decoder")
        }
        defer { assets_jpeg_decoder_destroy(decoder) }
        _ = try readHeader(decoder)
        let status = assets_jpeg_decoder_check(decoder)
        guard status == ASSETS_JPEG_OK else { throw Self.error(status, decoder) }
        return try codecWarnings(decoder)
    }

    /// Reads the header with the options' scale and checks both the stored and the output size against
    /// the limits, before anything is allocated. Returns the output size.
    func readHeader(_ decoder: OpaquePointer) throws(ImageError) -> (width: Int, height: Int) {
        let (num, denom) =
            options.scaleEighths.map { (UInt32(min(max($0, 1), 16)), UInt32(8)) }
            ?? (1, UInt32(options.scale.rawValue))
        let status = assets_jpeg_decoder_read_header(decoder, num, denom, options.smoothChromaUpsampling ? 1 : 0)
        guard status == ASSETS_JPEG_OK else { throw Self.error(status, decoder) }
        var report = assets_jpeg_report()
        assets_jpeg_decoder_get_report(decoder, &report)
        let width = Int(report.output_width)
        let height = Int(report.output_height)
        try options.limits.check(width: Int(report.width), height: Int(report.height), format: .jpeg)
        try options.limits.check(width: width, height: height, format: .jpeg)
        guard width > 0, height > 0 else {
            throw ImageError(.corrupt, format: .jpeg, detail: "image is \(width)x\(height)")
        }
        return (width, height)
    }

    /// The codec's warnings after a decode, as one `ImageWarning`; damage throws instead when the
    /// options reject damaged data.
    func codecWarnings(_ decoder: OpaquePointer) throws(ImageError) -> [ImageWarning] {
        var report = assets_jpeg_report()
        assets_jpeg_decoder_get_report(decoder, &report)
        return try Self.warnings(report, rejectDamagedData: options.rejectDamagedData)
    }

    private static func warnings(_ report: assets_jpeg_report, rejectDamagedData: Bool) throws(ImageError) -> [ImageWarning] {
        guard report.warning_count > 0 else { return [] }
        let text = cMessageText(report.last_warning)
        let more = report.warning_count > 1 ? " (and \(report.warning_count - 1) more warnings)" : ""
        let code: ImageWarningCode = report.corrupt_warning_count > 0 ? .corruptData : .codecWarning
        if rejectDamagedData, report.corrupt_warning_count > 0 {
            throw ImageError(.corrupt, format: .jpeg, offset: Int(report.input_offset), detail: text)
        }
        return [ImageWarning(code: code, message: "libjpeg: \(text)\(more)", offset: Int(report.input_offset))]
    }

    static func error(_ status: assets_jpeg_status, _ decoder: OpaquePointer) -> ImageError {
        var report = assets_jpeg_report()
        assets_jpeg_decoder_get_report(decoder, &report)
        let kind: ImageErrorKind
        switch status {
        case ASSETS_JPEG_NOT_JPEG: kind = .notAnImage
        case ASSETS_JPEG_TRUNCATED: kind = .truncated
        case ASSETS_JPEG_UNSUPPORTED: kind = .unsupported
        case ASSETS_JPEG_TOO_LARGE: kind = .tooLarge
        default: kind = .corrupt
        }
        var detail = cMessageText(report.message)
        if detail.isEmpty { detail = "libjpeg failed (status \(status.rawValue))" }
        return ImageError(kind, format: .jpeg, offset: Int(report.input_offset), detail: "libjpeg: " + detail)
    }
}
