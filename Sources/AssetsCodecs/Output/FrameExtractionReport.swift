/// What `FrameExtractor` wrote: the canvas, the loop count and one entry per written frame, plus the
/// damage that ended decoding early, if any. `json()` is the `frames.json` manifest.
import AssetsSupport

public struct FrameExtractionReport: Sendable, Hashable {
    /// One written frame.
    public struct Frame: Sendable, Hashable {
        public var index: Int
        /// The PNG written for the frame; nil for an empty raw frame, which has no pixels.
        public var file: String?
        public var rectangle: FrameRectangle
        public var delayCentiseconds: Int
        public var effectiveDelayMilliseconds: Int
        public var disposal: GIFDisposal
        public var transparentIndex: Int?
        public var usesTransparency: Bool
        public var interlaced: Bool

        package init(frame: AnimationFrame, file: String?) {
            index = frame.index
            self.file = file
            rectangle = frame.rectangle
            delayCentiseconds = frame.delayCentiseconds
            effectiveDelayMilliseconds = frame.effectiveDelayMilliseconds
            disposal = frame.disposal
            transparentIndex = frame.transparentIndex
            usesTransparency = frame.usesTransparency
            interlaced = frame.interlaced
        }
    }

    public var source: String
    public var format: ImageFormat
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var loopCount: GIFLoopCount
    /// Whether frames are their own rectangles, uncomposited.
    public var raw: Bool
    /// How many complete frames were decoded (written or not).
    public var frameCount: Int = 0
    public var frames: [Frame] = []
    /// The damage that stopped decoding; the frames before it are complete.
    public var damage: ImageError?
    /// Problems that did not stop decoding (`AnimationFrameSource.warnings`).
    public var warnings: [ImageWarning] = []

    package init(
        source: String, format: ImageFormat, canvasWidth: Int, canvasHeight: Int,
        loopCount: GIFLoopCount, raw: Bool
    ) {
        self.source = source
        self.format = format
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.loopCount = loopCount
        self.raw = raw
    }

    /// The loop count in words: `once`, `forever`, or `N times`.
    package var loopDescription: String {
        switch loopCount {
        case .playOnce: return "once"
        case .forever: return "forever"
        case .repeats: return "\(loopCount.plays ?? 0) times"
        }
    }

    /// The `frames.json` manifest: stable key order, one frame per line.
    package func json() -> String {
        manifest.rendered(.records) + "\n"
    }

    /// The `frames.json` manifest as a value.
    package var manifest: JSONValue {
        .record([
            "source": .string(source),
            "format": .string(format.rawValue),
            "canvas": .record(["width": .int(canvasWidth), "height": .int(canvasHeight)]),
            "loop_count": .int(loopCount.storedValue),
            "plays": .int(loopCount.plays),
            "mode": .string(raw ? "raw" : "composited"),
            "frames_decoded": .int(frameCount),
            "complete": .bool(damage == nil),
            "error": .string(damage?.description),
            "warnings": .array(warnings.map(\.json)),
            "frames": .array(
                frames.map { frame in
                    let rect = frame.rectangle
                    return .record([
                        "index": .int(frame.index),
                        "file": .string(frame.file),
                        "delay_cs": .int(frame.delayCentiseconds),
                        "delay_ms": .int(frame.effectiveDelayMilliseconds),
                        "disposal": .string(frame.disposal.name),
                        "rect": .record(["x": .int(rect.x), "y": .int(rect.y), "width": .int(rect.width), "height": .int(rect.height)]),
                        "transparency": .bool(frame.usesTransparency),
                        "transparent_index": .int(frame.transparentIndex),
                        "interlaced": .bool(frame.interlaced),
                    ])
                }),
        ])
    }
}
