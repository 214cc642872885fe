import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command-line contract on hostile input: every command, on every file of `../shared/corpus/bad`
/// and on the generated hostile files, exits 0 or 1 (never a signal, never a hang), and every line on
/// stderr names the file it is about.
@Suite("Contract: every command on every bad file")
struct CommandContractTests {
    static let badCorpus: URL = PackageRoot.sharedCorpus.appendingPathComponent("bad")

    /// Every file under `corpus/bad` (images, and the READMEs and licences next to them: also hostile input).
    static let badFiles: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: badCorpus.path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = badCorpus.path + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(full)
            }
        }
        return files.sorted()
    }()

    /// The generated hostile files, written once for the whole suite.
    static let hostile: (folder: TemporaryFolder, files: [String])? = {
        guard let folder = try? TemporaryFolder(forProcess: "hostile-files"), let made = try? HostileFiles.all() else { return nil }
        let files = made.compactMap { try? folder.write($0.name, $0.bytes) }
        return (folder, files)
    }()

    static var allFiles: [String] { badFiles + (hostile?.files ?? []) }

    static let corpusPresent = FileManager.default.fileExists(atPath: badCorpus.path)

    /// Checks the ending and that each stderr line names `file`.
    static func checkContract(_ run: BoundedRun, command: String, file: String) {
        #expect(
            run.ending == .exited(0) || run.ending == .exited(1),
            "\(command) \(file): \(run.ending)\n\(run.stderr)")
        for line in run.stderrLines {
            #expect(line.contains(file), "\(command): a stderr line does not name \(file): \(line)")
        }
        if run.ending == .exited(1) {
            #expect(!run.stderrLines.isEmpty, "\(command) \(file): exit 1 without saying why")
        }
    }

    @Test("the generated hostile files were made")
    func hostileFilesExist() throws {
        // Given / When the suite's hostile files
        let made = try #require(Self.hostile)

        // Then all of them are on disk
        #expect(made.files.count == (try HostileFiles.all()).count)
    }

    @Test(
        "the corpus's bad files are among the inputs",
        .enabled(
            if: corpusPresent, "../shared/corpus/bad is absent: only the generated hostile files are checked, the corpus part is skipped"))
    func corpusFilesListed() throws {
        // Given / When the files found under corpus/bad
        // Then there are some, so the per-file test below runs on them
        #expect(!Self.badFiles.isEmpty, "\(Self.badCorpus.path) holds no files")
    }

    @Test(
        "info --decode, extract-frames and decode on each file: exit 0 or 1, stderr names the file",
        arguments: allFiles)
    func perFile(file: String) throws {
        // Given a bad or hostile file, and an empty output folder
        let output = try TemporaryFolder()

        // When info --decode, extract-frames and decode read it
        let info = try BoundedRun.run(["info", "--decode", file])
        let extract = try BoundedRun.run(["extract-frames", file, "--output", output.path + "/frames"])
        let decode = try BoundedRun.run(["decode", file, "--output", output.path + "/pixels.png"])

        // Then all three keep the contract
        Self.checkContract(info, command: "info --decode", file: file)
        Self.checkContract(extract, command: "extract-frames", file: file)
        Self.checkContract(decode, command: "decode", file: file)
        // And a refused file leaves no temporary file behind
        let left =
            ((try? FileManager.default.contentsOfDirectory(atPath: output.path + "/frames")) ?? [])
            + ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [])
        #expect(left.filter { $0.hasPrefix(".") }.isEmpty, "temporary files left: \(left)")
    }

    @Test("info on all files at once: exit 0 or 1, each stderr line names one of them")
    func infoAll() throws {
        // Given every bad and hostile file
        let files = Self.allFiles
        try #require(!files.isEmpty)

        // When info reads them in one run, in text and JSON
        for arguments in [["info"], ["info", "--format", "json"]] {
            let run = try BoundedRun.run(arguments + files, deadline: 120)

            // Then the run keeps the contract
            #expect(run.ending == .exited(0) || run.ending == .exited(1), "\(run.ending)")
            for line in run.stderrLines {
                #expect(files.contains { line.contains($0) }, "a stderr line names no file: \(line)")
            }
        }
    }

    @Test("validate --deep on a catalog holding every file: exit 0 or 1, each finding names its file")
    func validateAll() throws {
        // Given a catalog with one image set per bad or hostile file
        let files = Self.allFiles
        try #require(!files.isEmpty)
        let folder = try TemporaryFolder()
        let catalog = try folder.folder("Bad.xcassets")
        try folder.write("Bad.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        var names: [String] = []
        for (index, file) in files.enumerated() {
            let name = (file as NSString).lastPathComponent
            let set = "Bad.xcassets/set\(index).imageset"
            try folder.write("\(set)/\(name)", Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            let entry = #"{"images":[{"filename":"\#(name)","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
            try folder.write("\(set)/Contents.json", entry)
            names.append("set\(index).imageset/\(name)")
        }

        // When it is validated, shallow and deep, in text and JSON
        for arguments in [["validate", catalog], ["validate", "--deep", catalog], ["validate", "--deep", "--format", "json", catalog]] {
            let run = try BoundedRun.run(arguments, deadline: 120)

            // Then it keeps the contract: findings on stdout, nothing unexplained on stderr
            #expect(run.ending == .exited(0) || run.ending == .exited(1), "\(arguments): \(run.ending)\n\(run.stderr)")
            for line in run.stderrLines {
                #expect(line.contains(catalog) || names.contains { line.contains($0) }, "stderr line names no file: \(line)")
            }
            #expect(!run.stdout.isEmpty)
        }

        // And resolve, for every set and for a placeholder state, keeps it too
        for index in files.indices {
            let run = try BoundedRun.run(["resolve", "set\(index)", "--catalog", catalog])
            #expect(run.ending == .exited(0) || run.ending == .exited(1), "resolve set\(index): \(run.ending)\n\(run.stderr)")
        }
        let state = try BoundedRun.run(["resolve", "--state", "loading", "--catalog", catalog])
        #expect(state.ending == .exited(0) || state.ending == .exited(1), "resolve --state: \(state.ending)")

        // And report and build-check (whose findings go to stderr, each naming its file) keep it too
        let report = try BoundedRun.run(["report", catalog, "--output", folder.path + "/report.html"], deadline: 120)
        #expect(report.ending == .exited(0) || report.ending == .exited(1), "report: \(report.ending)\n\(report.stderr)")
        let check = try BoundedRun.run(["build-check", catalog, "--output", folder.path + "/stamp"], deadline: 120)
        #expect(check.ending == .exited(0) || check.ending == .exited(1), "build-check: \(check.ending)")
        for line in check.stderrLines {
            #expect(line.contains(catalog), "build-check: a stderr line names no file: \(line)")
        }
    }
    @Test("paths that are not regular files: a FIFO, /dev/zero, /dev/null, a folder, a dangling link, nothing")
    func specialPaths() throws {
        // Given a FIFO no one writes to, endless and empty devices, a folder, a dangling link and a missing path
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe.gif"
        #expect(mkfifo(fifo, 0o644) == 0)
        let link = folder.path + "/dangling.png"
        #expect(symlink(folder.path + "/nowhere", link) == 0)
        let paths = [fifo, "/dev/zero", "/dev/null", folder.path, link, folder.path + "/missing.jpg"]

        for path in paths {
            // When each command reads it (a FIFO open would block for ever; /dev/zero never ends)
            let runs = [
                ("info", try BoundedRun.run(["info", path], deadline: 20)),
                ("info --decode", try BoundedRun.run(["info", "--decode", path], deadline: 20)),
                ("extract-frames", try BoundedRun.run(["extract-frames", path, "--output", folder.path + "/out"], deadline: 20)),
                ("decode", try BoundedRun.run(["decode", path, "--output", folder.path + "/pixels.png"], deadline: 20)),
            ]

            // Then each exits 1 with one line naming the path
            for (command, run) in runs {
                #expect(run.ending == .exited(1), "\(command) \(path): \(run.ending)")
                #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix(path), "\(command) \(path): \(run.stderr)")
            }
            // And validate, resolve and report, given it as the catalog, exit 66 (the code every command
            // gives for a catalog it cannot read) with one line naming it
            if path != folder.path {
                let validate = try BoundedRun.run(["validate", path], deadline: 20)
                #expect(validate.ending == .exited(66), "validate \(path): \(validate.ending)")
                #expect(validate.stderrLines.count == 1 && validate.stderr.contains(path), "validate \(path): \(validate.stderr)")
                let resolve = try BoundedRun.run(["resolve", "icon", "--catalog", path], deadline: 20)
                #expect(resolve.ending == .exited(66), "resolve \(path): \(resolve.ending)")
                #expect(resolve.stderrLines.count == 1 && resolve.stderr.contains(path), "resolve \(path): \(resolve.stderr)")
                let report = try BoundedRun.run(["report", path, "--output", folder.path + "/report.html"], deadline: 20)
                #expect(report.ending == .exited(66), "report \(path): \(report.ending)")
                #expect(report.stderrLines.count == 1 && report.stderr.contains(path), "report \(path): \(report.stderr)")
            }
        }
    }
}
