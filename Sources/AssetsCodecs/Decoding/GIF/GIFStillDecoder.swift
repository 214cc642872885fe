/// The first frame of a GIF as a still image, composited as a browser shows it (by `GIFFrameReader`).
import AssetsSupport

struct GIFStillDecoder {
    var options: DecodeOptions

    func decode(_ bytes: [UInt8]) throws(ImageError) -> (RGBAImage, [ImageWarning]) {
        let reader = try GIFFrameReader(bytes: bytes, limits: options.limits, output: .composited)
        guard let frame = try reader.nextFrame() else {
            throw ImageError(.corrupt, format: .gif, detail: "the file holds no image")
        }
        return (frame.image, [])
    }
}
