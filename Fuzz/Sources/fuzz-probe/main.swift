import Assets
import FuzzSupport

FuzzDriver.run(fuzzProbe)

/// The header probe for every format, on the whole input and as a prefix, under the default limits
/// (the probe allocates no pixels), plus the extension-mismatch check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProbe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let names = ["fuzz.png", "fuzz.jpg", "fuzz.gif", "fuzz", "fuzz.pdf"]
    _ = try? ImageInspector.probe(bytes, file: names[size % names.count], isWholeFile: true)
    _ = try? ImageInspector.probe(bytes, isWholeFile: false)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzProbeInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.probe)
    return 0
}
