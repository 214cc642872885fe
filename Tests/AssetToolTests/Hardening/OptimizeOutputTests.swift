import Foundation
import Testing
import TestSupport

/// `optimize` never removes what it did not write: an existing output folder is replaced only when it is an
/// earlier output of `optimize` (its marker file), never the catalog's own folder, a folder inside it or one
/// that holds it; and a signal at any moment of `--in-place` leaves the catalog whole, old or new.
@Suite("optimize: what --output and --force may replace, and interrupts")
struct OptimizeOutputTests {
    static let shippedCatalog = PackageRoot.url.appendingPathComponent("Assets.catalog").path

    /// Every file below `root` (hidden names too) with its bytes, by relative path.
    static func tree(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = FileManager.default.contents(atPath: root + "/" + relative)
            }
        }
        return files
    }

    @Test("an existing folder this command did not write is refused, even with --force, and left as it was")
    func foreignFolderRefused() throws {
        // Given a catalog, a folder named like a catalog holding a note and a subfolder, and a project
        // folder with a Contents.json beside its code
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: catalog)
        try folder.write("Other.xcassets/notes.txt", "precious")
        try folder.write("Other.xcassets/sub/keep.txt", "precious too")
        try folder.write("Proj/Contents.json", "{}")
        try folder.write("Proj/main.swift", "code")
        let before = [Self.tree(folder.path + "/Other.xcassets"), Self.tree(folder.path + "/Proj")]

        // When optimize is asked to write over each with --force
        let other = try BoundedRun.run(["optimize", catalog, "--output", folder.path + "/Other.xcassets", "--force"])
        let project = try BoundedRun.run(["optimize", catalog, "--output", folder.path + "/Proj", "--force"])

        // Then both runs fail with one line naming the folder, and neither folder lost anything
        for (run, name) in [(other, "Other.xcassets"), (project, "Proj")] {
            #expect(run.ending == .exited(1), "\(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.contains(name) && run.stderr.contains("did not write"), "\(run.stderr)")
        }
        #expect([Self.tree(folder.path + "/Other.xcassets"), Self.tree(folder.path + "/Proj")] == before)
    }

    @Test("the output may not be the catalog, a folder inside it, or a folder that holds it")
    func outputAroundInputRefused() throws {
        // Given a catalog with a group
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: catalog)
        let before = Self.tree(catalog)

        // When its group is optimised over the whole catalog, the catalog into a folder inside it, and the
        // catalog onto itself without --in-place (also through a `..` path)
        let runs = [
            try BoundedRun.run(["optimize", catalog + "/Placeholders", "--output", catalog, "--force"]),
            try BoundedRun.run(["optimize", catalog, "--output", catalog + "/opt", "--force"]),
            try BoundedRun.run(["optimize", catalog, "--output", catalog + "/Photos/../", "--force"]),
        ]

        // Then each is refused with one line, and the catalog is byte for byte as it was, with no new folder
        for run in runs {
            #expect(run.ending == .exited(1), "\(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(run.stderr)")
        }
        #expect(runs[0].stderr.contains("holds the catalog"), "\(runs[0].stderr)")
        #expect(runs[1].stderr.contains("inside the catalog"), "\(runs[1].stderr)")
        #expect(runs[2].stderr.contains("is the catalog itself"), "\(runs[2].stderr)")
        #expect(Self.tree(catalog) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["A.xcassets"])
    }

    @Test("an earlier output of optimize carries the marker and is replaced with --force; an empty folder is used")
    func ownOutputReplaced() throws {
        // Given a catalog, an empty folder, and an earlier output of optimize
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: catalog)
        let empty = try folder.folder("Empty.xcassets")
        let output = folder.path + "/Out.xcassets"
        let first = try BoundedRun.run(["optimize", catalog, "--output", output])
        try #require(first.ending == .exited(0), "\(first.stderr)")

        // When optimize writes into the empty folder, and over its earlier output without and with --force
        let intoEmpty = try BoundedRun.run(["optimize", catalog, "--output", empty])
        let without = try BoundedRun.run(["optimize", catalog, "--output", output])
        let forced = try BoundedRun.run(["optimize", catalog, "--output", output, "--force"])

        // Then the empty folder and the forced run succeed, the run without --force says it exists, and
        // each output holds the catalog's files and the marker
        #expect(intoEmpty.ending == .exited(0), "\(intoEmpty.stderr)")
        #expect(without.ending == .exited(1) && without.stderr.contains("already exists"), "\(without.stderr)")
        #expect(forced.ending == .exited(0), "\(forced.stderr)")
        let expected = Set(Self.tree(catalog).keys).union([".asset-tool-optimized"])
        #expect(Set(Self.tree(output).keys) == expected)
        #expect(Set(Self.tree(empty).keys) == expected)
        // An output optimised again as an input: the marker is written, not copied twice
        let again = try BoundedRun.run(["optimize", output, "--output", folder.path + "/Again.xcassets"])
        #expect(again.ending == .exited(0), "\(again.stderr)")
        #expect(Set(Self.tree(folder.path + "/Again.xcassets").keys) == expected)
    }

    @Test("what a run killed between its two renames leaves: the set-aside catalog is put back, never removed")
    func setAsideRestored() throws {
        // Given what SIGKILL between commit's renames leaves: the catalog set aside, the staged copy, the lock
        let folder = try TemporaryFolder()
        let original = folder.path + "/.A.xcassets.asset-tool-old-Kp3x9Q"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: original)
        let before = Self.tree(original)
        try folder.write(".A.xcassets.asset-tool-tmp-Zx81Lm/Contents.json", "{}")
        try folder.write(".A.xcassets.asset-tool-lock", "")
        let catalog = folder.path + "/A.xcassets"

        // When the next run into the same folder starts (it writes another catalog there with --force)
        let other = folder.path + "/B.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: other)
        let run = try BoundedRun.run(["optimize", other, "--output", catalog, "--force"])

        // Then the set-aside catalog is back at its name first, so this run refuses to replace it (it is
        // not an optimize output), and nothing of it was removed
        #expect(run.ending == .exited(1), "\(run.stderr)")
        #expect(Self.tree(catalog) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["A.xcassets", "B.xcassets"], "\(left)")
    }

    @Test("a set-aside folder whose replacement is in place but is not marked as replaced is left alone")
    func unmarkedSetAsideKept() throws {
        // Given an earlier output in place and a set-aside folder without the mark (a kill after the second rename)
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: catalog)
        let output = folder.path + "/Out.xcassets"
        try #require(try BoundedRun.run(["optimize", catalog, "--output", output]).ending == .exited(0))
        try folder.write(".Out.xcassets.asset-tool-old-Aa11Bb/Contents.json", "{\"only\": \"copy\"}")
        try folder.write(".Out.xcassets.asset-tool-old-Cc22Dd/.asset-tool-superseded", "replaced")
        try folder.write(".Out.xcassets.asset-tool-old-Cc22Dd/Contents.json", "{}")
        try folder.write(".Out.xcassets.asset-tool-lock", "")

        // When the next run replaces the output
        let run = try BoundedRun.run(["optimize", catalog, "--output", output, "--force"])

        // Then the marked folder is removed and the unmarked one stays, untouched
        #expect(run.ending == .exited(0), "\(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [".Out.xcassets.asset-tool-old-Aa11Bb", "A.xcassets", "Out.xcassets"], "\(left)")
        #expect(Self.tree(folder.path + "/.Out.xcassets.asset-tool-old-Aa11Bb") == ["Contents.json": Data("{\"only\": \"copy\"}".utf8)])
    }

    @Test("SIGINT at any moment of optimize --in-place: the catalog is whole (every file, every byte) and no temporary is left")
    func interruptedInPlace() throws {
        // Given a catalog of 150 data sets of 40 files each (copied byte for byte by optimize)
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try folder.write("A.xcassets/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        for set in 0..<150 {
            let files = (0..<40).map { "{\"filename\": \"f\($0).bin\", \"idiom\": \"universal\"}" }.joined(separator: ", ")
            try folder.write("A.xcassets/d\(set).dataset/Contents.json", "{\"data\": [\(files)]}")
            for file in 0..<40 { try folder.write("A.xcassets/d\(set).dataset/f\(file).bin", "\(set)-\(file)") }
        }
        let before = Self.tree(catalog)

        // When in-place runs are stopped by SIGINT at delays spread over the run, from the staging folder's
        // appearance to past the end
        for delay in ["0", "0.02", "0.05", "0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "2"] {
            let script = """
                "$TOOL" optimize "$1" --in-place --force --threads 2 > /dev/null 2>&1 & pid=$!
                i=0; while ! ls -a "$2" | grep -q asset-tool-tmp && [ $i -lt 400 ]; do sleep 0.01; i=$((i+1)); done
                sleep \(delay); kill -INT $pid 2>/dev/null; wait $pid; echo $?
                """
            let run = try BoundedRun.run([catalog, folder.path], shell: script, deadline: 120)
            let status = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

            // Then the run ended by the signal or finished, and either way the catalog holds every file
            // with its bytes, and the parent holds nothing else
            #expect(status == "130" || status == "0", "delay \(delay): \(run.stdout) \(run.stderr)")
            #expect(Self.tree(catalog) == before, "delay \(delay): the catalog changed")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left == ["A.xcassets"], "delay \(delay): \(left)")
        }
    }
}
