// Composite every frame of an animated GIF as a browser shows it, and make a small JPEG preview
// with libjpeg's DCT scaling.
import Assets

func firstFrames(of gif: [UInt8]) throws(ImageError) -> [AnimationFrame] {
    // snippet.frames
    let reader = try GIFFrameReader(bytes: gif, output: .composited)
    var frames: [AnimationFrame] = []
    while let frame = try reader.nextFrame() {
        frames.append(frame)  // frame.image is the whole canvas, RGBA; frame.effectiveDelayMilliseconds as browsers play it
    }
    // snippet.end
    return frames
}

func preview(ofJPEG bytes: [UInt8]) throws -> [UInt8] {
    // snippet.preview
    let decoded = try ImageInspector.decode(bytes, file: "photo.jpg", options: DecodeOptions(scale: .eighth))
    let png = try PNGEncoder.fast.encode(decoded.image)  // an eighth of the size, never a full decode
    // snippet.end
    return png
}

if let path = CommandLine.arguments.dropFirst().first {
    do {
        let bytes = try ImageInspector.readFile(path)
        print("\(path): \(try firstFrames(of: bytes).count) frames")
    } catch {
        print("\(error)")
    }
}
