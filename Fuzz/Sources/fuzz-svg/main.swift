import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzSVG)

/// The SVG check (`VectorFileCheck`, `XMLShapeCheck`), reached the way users reach it: the input is
/// the `.svg` file of an image set (and, as a second path, a `.pdf` one), and the catalog is validated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    FuzzSeeds.write(bytes, to: ScratchSVG.root + "/Vector.imageset/v.svg")
    FuzzSeeds.write(bytes, to: ScratchSVG.root + "/Vector.imageset/p.pdf")
    let options = CatalogValidator.Options(
        deep: true, limits: FuzzLimits.decoding,
        catalogLimits: CatalogLimits(threads: 1))
    _ = try? CatalogValidator(options: options).validate(catalogAt: ScratchSVG.root)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzSVGInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.svg)
    ScratchSVG.create()
    return 0
}

enum ScratchSVG {
    static let root: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        return "\(base)/assets-fuzz-svg-\(getpid())/Fuzz.xcassets"
    }()

    static func create() {
        mkdir(String(root.dropLast("/Fuzz.xcassets".count)), 0o755)
        mkdir(root, 0o755)
        mkdir(root + "/Vector.imageset", 0o755)
        FuzzSeeds.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), to: root + "/Contents.json")
        FuzzSeeds.write(
            Array(
                #"{"images":[{"filename":"v.svg","idiom":"universal"},{"filename":"p.pdf","idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}]}],"properties":{"preserves-vector-representation":true},"info":{"author":"xcode","version":1}}"#
                    .utf8),
            to: root + "/Vector.imageset/Contents.json")
    }
}
