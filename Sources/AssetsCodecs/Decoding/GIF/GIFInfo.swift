/// What a GIF holds, read from its structure without decoding pixels: sizes, loop count and the
/// timing and placement of every frame.
///
/// The pixel data is skipped block by block, so damaged LZW data is only found by `GIFFrameReader`;
/// a file that ends early or has a bad block structure throws here too.
import AssetsSupport

public struct GIFInfo: Sendable, Hashable {
    /// One frame's placement and timing.
    public struct Frame: Sendable, Hashable {
        public var index: Int
        public var rectangle: FrameRectangle
        public var delayCentiseconds: Int
        public var effectiveDelayMilliseconds: Int
        public var disposal: GIFDisposal
        public var transparentIndex: Int?
        public var interlaced: Bool
        public var hasLocalColorTable: Bool
    }

    /// The logical screen as stored.
    public var screenWidth: Int
    public var screenHeight: Int
    /// The canvas frames are composited on: the screen, grown to hold the first frame (as Chromium does).
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var hasGlobalColorTable: Bool
    public var loopCount: GIFLoopCount
    public var frames: [Frame]

    /// The time one play of the animation takes, with browsers' effective delays.
    public var durationMilliseconds: Int {
        frames.reduce(0) { $0 &+ $1.effectiveDelayMilliseconds }
    }

    /// Reads the structure of a GIF held in memory.
    public init(bytes: [UInt8], limits: DecodingLimits = .default) throws(ImageError) {
        try self.init(records: try GIFRecordReader(bytes: bytes, limits: limits))
    }

    /// Reads the structure of the GIF at `path` through a small window. Errors name the file.
    public init(file path: String, limits: DecodingLimits = .default) throws(ImageError) {
        do {
            let file = try ImageFile(path)
            try self.init(records: try GIFRecordReader(file: file, limits: limits))
        } catch {
            throw error.naming(file: path)
        }
    }

    private init(records: GIFRecordReader) throws(ImageError) {
        screenWidth = records.screenWidth
        screenHeight = records.screenHeight
        canvasWidth = records.screenWidth
        canvasHeight = records.screenHeight
        hasGlobalColorTable = records.hasGlobalColorTable
        frames = []
        while let header = try records.nextImage() {
            let rectangle = header.rectangle
            if header.index == 0 {
                canvasWidth = max(canvasWidth, rectangle.x + rectangle.width)
                canvasHeight = max(canvasHeight, rectangle.y + rectangle.height)
            }
            frames.append(Frame(
                index: header.index, rectangle: rectangle, delayCentiseconds: header.delayCentiseconds,
                effectiveDelayMilliseconds: AnimationFrame.effectiveDelay(centiseconds: header.delayCentiseconds),
                disposal: header.disposal, transparentIndex: header.transparentIndex,
                interlaced: header.interlaced, hasLocalColorTable: header.hasLocalColorTable))
            try records.skipPixels()
        }
        loopCount = records.loopCount
    }
}
