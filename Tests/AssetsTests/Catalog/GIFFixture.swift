import CGif
import Testing

/// Small GIFs written with giflib's encoder, for catalog fixtures.
enum GIFFixture {
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// An 8×8 two-frame animation with a NETSCAPE2.0 loop and 10 cs delays.
    static func twoFrames() throws -> [UInt8] {
        let sink = Sink()
        var error: Int32 = 0
        let writer: OutputFunc = { file, data, count in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }
        let gif = try #require(EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), writer, &error))
        EGifSetGifVersion(gif, true)
        var colors = [GifColorType(Red: 0, Green: 0, Blue: 0), GifColorType(Red: 255, Green: 255, Blue: 255)]
        let map = try #require(GifMakeMapObject(2, &colors))
        defer { GifFreeMapObject(map) }
        #expect(EGifPutScreenDesc(gif, 8, 8, 1, 0, map) == GIF_OK)
        var loop: [UInt8] = Array("NETSCAPE2.0".utf8)
        var loopData: [UInt8] = [1, 0, 0]
        #expect(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK)
        #expect(EGifPutExtensionBlock(gif, 11, &loop) == GIF_OK)
        #expect(EGifPutExtensionBlock(gif, 3, &loopData) == GIF_OK)
        #expect(EGifPutExtensionTrailer(gif) == GIF_OK)
        for frame in 0..<2 {
            var control: [UInt8] = [0x04, 10, 0, 0]
            #expect(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control) == GIF_OK)
            #expect(EGifPutImageDesc(gif, 0, 0, 8, 8, false, nil) == GIF_OK)
            for row in 0..<8 {
                var line = (0..<8).map { GifPixelType(($0 + row + frame) % 2) }
                #expect(EGifPutLine(gif, &line, 8) == GIF_OK)
            }
        }
        #expect(EGifCloseFile(gif, &error) == GIF_OK)
        return sink.bytes
    }
}
