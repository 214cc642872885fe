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
        /// Byte offset of the frame's image descriptor (0x2C).
        public var offset: Int
        /// Byte offset of its image data (the LZW minimum code size, then the data sub-blocks).
        public var dataOffset: Int
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
    /// Where the trailer byte (0x3B) is; nil when the file ends between records without one.
    public var trailerOffset: Int?
    /// How many bytes the walk was given (the file's length when it read the whole file).
    public var byteCount: Int

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
        byteCount = records.fileSize
        while let header = try records.nextImage() {
            let rectangle = header.rectangle
            if header.index == 0 {
                canvasWidth = max(canvasWidth, rectangle.x + rectangle.width)
                canvasHeight = max(canvasHeight, rectangle.y + rectangle.height)
            }
            frames.append(
                Frame(
                    index: header.index, rectangle: rectangle, delayCentiseconds: header.delayCentiseconds,
                    effectiveDelayMilliseconds: AnimationFrame.effectiveDelay(centiseconds: header.delayCentiseconds),
                    disposal: header.disposal, transparentIndex: header.transparentIndex,
                    interlaced: header.interlaced, hasLocalColorTable: header.hasLocalColorTable,
                    offset: header.offset, dataOffset: header.dataOffset))
            try records.skipPixels()
        }
        loopCount = records.loopCount
        trailerOffset = records.trailerOffset
    }
}
