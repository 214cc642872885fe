import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Builds one project folder from an input: `base/P` with a small catalog (`App/Assets.xcassets`) and the
/// files the source scan reads, and beside it, outside the project, `base/outside` with bait files whose
/// text holds `bait`, which no finding may ever show (a link out of the project is a finding, never read).
///
/// The first byte chooses the shape. Below 0x80 the rest of the input is one file, raw: a Swift file, an
/// Objective-C implementation or header, a xib, a storyboard, an XML `Info.plist`, a binary property list
/// (`bplist00` then the bytes), a `project.pbxproj`, an `.xcconfig` or `Package.swift`. From 0x80 the rest is
/// a program (`FuzzProgram`, at most 80 operations) that splices names from the input into the templates
/// (`SourceTemplates`), adds sets of those names to the catalog, nests folders past the walk's depth limit,
/// makes links out of the project, to its parents, to `/` and `/proc`, FIFOs, binary property lists from the
/// input and shared-reference ones whose expansion doubles at every level, and repeated constructs.
struct SourceProject {
    let base: String
    let bait: String
    var project: String { base + "/P" }
    /// Name patterns for the scan's `dynamicNames` (`.asset-tool.json`'s `dynamic_names`).
    var dynamicNames: [String] = []

    static let rawFiles = [
        "App/Raw.swift", "App/Raw.m", "App/V.h", "App/Raw.xib", "App/Main.storyboard", "App/Info.plist",
        "App/Binary-Info.plist", "P.xcodeproj/project.pbxproj", "App/Raw.xcconfig", "Package.swift",
    ]

    init(base: String, bait: String) {
        self.base = base
        self.bait = bait
    }

    mutating func build(_ bytes: [UInt8]) {
        makeOutside()
        for folder in ["/P", "/P/App", "/P/P.xcodeproj"] { mkdir(base + folder, 0o755) }
        makeCatalog()
        guard let first = bytes.first else { return }
        if first < 0x80 {
            let file = Self.rawFiles[Int(first) % Self.rawFiles.count]
            let body = Array(bytes.dropFirst())
            FuzzSeeds.write(file.hasSuffix("Binary-Info.plist") ? Array("bplist00".utf8) + body : body, to: project + "/" + file)
        } else {
            run(FuzzProgram(bytes, from: 1))
        }
    }

    /// Bait outside the project: a Swift file, an Info.plist and a folder a link may lead to.
    private func makeOutside() {
        let outside = base + "/outside"
        mkdir(outside, 0o755)
        FuzzSeeds.write(Array("let _ = UIImage(named: \"\(bait)\")\n".utf8), to: outside + "/Bait.swift")
        FuzzSeeds.write(
            SourceTemplates.splice(
                SourceTemplates.propertyListFrame.0 + SourceTemplates.propertyList[0]
                    + SourceTemplates.propertyListFrame.1, Array(bait.utf8)), to: outside + "/Info.plist")
        mkdir(outside + "/App.xcassets", 0o755)
        FuzzSeeds.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), to: outside + "/App.xcassets/Contents.json")
        makeSet(outside + "/App.xcassets/" + bait + ".imageset", kind: 0)
    }

    /// `App/Assets.xcassets`: `icon`, `AppIcon`, `Accent`, `data` and `Icons/star` in a namespace.
    private func makeCatalog() {
        let catalog = project + "/App/Assets.xcassets"
        mkdir(catalog, 0o755)
        FuzzSeeds.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), to: catalog + "/Contents.json")
        mkdir(catalog + "/Icons", 0o755)
        FuzzSeeds.write(
            Array(#"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#.utf8),
            to: catalog + "/Icons/Contents.json")
        makeSet(catalog + "/icon.imageset", kind: 0)
        makeSet(catalog + "/AppIcon.appiconset", kind: 1)
        makeSet(catalog + "/Accent.colorset", kind: 2)
        makeSet(catalog + "/data.dataset", kind: 3)
        makeSet(catalog + "/Icons/star.imageset", kind: 0)
    }

    static let setKinds = ["imageset", "appiconset", "colorset", "dataset", "symbolset"]
    private static let setContents = [
        #"{"images":[{"filename":"a.png","idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#,
        #"{"images":[{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#,
        #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"1","green":"0","blue":"0","alpha":"1"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
        #"{"data":[{"filename":"a.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
        #"{"symbols":[{"filename":"a.svg","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
    ]

    private func makeSet(_ path: String, kind: Int) {
        mkdir(path, 0o755)
        FuzzSeeds.write(Array(Self.setContents[kind % Self.setContents.count].utf8), to: path + "/Contents.json")
        FuzzSeeds.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], to: path + "/a.png")
    }

    /// The files a program fills, written into the folder the program is in when it flushes them (and at its end).
    private struct Buffers {
        var swift: [UInt8] = [], objectiveC: [UInt8] = [], views: [UInt8] = [], resources: [UInt8] = []
        var plist: [UInt8] = [], settings: [[UInt8]] = [], packageResources: [UInt8] = []
        var isEmpty: Bool {
            swift.isEmpty && objectiveC.isEmpty && views.isEmpty && resources.isEmpty && plist.isEmpty
                && settings.isEmpty && packageResources.isEmpty
        }
    }

    private mutating func run(_ start: FuzzProgram) {
        var program = start
        var names: [[UInt8]] = [Array("icon".utf8), Array("AppIcon".utf8), Array("Accent".utf8), Array("Icons/star".utf8)]
        // A name used before (so references meet sets), or a new one from the input.
        func word() -> [UInt8] {
            let pick = Int(program.next() ?? 0)
            if pick < 0xC0 { return names[pick % names.count] }
            let raw = program.rawName()
            if names.count < 64 { names.append(raw) }
            return raw
        }
        var buffers = Buffers()
        var stack = [project + "/App"]
        var made = stack
        var flushes = 0
        var operations = 0
        while let op = program.next(), operations < 80 {
            operations += 1
            let here = stack[stack.count - 1]
            switch op % 16 {
            case 0:
                buffers.swift +=
                    Array("        ".utf8)
                    + SourceTemplates.splice(SourceTemplates.swift[program.choose(SourceTemplates.swift.count)], word()) + [10]
            case 1:
                buffers.objectiveC +=
                    SourceTemplates.splice(SourceTemplates.objectiveC[program.choose(SourceTemplates.objectiveC.count)], word()) + [10]
            case 2:
                buffers.views +=
                    SourceTemplates.splice(SourceTemplates.interfaceBuilder[program.choose(SourceTemplates.interfaceBuilder.count)], word())
                    + [10]
            case 3:
                buffers.resources +=
                    SourceTemplates.splice(
                        SourceTemplates.interfaceBuilderResources[program.choose(SourceTemplates.interfaceBuilderResources.count)], word())
                    + [10]
            case 4:
                buffers.plist +=
                    SourceTemplates.splice(SourceTemplates.propertyList[program.choose(SourceTemplates.propertyList.count)], word()) + [10]
            case 5:
                buffers.settings.append(
                    SourceTemplates.splice(SourceTemplates.settings[program.choose(SourceTemplates.settings.count)], word()))
            case 6:
                if !buffers.packageResources.isEmpty { buffers.packageResources += Array(",\n".utf8) }
                buffers.packageResources +=
                    Array("            ".utf8)
                    + SourceTemplates.splice(
                        SourceTemplates.packageResources[program.choose(SourceTemplates.packageResources.count)], word())
            case 7:  // a folder, entered: up to 56 deep, past the walk's 48
                guard stack.count < 56 else { continue }
                let path = here + "/" + program.name()
                if mkdir(path, 0o755) == 0 {
                    stack.append(path)
                    made.append(path)
                }
            case 8:
                if stack.count > 1 { stack.removeLast() }
            case 9:  // a link: out of the project, to a parent, to the root, to /proc, inside, dangling
                let targets = [
                    base + "/outside", base + "/outside/Bait.swift", base + "/outside/Info.plist", "../../..", "..", ".",
                    "/", "/etc/passwd", "/proc/self/environ", "/proc/self/cwd", made[program.choose(made.count)], "missing",
                    base + "/outside/App.xcassets",
                ]
                let target = targets[program.choose(targets.count)]
                let suffix = ["", ".swift", ".m", ".h", ".plist", ".xib", ".xcconfig", ".xcassets", ".storyboard"][program.choose(9)]
                symlink(target, here + "/" + program.name() + suffix)
            case 10:  // a binary property list from the input
                let length = Int(program.next() ?? 0) * 2
                var body: [UInt8] = []
                for _ in 0..<length {
                    guard let byte = program.next() else { break }
                    body.append(byte)
                }
                FuzzSeeds.write(Array("bplist00".utf8) + body, to: here + "/B\(flushes)-Info.plist")
            case 11:  // a binary property list whose shared references double the expanded size at every level
                let depth = program.choose(64)
                FuzzSeeds.write(
                    Self.sharedReferencePlist(depth: depth, fanout: 2 + program.choose(3), leaf: word()),
                    to: here + "/D\(flushes)-Info.plist")
            case 12:  // a construct repeated up to 4,096 times
                let shape = SourceTemplates.repeated[program.choose(SourceTemplates.repeated.count)]
                let count = Int(program.next() ?? 0) * 16 + 1
                buffers.swift += Array("        let x = ".utf8)
                for _ in 0..<count { buffers.swift += Array(shape.open.utf8) }
                buffers.swift += Array("a".utf8)
                for _ in 0..<count { buffers.swift += Array(shape.close.utf8) }
                buffers.swift.append(10)
            case 13:  // the files so far, written here
                flush(&buffers, into: here, index: flushes)
                flushes += 1
            case 14:  // a set named by the input, in the catalog or its namespace
                let name = String(decoding: program.rawName().map { $0 == 0 || $0 == 0x2F ? 0x5F : $0 }, as: UTF8.self)
                names.append(Array(name.utf8))
                let group = program.choose(2) == 0 ? "" : "/Icons"
                makeSet(
                    project + "/App/Assets.xcassets" + group + "/" + name + "." + Self.setKinds[program.choose(Self.setKinds.count)],
                    kind: program.choose(5))
            default:  // a FIFO where a source is read, or a name pattern built at run time
                if program.choose(2) == 0 {
                    mkfifo(here + "/" + ["F.swift", "F.m", "Info.plist", "F.xib", "project.pbxproj"][program.choose(5)], 0o644)
                } else if dynamicNames.count < 8 {
                    dynamicNames.append(String(decoding: word(), as: UTF8.self) + "*")
                }
            }
        }
        if !buffers.isEmpty || flushes == 0 { flush(&buffers, into: stack[stack.count - 1], index: flushes) }
    }

    /// Writes each non-empty buffer as its file in `folder`, framed, and empties the buffers.
    private func flush(_ buffers: inout Buffers, into folder: String, index: Int) {
        typealias T = SourceTemplates
        func framed(_ frame: (String, String), _ body: [UInt8]) -> [UInt8] { Array(frame.0.utf8) + body + Array(frame.1.utf8) }
        if !buffers.swift.isEmpty { FuzzSeeds.write(framed(T.swiftFrame, buffers.swift), to: folder + "/S\(index).swift") }
        if !buffers.objectiveC.isEmpty {
            FuzzSeeds.write(framed(T.objectiveCFrame, buffers.objectiveC), to: folder + "/O\(index).m")
            FuzzSeeds.write(framed(T.headerFrame, buffers.objectiveC), to: folder + "/O\(index).h")
        }
        if !buffers.views.isEmpty || !buffers.resources.isEmpty {
            for (frame, name) in [(T.xibFrame, "X\(index).xib"), (T.storyboardFrame, "M\(index).storyboard")] {
                FuzzSeeds.write(
                    Array(frame.0.utf8) + buffers.views + Array(frame.1.utf8) + buffers.resources + Array(frame.2.utf8),
                    to: folder + "/" + name)
            }
        }
        if !buffers.plist.isEmpty { FuzzSeeds.write(framed(T.propertyListFrame, buffers.plist), to: folder + "/Info.plist") }
        if !buffers.settings.isEmpty {
            let project = buffers.settings.flatMap { Array("\t\t\t\t".utf8) + $0 + Array(";\n".utf8) }
            mkdir(folder + "/P\(index).xcodeproj", 0o755)
            FuzzSeeds.write(framed(T.projectFrame, project), to: folder + "/P\(index).xcodeproj/project.pbxproj")
            FuzzSeeds.write(buffers.settings.flatMap { $0 + [10] }, to: folder + "/C\(index).xcconfig")
        }
        if !buffers.packageResources.isEmpty {
            FuzzSeeds.write(
                framed(T.packageFrame, buffers.packageResources), to: index == 0 ? project + "/Package.swift" : folder + "/Package.swift")
        }
        buffers = Buffers()
    }

    /// A binary property list (`bplist00`) of `depth` arrays, each holding the one below `fanout` times by
    /// reference, over a string: a few hundred bytes whose expanded tree has `fanout^depth` leaves (issue 37's
    /// 458-byte Info.plist).
    static func sharedReferencePlist(depth: Int, fanout: Int, leaf: [UInt8]) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        // Object 0: the leaf, an ASCII string of up to 14 bytes.
        let text = Array(leaf.prefix(14))
        offsets.append(out.count)
        out.append(0x50 | UInt8(text.count))
        out += text
        // Object k: an array of `fanout` references to object k - 1 (one-byte references: at most 255 objects).
        for level in 1...max(depth, 1) {
            offsets.append(out.count)
            out.append(0xA0 | UInt8(fanout))
            for _ in 0..<fanout { out.append(UInt8(level - 1)) }
        }
        // A top dictionary: CFBundleIconName → the deepest array.
        let key = Array("CFBundleIconName".utf8)
        offsets.append(out.count)
        out.append(0x5F)
        out.append(0x10)
        out.append(UInt8(key.count))
        out += key
        offsets.append(out.count)
        out += [0xD1, UInt8(offsets.count - 2), UInt8(offsets.count - 3)]
        let tableOffset = out.count
        for offset in offsets { out += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        out += [0, 0, 0, 0, 0, 0, 2, 1]
        func eight(_ value: Int) -> [UInt8] { (0..<8).map { UInt8((value >> (8 * (7 - $0))) & 0xFF) } }
        out += eight(offsets.count) + eight(offsets.count - 1) + eight(tableOffset)
        return out
    }
}
