import Assets
import FuzzSupport

FuzzDriver.run(fuzzPNG)

/// PNG decoding through libpng and the C shim (the input's length picks whether damaged data is refused).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let options = DecodeOptions(limits: FuzzLimits.decoding, rejectDamagedData: size % 2 == 0)
    if let decoded = try? ImageInspector.decode(bytes, file: "fuzz.png", options: options) {
        let image = decoded.image
        guard image.pixels.count == image.width * image.height * 4 else { fatalError("pixel count does not match the size") }
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzPNGInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.png)
    return 0
}
