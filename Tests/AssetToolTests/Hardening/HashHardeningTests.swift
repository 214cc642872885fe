@testable import Assets
@testable import AssetsCodecs
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `hash`, `resolve --hash` and `report --hash-previews` read a catalog as every command does, keep
/// their manifest's keys one to a file, say where a folder walk stopped, and decode within the limits.
@Suite("Hashing: the catalog's rule, limits, whole manifests")
struct HashHardeningTests {
    /// A catalog whose only set's image is a link to an image outside it (a distinctive red square).
    static func linkedOut(_ folder: TemporaryFolder) throws -> String {
        var image = RGBAImage(width: 8, height: 8)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[index] = 255
            image.pixels[index + 3] = 255
        }
        try folder.write("outside/secret.png", try PNGEncoder.fast.encode(image))
        try folder.write("App.xcassets/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try folder.write(
            "App.xcassets/red.imageset/Contents.json",
            "{\"images\": [{\"filename\": \"red.png\", \"idiom\": \"universal\"}], \"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/App.xcassets/red.imageset/red.png",
            withDestinationPath: folder.path + "/outside/secret.png")
        return folder.path + "/App.xcassets"
    }

    @Test("#23's reproduction: hash CATALOG, resolve --hash and report --hash-previews do not follow a link out of the catalog")
    func linkOutOfCatalog() throws {
        let folder = try TemporaryFolder()
        let catalog = try Self.linkedOut(folder)
        let outside = try BoundedRun.run(["hash", folder.path + "/outside/secret.png"])
        let secret = try #require(
            outside.stdout.split(separator: " ").firstIndex(of: "blurhash").map { outside.stdout.split(separator: " ")[$0 + 1] })

        let hash = try BoundedRun.run(["hash", catalog])
        let resolve = try BoundedRun.run(["resolve", "red", "--catalog", catalog, "--hash"])
        let report = try BoundedRun.run(["report", catalog, "--hash-previews", "--output", folder.path + "/report.html"])
        let page = try String(contentsOfFile: folder.path + "/report.html", encoding: .utf8)

        #expect(hash.ending == .exited(1))
        #expect(hash.stderr.contains("symbolic link leading out of the catalog"), "\(hash.stderr)")
        #expect(resolve.ending == .exited(1))
        #expect(resolve.stderr.contains("symbolic link leading out of the catalog"), "\(resolve.stderr)")
        #expect(report.ending == .exited(0), "\(report.stderr)")
        for output in [hash.stdout, resolve.stdout, page] { #expect(!output.contains(String(secret))) }
    }

    @Test("two catalogs sharing a set name cannot share one manifest; a file given twice is hashed once")
    func manifestKeysClash() throws {
        let folder = try TemporaryFolder()
        let png = try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4))
        for name in ["A", "B"] {
            try folder.write(
                "\(name).xcassets/icon.imageset/Contents.json",
                "{\"images\": [{\"filename\": \"icon.png\", \"idiom\": \"universal\"}]}")
            try folder.write("\(name).xcassets/icon.imageset/icon.png", png)
        }
        let image = try folder.write("one.png", png)

        let clash = try BoundedRun.run(["hash", folder.path + "/A.xcassets", folder.path + "/B.xcassets", "-o", folder.path + "/m.json"])
        let twice = try BoundedRun.run(["hash", image, image, "-o", folder.path + "/t.json"])

        #expect(clash.ending == .exited(1))
        #expect(clash.stderr.contains("would both be \"icon\" in the manifest"), "\(clash.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/m.json"))
        #expect(twice.ending == .exited(0), "\(twice.stderr)")
        #expect(twice.stdout.split(separator: "\n").count == 1)
    }

    @Test("a folder walk deeper than 32 folders says so and exits 1")
    func walkTooDeep() throws {
        let folder = try TemporaryFolder()
        let png = try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4))
        try folder.write("top.png", png)
        try folder.write(Array(repeating: "d", count: 34).joined(separator: "/") + "/deep.png", png)

        let run = try BoundedRun.run(["hash", folder.path])

        #expect(run.ending == .exited(1))
        #expect(run.stderr.contains("more than 32 folders deep"), "\(run.stderr)")
        #expect(run.stdout.contains("top.png"))
    }

    // The limit catches a walk that never stops at its image limit. It is as long as the package builds'
    // limits because the clock starts when the test is scheduled: on 2 cores the synchronous package builds
    // and the pre-commit runs of other suites can hold both of Swift Testing's threads for minutes (a clean CI
    // run saw this 5-file test end after 245 s), and a 2-minute limit then fails a walk that takes milliseconds.
    @Test("a folder walk that reaches its image limit says so", .timeLimit(.minutes(20)))
    func walkImageLimit() throws {
        let folder = try TemporaryFolder()
        for index in 0..<5 { try folder.write("i\(index).png", "x") }

        let expansion = try HashBatch.expand(folder.path, maximumImages: 3)

        #expect(expansion.items.count == 3)
        #expect(expansion.incomplete.count == 1)
        #expect(expansion.incomplete.first?.reason.contains("more than 3 images") == true)
    }

    @Test("a folder the walk cannot list says so and exits 1", .enabled(if: geteuid() != 0, "root lists any folder"))
    func walkUnlistable() throws {
        let folder = try TemporaryFolder()
        try folder.write("closed/a.png", "x")
        chmod(folder.path + "/closed", 0)
        defer { chmod(folder.path + "/closed", 0o755) }

        let run = try BoundedRun.run(["hash", folder.path])

        #expect(run.ending == .exited(1))
        #expect(run.stderr.contains("cannot be listed"), "\(run.stderr)")
    }

    @Test("hash takes --max-pixels and --threads")
    func limitFlags() throws {
        let folder = try TemporaryFolder()
        let image = try folder.write("big.png", try PNGEncoder.fast.encode(RGBAImage(width: 64, height: 64)))

        let refused = try BoundedRun.run(["hash", image, "--max-pixels", "100"])
        let threaded = try BoundedRun.run(["hash", image, image, "--threads", "1"])

        #expect(refused.ending == .exited(1))
        #expect(refused.stderr.contains("too-large") || refused.stderr.contains("--max-pixels"), "\(refused.stderr)")
        #expect(threaded.ending == .exited(0), "\(threaded.stderr)")
    }

    @Test("#23's reproduction: two 10000x10000 images under ulimit -v 800000 give a clean error or hashes, never an abort")
    func twoLargeImagesUnderUlimit() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a.gif", MemoryLimitTests.wideGIF(width: 10_000, height: 10_000, frames: 1))
        let second = try folder.write("b.gif", MemoryLimitTests.wideGIF(width: 10_000, height: 10_000, frames: 1))

        let run = try BoundedRun.run(
            [first, second], shell: "ulimit -v 800000 && exec \"$TOOL\" hash \"$1\" \"$2\" --threads 2",
            deadline: 300)

        guard case .exited(let status) = run.ending else {
            Issue.record("\(run.ending): \(run.stderr)")
            return
        }
        #expect(status == 0 || status == 1)
        #expect(!run.stderr.contains("failed to allocate") && !run.stderr.contains("Fatal error"), "\(run.stderr)")
        if status == 1 { #expect(run.stderrLines.allSatisfy { $0.contains("too-large") || $0.contains("memory") }, "\(run.stderr)") }
    }
}
