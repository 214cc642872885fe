import ArgumentParser
import Assets

struct ExtractFrames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract-frames",
        abstract: "Write every frame of an animated GIF as an RGBA PNG, composited as a browser shows it (a JPEG or PNG gives one upright frame).",
        discussion: """
            Writes DIR/frame_0000.png … (numbered by frame index) and DIR/frames.json with the canvas size, \
            loop count and each frame's delay, disposal, rectangle and transparency. A damaged GIF still \
            gets its complete frames written; the command then names the problem and exits 1.
            """
    )

    @Argument(help: "The image to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to write frames into (created if missing).")
    var output: String

    @Flag(help: "Write each frame's own rectangle, uncomposited.")
    var raw = false

    @Option(help: ArgumentHelp("Only these frames: an index, or an inclusive range such as 3-7 (or 3-).", valueName: "range"))
    var frames: String?

    @Flag(help: "Replace frames and frames.json already in the folder.")
    var force = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        if let frames, FrameSelection(parsing: frames) == nil {
            throw ValidationError("--frames must be an index or a range such as 3-7, not '\(frames)'")
        }
    }

    func run() throws {
        let bytes = try InputFile.read(input)
        let source: any AnimationFrameSource
        do {
            source = try ImageFrames.open(bytes: bytes, raw: raw)
        } catch {
            throw commandFailure(error.naming(file: input).description)
        }
        let extractor = FrameExtractor(folder: output, selection: frames.flatMap(FrameSelection.init(parsing:)) ?? .all,
                                       overwrite: force)
        let report: FrameExtractionReport
        do {
            report = try extractor.extract(from: source, raw: raw, sourceName: input)
        } catch {
            throw commandFailure(error.description)
        }
        switch format {
        case .json: print(report.json(), terminator: "")
        case .text: print(summary(of: report))
        }
        if let damage = report.damage {
            throw commandFailure("\(damage); wrote \(report.frames.count) complete frame\(report.frames.count == 1 ? "" : "s") to \(output)")
        }
    }

    private func summary(of report: FrameExtractionReport) -> String {
        let what = report.raw ? "raw" : "composited"
        let selected = report.frames.count == report.frameCount ? "\(report.frameCount)" : "\(report.frames.count) of \(report.frameCount)"
        return "\(input): wrote \(selected) \(what) frame\(report.frames.count == 1 ? "" : "s") "
            + "(\(report.canvasWidth)x\(report.canvasHeight), plays \(report.loopDescription)) "
            + "and \(FrameExtractor.manifestName) to \(output)"
    }
}
