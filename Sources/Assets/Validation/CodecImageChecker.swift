/// The validator's image checks through the package's codecs: `ImageInspector.probe` reads the
/// headers (by default), `ImageInspector.decode` the pixels (`--deep`; GIFs have every frame decoded
/// and composited by `GIFFrameReader`). Warnings the codecs give for damage (a missing end, corrupt
/// data, a cut file) count as failures, so they become `undecodable-image`.
struct CodecImageChecker: ImageChecking {
    var limits: DecodingLimits = .default

    /// `ImageWarning` codes that mean the file is damaged.
    static let damageWarnings: Set<String> = ["corrupt-data", "missing-end", "missing-trailer", "truncated", "no-frames"]

    func probe(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        // No file name given to the inspector: the validator compares extensions itself (format-mismatch).
        let info: ImageInfo
        do {
            // As ImageInspector.probe(head:tail:fileSize:), for whole files and heads alike. A PNG that ends
            // with its IEND chunk needs only those 12 bytes checked (the inspector scans every offset of the
            // tail it is given); any other ending gets the whole 4 KiB window.
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            let endsWithIEND = format == .png && sample.tail.count >= 12 && sample.tail.suffix(12).elementsEqual(iend)
            let tail = endsWithIEND ? Array(sample.tail.suffix(12)) : sample.tail
            var probed = try ImageInspector.probe(sample.head, limits: limits, isWholeFile: false)
            probed.noteMissingEnd(tail: tail, fileSize: sample.size)
            info = probed
        } catch {
            throw error.naming(file: file)
        }
        try CodecImageChecker.rejectDamage(info.warnings, format: info.format, file: file)
        return ImageFacts(format: info.format, width: info.width, height: info.height, frameCount: info.frameCount)
    }

    func decode(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        if format == .gif {
            var facts = try probe(sample, format: format, file: file)
            do {
                let reader = try GIFFrameReader(bytes: sample.head, limits: limits)
                var frames = 0
                while try reader.nextFrame() != nil { frames += 1 }
                facts.frameCount = frames
            } catch {
                throw error.naming(file: file)
            }
            return facts
        }
        let decoded: DecodedImage
        do {
            decoded = try ImageInspector.decode(sample.head, options: DecodeOptions(limits: limits))
        } catch {
            throw error.naming(file: file)
        }
        try CodecImageChecker.rejectDamage(decoded.warnings, format: decoded.info.format, file: file)
        return ImageFacts(format: decoded.info.format, width: decoded.info.width, height: decoded.info.height,
                          frameCount: decoded.info.frameCount)
    }

    static func rejectDamage(_ warnings: [ImageWarning], format: ImageFormat, file: String) throws(ImageError) {
        guard let damage = warnings.first(where: { damageWarnings.contains($0.code) }) else { return }
        throw ImageError(damage.code == "corrupt-data" ? .corrupt : .truncated, format: format, file: file,
                         offset: damage.offset, detail: damage.message)
    }
}
