import ArgumentParser
import Assets
import AssetsSupport

struct ExtractFrames: WritingCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract-frames",
        abstract:
            "Write every frame of an animated GIF as a PNG, composited as a browser shows it (a JPEG or PNG gives one upright frame).",
        discussion: """
            Writes DIR/frame_0000.png … (numbered by frame index) and DIR/frames.json with the canvas size, \
            loop count and each frame's delay, disposal, rectangle and transparency. Each PNG reads back as \
            the frame's exact 8-bit RGBA; it is stored indexed (a palette with transparency) when the \
            frame has at most 256 colours, else RGB when it is opaque, else RGBA. A damaged GIF still \
            gets its complete frames written; the command then names the problem and exits 1. \
            Given several files, or a folder (its .gif files), each input gets its own folder \
            DIR/NAME/ named after the file, and the inputs are spread over the processors.

            DIR appears whole or not at all: it is written as a hidden sibling and renamed into place, so \
            a failure, Ctrl-C or a kill leaves DIR as it was. DIR must be new, empty or an earlier run's \
            output (replaced only with --force); a second run into the same DIR fails while the first runs.

            \(CommandExamples.extractFrames)
            """
    )

    @Argument(help: ArgumentHelp("The image to read; or several, or a folder of GIFs.", valueName: "input"))
    var inputs: [String]

    @OptionGroup var outputOptions: OutputOptions

    /// The folder to write frames into (created if missing).
    var output: String { outputOptions.output }
    /// Replace an earlier run's frames and frames.json in the folder.
    var force: Bool { outputOptions.force }

    @Flag(help: "Write each frame's own rectangle, uncomposited.")
    var raw = false

    @Option(help: ArgumentHelp("Only these frames: an index, or an inclusive range such as 3-7 (or 3-).", valueName: "range"))
    var frames: String?

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @Flag(help: "Smallest PNGs (zlib 9, the smaller of no filter and adaptive filters; indexed or RGB as by default): much slower.")
    var smallest = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        if let frames, FrameSelection(parsing: frames) == nil {
            throw ValidationError("--frames must be an index or a range such as 3-7, not '\(frames)'")
        }
        if inputs.isEmpty {
            throw ValidationError("give at least one input")
        }
    }

    private var encoder: PNGEncoder { smallest ? .smallestOnAnyContent : .fast }
    private var selection: FrameSelection { frames.flatMap(FrameSelection.init(parsing:)) ?? .all }

    func run() throws {
        if inputs.count == 1, !isFolder(inputs[0]) {
            try extractOne(inputs[0])
        } else {
            try extractMany()
        }
    }

    private func extractOne(_ input: String) throws {
        let source: any AnimationFrameSource
        do {
            // A GIF is read through a small window as frames are decoded, never held whole.
            source = try ImageFrames.open(file: input, limits: limits.decoding, raw: raw)
        } catch {
            if error.kind == .unreadable {
                // The same words as every other command for a missing or unreadable file.
                _ = try InputFile.read(input)
            }
            throw CommandFailure(error.description)
        }
        let extractor = FrameExtractor(
            folder: output, selection: selection, overwrite: force, encoder: encoder,
            encodingThreads: limits.threadCount, memoryBudget: limits.memoryBudget,
            files: OutputFileBudget(limit: limits.maxFiles))
        let report: FrameExtractionReport
        do {
            report = try extractor.extract(from: source, raw: raw, sourceName: input)
        } catch {
            throw CommandFailure(error.description)
        }
        switch format {
        case .json: print(report.json(), terminator: "")
        case .text: print(PlainText.escape(summary(of: report, input: input, folder: output)))
        }
        printWarnings(of: report, input: input)
        if let damage = report.damage {
            throw CommandFailure(
                "\(damage); wrote \(report.frames.count) complete frame\(report.frames.count == 1 ? "" : "s") to \(output)")
        }
    }

    /// The input's warnings on stderr, one line each, as `info` words them (JSON carries them in the manifest).
    private func printWarnings(of report: FrameExtractionReport, input: String) {
        guard format != .json else { return }
        for warning in report.warnings {
            printError("\(input): warning: \(warning)")
        }
    }

    private func extractMany() throws {
        var files: [String] = []
        for input in inputs {
            if isFolder(input) {
                let found = FrameExtractionBatch.gifFiles(in: input)
                if found.isEmpty { throw CommandFailure("\(input): no .gif files in this folder") }
                files += found
            } else {
                files.append(input)
            }
        }
        if let (first, second) = FrameExtractionBatch.clash(in: files) {
            throw CommandFailure(
                "\(first) and \(second) would both write to \(output)/\(FrameExtractionBatch.folderName(for: first))", status: .usage)
        }
        let batch = FrameExtractionBatch(
            inputs: files, folder: output, selection: selection, overwrite: force,
            encoder: encoder, raw: raw, limits: limits.decoding, threads: limits.threadCount,
            files: OutputFileBudget(limit: limits.maxFiles))
        var failed = false
        var reports: [JSONValue] = []
        let progress = ProgressReporter.make("extracting GIFs", enabled: format == .text)
        let outcomes = batch.run(progress: progress?.callback)
        progress?.finish()
        for outcome in outcomes {
            switch outcome.result {
            case .success(let report):
                switch format {
                case .json: reports.append(report.manifest)
                case .text: print(PlainText.escape(summary(of: report, input: outcome.input, folder: outcome.folder)))
                }
                printWarnings(of: report, input: outcome.input)
                if let damage = report.damage {
                    failed = true
                    let count = report.frames.count
                    printError("\(damage); wrote \(count) complete frame\(count == 1 ? "" : "s") to \(outcome.folder)")
                }
            case .failure(let failure):
                failed = true
                printError(failure.description)
            }
        }
        if format == .json { print(JSONValue.array(reports).rendered(.records)) }
        if failed { throw CommandFailure.exit(.failure) }
    }

    private func isFolder(_ path: String) -> Bool {
        guard case .success(let status) = CatalogFileSystem.targetStatus(path) else { return false }
        return status.type == .directory
    }

    private func summary(of report: FrameExtractionReport, input: String, folder output: String) -> String {
        let what = report.raw ? "raw" : "composited"
        let selected = report.frames.count == report.frameCount ? "\(report.frameCount)" : "\(report.frames.count) of \(report.frameCount)"
        return "\(input): wrote \(selected) \(what) frame\(report.frames.count == 1 ? "" : "s") "
            + "(\(report.canvasWidth)x\(report.canvasHeight), plays \(report.loopDescription)) "
            + "and \(FrameExtractor.manifestName) to \(output)"
    }
}
