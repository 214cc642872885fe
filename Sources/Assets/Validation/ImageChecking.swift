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

/// The seam between the validator and the image codecs: judging a header the reader probed (the
/// default) and a full decode of the bytes the reader kept (`--deep`). Both throw `ImageError` for a
/// damaged file.
protocol ImageChecking: Sendable {
    /// `file` names the file in an error (built only then).
    func judge(_ header: ImageInfo, file: @autoclosure () -> String) throws(ImageError) -> ImageFacts
    /// `header`, when the reader's probe read one, is not read again (it sizes the decode's share of the pixel budget).
    func decode(_ sample: FileSample, format: ImageFormat, file: String, header: ImageInfo?) throws(ImageError) -> ImageFacts
}
