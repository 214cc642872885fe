import Assets

/// Small GIFs written by the package's GIF encoder (giflib underneath), for catalog fixtures.
enum GIFFixture {
    /// An 8×8 two-frame animation with a NETSCAPE2.0 loop (forever) and 10 cs delays.
    static func twoFrames() throws -> [UInt8] {
        var frames: [GIFEncoder.Frame] = []
        for frame in 0..<2 {
            var indices: [UInt8] = []
            for pixel in 0..<64 { indices.append(UInt8((pixel % 8 + pixel / 8 + frame) % 2)) }
            frames.append(GIFEncoder.Frame(width: 8, height: 8, indices: indices, delayCentiseconds: 10, disposal: .keep))
        }
        return try GIFEncoder(
            width: 8, height: 8, globalColorTable: [.init(0, 0, 0), .init(255, 255, 255)],
            loopCount: .forever, frames: frames
        ).encode()
    }
}
