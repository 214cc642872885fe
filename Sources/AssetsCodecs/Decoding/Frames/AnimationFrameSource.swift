/// Anything that hands out frames one at a time: an animated GIF, or a still image as one frame.
///
/// Frames are produced sequentially; a caller may keep a frame (for example to encode it on another
/// thread) while asking for the next one, since `AnimationFrame` is a value.
import AssetsSupport

public protocol AnimationFrameSource {
    var format: ImageFormat { get }
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    /// The loop count known so far; final once `nextFrame()` has returned nil.
    var loopCount: GIFLoopCount { get }
    /// The next frame, nil at the end, or a typed error at damage (the frames before it were complete).
    func nextFrame() throws(ImageError) -> AnimationFrame?
    /// Problems that did not stop reading (a canvas grown for the first frame, bytes after the end, a
    /// missing trailer); complete once `nextFrame()` has returned nil.
    var warnings: [ImageWarning] { get }
    /// The indices of the frames with pixels, when a walk of the file's structure found them before the first
    /// frame (a GIF opened by `ImageFrames.open`): lets a writer count its files against a limit before it
    /// writes one. nil: not known ahead.
    var framesWithPixels: [Int]? { get }
}

extension AnimationFrameSource {
    public var warnings: [ImageWarning] { [] }
    public var framesWithPixels: [Int]? { nil }
}

/// A still image presented as a one-frame, play-once sequence.
public final class StillFrameSource: AnimationFrameSource {
    public let format: ImageFormat
    public let canvasWidth: Int
    public let canvasHeight: Int
    public let loopCount: GIFLoopCount = .playOnce
    private var image: RGBAImage?

    public init(image: RGBAImage, format: ImageFormat) {
        self.format = format
        self.canvasWidth = image.width
        self.canvasHeight = image.height
        self.image = image
    }

    public func nextFrame() throws(ImageError) -> AnimationFrame? {
        guard let image else { return nil }
        self.image = nil
        let hasAlpha = stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 255 }
        return AnimationFrame(
            index: 0, image: image,
            rectangle: FrameRectangle(x: 0, y: 0, width: image.width, height: image.height),
            usesTransparency: hasAlpha)
    }
}
