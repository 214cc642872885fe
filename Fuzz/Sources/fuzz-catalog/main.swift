import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzCatalog)

/// Catalog loading and validation from `Contents.json`: the input becomes the `Contents.json` of the
/// catalog root, of a group, of an image set, a colour set and an app icon set in a scratch catalog
/// (in /dev/shm when present), which is then read and validated (`deep`, so referenced images decode).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let root = ScratchCatalog.root
    for folder in ScratchCatalog.folders {
        FuzzSeeds.write(bytes, to: root + folder + "/Contents.json")
    }
    let options = CatalogValidator.Options(deep: true, limits: FuzzLimits.decoding)
    _ = try? CatalogValidator(options: options).validate(catalogAt: root)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzCatalogInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.catalog)
    ScratchCatalog.create()
    return 0
}

/// The scratch catalog one fuzzing process rewrites for every input.
enum ScratchCatalog {
    static let root: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        return "\(base)/assets-fuzz-catalog-\(getpid())/Fuzz.xcassets"
    }()
    static let folders = ["", "/Group", "/Group/Icon.imageset", "/Tint.colorset", "/AppIcon.appiconset"]

    static func create() {
        let parent = String(root.dropLast("/Fuzz.xcassets".count))
        mkdir(parent, 0o755)
        mkdir(root, 0o755)
        for folder in folders where !folder.isEmpty { mkdir(root + folder, 0o755) }
        if let png = FuzzSeeds.seeds(.png).first?.1 {
            FuzzSeeds.write(png, to: root + "/Group/Icon.imageset/a.png")
            FuzzSeeds.write(png, to: root + "/AppIcon.appiconset/a.png")
        }
        if let jpeg = FuzzSeeds.seeds(.jpeg).first?.1 {
            FuzzSeeds.write(jpeg, to: root + "/Group/Icon.imageset/b.jpg")
        }
    }
}
