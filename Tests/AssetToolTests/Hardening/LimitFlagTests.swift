import Assets
import Foundation
import Testing

/// Every limit has a flag, shared by the commands (`LimitOptions`), and each flag is obeyed.
@Suite("Limits: one flag for each")
struct LimitFlagTests {
    /// A catalog whose set lies `depth` groups deep, with a Contents.json of 200-odd bytes.
    static func nestedCatalog(depth: Int) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let root = try folder.folder("Deep.xcassets")
        try folder.write("Deep.xcassets/Contents.json", "{\(CatalogHazardTests.info)}")
        var path = "Deep.xcassets"
        for level in 0..<depth {
            path += "/g\(level)"
            try folder.write(path + "/Contents.json", "{\(CatalogHazardTests.info)}")
        }
        try folder.write(path + "/icon.imageset/icon.png", try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4)))
        try folder.write(path + "/icon.imageset/Contents.json", CatalogHazardTests.imageSet("icon.png"))
        return (folder, root)
    }

    static func codes(_ run: BoundedRun) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            let diagnostics = object["diagnostics"] as? [[String: Any]]
        else { return [] }
        return diagnostics.compactMap { $0["code"] as? String }
    }

    @Test("--max-depth: a set 5 groups deep is read at the default, reported and not read at 3")
    func maxDepth() throws {
        // Given a catalog with a set 5 groups deep
        let (folder, root) = try Self.nestedCatalog(depth: 5)
        defer { withExtendedLifetime(folder) {} }

        // When it is validated with the default depth and with --max-depth 3
        let standard = try BoundedRun.run(["validate", "--format", "json", root])
        let shallow = try BoundedRun.run(["validate", "--format", "json", "--max-depth", "3", root])

        // Then the default reads it cleanly, and the limit reports the deeper folder as unsafe-path
        #expect(standard.ending == .exited(0), "\(standard.stdout)")
        #expect(!Self.codes(standard).contains("unsafe-path"), "\(standard.stdout)")
        #expect(shallow.ending == .exited(1), "\(shallow.stdout)")
        #expect(Self.codes(shallow).contains("unsafe-path"), "\(shallow.stdout)")
        #expect(shallow.stdout.contains("more than 3 folders deep"), "\(shallow.stdout)")
    }

    @Test("--max-contents-size: a Contents.json over the limit is unreadable; K, M and G suffixes parse")
    func maxContentsSize() throws {
        // Given a catalog whose Contents.json files are a few hundred bytes
        let (folder, root) = try Self.nestedCatalog(depth: 1)
        defer { withExtendedLifetime(folder) {} }

        // When it is validated with a 100-byte and a 1K limit
        let tight = try BoundedRun.run(["validate", "--format", "json", "--max-contents-size", "100", root])
        let roomy = try BoundedRun.run(["validate", "--format", "json", "--max-contents-size", "1K", root])

        // Then the tight limit reports the set's Contents.json, and 1 KiB reads everything
        #expect(tight.ending == .exited(1))
        #expect(Self.codes(tight).contains("invalid-json"), "\(tight.stdout)")
        #expect(roomy.ending == .exited(0), "\(roomy.stdout)")
    }

    @Test("--max-pixels, --max-side and --max-frames: decode, info and extract-frames refuse beyond them")
    func decodingFlags() throws {
        // Given a 300x200 PNG and a GIF of five frames
        let folder = try TemporaryFolder()
        let png = try folder.write("wide.png", try PNGEncoder.fast.encode(RGBAImage(width: 300, height: 200)))
        let gif = try folder.write("five.gif", MemoryLimitTests.wideGIF(width: 4, height: 4, frames: 5))

        // When each limit is set just below what the file needs
        let runs = [
            (try BoundedRun.run(["decode", png, "--output", folder.path + "/a.ppm", "--max-pixels", "50000"]), "50000 pixels"),
            (try BoundedRun.run(["info", png, "--max-side", "256"]), "256-pixel side"),
            (try BoundedRun.run(["extract-frames", gif, "--output", folder.path + "/f", "--max-frames", "4"]), "4"),
            (try BoundedRun.run(["extract-frames", gif, "--output", folder.path + "/g", "--max-animation-pixels", "79"]), "79 pixels"),
        ]

        // Then each refuses with one too-large line naming its limit, and writes nothing
        for (run, limit) in runs {
            #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.contains("too-large") && run.stderr.contains(limit), "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["five.gif", "wide.png"])
    }

    @Test("--max-files: the files of a whole run are counted, and the folder is not written at all")
    func maxFiles() throws {
        // Given a GIF of five frames
        let folder = try TemporaryFolder()
        let gif = try folder.write("five.gif", MemoryLimitTests.wideGIF(width: 4, height: 4, frames: 5))

        // When its frames are extracted with room for 5 files (five frames and a manifest need 6), and for 6
        let short = try BoundedRun.run(["extract-frames", gif, "--output", folder.path + "/short", "--max-files", "5"])
        let enough = try BoundedRun.run(["extract-frames", gif, "--output", folder.path + "/enough", "--max-files", "6"])

        // Then the first fails naming the limit and leaves no folder; the second writes all six
        #expect(short.ending == .exited(1), "\(short.stderr)")
        #expect(short.stderrLines.count == 1 && short.stderr.contains("--max-files"), "\(short.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/short"))
        #expect(enough.ending == .exited(0), "\(enough.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/enough").count == 6)
    }

    @Test(
        "a limit below 1 or a size that does not parse is a usage error (64)",
        arguments: [
            ["validate", "--threads", "0"], ["info", "--max-pixels", "0"], ["decode", "--max-memory", "lots"],
            ["extract-frames", "--max-files", "-1"],
        ])
    func usageErrors(arguments: [String]) throws {
        let run = try BoundedRun.run(
            arguments + ["x.png", "--output", "x.ppm"].prefix(arguments[0] == "info" || arguments[0] == "validate" ? 1 : 3))
        #expect(run.ending == .exited(64), "\(arguments): \(run.ending) \(run.stderr)")
    }
}
