import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzJPEG)

/// JPEG decoding through libjpeg-turbo and the C shim: the input's length picks the DCT scale, the
/// orientation handling and whether damaged data is refused, so every path is reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let scales = DecodeOptions.Scale.allCases
    let options = DecodeOptions(
        limits: FuzzLimits.decoding,
        orientation: size % 3 == 0 ? .keep : .apply,
        scale: scales[size % scales.count],
        rejectDamagedData: size % 5 == 0,
        smoothChromaUpsampling: size % 7 != 0)
    if size % 4 == 1 {
        // The streaming path `asset-tool decode` takes for an upright JPEG to PPM (rows in batches).
        let writer = DecodedImageWriter(options: options, overwrite: true, rowsPerBatch: 1 + size % 5)
        _ = try? writer.write(bytes, file: "fuzz.jpg", to: ScratchOutput.path, format: .ppm)
    } else if size % 4 == 2 {
        // validate --deep's check (entropy decoding only) says what a full decode says.
        CheckAgreement.verify(bytes, options: DecodeOptions(limits: FuzzLimits.decoding, rejectDamagedData: size % 5 == 0))
    } else if let decoded = try? ImageInspector.decode(bytes, file: "fuzz.jpg", options: options) {
        let image = decoded.image
        guard image.pixels.count == image.width * image.height * 4 else { fatalError("pixel count does not match the size") }
    }
    return 0
}

/// Where the streaming path writes its PPM: tmpfs when there is one.
enum ScratchOutput {
    static let path: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        return "\(base)/assets-fuzz-jpeg-\(getpid()).ppm"
    }()
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzJPEGInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.jpeg)
    return 0
}
