import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzTree)

/// Catalog trees: the input is a small program that builds a folder tree (groups, image, colour and
/// app-icon sets, data sets and unknown folders, files with odd names, invalid UTF-8, many same-named
/// sets, symbolic links inside, to a parent, out of the catalog and dangling, a FIFO), which is then
/// validated (`deep`), reported as HTML and resolved name by name. libFuzzer's `-timeout` and
/// `-rss_limit_mb` are the time and memory budget; the tree is built in /dev/shm and removed after.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    let root = ScratchTree.next()
    ScratchTree.build(bytes, at: root)
    let limits = CatalogLimits(maxDepth: 16, maxContentsBytes: 1 << 16, threads: 2)
    let options = CatalogValidator.Options(deep: true, limits: FuzzLimits.decoding, catalogLimits: limits)
    let validator = CatalogValidator(options: options)
    _ = try? validator.validate(catalogAt: root)
    if let catalog = try? AssetCatalog.read(at: root, limits: limits) {
        let report = validator.validate(catalog)
        var page = CatalogHTMLReport(catalog: catalog, validation: report, thumbnailSide: 16)
        page.limits = FuzzLimits.decoding
        _ = page.render()
        let resolver = VariantResolver(catalog: catalog)
        for asset in catalog.assets.prefix(64) {
            _ = resolver.resolve(asset.name, for: .iPhone)
        }
    }
    ScratchTree.scratch.clear()
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzTreeInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.tree)
    _ = (ScratchTree.png, ScratchTree.jpeg)
    return 0
}

/// The scratch folder one fuzzing process builds each input's tree in.
enum ScratchTree {
    static let scratch = ScratchFolder(harness: "tree")
    static var base: String { scratch.path }

    static func next() -> String {
        scratch.make()
        // Bait beside the catalog: a link out of the catalog leads here.
        FuzzSeeds.write(Array("secret".utf8), to: base + "/outside.png")
        let root = base + "/Fuzz.xcassets"
        mkdir(root, 0o755)
        return root
    }

    /// One small PNG and JPEG made once (the encoders run at start-up, not for every input).
    static let png: [UInt8] = FuzzSeeds.seeds(.png).first?.1 ?? []
    static let jpeg: [UInt8] = FuzzSeeds.seeds(.jpeg).first?.1 ?? []

    static let setKinds = ["imageset", "colorset", "appiconset", "dataset", "spriteatlas", "unknownset", "symbolset"]
    static let contents: [String] = [
        #"{"info":{"author":"xcode","version":1}}"#,
        #"{"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},{"filename":"b.jpg","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}"#,
        #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0.5","green":"1","blue":"0","alpha":"1"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
        #"{"images":[{"filename":"../outside.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
        #"{"images":[{"filename":"v.svg","idiom":"universal"}],"properties":{"preserves-vector-representation":true},"info":{"author":"xcode","version":1}}"#,
        #"{"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},{"filename":"a.png","idiom":"universal","scale":"1x","appearances":[{"appearance":"luminosity","value":"dark"}]}],"info":{"author":"xcode","version":1}}"#,
        #"{"images":[{"filename":"a.png","filename":"b.jpg"}],"images":[],"info":{"version":1}}"#,
        "{",
    ]

    /// Runs the program in `bytes`: each operation is one byte (and its operands), at most 96 of them.
    static func build(_ bytes: [UInt8], at root: String) {
        var program = FuzzProgram(bytes)
        func next() -> UInt8? { program.next() }
        func name() -> String { program.name() }
        var stack = [root]
        var made: [String] = [root]
        var operations = 0
        FuzzSeeds.write(Array(contents[0].utf8), to: root + "/Contents.json")
        while let op = next(), operations < 96 {
            operations += 1
            let here = stack[stack.count - 1]
            switch op % 10 {
            case 0, 1:  // a group, entered
                guard stack.count < 14 else { continue }
                let path = here + "/" + name()
                if mkdir(path, 0o755) == 0 {
                    FuzzSeeds.write(Array(contents[0].utf8), to: path + "/Contents.json")
                    stack.append(path)
                    made.append(path)
                }
            case 2:  // leave the group
                if stack.count > 1 { stack.removeLast() }
            case 3, 4:  // a set with one of the Contents.json texts and two images
                let kind = setKinds[Int(next() ?? 0) % setKinds.count]
                let path = here + "/" + name() + "." + kind
                mkdir(path, 0o755)
                FuzzSeeds.write(Array(contents[Int(next() ?? 0) % contents.count].utf8), to: path + "/Contents.json")
                FuzzSeeds.write(ScratchTree.png, to: path + "/a.png")
                FuzzSeeds.write(ScratchTree.jpeg, to: path + "/b.jpg")
                FuzzSeeds.write(Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#.utf8), to: path + "/v.svg")
                made.append(path)
            case 5:  // a link: to a folder made earlier, to the parent, out of the catalog, or dangling
                let targets = [made[Int(next() ?? 0) % made.count], "..", "../..", "/etc", ScratchTree.base + "/outside.png", "missing"]
                symlink(targets[Int(next() ?? 0) % targets.count], here + "/" + name() + ["", ".imageset", ".png"][Int(next() ?? 0) % 3])
            case 6:  // a file with an odd name
                FuzzSeeds.write(Array("x".utf8), to: here + "/" + name())
            case 7:  // many sets of the same name in new groups
                let count = Int(next() ?? 0) % 24
                let set = name()
                for index in 0..<count {
                    let group = here + "/g\(index)"
                    mkdir(group, 0o755)
                    mkdir(group + "/" + set + ".imageset", 0o755)
                    FuzzSeeds.write(Array(contents[1].utf8), to: group + "/" + set + ".imageset/Contents.json")
                }
            case 8:  // a FIFO where a file or a Contents.json is read
                mkfifo(here + "/" + (next().map { $0 % 2 == 0 } == true ? "Contents.json.fifo" : name() + ".png"), 0o644)
            default:  // replace this folder's Contents.json with a chosen text
                FuzzSeeds.write(Array(contents[Int(next() ?? 0) % contents.count].utf8), to: here + "/Contents.json")
            }
        }
    }
}
