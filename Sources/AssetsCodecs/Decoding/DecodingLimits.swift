/// Bounds checked before any allocation, so hostile files are refused instead of exhausting memory.
import AssetsSupport

public struct DecodingLimits: Sendable, Hashable {
    /// The largest canvas (width × height) accepted.
    public var maxPixels: Int
    /// The largest width or height accepted.
    public var maxDimension: Int
    /// The largest number of frames an animation may have.
    public var maxFrames: Int
    /// The most pixels all frames of an animation may hand out together (each composited frame is the
    /// whole canvas). Bounds the time a small file with many frames on a large canvas can take.
    public var maxAnimationPixels: Int

    public init(maxPixels: Int = 100_000_000, maxDimension: Int = 65_535, maxFrames: Int = 100_000,
                maxAnimationPixels: Int = 4_000_000_000) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
        self.maxFrames = maxFrames
        self.maxAnimationPixels = maxAnimationPixels
    }

    /// Defaults that fit every real-world asset: 100 megapixels, 65,535 pixels a side, 100,000 frames,
    /// 4 billion pixels handed out by all frames of an animation together (2,000 frames of 1920x1080).
    public static let `default` = DecodingLimits()

    /// Throws `tooLarge` unless a `width × height` canvas fits the limits.
    public func check(width: Int, height: Int, format: ImageFormat?, frame: Int? = nil) throws(ImageError) {
        guard width >= 0, height >= 0 else {
            throw ImageError(.corrupt, format: format, frame: frame, detail: "negative size \(width)x\(height)")
        }
        guard width <= maxDimension, height <= maxDimension else {
            throw ImageError(.tooLarge, format: format, frame: frame,
                             detail: "\(width)x\(height) exceeds the \(maxDimension)-pixel side limit")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw ImageError(.tooLarge, format: format, frame: frame,
                             detail: "\(width)x\(height) exceeds the limit of \(maxPixels) pixels")
        }
    }

    /// Throws `tooLarge` when `frames` frames of `pixelsPerFrame` pixels each exceed `maxAnimationPixels`.
    public func checkAnimation(frames: Int, pixelsPerFrame: Int, format: ImageFormat?, frame: Int? = nil) throws(ImageError) {
        let (total, overflow) = frames.multipliedReportingOverflow(by: pixelsPerFrame)
        guard overflow || total > maxAnimationPixels else { return }
        throw ImageError(.tooLarge, format: format, frame: frame,
                         detail: "\(frames) frame\(frames == 1 ? "" : "s") of \(pixelsPerFrame) pixels exceed the limit of \(maxAnimationPixels) pixels for a whole animation")
    }
}
