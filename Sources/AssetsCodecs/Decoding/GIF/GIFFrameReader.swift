/// Decodes a GIF one frame at a time and composites each frame as browsers do.
///
/// The canvas is the logical screen, grown to hold the first frame when that frame reaches past it
/// (as Chromium does), and fully transparent at the start. Each frame is drawn at its offset, clipped
/// to the canvas, skipping its transparent index; its disposal is applied before the next frame:
/// restore-to-background clears the rectangle to transparent, restore-to-previous puts back what was
/// there. Memory stays flat: one canvas, one saved copy for restore-to-previous, one row buffer.
///
/// Every image descriptor is one frame. A damaged file gives its complete frames, then an
/// `ImageError` with the byte offset and frame index. Damage follows Chromium (checked with
/// `../shared/tools/browser-gif-frames` on fixtures damaged after two good frames): the frames before
/// the damaged one are shown as they are; the damaged frame is not shown at all, not even its rows
/// that decoded (a bad LZW code part way through, an end code or the end of the data before its last
/// pixel, a file cut inside it, an LZW minimum code size above 8); nothing after it is read. A frame
/// is handed out only when every one of its pixels came from valid data (`GIFRecordReader.checkCodes`
/// runs before its rows are decoded). Bytes after the trailer are not read (browsers ignore them).
import AssetsSupport

public final class GIFFrameReader: AnimationFrameSource {
    /// What each frame's `image` holds.
    public enum Output: Sendable, Hashable {
        /// The whole canvas after the frame is drawn.
        case composited
        /// The frame's own rectangle, uncomposited, its transparent index as transparent pixels.
        case raw
    }

    public var format: ImageFormat { .gif }
    public let canvasWidth: Int
    public let canvasHeight: Int
    /// The logical screen size as stored.
    public let screenWidth: Int
    public let screenHeight: Int
    public var loopCount: GIFLoopCount { records.loopCount }
    /// The frames with pixels the structure walk found (`ImageFrames.open` sets it); nil when not walked.
    public internal(set) var framesWithPixels: [Int]?

    private let records: GIFRecordReader
    private let output: Output
    private let limits: DecodingLimits
    /// The pixels of the frames handed out so far, for the whole-animation limit.
    private var pixelsHandedOut = 0
    private var canvas: GIFCanvas
    private var pending: GIFImageHeader?
    private var failed: ImageError?

    public convenience init(bytes: [UInt8], limits: DecodingLimits = .default, output: Output = .composited) throws(ImageError) {
        try self.init(records: try GIFRecordReader(bytes: bytes, limits: limits), limits: limits, output: output)
    }

    /// Reads the GIF at `path` through a 64 KiB window instead of holding the file: memory stays flat
    /// however large the file is. Errors name the file.
    public convenience init(file path: String, limits: DecodingLimits = .default, output: Output = .composited) throws(ImageError) {
        do {
            let file = try ImageFile(path)
            try self.init(records: try GIFRecordReader(file: file, limits: limits), limits: limits, output: output)
        } catch {
            throw error.naming(file: path)
        }
    }

    private init(records: GIFRecordReader, limits: DecodingLimits, output: Output) throws(ImageError) {
        try limits.check(width: records.screenWidth, height: records.screenHeight, format: .gif)
        let first = try records.nextImage()
        var width = records.screenWidth
        var height = records.screenHeight
        if let rectangle = first?.rectangle {
            width = max(width, rectangle.x + rectangle.width)
            height = max(height, rectangle.y + rectangle.height)
            try limits.check(width: width, height: height, format: .gif, frame: 0)
        }
        if output == .composited { try limits.checkMemory(width: width, height: height, format: .gif) }
        self.records = records
        self.output = output
        self.limits = limits
        self.screenWidth = records.screenWidth
        self.screenHeight = records.screenHeight
        self.canvasWidth = width
        self.canvasHeight = height
        self.pending = first
        self.canvas = GIFCanvas(width: width, height: height, composites: output == .composited)
    }

    /// As `info` reports them: the canvas grown past the logical screen; once the last frame is read, bytes
    /// after the trailer, or no trailer before the file's end. Not after damage, which the error reports.
    public var warnings: [ImageWarning] {
        var found: [ImageWarning] = []
        if canvasWidth != screenWidth || canvasHeight != screenHeight {
            found.append(
                .gifCanvasGrown(
                    screenWidth: screenWidth, screenHeight: screenHeight,
                    canvasWidth: canvasWidth, canvasHeight: canvasHeight))
        }
        if failed == nil, pending == nil, records.finished {
            if let trailer = records.trailerOffset {
                if let extra = ImageWarning.gifTrailingData(trailer: trailer, fileSize: records.fileSize) { found.append(extra) }
            } else {
                found.append(.gifMissingTrailer(fileSize: records.fileSize))
            }
        }
        return found
    }

    public func nextFrame() throws(ImageError) -> AnimationFrame? {
        if let failed { throw failed }
        do {
            let header: GIFImageHeader
            if let pending {
                header = pending
                self.pending = nil
            } else {
                guard let next = try records.nextImage() else { return nil }
                header = next
            }
            return try decode(header)
        } catch {
            failed = error
            throw error
        }
    }

    private func decode(_ header: GIFImageHeader) throws(ImageError) -> AnimationFrame {
        let rectangle = header.rectangle
        try limits.check(width: rectangle.width, height: rectangle.height, format: .gif, frame: header.index)
        if output == .raw { try limits.checkMemory(width: rectangle.width, height: rectangle.height, format: .gif, frame: header.index) }
        // Many frames on a large canvas: each composited frame is the whole canvas. A raw frame is its own
        // rectangle, but LZW expands a few bits to thousands of pixels, so the file's size does not bound
        // those either (a 4 MB file can declare 6x10^9 raw pixels): both count against the same limit.
        let perFrame = output == .composited ? canvasWidth * canvasHeight : rectangle.width * rectangle.height
        let (total, overflow) = pixelsHandedOut.addingReportingOverflow(perFrame)
        try limits.checkAnimation(totalPixels: total, overflow: overflow, frames: header.index + 1, format: .gif, frame: header.index)
        pixelsHandedOut = total
        let image: RGBAImage
        let usesTransparency: Bool
        let isEmpty = rectangle.width == 0 || rectangle.height == 0
        switch output {
        case .composited where isEmpty, .raw where isEmpty:
            // An empty image draws nothing but is still a frame, as in Chromium; its data is skipped.
            if output == .composited { canvas.beginFrame(header) }
            try records.skipPixels()
            usesTransparency = false
            image = output == .composited ? canvas.image : RGBAImage(width: 0, height: 0)
        case .composited:
            // Before anything is drawn: a frame whose data turns invalid part way is not drawn at all.
            try records.checkCodes(header)
            canvas.beginFrame(header)
            usesTransparency = try canvas.draw(header) { row, width throws(ImageError) in
                try records.readRow(row, width: width)
            }
            image = canvas.image
        case .raw:
            try records.checkCodes(header)
            var raw = RGBAImage(width: rectangle.width, height: rectangle.height)
            usesTransparency = try GIFCanvas.drawRaw(header, into: &raw) { row, width throws(ImageError) in
                try records.readRow(row, width: width)
            }
            image = raw
        }
        return AnimationFrame(
            index: header.index, image: image, rectangle: rectangle,
            delayCentiseconds: header.delayCentiseconds, disposal: header.disposal,
            transparentIndex: header.transparentIndex, usesTransparency: usesTransparency,
            interlaced: header.interlaced)
    }
}
