import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzGIF)

/// GIF decoding and compositing: every frame, composited or raw (the input's length picks), then the
/// structure scan `info` uses. Any outcome but a crash, a leak or a sanitizer report is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let output: GIFFrameReader.Output = size % 2 == 0 ? .composited : .raw
    // One input in three goes through a file and the 64 KiB window extract-frames reads GIFs with.
    let opened: GIFFrameReader?
    if size % 3 == 0 {
        FuzzSeeds.write(bytes, to: ScratchGIF.path)
        opened = try? GIFFrameReader(file: ScratchGIF.path, limits: FuzzLimits.decoding, output: output)
    } else {
        opened = try? GIFFrameReader(bytes: bytes, limits: FuzzLimits.decoding, output: output)
    }
    if let reader = opened {
        var count = 0
        while let frame = try? reader.nextFrame() {
            count += 1
            guard frame.image.pixels.count == frame.image.width * frame.image.height * 4 else {
                fatalError("pixel count does not match the size")
            }
            if count > FuzzLimits.decoding.maxFrames { fatalError("more frames than the limit allows") }
        }
    }
    _ = try? GIFInfo(bytes: bytes, limits: FuzzLimits.decoding)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzGIFInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.gif)
    return 0
}

/// Where file-path inputs are written (beside `ScratchFolder`'s folder, same name: tmpfs when there is one).
enum ScratchGIF {
    static let path = ScratchFolder(harness: "gif").path + ".gif"
}
