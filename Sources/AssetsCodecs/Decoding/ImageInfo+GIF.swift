import AssetsSupport

extension ImageInfo {
    /// The probe's view of a GIF, from the GIF decoder's structure walk (no LZW decoding).
    /// Width and height are the canvas frames are shown on (the screen, grown for the first frame).
    init(gif: GIFInfo, header: [UInt8]) {
        self.init(format: .gif, width: gif.canvasWidth, height: gif.canvasHeight)
        colorModel = .indexed
        // Bits per palette index of the global colour table (2 to 256 colours); nil without one.
        if header.count > 10, header[10] & 0x80 != 0 {
            bitDepth = Int(header[10] & 7) + 1
        }
        hasAlpha = gif.frames.contains { $0.transparentIndex != nil }
        interlaced = gif.frames.contains { $0.interlaced }
        frameCount = gif.frames.count
        loopCount = gif.loopCount.storedValue
        delays = gif.frames.map(\.delayCentiseconds)
        trailerOffset = gif.trailerOffset
        if gif.canvasWidth != gif.screenWidth || gif.canvasHeight != gif.screenHeight {
            warnings.append(
                .gifCanvasGrown(
                    screenWidth: gif.screenWidth, screenHeight: gif.screenHeight,
                    canvasWidth: gif.canvasWidth, canvasHeight: gif.canvasHeight))
        }
        if gif.frames.isEmpty {
            warnings.append(ImageWarning(code: .noFrames, message: "the file holds no image"))
        }
    }
}
