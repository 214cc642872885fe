@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// GIFs the tests build with `GIFEncoder` (giflib), and small helpers to look at decoded frames.
enum GIFFixtures {
    static let red = GIFEncoder.Color(255, 0, 0)
    static let green = GIFEncoder.Color(0, 255, 0)
    static let blue = GIFEncoder.Color(0, 0, 255)
    static let yellow = GIFEncoder.Color(255, 255, 0)
    /// Index 0 red, 1 green, 2 blue, 3 yellow.
    static let palette = [red, green, blue, yellow]

    typealias Pixel = [UInt8]
    static let clear: Pixel = [0, 0, 0, 0]
    static let redPixel: Pixel = [255, 0, 0, 255]
    static let greenPixel: Pixel = [0, 255, 0, 255]
    static let bluePixel: Pixel = [0, 0, 255, 255]
    static let yellowPixel: Pixel = [255, 255, 0, 255]
    static let blackPixel: Pixel = [0, 0, 0, 255]

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> Pixel {
        let (r, g, b, a) = image[x, y]
        return a == 0 ? clear : [r, g, b, a]
    }

    /// A frame with a graphic control extension.
    static func frame(
        _ index: UInt8, x: Int = 0, y: Int = 0, width: Int, height: Int, delay: Int = 10,
        disposal: GIFDisposal = .unspecified, transparent: Int? = nil, interlaced: Bool = false
    ) -> GIFEncoder.Frame {
        GIFEncoder.Frame(
            left: x, top: y, width: width, height: height,
            indices: [UInt8](repeating: index, count: width * height), delayCentiseconds: delay,
            disposal: disposal, transparentIndex: transparent, interlaced: interlaced)
    }

    /// A 4x4 animation: red full frame, green 2x2 at (1,1), blue 1x1 at (0,0), loops forever.
    static func threeFrames(disposals: [GIFDisposal] = [.unspecified, .unspecified, .unspecified]) throws -> [UInt8] {
        try GIFEncoder(
            width: 4, height: 4, globalColorTable: palette, loopCount: .forever,
            frames: [
                frame(0, width: 4, height: 4, delay: 10, disposal: disposals[0]),
                frame(1, x: 1, y: 1, width: 2, height: 2, delay: 20, disposal: disposals[1]),
                frame(2, width: 1, height: 1, delay: 30, disposal: disposals[2]),
            ]
        ).encode()
    }

    /// Every frame, then the error that ended decoding (nil when the file decoded to its end).
    static func decode(
        _ bytes: [UInt8], limits: DecodingLimits = .default,
        output: GIFFrameReader.Output = .composited
    ) -> (frames: [AnimationFrame], error: ImageError?) {
        var frames: [AnimationFrame] = []
        do {
            let reader = try GIFFrameReader(bytes: bytes, limits: limits, output: output)
            while let frame = try reader.nextFrame() { frames.append(frame) }
            return (frames, nil)
        } catch {
            return (frames, error)
        }
    }

    /// Removes the global colour table of a file giflib wrote with one (giflib cannot write a GIF
    /// without any colour table): clears the flag and drops `entries` × 3 bytes after the header.
    static func removingGlobalTable(_ bytes: [UInt8], entries: Int) -> [UInt8] {
        var copy = bytes
        copy[10] &= 0x7F
        copy.removeSubrange(13..<(13 + entries * 3))
        return copy
    }

    /// Shrinks a 4-entry global colour table to 2 entries, so indices 2 and 3 point past it.
    static func shrinkingGlobalTableToTwo(_ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy[10] &= ~0x07
        copy.removeSubrange(19..<25)
        return copy
    }
}
