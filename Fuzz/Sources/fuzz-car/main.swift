import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzCar)

/// Compiled catalogs (`Assets.car`): the input is written to a scratch file (the reader reads a path) and
/// read with and without payload digests, then a few names are resolved. A hostile BOM store must give a
/// `CompiledCatalogError`, never a crash; libFuzzer's `-timeout` and `-rss_limit_mb` bound time and memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    FuzzSeeds.write(bytes, to: CarScratch.path)
    if let car = try? CompiledCatalog.read(at: CarScratch.path, digests: size % 2 == 0) {
        _ = car.renditionCount
        for name in ["AppIcon", "AccentColor", "Logo"] {
            _ = car.resolve(name, for: .iPhone)
            _ = car.resolve(name, for: VariantQuery(appearance: .dark, idiom: .pad))
        }
    }
    _ = try? CompiledCatalog.read(at: CarScratch.path, digests: size % 2 != 0)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzCarInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.car)
    return 0
}

/// The scratch file one fuzzing process writes each input to (beside `ScratchFolder`'s folder, same name).
enum CarScratch {
    static let path = ScratchFolder(harness: "car").path + ".car"
}
