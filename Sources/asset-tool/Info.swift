import ArgumentParser
import Assets
import Foundation

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what is inside GIF, JPEG and PNG files: format, size, colour model, orientation, frames.",
        discussion: """
        Reads headers only (fast), unless --decode asks for the pixels to be decoded too, which finds damage
        such as truncated image data. The format comes from the file's bytes; a file whose extension names
        another format gets an extension-mismatch warning. Exit status 1 when any file cannot be read.
        """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Argument(help: "The image files to inspect.")
    var files: [String]

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Also decode the pixels (JPEG and PNG), reporting damage and codec warnings.")
    var decode = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file") }
    }

    /// One file's result, as the JSON output writes it.
    struct Report: Encodable {
        var file: String
        var info: ImageInfo?
        var decodeWarnings: [ImageWarning]?
        var error: Failure?

        struct Failure: Encodable {
            var kind: ImageErrorKind
            var offset: Int?
            var frame: Int?
            var detail: String
            var message: String
        }
    }

    func run() throws {
        var reports: [Report] = []
        var failed = false
        for file in files {
            var report = Report(file: file)
            do {
                let bytes = try ImageInspector.readFile(file)
                var info = try ImageInspector.probe(bytes, file: file)
                if decode, info.isDecodable, info.format != .gif {
                    let decoded = try ImageInspector.decode(bytes, file: file)
                    info = decoded.info
                    report.decodeWarnings = Array(decoded.warnings.dropFirst(info.warnings.count))
                }
                report.info = info
            } catch {
                failed = true
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                report.error = Report.Failure(kind: error.kind, offset: error.offset, frame: error.frame,
                                              detail: error.detail, message: error.description)
            }
            reports.append(report)
        }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(reports)
            print(String(decoding: data, as: UTF8.self))
        case .text:
            for report in reports {
                guard let info = report.info else { continue }
                print(Self.text(file: report.file, info: info, decodeWarnings: report.decodeWarnings ?? []))
            }
        }
        if failed { throw ExitCode(1) }
    }

    static func text(file: String, info: ImageInfo, decodeWarnings: [ImageWarning]) -> String {
        var facts: [String] = []
        if info.isDecodable || info.width > 0 {
            facts.append("\(info.width)x\(info.height)")
        }
        if let model = info.colorModel {
            facts.append(model.rawValue + (info.chromaSubsampling.map { " " + $0 } ?? ""))
        }
        if let depth = info.bitDepth { facts.append("\(depth)-bit") }
        if info.hasAlpha { facts.append("alpha") }
        if info.format == .jpeg {
            facts.append(info.progressive ? "progressive" : "baseline")
            if info.arithmeticCoded { facts.append("arithmetic") }
        }
        if info.interlaced { facts.append("interlaced") }
        if info.orientation != .up {
            facts.append("orientation \(info.orientation.rawValue) (shown \(info.displayWidth)x\(info.displayHeight))")
        }
        let frames = info.frameCount ?? 0
        if info.format == .gif && frames <= 1 {
            facts.append("\(frames) frame\(frames == 1 ? "" : "s")")
        } else if frames > 1 {
            facts.append("\(frames) frames")
            switch info.loopCount {
            case nil: facts.append("plays once")
            case 0: facts.append("loops forever")
            case let count?: facts.append("loop count \(count) (\(count + 1) plays)")
            }
            if let delays = info.delays, !delays.isEmpty {
                let shown = delays.prefix(12).map(String.init).joined(separator: ",")
                facts.append("delays \(shown)\(delays.count > 12 ? ",…" : "") (1/100 s)")
            }
        }
        if !info.isDecodable { facts.append("not decoded by this tool") }
        var lines = ["\(file): \(info.format.rawValue.uppercased()) " + facts.joined(separator: ", ")]
        for warning in info.warnings + decodeWarnings {
            lines.append("  warning: \(warning)")
        }
        return lines.joined(separator: "\n")
    }
}
