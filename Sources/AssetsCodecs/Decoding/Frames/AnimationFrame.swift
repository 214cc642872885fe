/// A rectangle in canvas pixels; it may reach outside the canvas.
import AssetsSupport

public struct FrameRectangle: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One displayed frame of an animation (or the single frame of a still image) with its timing.
public struct AnimationFrame: Sendable, Hashable {
    /// Zero-based position in the file.
    public var index: Int
    /// The composited canvas, or the frame's own rectangle when raw frames were asked for.
    public var image: RGBAImage
    /// Where the frame's own image sits on the canvas, as stored.
    public var rectangle: FrameRectangle
    /// The delay as stored, in hundredths of a second.
    public var delayCentiseconds: Int
    /// The delay browsers play: a stored delay of 10 ms or less plays as 100 ms.
    public var effectiveDelayMilliseconds: Int
    public var disposal: GIFDisposal
    /// The palette index the frame marks as transparent, if any.
    public var transparentIndex: Int?
    /// Whether any pixel of the frame is transparent (its transparent index occurs, or it has no colour table).
    public var usesTransparency: Bool
    public var interlaced: Bool

    package init(
        index: Int, image: RGBAImage, rectangle: FrameRectangle, delayCentiseconds: Int = 0,
        disposal: GIFDisposal = .unspecified, transparentIndex: Int? = nil, usesTransparency: Bool = false,
        interlaced: Bool = false
    ) {
        self.index = index
        self.image = image
        self.rectangle = rectangle
        self.delayCentiseconds = delayCentiseconds
        self.effectiveDelayMilliseconds = AnimationFrame.effectiveDelay(centiseconds: delayCentiseconds)
        self.disposal = disposal
        self.transparentIndex = transparentIndex
        self.usesTransparency = usesTransparency
        self.interlaced = interlaced
    }

    /// The browsers' rule (Chromium, Firefox, Kingfisher, SDWebImage): 10 ms or less plays as 100 ms.
    package static func effectiveDelay(centiseconds: Int) -> Int {
        let milliseconds = centiseconds.multipliedReportingOverflow(by: 10)
        if milliseconds.overflow { return Int.max }
        return milliseconds.partialValue <= 10 ? 100 : milliseconds.partialValue
    }
}
