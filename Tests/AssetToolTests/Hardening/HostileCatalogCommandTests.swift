import Assets
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #13, first half, through the commands: nothing deleted that build-check did not write, names
/// escaped in every output format, and report and resolve never reading outside the catalog (a FIFO
/// outside is the bait: a command that opened it would block until the deadline).
@Suite("Hostile catalogs through the commands")
struct HostileCatalogCommandTests {
    // The fixture JSON of the hazard tests: one home for how a test catalog's Contents.json is written.
    static let info = CatalogHazardTests.info

    static func imageSet(_ filename: String) -> String { CatalogHazardTests.imageSet(filename) }

    // MARK: Data loss

    @Test("build-check never deletes a folder: a missing catalog, --output naming a folder or the catalog itself")
    func buildCheckKeepsFolders() throws {
        // Given a folder with a file in it, and a catalog with an error
        let folder = try TemporaryFolder()
        try folder.write("keep/precious.txt", "do not delete")
        try folder.write("Bad.xcassets/x.imageset/Contents.json", "{ not json")

        // When build-check fails on a missing catalog and on a catalog with errors, with --output on them
        let missing = try BoundedRun.run(["build-check", folder.path + "/Missing.xcassets", "--output", folder.path + "/keep"])
        let failing = try BoundedRun.run(["build-check", folder.path + "/Bad.xcassets", "--output", folder.path + "/keep"])
        let itself = try BoundedRun.run(["build-check", folder.path + "/Bad.xcassets", "--output", folder.path + "/Bad.xcassets"])

        // Then each fails as before and every folder and file is still there
        #expect(missing.ending == .exited(66))
        #expect(failing.ending == .exited(1))
        #expect(itself.ending == .exited(1))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/keep/precious.txt"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Bad.xcassets/x.imageset/Contents.json"))
    }

    @Test("build-check removes and replaces only a file it wrote itself")
    func buildCheckOwnFileOnly() throws {
        // Given a passing catalog, a file of someone else's, and a link to it
        let folder = try TemporaryFolder()
        try folder.write("Good.xcassets/Contents.json", "{\(Self.info)}")
        try folder.write("Bad.xcassets/x.imageset/Contents.json", "{ not json")
        try folder.write("notes.swift", "let mine = 1\n")
        #expect(symlink(folder.path + "/notes.swift", folder.path + "/link.swift") == 0)
        let own = folder.path + "/Generated.swift"

        // When build-check passes (writes its file), then fails (removes it), and is pointed at the others
        let passed = try BoundedRun.run(["build-check", folder.path + "/Good.xcassets", "--output", own])
        let written = FileManager.default.fileExists(atPath: own)
        let failed = try BoundedRun.run(["build-check", folder.path + "/Bad.xcassets", "--output", own])
        let notMine = try BoundedRun.run(["build-check", folder.path + "/Bad.xcassets", "--output", folder.path + "/notes.swift"])
        let overMine = try BoundedRun.run(["build-check", folder.path + "/Good.xcassets", "--output", folder.path + "/notes.swift"])
        let viaLink = try BoundedRun.run(["build-check", folder.path + "/Bad.xcassets", "--output", folder.path + "/link.swift"])

        // Then its own file came and went; the other file and the link are untouched, and replacing it is refused
        #expect(passed.ending == .exited(0) && written)
        #expect(failed.ending == .exited(1) && !FileManager.default.fileExists(atPath: own))
        #expect(notMine.ending == .exited(1) && viaLink.ending == .exited(1))
        #expect(overMine.ending == .exited(1))
        #expect(overMine.stderr.contains("exists and was not written by build-check; not replaced"), "\(overMine.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/notes.swift", encoding: .utf8) == "let mine = 1\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/link.swift")) == folder.path + "/notes.swift")
    }

    // MARK: Output injection

    @Test("a catalog name with line breaks stays inside the generated Swift file's comment")
    func buildCheckSwiftComment() throws {
        // Given a passing catalog whose folder name holds line breaks and Swift code
        let folder = try TemporaryFolder()
        let name = "A\nfatalError()\r\n\u{2028}let x = 1.xcassets"
        try folder.write("\(name)/Contents.json", "{\(Self.info)}")
        let output = folder.path + "/Generated.swift"

        // When build-check writes its file
        let run = try BoundedRun.run(["build-check", folder.path + "/" + name, "--output", output])

        // Then the file is one comment line, the name escaped in it
        #expect(run.ending == .exited(0), "\(run.stderr)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 2)
        #expect(!text.unicodeScalars.contains { $0 == "\r" || $0 == "\u{2028}" })
        #expect(text.hasPrefix(#"// Generated by asset-tool build-check: A\u{A}fatalError()\u{D}\u{A}\u{2028}let x = 1.xcassets passed"#))
    }

    @Test("names with line breaks and escape codes cannot forge a line in text or GitHub output", arguments: ["text", "github"])
    func forgedLines(format: String) throws {
        // Given sets whose file names forge a GitHub command, a diagnostic line (CR LF) and colour codes
        let folder = try TemporaryFolder()
        try folder.write("C.xcassets/Contents.json", "{\(Self.info)}")
        let names = [
            "a\n::error file=x.swift,line=1::forged.png", "b\r\nC.xcassets: error: forged [missing-file].png", "c\u{1B}[2J\u{1B}[31m.png",
        ]
        for (index, name) in names.enumerated() {
            try folder.write("C.xcassets/s\(index).imageset/Contents.json", Self.imageSet(name))
        }

        // When the catalog is validated
        let run = try BoundedRun.run(["validate", "--format", format, folder.path + "/C.xcassets"])

        // Then there is one line per finding and the summary: 3 missing-file (no placeholders are declared)
        #expect(run.ending == .exited(1))
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4, "\(run.stdout)")
        #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        if format == "github" {
            #expect(lines.filter { $0.hasPrefix("::") }.count == 3)
            #expect(lines.filter { $0.hasPrefix("::error") }.count == 3)
        } else {
            #expect(lines.filter { $0.contains(": error: ") }.count == 3)
            #expect(!lines.contains { $0.hasPrefix("::") || $0.hasPrefix("C.xcassets: error") })
        }
    }

    // MARK: Reads outside the catalog

    @Test("report and resolve read nothing outside the catalog; the FIFO outside is never opened")
    func reportAndResolveStayInside() throws {
        // Given a catalog whose placeholder GIF and image link to a FIFO outside, and a set naming it by ../
        let folder = try TemporaryFolder()
        let bait = folder.path + "/bait.gif"
        #expect(mkfifo(bait, 0o644) == 0)
        try folder.write("C.xcassets/Contents.json", "{\(Self.info)}")
        try folder.write("C.xcassets/climb.imageset/Contents.json", Self.imageSet("../../bait.gif"))
        try folder.write(
            "C.xcassets/global_image_placeholder_icon.dataset/Contents.json",
            #"{"data":[{"idiom":"universal","filename":"spinner.gif"}],\#(Self.info)}"#)
        #expect(symlink(bait, folder.path + "/C.xcassets/global_image_placeholder_icon.dataset/spinner.gif") == 0)
        try folder.write("C.xcassets/linked.imageset/Contents.json", Self.imageSet("linked.png"))
        #expect(symlink(bait, folder.path + "/C.xcassets/linked.imageset/linked.png") == 0)

        // When the report is written and the image slot resolved
        let report = try BoundedRun.run(["report", folder.path + "/C.xcassets", "--output", folder.path + "/r.html"], deadline: 30)
        let resolve = try BoundedRun.run(["resolve", "--state", "image-slot", "--catalog", folder.path + "/C.xcassets"], deadline: 30)

        // Then neither blocked on the bait: the page is written, the resolve fails naming the link
        #expect(report.ending == .exited(0), "\(report.stderr)")
        let html = try String(contentsOfFile: folder.path + "/r.html", encoding: .utf8)
        #expect(!html.contains("<img"))
        #expect(resolve.ending == .exited(1))
        #expect(resolve.stderr.contains("spinner.gif") && resolve.stderr.contains("leading out of the catalog"), "\(resolve.stderr)")
    }
}
