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
    /// whole canvas, each raw frame its own rectangle). Bounds the time and output a small file with
    /// many frames on a large canvas, or highly compressed raw frames, can take.
    public var maxAnimationPixels: Int
    /// The most bytes of pixels a decode may hold at once, when set: a canvas needs two copies of its
    /// RGBA pixels (the canvas and the frame handed out, or the decoded image and its converted output),
    /// so a canvas whose two copies exceed this is refused as too large before it is allocated. Nil
    /// (the default) leaves memory unchecked; `asset-tool` sets it to what the process may allocate.
    public var maxMemory: Int?

    public init(
        maxPixels: Int = 100_000_000, maxDimension: Int = 65_535, maxFrames: Int = 100_000,
        maxAnimationPixels: Int = 4_000_000_000, maxMemory: Int? = nil
    ) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
        self.maxFrames = maxFrames
        self.maxAnimationPixels = maxAnimationPixels
        self.maxMemory = maxMemory
    }

    /// Defaults that fit every real-world asset: 100 megapixels, 65,535 pixels a side, 100,000 frames,
    /// 4 billion pixels handed out by all frames of an animation together (2,000 frames of 1920x1080),
    /// memory unchecked.
    public static let `default` = DecodingLimits()

    /// The RGBA copies of a canvas a decode holds at once (see `maxMemory`).
    package static let canvasCopies = 2

    /// Throws `tooLarge` unless a `width × height` canvas fits the limits.
    package func check(width: Int, height: Int, format: ImageFormat?, frame: Int? = nil) throws(ImageError) {
        guard width >= 0, height >= 0 else {
            throw ImageError(.corrupt, format: format, frame: frame, detail: "negative size \(width)x\(height)")
        }
        guard width <= maxDimension, height <= maxDimension else {
            throw ImageError(
                .tooLarge, format: format, frame: frame,
                detail: "\(width)x\(height) exceeds the \(maxDimension)-pixel side limit")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw ImageError(
                .tooLarge, format: format, frame: frame,
                detail: "\(width)x\(height) exceeds the limit of \(maxPixels) pixels")
        }
    }

    /// Throws `tooLarge` when `copies` RGBA copies of a `width × height` image exceed `maxMemory`.
    /// Called by decoders just before they allocate pixels (a header probe allocates none).
    package func checkMemory(
        width: Int, height: Int, copies: Int = DecodingLimits.canvasCopies,
        format: ImageFormat?, frame: Int? = nil
    ) throws(ImageError) {
        guard let maxMemory else { return }
        let (pixels, overflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        let (needed, tooMuch) = pixels.multipliedReportingOverflow(by: 4 * max(copies, 1))
        guard overflow || tooMuch || needed > maxMemory else { return }
        throw ImageError(
            .tooLarge, format: format, frame: frame,
            detail:
                "\(width)x\(height) needs \(overflow || tooMuch ? "more than \(Int.max) bytes" : DecodingLimits.megabytes(needed)) of memory, more than the "
                + "\(DecodingLimits.megabytes(maxMemory)) this process may allocate (--max-memory, ulimit -v or the cgroup's memory.max)")
    }

    /// Bytes as whole megabytes (MiB, rounded up), for messages.
    package static func megabytes(_ bytes: Int) -> String {
        "\(bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1)) MB"
    }

    /// Throws `tooLarge` when frames handing out `total` pixels together exceed `maxAnimationPixels`
    /// (`overflow`: the sum overflowed on the way).
    package func checkAnimation(
        totalPixels total: Int, overflow: Bool = false, frames: Int, format: ImageFormat?, frame: Int? = nil
    ) throws(ImageError) {
        guard overflow || total > maxAnimationPixels else { return }
        throw ImageError(
            .tooLarge, format: format, frame: frame,
            detail:
                "\(frames) frame\(frames == 1 ? "" : "s") of \(overflow ? "more than \(Int.max)" : String(total)) pixels in all exceed the limit of \(maxAnimationPixels) pixels for a whole animation"
        )
    }

    /// Throws `tooLarge` when `frames` frames of `pixelsPerFrame` pixels each exceed `maxAnimationPixels`.
    package func checkAnimation(frames: Int, pixelsPerFrame: Int, format: ImageFormat?, frame: Int? = nil) throws(ImageError) {
        let (total, overflow) = frames.multipliedReportingOverflow(by: pixelsPerFrame)
        guard overflow || total > maxAnimationPixels else { return }
        throw ImageError(
            .tooLarge, format: format, frame: frame,
            detail:
                "\(frames) frame\(frames == 1 ? "" : "s") of \(pixelsPerFrame) pixels exceed the limit of \(maxAnimationPixels) pixels for a whole animation"
        )
    }
}
