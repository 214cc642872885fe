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

        public init(frame: AnimationFrame, file: String?) {
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

    public init(source: String, format: ImageFormat, canvasWidth: Int, canvasHeight: Int,
                loopCount: GIFLoopCount, raw: Bool) {
        self.source = source
        self.format = format
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.loopCount = loopCount
        self.raw = raw
    }

    /// The loop count in words: `once`, `forever`, or `N times`.
    public var loopDescription: String {
        switch loopCount {
        case .playOnce: return "once"
        case .forever: return "forever"
        case .repeats: return "\(loopCount.plays ?? 0) times"
        }
    }

    /// The `frames.json` manifest: stable key order, one frame per line.
    public func json() -> String {
        var lines: [String] = ["{"]
        lines.append("  \"source\": \(JSONText.string(source)),")
        lines.append("  \"format\": \(JSONText.string(format.rawValue)),")
        lines.append("  \"canvas\": {\"width\": \(canvasWidth), \"height\": \(canvasHeight)},")
        lines.append("  \"loop_count\": \(loopCount.storedValue.map(String.init) ?? "null"),")
        lines.append("  \"plays\": \(loopCount.plays.map(String.init) ?? "null"),")
        lines.append("  \"mode\": \(JSONText.string(raw ? "raw" : "composited")),")
        lines.append("  \"frames_decoded\": \(frameCount),")
        lines.append("  \"complete\": \(damage == nil),")
        lines.append("  \"error\": \(damage.map { JSONText.string($0.description) } ?? "null"),")
        if frames.isEmpty {
            lines.append("  \"frames\": []")
        } else {
            lines.append("  \"frames\": [")
            for (position, frame) in frames.enumerated() {
                let rect = frame.rectangle
                let entry = "    {\"index\": \(frame.index), \"file\": \(frame.file.map(JSONText.string) ?? "null"), "
                    + "\"delay_cs\": \(frame.delayCentiseconds), \"delay_ms\": \(frame.effectiveDelayMilliseconds), "
                    + "\"disposal\": \(JSONText.string(frame.disposal.name)), "
                    + "\"rect\": {\"x\": \(rect.x), \"y\": \(rect.y), \"width\": \(rect.width), \"height\": \(rect.height)}, "
                    + "\"transparency\": \(frame.usesTransparency), "
                    + "\"transparent_index\": \(frame.transparentIndex.map(String.init) ?? "null"), "
                    + "\"interlaced\": \(frame.interlaced)}"
                lines.append(entry + (position == frames.count - 1 ? "" : ","))
            }
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
