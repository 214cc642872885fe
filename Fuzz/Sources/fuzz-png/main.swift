import Assets
import FuzzSupport

FuzzDriver.run(fuzzPNG)

/// PNG decoding through libpng and the C shim (the input's length picks whether damaged data is refused),
/// and the check `validate --deep` runs, which must say what the decode says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let options = DecodeOptions(limits: FuzzLimits.decoding, rejectDamagedData: size % 2 == 0)
    if let decoded = try? ImageInspector.decode(bytes, file: "fuzz.png", options: options) {
        let image = decoded.image
        guard image.pixels.count == image.width * image.height * 4 else { fatalError("pixel count does not match the size") }
    }
    // validate --deep's check (a zlib walk below the filters, libpng for anything unusual) agrees with it.
    CheckAgreement.verify(bytes, options: options)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzPNGInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.png)
    return 0
}
