/// The validator's image checks through the package's codecs: the header the catalog reader probed with
/// `ImageInspector.probe` is judged (by default), `ImageInspector.check` reads the whole file the reader
/// kept (`--deep`: JPEG, PNG and GIF, whose every frame is decoded and composited by `GIFFrameReader` as
/// `extract-frames` does). Warnings the codecs give for damage (a missing end, corrupt
/// data, a cut file) count as failures, so they become `undecodable-image`.
import AssetsSupport
import AssetsCodecs

struct CodecImageChecker: ImageChecking {
    var limits: DecodingLimits = .default
    /// Shared by the parallel workers: at most `limits.maxPixels` pixels are decoded at once.
    let budget = PixelBudget()

    /// The header as the reader probes it (`FileSample.probe`), judged: the probe of one sample, as a test asks it.
    func probe(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        // No file name given to the inspector: the validator compares extensions itself (format-mismatch).
        try judge(sample.probe(limits: limits, file: file), file: file)
    }

    /// A probed header's facts; warnings the codecs give for damage make it `undecodable-image`.
    func judge(_ header: ImageInfo, file: @autoclosure () -> String) throws(ImageError) -> ImageFacts {
        try CodecImageChecker.rejectDamage(header.warnings, format: header.format, file: file())
        return ImageFacts(format: header.format, width: header.width, height: header.height, frameCount: header.frameCount)
    }

    func decode(_ sample: FileSample, format: ImageFormat, file: String, header: ImageInfo? = nil) throws(ImageError) -> ImageFacts {
        // The declared size decides how long this decode waits for memory (see PixelBudget). Only the
        // size is wanted here: a header that does not read costs nothing, and the decode reports it.
        var pixels = 0
        if let header = header ?? (try? ImageInspector.probe(sample.head, limits: limits, isWholeFile: false)) {
            let (product, overflow) = header.width.multipliedReportingOverflow(by: header.height)
            pixels = overflow ? Int.max : product
        }
        return try budget.decoding(
            pixels, budget: limits.maxMemory.map { min(limits.maxPixels, $0 / (4 * DecodingLimits.canvasCopies)) } ?? limits.maxPixels
        ) { () throws(ImageError) in
            try decodePixels(sample, format: format, file: file)
        }
    }

    private func decodePixels(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        // JPEG and PNG are checked whole without making the image (every layer that can fail is read, see
        // ImageInspector.check): memory stays flat and nothing is rotated or converted for nothing. A GIF
        // has every frame decoded there, as extract-frames decodes them, so the damage reads the same.
        let info: ImageInfo
        let warnings: [ImageWarning]
        do {
            if format == .jpeg || format == .png || format == .gif {
                (info, warnings) = try ImageInspector.check(sample.head, options: DecodeOptions(limits: limits))
            } else {
                let decoded = try ImageInspector.decode(sample.head, options: DecodeOptions(limits: limits))
                (info, warnings) = (decoded.info, decoded.warnings)
            }
        } catch {
            throw error.naming(file: file)
        }
        try CodecImageChecker.rejectDamage(warnings, format: info.format, file: file)
        return ImageFacts(format: info.format, width: info.width, height: info.height, frameCount: info.frameCount)
    }

    static func rejectDamage(_ warnings: [ImageWarning], format: ImageFormat, file: @autoclosure () -> String) throws(ImageError) {
        guard let damage = warnings.first(where: { $0.code.isDamage }) else { return }
        throw ImageError(
            damage.code == .corruptData ? .corrupt : .truncated, format: format, file: file(),
            offset: damage.offset, detail: damage.message)
    }
}
