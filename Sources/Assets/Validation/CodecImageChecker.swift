/// The validator's image checks through the package's codecs: `ImageInspector.probe` reads the
/// headers (by default), `ImageInspector.check` the whole file (`--deep`: JPEG, PNG and GIF, whose every
/// frame is decoded and composited by `GIFFrameReader` as `extract-frames` does). Warnings the codecs give for damage (a missing end, corrupt
/// data, a cut file) count as failures, so they become `undecodable-image`.
import AssetsSupport
import AssetsCodecs

struct CodecImageChecker: ImageChecking {
    var limits: DecodingLimits = .default
    /// Shared by the parallel workers: at most `limits.maxPixels` pixels are decoded at once.
    let budget = PixelBudget()

    /// `ImageWarning` codes that mean the file is damaged.
    func probe(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        // No file name given to the inspector: the validator compares extensions itself (format-mismatch).
        let info: ImageInfo
        do {
            // As ImageInspector.probe(head:tail:fileSize:), for whole files and heads alike. noteMissingEnd
            // looks at the very end first, so the 4 KiB tail costs nothing more when the file ends as it should.
            var probed = try ImageInspector.probe(sample.head, limits: limits, isWholeFile: false)
            probed.noteMissingEnd(tail: sample.tail, fileSize: sample.size)
            info = probed
        } catch {
            throw error.naming(file: file)
        }
        try CodecImageChecker.rejectDamage(info.warnings, format: info.format, file: file)
        return ImageFacts(format: info.format, width: info.width, height: info.height, frameCount: info.frameCount)
    }

    func decode(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        // The declared size decides how long this decode waits for memory (see PixelBudget). Only the
        // size is wanted here: a header that does not read costs nothing, and the decode reports it.
        var pixels = 0
        if let header = try? ImageInspector.probe(sample.head, limits: limits, isWholeFile: false) {
            let (product, overflow) = header.width.multipliedReportingOverflow(by: header.height)
            pixels = overflow ? Int.max : product
        }
        return try budget.decoding(pixels, budget: limits.maxMemory.map { min(limits.maxPixels, $0 / (4 * DecodingLimits.canvasCopies)) } ?? limits.maxPixels) { () throws(ImageError) in
            try decodePixels(sample, format: format, file: file)
        }
    }

    private func decodePixels(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        // JPEG and PNG are checked whole without making the image (every layer that can fail is read, see
        // ImageInspector.check): memory stays flat and nothing is rotated or converted for nothing. A GIF
        // has every frame decoded there, as extract-frames decodes them, so the damage reads the same.
        let info: ImageInfo, warnings: [ImageWarning]
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

    static func rejectDamage(_ warnings: [ImageWarning], format: ImageFormat, file: String) throws(ImageError) {
        guard let damage = warnings.first(where: { $0.code.isDamage }) else { return }
        throw ImageError(damage.code == .corruptData ? .corrupt : .truncated, format: format, file: file,
                         offset: damage.offset, detail: damage.message)
    }
}
