/// The validator's image checks through the package's own codecs: GIFs are read by `GIFInfo` (probe:
/// structure and frame count) and `GIFFrameReader` (deep: every frame decoded by giflib and
/// composited). PNG and JPEG use the header checks until their decoders are wired here.
struct CodecImageChecker: ImageChecking {
    var limits: DecodingLimits = .default

    private var headers: HeaderImageChecker { HeaderImageChecker(limits: limits) }

    func probe(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        guard format == .gif, sample.isWhole else { return try headers.probe(sample, format: format, file: file) }
        do {
            let info = try GIFInfo(bytes: sample.head, limits: limits)
            return ImageFacts(format: .gif, width: info.screenWidth, height: info.screenHeight, frameCount: info.frames.count)
        } catch {
            throw error.naming(file: file)
        }
    }

    func decode(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        guard format == .gif, sample.isWhole else { return try headers.decode(sample, format: format, file: file) }
        do {
            let reader = try GIFFrameReader(bytes: sample.head, limits: limits)
            var frames = 0
            while try reader.nextFrame() != nil { frames += 1 }
            return ImageFacts(format: .gif, width: reader.screenWidth, height: reader.screenHeight, frameCount: frames)
        } catch {
            throw error.naming(file: file)
        }
    }
}
