import Assets
import FuzzSupport

FuzzDriver.run(fuzzJPEG)

/// JPEG decoding through libjpeg-turbo and the C shim: the input's length picks the DCT scale, the
/// orientation handling and whether damaged data is refused, so every path is reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let scales = DecodeOptions.Scale.allCases
    let options = DecodeOptions(limits: FuzzLimits.decoding,
                                orientation: size % 3 == 0 ? .keep : .apply,
                                scale: scales[size % scales.count],
                                rejectDamagedData: size % 5 == 0,
                                smoothChromaUpsampling: size % 7 != 0)
    if let decoded = try? ImageInspector.decode(bytes, file: "fuzz.jpg", options: options) {
        let image = decoded.image
        guard image.pixels.count == image.width * image.height * 4 else { fatalError("pixel count does not match the size") }
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzJPEGInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.jpeg)
    return 0
}
