import Foundation
import Testing
import TestSupport

/// What a writing command does with the signals and limits that come from outside: an interrupt kills the
/// child programs it started, a file-size limit fails the write instead of killing the process, protected
/// names are protected in any case, and a catalog's set that is a link out is said, not skipped.
@Suite("writers: children on interrupt, file-size limits, protected names, links out")
struct WriterSignalTests {
    static let shippedCatalog = PackageRoot.url.appendingPathComponent("Assets.catalog").path

    static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// A catalog of `count` PDF image sets (the bytes need not be a real PDF: the renderer is a stand-in).
    static func pdfCatalog(in folder: TemporaryFolder, count: Int) throws -> String {
        try folder.write("P.xcassets/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        for index in 0..<count {
            try folder.write(
                "P.xcassets/p\(index).imageset/Contents.json",
                "{\"images\": [{\"filename\": \"p.pdf\", \"idiom\": \"universal\"}], \"properties\": {\"preserves-vector-representation\": true}}"
            )
            try folder.write(
                "P.xcassets/p\(index).imageset/p.pdf", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
        }
        return folder.path + "/P.xcassets"
    }

    @Test("SIGINT during report: the pdftoppm children it started are gone, and none starts after the signal")
    func reportChildrenKilled() throws {
        // Given a catalog of PDFs and a stand-in pdftoppm that runs for a long time under a name no other
        // process has
        let folder = try TemporaryFolder()
        let catalog = try Self.pdfCatalog(in: folder, count: 12)
        let marker = "41.\(Int.random(in: 100_000...999_999))"
        let bin = try folder.folder("bin")
        try folder.write("bin/pdftoppm", "#!/bin/sh\nexec sleep \(marker)\n")
        chmod(bin + "/pdftoppm", 0o755)

        // When report runs with it on PATH and is interrupted once a child runs
        let script = """
            PATH="$3:$PATH" "$TOOL" report "$1" -o "$2" > /dev/null 2>&1 & pid=$!
            i=0; while ! pgrep -f "sleep $4" > /dev/null && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
            kill -INT $pid; wait $pid; echo "status $?"
            sleep 0.5; echo "left $(pgrep -f "sleep $4" | wc -l)"
            pkill -f "sleep $4"
            """
        let run = try BoundedRun.run([catalog, folder.path + "/r.html", bin, marker], shell: script, deadline: 120)

        // Then the tool ended by the signal, no child is left running, and no page or temporary was written
        #expect(run.stdout.contains("status 130"), "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("left 0"), "\(run.stdout)")
        #expect(Self.names(folder.path) == ["P.xcassets", "bin"])
    }

    @Test(
        "past a file-size limit (ulimit -f, SIGXFSZ not ignored by the caller): one line, exit 1, no temporary",
        arguments: ["report", "decode"])
    func fileSizeLimit(command: String) throws {
        // Given an input whose output is larger than 8 blocks
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: catalog)
        try folder.folder("out")
        let jpeg = catalog + "/Photos/sample_landscape.imageset/sample_landscape.jpg"
        let arguments =
            command == "report"
            ? ["report", catalog, "-o", folder.path + "/out/r.html"]
            : ["decode", jpeg, "--output", folder.path + "/out/d.ppm"]

        // When it runs under `ulimit -f 8` from a shell that leaves SIGXFSZ at its default
        let run = try BoundedRun.run(arguments, shell: "ulimit -f 8 && exec \"$TOOL\" \"$@\"")

        // Then the process was not killed by SIGXFSZ: it failed with one line naming the file, and left nothing
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("File too large"), "\(run.stderr)")
        #expect(Self.names(folder.path + "/out").isEmpty, "\(Self.names(folder.path + "/out"))")
    }

    @Test(
        "--output refuses placeholders.json and .asset-tool.json in any letter case",
        arguments: ["Placeholders.JSON", ".Asset-Tool.json", "contents.JSON"])
    func protectedNamesAnyCase(name: String) throws {
        // Given a file under a protected name written in other letters
        let folder = try TemporaryFolder()
        let target = try folder.write(name, "{\"keep\": true}")

        // When hash is asked to write its manifest there with --force
        let run = try BoundedRun.run(["hash", Self.shippedCatalog, "--output", target, "--force"])

        // Then it is a usage error, and the file is as it was
        #expect(run.ending == .exited(64), "\(run.ending): \(run.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"keep\": true}")
    }

    @Test("hash CATALOG says which set folder is a link out of the catalog, and fails")
    func hashSaysLinkOut() throws {
        // Given a catalog one of whose sets is a link to a set folder outside it
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/A.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: catalog)
        try FileManager.default.copyItem(atPath: catalog + "/Photos/sample_landscape.imageset", toPath: folder.path + "/outside.imageset")
        try FileManager.default.createSymbolicLink(
            atPath: catalog + "/linked.imageset", withDestinationPath: folder.path + "/outside.imageset")

        // When the catalog is hashed
        let run = try BoundedRun.run(["hash", catalog])

        // Then the other sets are hashed, the linked one is named on stderr, and the run fails
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderr.contains("linked.imageset") && run.stderr.contains("not hashed"), "\(run.stderr)")
        #expect(run.stdout.contains("placeholder_error_icon"), "\(run.stdout)")
    }
}
