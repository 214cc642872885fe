@testable import AssetsCodecs
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every output path of every command that writes, against what may stand at `--output` (a folder of
/// precious files, a symbolic link to a precious file, a read-only file, a FIFO), with each way the run
/// can fail before its write (bad catalog, bad configuration, bad input, a full disk) and with a run that
/// succeeds under `--force`: what stood there is exactly as it was, and no temporary is left beside it.
@Suite("Outputs: what stands at --output is never lost")
struct OutputTargetTests {
    /// What stands at `--output` before the run.
    enum Target: String, CaseIterable, CustomStringConvertible {
        case folder, symlink, readOnlyFile, fifo
        var description: String { rawValue }
    }

    /// How the run is made to fail before its write (`none`: it succeeds, with `--force`).
    enum Failure: String, CustomStringConvertible {
        case none, badCatalog, badPlaceholders, badConfig, findings, badInput, fullDisk
        var description: String { rawValue }
    }

    /// One command run: its arguments with `OUT` for the output, in a project folder made by `setUp`.
    struct Case: CustomStringConvertible, Sendable {
        var command: String
        var failure: Failure

        var description: String { "\(command) \(failure)" }
    }

    static let cases: [Case] = [
        ("build-check", [.none, .badCatalog, .badPlaceholders, .badConfig, .findings, .fullDisk]),
        ("extract-frames", [.none, .badInput, .fullDisk]),
        ("hash", [.none, .badInput, .badCatalog, .fullDisk]),
        ("report", [.none, .badCatalog, .badPlaceholders, .badConfig, .fullDisk]),
        ("decode", [.none, .badInput, .fullDisk]),
        ("render-hash", [.none, .badInput, .fullDisk]),
    ].flatMap { command, failures in failures.map { Case(command: command, failure: $0) } }

    /// A project: a repository folder holding a catalog with one image set, a GIF, a PNG.
    static func project(_ folder: TemporaryFolder, failure: Failure) throws {
        try folder.folder("project/.git")
        let png = try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4))
        try folder.write("project/App.xcassets/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try folder.write(
            "project/App.xcassets/icon.imageset/Contents.json",
            "{\"images\": [{\"filename\": \"icon.png\", \"idiom\": \"universal\"}], \"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try folder.write("project/App.xcassets/icon.imageset/icon.png", png)
        try folder.write("project/image.png", png)
        try folder.write("project/two.gif", try WholeOutputTests.gif(frames: 2))
        switch failure {
        case .badPlaceholders: try folder.write("project/placeholders.json", "{bad")
        case .badConfig: try folder.write("project/.asset-tool.json", "{bad")
        case .findings:
            try folder.write(
                "project/App.xcassets/icon.imageset/Contents.json",
                "{\"images\": [{\"filename\": \"gone.png\", \"idiom\": \"universal\"}]}")
        case .badInput:
            try folder.write("project/image.png", "not a png")
            try folder.write("project/two.gif", "not a gif")
        default: break
        }
    }

    static func arguments(_ run: Case, project: String, output: String) -> [String] {
        let catalog = run.failure == .badCatalog ? project + "/Missing.xcassets" : project + "/App.xcassets"
        switch run.command {
        case "build-check": return ["build-check", catalog, "--output", output, "--force"]
        case "extract-frames": return ["extract-frames", project + "/two.gif", "--output", output, "--force"]
        case "hash": return ["hash", run.failure == .badInput ? project + "/image.png" : catalog, "--output", output, "--force"]
        case "report": return ["report", catalog, "--output", output, "--force"]
        case "decode": return ["decode", project + "/image.png", "--output", output, "--force"]
        default:
            let hash = run.failure == .badInput ? "not-a-hash" : "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
            return ["render-hash", "--blurhash", hash, "--output", output, "--force"]
        }
    }

    /// Makes the target at `path` (named for the command's output: `.png` for decode).
    static func makeTarget(_ target: Target, at path: String, in folder: TemporaryFolder) throws {
        switch target {
        case .folder:
            try folder.folder(String(path.dropFirst(folder.path.count + 1)))
            try folder.write(String(path.dropFirst(folder.path.count + 1)) + "/precious.txt", "precious")
        case .symlink:
            try folder.write("precious.txt", "precious")
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.path + "/precious.txt")
        case .readOnlyFile:
            try folder.write(String(path.dropFirst(folder.path.count + 1)), "precious")
            chmod(path, 0o444)
        case .fifo:
            #expect(mkfifo(path, 0o644) == 0)
        }
    }

    /// A fingerprint of everything under `path` (names, types, link targets, contents, modes).
    static func snapshot(_ path: String) -> [String] {
        var lines: [String] = []
        func visit(_ path: String, _ name: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                lines.append("\(name): gone")
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                lines.append("\(name)/ \(String(info.st_mode & 0o7777, radix: 8))")
                for child in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                    visit(path + "/" + child, name + "/" + child)
                }
            case S_IFLNK:
                lines.append("\(name) -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")")
            case S_IFIFO:
                lines.append("\(name) fifo")
            case S_IFREG:
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
                lines.append("\(name) \(String(info.st_mode & 0o7777, radix: 8)) \(bytes.count) \(bytes.hashValue)")
            default:
                lines.append("\(name) other")
            }
        }
        visit(path, ".")
        return lines
    }

    @Test("no failure and no success replaces or removes what stands at --output", arguments: cases, Target.allCases)
    func targetSurvives(run: Case, target: Target) throws {
        // Given a project, a way for the run to fail (or none), and something precious at --output
        let folder = try TemporaryFolder()
        try Self.project(folder, failure: run.failure)
        let output = folder.path + (run.command == "decode" || run.command == "render-hash" ? "/out.png" : "/out")
        try Self.makeTarget(target, at: output, in: folder)
        let before = Self.snapshot(folder.path)
        // A read-only regular file is a file --force may replace: it is given without --force, as a user would.
        var arguments = Self.arguments(run, project: folder.path + "/project", output: output)
        if target == .readOnlyFile { arguments.removeAll { $0 == "--force" } }

        // When the command runs with --force (under a 0-block file-size limit for a full disk: a write fails with EFBIG)
        let result =
            run.failure == .fullDisk
            ? try BoundedRun.run(arguments, shell: "trap '' XFSZ; ulimit -f 0 && exec \"$TOOL\" \"$@\"")
            : try BoundedRun.run(arguments)

        // (An extract-frames output is a folder: --force writes its frames into one that holds other files, which stay.)
        if run.command == "extract-frames", target == .folder, run.failure == .none {
            #expect(result.ending == .exited(0), "\(result.stderr)")
            #expect(try String(contentsOfFile: output + "/precious.txt", encoding: .utf8) == "precious")
            return
        }

        // Then it fails, and the folder holding the output is exactly as it was: nothing replaced, removed or left behind
        guard case .exited(let status) = result.ending, status != 0 else {
            Issue.record("\(run) over a \(target): \(result.ending) \(result.stderr)")
            return
        }
        #expect(Self.snapshot(folder.path) == before, "\(run) over a \(target): \(result.stderr)")
        #expect(!result.stderr.isEmpty || !result.stdout.isEmpty, "\(run) over a \(target): said nothing")
    }

    @Test(
        "build-check removes its own earlier file on every failure, and only that",
        arguments: [Failure.badCatalog, .badPlaceholders, .badConfig, .findings])
    func buildCheckRemovesOnlyItsOwn(failure: Failure) throws {
        // Given a passing build's file, and a link to a copy of it beside
        let folder = try TemporaryFolder()
        try Self.project(folder, failure: .none)
        let output = folder.path + "/Generated.swift"
        let passed = try BoundedRun.run(["build-check", folder.path + "/project/App.xcassets", "--output", output])
        try #require(passed.ending == .exited(0), "\(passed.stderr)")
        try FileManager.default.copyItem(atPath: output, toPath: folder.path + "/copy.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.swift", withDestinationPath: folder.path + "/copy.swift")

        // When a later build fails
        try FileManager.default.removeItem(atPath: folder.path + "/project")
        try Self.project(folder, failure: failure)
        let catalog = folder.path + (failure == .badCatalog ? "/project/Missing.xcassets" : "/project/App.xcassets")
        let own = try BoundedRun.run(["build-check", catalog, "--output", output])
        let linked = try BoundedRun.run(["build-check", catalog, "--output", folder.path + "/link.swift"])

        // Then its own file is gone; the link and the file it leads to stay
        #expect(own.ending != .exited(0))
        #expect(!FileManager.default.fileExists(atPath: output), "\(own.stderr)")
        #expect(linked.ending != .exited(0))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/link.swift")) == folder.path + "/copy.swift")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/copy.swift"))
    }

    @Test("the reproduction of #23's data loss: a bad placeholders.json never removes the folder given as --output")
    func buildCheckKeepsFolder() throws {
        // Given out/keep, and '{bad' as placeholders.json beside the catalog
        let folder = try TemporaryFolder()
        try Self.project(folder, failure: .badPlaceholders)
        try folder.write("out/keep", "kept")

        // When build-check runs with out as its output
        let run = try BoundedRun.run(["build-check", folder.path + "/project/App.xcassets", "--output", folder.path + "/out"])

        // Then it fails in one line naming placeholders.json, and out/keep is still there
        #expect(run.ending == .exited(1))
        #expect(run.stderrLines.count == 1 && run.stderr.contains("placeholders.json"), "\(run.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/out/keep", encoding: .utf8) == "kept")
    }

    @Test(
        "hash --output never writes over the project's configuration, even with --force",
        arguments: ["placeholders.json", ".asset-tool.json", "Contents.json"])
    func hashKeepsConfiguration(name: String) throws {
        try Self.keepsConfiguration(name: name, command: "hash")
    }

    @Test("no other command writes over it either", arguments: ["render-hash", "report", "build-check"])
    func othersKeepConfiguration(command: String) throws {
        try Self.keepsConfiguration(name: "placeholders.json", command: command)
    }

    static func keepsConfiguration(name: String, command: String) throws {
        // Given a project with a placeholders.json beside the catalog
        let folder = try TemporaryFolder()
        try Self.project(folder, failure: .none)
        let config = try folder.write("project/\(name)", "{\"names\": {}}")
        let before = Self.snapshot(folder.path)

        // When the manifest is asked for under that name
        let run = try BoundedRun.run(arguments(Case(command: command, failure: .none), project: folder.path + "/project", output: config))

        // Then it is a usage error, and the file is untouched
        #expect(run.ending == .exited(64), "\(run.stderr)")
        #expect(run.stderr.contains("not an output"), "\(run.stderr)")
        #expect(snapshot(folder.path) == before)
    }

    @Test("hash's documented example (hash --help) writes a manifest and leaves the project valid")
    func hashDocumentedExample() throws {
        // Given a project with a placeholders.json, and the example as hash --help gives it
        let folder = try TemporaryFolder()
        try Self.project(folder, failure: .none)
        try folder.write("project/placeholders.json", "{\"names\": {}}")
        try FileManager.default.copyItem(atPath: folder.path + "/project/App.xcassets", toPath: folder.path + "/project/Assets.catalog")
        let help = try BoundedRun.run(["hash", "--help"])
        let example = try #require(
            help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("asset-tool hash Assets.catalog --output") })
        let words = example.split(separator: " ").dropFirst().map(String.init)

        // When it is run as written, twice (the second with the --force it carries), and the catalog validated after
        let first = try BoundedRun.run(words, in: URL(fileURLWithPath: folder.path + "/project"))
        let second = try BoundedRun.run(words, in: URL(fileURLWithPath: folder.path + "/project"))
        let validate = try BoundedRun.run(["validate", "Assets.catalog"], in: URL(fileURLWithPath: folder.path + "/project"))

        // Then both runs succeed and the configuration is as it was
        #expect(first.ending == .exited(0), "\(first.stderr)")
        #expect(second.ending == .exited(0), "\(second.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/project/placeholders.json", encoding: .utf8) == "{\"names\": {}}")
        #expect(validate.ending == .exited(0), "\(validate.stdout) \(validate.stderr)")
    }

    @Test("-o '' is a usage error that says so", arguments: ["render-hash", "decode", "report", "hash", "extract-frames", "build-check"])
    func emptyOutput(command: String) throws {
        let folder = try TemporaryFolder()
        try Self.project(folder, failure: .none)
        let arguments = Self.arguments(Case(command: command, failure: .none), project: folder.path + "/project", output: "")
        let result = try BoundedRun.run(arguments)
        #expect(result.ending == .exited(64))
        #expect(result.stderr.contains("--output must name a file, not an empty string"), "\(result.stderr)")
    }
}

/// A signal that stops a writing command removes its temporaries; one the process was started ignoring
/// (`nohup`) stays ignored.
@Suite("Outputs: interrupted writes leave nothing behind")
struct InterruptedOutputTests {
    /// A catalog of `count` image sets with noisy 256x256 PNGs: a report that takes a few seconds to draw.
    static func slowCatalog(_ folder: TemporaryFolder, count: Int) throws -> String {
        var generator = SystemRandomNumberGenerator()
        var image = RGBAImage(width: 256, height: 256)
        for index in image.pixels.indices { image.pixels[index] = UInt8.random(in: 0...255, using: &generator) }
        let png = try PNGEncoder.fast.encode(image)
        for index in 0..<count {
            try folder.write(
                "App.xcassets/i\(index).imageset/Contents.json",
                "{\"images\": [{\"filename\": \"i.png\", \"idiom\": \"universal\"}]}")
            try folder.write("App.xcassets/i\(index).imageset/i.png", png)
        }
        return folder.path + "/App.xcassets"
    }

    @Test(
        "report stopped by SIGINT, SIGTERM or SIGHUP while writing: no temporary, the earlier page untouched",
        arguments: ["INT", "TERM", "HUP"])
    func reportInterrupted(signal: String) throws {
        let folder = try TemporaryFolder()
        let catalog = try Self.slowCatalog(folder, count: 300)
        let output = try folder.write("report.html", "earlier page")

        let script = """
            "$TOOL" report "$1" --output "$2" --force --threads 1 > /dev/null 2>&1 & pid=$!
            i=0; while ! ls -a "$3" | grep -q '^.report.html.tmp-' && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
            kill -\(signal) $pid; wait $pid; echo $?
            """
        let run = try BoundedRun.run([catalog, output, folder.path], shell: script, deadline: 180)

        let expected = ["INT": "130", "TERM": "143", "HUP": "129"][signal] ?? ""
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(run.stdout) \(run.stderr)")
        #expect(WholeOutputTests.names(folder.path) == ["App.xcassets", "report.html"])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "earlier page")
    }

    @Test("a run started with SIGHUP ignored (nohup) is not stopped by it, and writes its output")
    func hangUpIgnored() throws {
        let folder = try TemporaryFolder()
        let catalog = try Self.slowCatalog(folder, count: 100)
        let output = folder.path + "/report.html"

        let script = """
            trap '' HUP
            "$TOOL" report "$1" --output "$2" --threads 1 > /dev/null 2>&1 & pid=$!
            i=0; while ! ls -a "$3" | grep -q '^.report.html.tmp-' && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
            kill -HUP $pid; wait $pid; echo $?
            """
        let run = try BoundedRun.run([catalog, output, folder.path], shell: script, deadline: 180)

        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(run.stdout) \(run.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("<html"))
    }
}
