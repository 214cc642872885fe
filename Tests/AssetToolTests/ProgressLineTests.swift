import Foundation
import Testing

/// The one progress line (`ProgressReporter`): on a terminal it shows count, percentage and, once it can
/// tell, rate and time left on stderr, then erases itself; never in a pipe, never with a machine format,
/// and with no escape code at all under `NO_COLOR`. The terminal is a real pseudo-terminal from
/// util-linux `script`; skipped, saying so, when `script` is not on PATH.
@Suite(
    "Progress on a terminal",
    .enabled(if: ExternalTool.find("script") != nil, "util-linux script is not on PATH: no pseudo-terminal, skipped"))
struct ProgressLineTests {
    /// Runs asset-tool under a pseudo-terminal (stdout and stderr both on it); returns what the terminal got.
    static func onTerminal(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let script = try #require(ExternalTool.find("script"))
        let quoted = ([CLIRun.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["NO_COLOR"] = nil
        for (key, value) in extra { environment[key] = value }
        let outcome = try script.run(["-qec", quoted.joined(separator: " "), "/dev/null"], in: directory, environment: environment)
        return (outcome.status, outcome.stdout)
    }

    static func catalog() -> String {
        ValidateCommandTests.repositoryRoot.appendingPathComponent("Assets.catalog").path
    }

    @Test("validate and validate --deep show the count on a terminal, then erase the line")
    func validate() throws {
        for deep in [false, true] {
            // When the shipped catalog is validated on a terminal
            let (status, output) = try Self.onTerminal(["validate", Self.catalog()] + (deep ? ["--deep"] : []))

            // Then the line shows sets done of sets known, in bold, and is overwritten with spaces at the end
            #expect(status == 0, "\(output)")
            #expect(output.contains("\rchecking sets: \u{1B}[1m6/6\u{1B}[0m (100%)"), "\(output.debugDescription)")
            let erased = try #require(output.range(of: "(100%)"))
            #expect(output[erased.upperBound...].contains("\r" + String(repeating: " ", count: 10)), "\(output.debugDescription)")
            #expect(output.contains("0 errors, 0 warnings in 6 assets"))
        }
    }

    @Test("no progress with --format json or any machine format, even on a terminal")
    func machineFormats() throws {
        for format in ["json", "sarif", "junit", "checkstyle", "gitlab"] {
            let (_, output) = try Self.onTerminal(["validate", Self.catalog(), "--format", format])
            #expect(!output.contains("checking sets"), "\(format): \(output.prefix(200).debugDescription)")
        }
    }

    @Test("no progress in a pipe")
    func pipe() throws {
        // When validate, report and a batch extraction run with stderr on a pipe
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gifs = try Self.twoGIFs(in: folder)
        let runs = [
            try CLIRun.run(["validate", Self.catalog(), "--deep"]),
            try CLIRun.run(["report", Self.catalog(), "--output", folder.appendingPathComponent("r.html").path]),
            try CLIRun.run(["extract-frames", gifs.path, "--output", folder.appendingPathComponent("frames").path]),
        ]

        // Then stderr holds nothing at all
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr.debugDescription)")
        }
    }

    @Test("NO_COLOR: the line still shows, with no escape code at all")
    func noColour() throws {
        let (_, output) = try Self.onTerminal(["validate", Self.catalog()], environment: ["NO_COLOR": "1"])
        #expect(output.contains("\rchecking sets: 6/6 (100%)"), "\(output.debugDescription)")
        #expect(!output.contains("\u{1B}"), "\(output.debugDescription)")
    }

    /// A folder holding the shipped catalog's GIF under two names.
    static func twoGIFs(in folder: URL) throws -> URL {
        let gifs = folder.appendingPathComponent("gifs")
        try FileManager.default.createDirectory(at: gifs, withIntermediateDirectories: true)
        let gif = ValidateCommandTests.repositoryRoot
            .appendingPathComponent("Assets.catalog/Placeholders/placeholder_loading_animation.dataset/placeholder_loading_animation.gif")
        for name in ["one.gif", "two.gif"] {
            try FileManager.default.copyItem(at: gif, to: gifs.appendingPathComponent(name))
        }
        return gifs
    }

    @Test("report shows checking, then drawing; a batch of GIFs shows GIFs done")
    func reportAndBatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When report runs on a terminal
        let (reportStatus, report) = try Self.onTerminal(
            ["report", Self.catalog(), "--output", folder.appendingPathComponent("r.html").path],
            environment: ["NO_COLOR": "1"])
        // Then both stages show
        #expect(reportStatus == 0, "\(report)")
        #expect(report.contains("\rchecking sets: 6/6 (100%)"), "\(report.debugDescription)")
        #expect(report.contains("\rdrawing assets: 6/6 (100%)"), "\(report.debugDescription)")

        // When a folder of two GIFs is extracted on a terminal
        let gifs = try Self.twoGIFs(in: folder)
        let (batchStatus, batch) = try Self.onTerminal(
            ["extract-frames", gifs.path, "--output", folder.appendingPathComponent("frames").path],
            environment: ["NO_COLOR": "1"])
        // Then the count of GIFs shows, and not with --format json
        #expect(batchStatus == 0, "\(batch)")
        #expect(batch.contains("\rextracting GIFs: 2/2 (100%)"), "\(batch.debugDescription)")
        let (_, json) = try Self.onTerminal([
            "extract-frames", gifs.path, "--output", folder.appendingPathComponent("frames2").path,
            "--format", "json",
        ])
        #expect(!json.contains("extracting GIFs"), "\(json.prefix(200).debugDescription)")
    }
}
