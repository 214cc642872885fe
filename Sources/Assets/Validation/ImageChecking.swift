/// What checking an image file learned: its format, pixel size and frame count when known.
import AssetsSupport
import AssetsCodecs

struct ImageFacts: Sendable, Hashable {
    var format: ImageFormat
    var width: Int?
    var height: Int?
    /// GIF: the number of frames; nil when not counted.
    var frameCount: Int?
}

/// A file's bytes as the validator read them: the whole file, or its head and tail when it is large.
struct FileSample: Sendable {
    var head: [UInt8]
    var tail: [UInt8]
    var size: Int
    var isWhole: Bool { head.count == size }
}

/// The seam between the validator and the image codecs: a header probe (the default) and a full
/// decode (`--deep`). Both throw `ImageError` for a damaged file.
protocol ImageChecking: Sendable {
    func probe(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts
    func decode(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts
}
