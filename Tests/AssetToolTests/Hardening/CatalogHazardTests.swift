import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Catalog hazards the catalog's own tests do not already cover (they cover `../` file names, links
/// out of the catalog, a link back to a parent folder, deep JSON nesting and deep groups): each gives
/// clear findings, no crash, no hang, and nothing outside the catalog is read. "Nothing read outside"
/// is checked with a FIFO outside the catalog as the bait: opening it for reading blocks until a writer
/// comes, so a tool that reads it hangs and the deadline fails the test.
@Suite("Catalog hazards")
struct CatalogHazardTests {
    static let info = #""info":{"author":"xcode","version":1}"#

    static func imageSet(_ filename: String) -> String {
        let escaped = filename.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case _ where scalar.value < 0x20: return String(format: "\\u%04x", scalar.value)
            default: return String(scalar)
            }
        }.joined()
        return #"{"images":[{"filename":"\#(escaped)","idiom":"universal","scale":"1x"}],\#(info)}"#
    }

    /// A catalog folder with a root `Contents.json`, and a FIFO beside the catalog as bait.
    struct Fixture {
        let folder: TemporaryFolder
        let root: String
        let bait: String

        init() throws {
            folder = try TemporaryFolder()
            root = try folder.folder("Hazard.xcassets")
            try folder.write("Hazard.xcassets/Contents.json", "{\(CatalogHazardTests.info)}")
            bait = folder.path + "/bait.png"
            #expect(mkfifo(bait, 0o644) == 0)
        }

        func png() throws -> [UInt8] { try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4)) }

        /// `validate --deep --no-cost --format json`, bounded; returns the run and the diagnostics as (path, code).
        /// Without the cost checks: the hazards reuse one image in many sets, which they would call duplicates.
        func validate(deadline: TimeInterval = 60) throws -> (BoundedRun, [(path: String, code: String)]) {
            let run = try BoundedRun.run(["validate", "--deep", "--no-cost", "--format", "json", root], deadline: deadline)
            var found: [(String, String)] = []
            if let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
                let diagnostics = object["diagnostics"] as? [[String: Any]]
            {
                for diagnostic in diagnostics {
                    found.append((diagnostic["path"] as? String ?? "", diagnostic["code"] as? String ?? ""))
                }
            }
            return (run, found)
        }
    }

    static func expectClean(_ run: BoundedRun, _ what: String) {
        #expect(run.ending == .exited(0) || run.ending == .exited(1), "\(what): \(run.ending)\n\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(what): \(run.stderr)")
    }

    @Test("a Contents.json over the 16 MB cap is reported as unreadable, not loaded")
    func hugeContents() throws {
        // Given an image set whose Contents.json is 17 MB of valid JSON
        let fixture = try Fixture()
        let padding = String(repeating: " ", count: 17 << 20)
        try fixture.folder.write("Hazard.xcassets/big.imageset/Contents.json", "{\(padding)\(Self.info)}")

        // When the catalog is validated
        let (run, found) = try fixture.validate()

        // Then that file gets one invalid-json finding saying it cannot be read
        Self.expectClean(run, "huge Contents.json")
        #expect(found.contains { $0.path == "big.imageset/Contents.json" && $0.code == "invalid-json" }, "\(found)")
        #expect(run.stdout.contains("too large") || run.stdout.contains("File too large"), "\(run.stdout.prefix(500))")
    }

    @Test("a wide Contents.json (20,000 entries) and a 100,000-deep one load in bounded time")
    func wideAndDeepContents() throws {
        // Given an image set with 20,000 entries naming one missing file, and one nested 100,000 deep
        let fixture = try Fixture()
        let entry = #"{"filename":"a.png","idiom":"universal","scale":"1x"}"#
        let wide = #"{"images":["# + Array(repeating: entry, count: 20_000).joined(separator: ",") + "],\(Self.info)}"
        try fixture.folder.write("Hazard.xcassets/wide.imageset/Contents.json", wide)
        try fixture.folder.write(
            "Hazard.xcassets/deep.imageset/Contents.json",
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))

        // When the catalog is validated
        let (run, found) = try fixture.validate()

        // Then the deep one is invalid-json, the wide one reports its missing file, and nothing crashed
        Self.expectClean(run, "wide and deep Contents.json")
        #expect(found.contains { $0.path == "deep.imageset/Contents.json" && $0.code == "invalid-json" }, "\(found)")
        #expect(found.contains { $0.path.hasPrefix("wide.imageset") && $0.code == "missing-file" }, "\(found.prefix(5))")
    }

    @Test(
        "file names leading out of the catalog are unsafe paths, and the bait outside is never opened",
        arguments: ["/BAIT", "../../bait.png", "../../../bait.png", "sub/../../../bait.png", "..", ".", "a\u{0}b.png", "a\\..\\b.png"])
    func escapingNames(name: String) throws {
        // Given an image set whose entry names a path out of the catalog (the bait is a FIFO outside)
        let fixture = try Fixture()
        let filename = name == "/BAIT" ? fixture.bait : name
        try fixture.folder.write("Hazard.xcassets/icon.imageset/Contents.json", Self.imageSet(filename))

        // When the catalog is validated deeply
        let (run, found) = try fixture.validate()

        // Then the entry is an unsafe path and the tool did not block on the bait
        Self.expectClean(run, name)
        #expect(found.contains { $0.code == "unsafe-path" }, "\(name): \(found)")
    }

    @Test("links: to itself, dangling, to a FIFO outside, Contents.json linked outside: findings, no hang")
    func hostileLinks() throws {
        // Given a catalog with a self-referencing link, a dangling link, links to the bait, and a set
        // whose Contents.json is a link to the bait
        let fixture = try Fixture()
        let set = fixture.root + "/icon.imageset"
        try fixture.folder.write("Hazard.xcassets/icon.imageset/Contents.json", Self.imageSet("icon.png"))
        try fixture.folder.write("Hazard.xcassets/icon.imageset/icon.png", try fixture.png())
        #expect(symlink("loop", set + "/loop") == 0)
        #expect(symlink(fixture.root + "/nowhere", set + "/dangling.png") == 0)
        #expect(symlink(fixture.bait, set + "/bait.png") == 0)
        try fixture.folder.folder("Hazard.xcassets/other.imageset")
        #expect(symlink(fixture.bait, fixture.root + "/other.imageset/Contents.json") == 0)
        #expect(symlink(fixture.root + "/..", fixture.root + "/Up") == 0)

        // When the catalog is validated
        let (run, found) = try fixture.validate()

        // Then the links out are unsafe paths, and nothing hung or crashed
        Self.expectClean(run, "hostile links")
        #expect(found.contains { $0.path == "icon.imageset/bait.png" && $0.code == "unsafe-path" }, "\(found)")
        #expect(found.contains { $0.path == "other.imageset/Contents.json" && $0.code == "unsafe-path" }, "\(found)")
        #expect(found.contains { $0.path == "Up" && $0.code == "unsafe-path" }, "\(found)")
    }

    @Test("a FIFO inside the catalog, as an image and as a Contents.json: a finding, no hang")
    func fifosInside() throws {
        // Given an image set whose listed image is a FIFO, and a set whose Contents.json is a FIFO
        let fixture = try Fixture()
        try fixture.folder.write("Hazard.xcassets/icon.imageset/Contents.json", Self.imageSet("icon.png"))
        #expect(mkfifo(fixture.root + "/icon.imageset/icon.png", 0o644) == 0)
        try fixture.folder.folder("Hazard.xcassets/pipe.imageset")
        #expect(mkfifo(fixture.root + "/pipe.imageset/Contents.json", 0o644) == 0)

        // When the catalog is validated
        let (run, found) = try fixture.validate(deadline: 10)

        // Then both are reported and the run ends
        Self.expectClean(run, "FIFOs")
        #expect(found.contains { $0.path.hasPrefix("icon.imageset") }, "\(found)")
        #expect(found.contains { $0.path.hasPrefix("pipe.imageset") }, "\(found)")
    }

    @Test("a folder where a file should be, and a file where a set folder should be: findings, no crash")
    func wrongKinds() throws {
        // Given a set whose image and a set whose Contents.json are folders, and a file named like a set
        let fixture = try Fixture()
        try fixture.folder.write("Hazard.xcassets/icon.imageset/Contents.json", Self.imageSet("icon.png"))
        try fixture.folder.folder("Hazard.xcassets/icon.imageset/icon.png")
        try fixture.folder.folder("Hazard.xcassets/odd.imageset/Contents.json")
        try fixture.folder.write("Hazard.xcassets/flat.imageset", "a file, not a folder")

        // When the catalog is validated
        let (run, found) = try fixture.validate()

        // Then each is reported
        Self.expectClean(run, "wrong kinds")
        #expect(found.contains { $0.path.hasPrefix("icon.imageset") }, "\(found)")
        #expect(found.contains { $0.path.hasPrefix("odd.imageset") }, "\(found)")
    }

    @Test(
        "unreadable files and folders (chmod 000) are findings naming them",
        .enabled(if: geteuid() != 0, "root reads through chmod 000; the FIFO and wrong-kind tests cover unreadable entries as root"))
    func unreadable() throws {
        // Given a set whose image is unreadable and a group folder that cannot be listed
        let fixture = try Fixture()
        try fixture.folder.write("Hazard.xcassets/icon.imageset/Contents.json", Self.imageSet("icon.png"))
        let image = try fixture.folder.write("Hazard.xcassets/icon.imageset/icon.png", try fixture.png())
        let group = try fixture.folder.folder("Hazard.xcassets/Locked")
        try fixture.folder.write("Hazard.xcassets/Locked/x.imageset/Contents.json", Self.imageSet("x.png"))
        chmod(image, 0)
        chmod(group, 0)
        defer {
            chmod(group, 0o755)
            chmod(image, 0o644)
        }

        // When the catalog is validated
        let (run, found) = try fixture.validate()

        // Then both are reported by path
        Self.expectClean(run, "unreadable")
        #expect(found.contains { $0.path == "icon.imageset/icon.png" }, "\(found)")
        #expect(found.contains { $0.path.hasPrefix("Locked") }, "\(found)")
    }

    @Test("odd Unicode names: decomposed vs composed, emoji, bidi controls, newlines, invalid UTF-8")
    func oddNames() throws {
        // Given sets and files named with composed and decomposed é, an emoji, a right-to-left
        // override, a newline, and a folder whose name is not valid UTF-8
        let fixture = try Fixture()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        try fixture.folder.write("Hazard.xcassets/\(composed).imageset/Contents.json", Self.imageSet("\(composed).png"))
        try fixture.folder.write("Hazard.xcassets/\(composed).imageset/\(decomposed).png", try fixture.png())
        for name in ["\u{1F600}", "a\u{202E}gnp.exe", "line\nbreak"] {
            try fixture.folder.write("Hazard.xcassets/\(name).imageset/Contents.json", Self.imageSet("\(name).png"))
            try fixture.folder.write("Hazard.xcassets/\(name).imageset/\(name).png", try fixture.png())
        }
        var invalid = Array((fixture.root + "/bad").utf8) + [0xFF, 0xFE] + Array(".imageset".utf8)
        invalid.append(0)
        #expect(
            invalid.withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) } == 0)

        // When the catalog is validated
        let (run, found) = try fixture.validate()

        // Then it ends cleanly, and the names other than café load without findings about them
        Self.expectClean(run, "odd names")
        #expect(!found.contains { $0.path.hasPrefix("\u{1F600}") }, "\(found)")
        #expect(!found.contains { $0.path.hasPrefix("a\u{202E}") }, "\(found)")
        #expect(!found.contains { $0.path.hasPrefix("line\nbreak") }, "\(found)")
        // And the decomposed file on disk matches the composed name, as Xcode on APFS finds it, and is read
        // by its own spelling: no finding about it (not "cannot be read: No such file or directory")
        #expect(!found.contains { $0.path.hasPrefix("\(composed).imageset") }, "\(found)")
    }
}
