/// The first frame of a GIF as a still image. GIF pixels come from the GIF decoder (giflib, composited as a
/// browser shows it); until that decoder is wired in, decoding a GIF still is reported as unsupported.
struct GIFStillDecoder {
    var options: DecodeOptions

    func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageError) -> (RGBAImage, [ImageWarning]) {
        throw ImageError(.unsupported, format: .gif, detail: "GIF still decoding is provided by the GIF decoder")
    }
}
