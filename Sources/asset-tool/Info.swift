import ArgumentParser
import Assets
import Foundation

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what is inside GIF, JPEG and PNG files: format, size, colour model, orientation, frames, loop, delays.",
        discussion: """
            Reads headers only (fast), unless --decode asks for the pixels too, which finds damage such as \
            truncated image data. The format comes from the file's bytes; a file whose extension names another \
            format gets an extension-mismatch warning. JSON output is one object for one file, an array for \
            several. Exit status 1 when any file cannot be read.
            """
    )

    @Argument(help: "The image files to inspect.")
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Also decode the pixels, reporting damage and codec warnings.")
    var decode = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file") }
    }

    func run() throws {
        var reports: [InfoReport] = []
        var failed = false
        for file in files {
            do {
                reports.append(try inspect(file))
            } catch {
                failed = true
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                reports.append(InfoReport(file: file, error: error))
            }
        }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = reports.count == 1 ? try encoder.encode(reports[0]) : try encoder.encode(reports)
            print(String(decoding: data, as: UTF8.self))
        case .text:
            for report in reports where report.error == nil {
                print(report.text)
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func inspect(_ file: String) throws(ImageError) -> InfoReport {
        // Headers only: JPEG and PNG are read from their first 64 KiB and last 4 KiB.
        let info = try ImageInspector.probe(file: file)
        var gif: GIFInfo?
        var decodeWarnings: [ImageWarning] = []
        if info.format == .gif || (decode && info.isDecodable) {
            let bytes = try ImageInspector.readFile(file)
            // GIFs: the GIF decoder's own structure walk adds the screen size and browsers' effective delays.
            if info.format == .gif { gif = try GIFInfo(bytes: bytes) }
            if decode, info.isDecodable {
                let decoded = try ImageInspector.decode(bytes, file: file)
                decodeWarnings = decoded.warnings.filter { !info.warnings.contains($0) }
            }
        }
        return InfoReport(file: file, info: info, gif: gif, decodeWarnings: decodeWarnings)
    }
}

/// One file's result: what the text and JSON outputs print.
struct InfoReport: Encodable {
    var file: String
    var info: ImageInfo?
    var gif: GIFInfo?
    var decodeWarnings: [ImageWarning] = []
    var error: ImageError?

    init(file: String, info: ImageInfo? = nil, gif: GIFInfo? = nil, decodeWarnings: [ImageWarning] = [], error: ImageError? = nil) {
        self.file = file
        self.info = info
        self.gif = gif
        self.decodeWarnings = decodeWarnings
        self.error = error
    }

    var warnings: [ImageWarning] { (info?.warnings ?? []) + decodeWarnings }

    var text: String {
        guard let info else { return file }
        var lines: [String]
        if let gif {
            lines = [gif.text(file: file)]
        } else {
            lines = [Self.facts(file: file, info: info)]
        }
        lines += warnings.map { "  warning: \($0)" }
        return lines.joined(separator: "\n")
    }

    static func facts(file: String, info: ImageInfo) -> String {
        var facts = [info.format.rawValue.uppercased()]
        if info.isDecodable || info.width > 0 { facts.append("\(info.width)x\(info.height)") }
        if let model = info.colorModel { facts.append(model.rawValue + (info.chromaSubsampling.map { " " + $0 } ?? "")) }
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
        if let frames = info.frameCount, frames > 1 { facts.append("\(frames) frames") }
        if !info.isDecodable { facts.append("not decoded by this tool") }
        return "\(file): " + facts.joined(separator: ", ")
    }

    enum Key: String, CodingKey {
        case file, format, width, height, colorModel = "color_model", bitDepth = "bit_depth", hasAlpha = "has_alpha"
        case progressive, interlaced, arithmeticCoded = "arithmetic_coded", chromaSubsampling = "chroma_subsampling"
        case orientation, displayWidth = "display_width", displayHeight = "display_height", decodable
        case extensionFormat = "extension_format", frameCount = "frame_count", loopCount = "loop_count", plays
        case delaysCentiseconds = "delays_cs", delaysMilliseconds = "delays_ms", durationMilliseconds = "duration_ms"
        case screen, warnings, error
    }

    struct Size: Encodable { var width: Int; var height: Int }
    struct Failure: Encodable {
        var kind: String
        var offset: Int?
        var frame: Int?
        var detail: String
        var message: String
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(file, forKey: .file)
        if let error {
            try c.encodeIfPresent(error.format?.rawValue, forKey: .format)
            try c.encode(Failure(kind: error.kind.rawValue, offset: error.offset, frame: error.frame,
                                 detail: error.detail, message: error.description), forKey: .error)
            return
        }
        guard let info else { return }
        try c.encode(info.format.rawValue, forKey: .format)
        try c.encode(info.width, forKey: .width)
        try c.encode(info.height, forKey: .height)
        try c.encode(info.isDecodable, forKey: .decodable)
        try c.encodeIfPresent(info.colorModel?.rawValue, forKey: .colorModel)
        try c.encodeIfPresent(info.bitDepth, forKey: .bitDepth)
        try c.encode(info.hasAlpha, forKey: .hasAlpha)
        try c.encode(info.progressive, forKey: .progressive)
        try c.encode(info.interlaced, forKey: .interlaced)
        if info.format == .jpeg { try c.encode(info.arithmeticCoded, forKey: .arithmeticCoded) }
        try c.encodeIfPresent(info.chromaSubsampling, forKey: .chromaSubsampling)
        try c.encode(info.orientation.rawValue, forKey: .orientation)
        try c.encode(info.displayWidth, forKey: .displayWidth)
        try c.encode(info.displayHeight, forKey: .displayHeight)
        try c.encodeIfPresent(info.extensionMismatch?.rawValue, forKey: .extensionFormat)
        try c.encodeIfPresent(info.frameCount, forKey: .frameCount)
        if let gif {
            try c.encode(Size(width: gif.screenWidth, height: gif.screenHeight), forKey: .screen)
            try c.encode(gif.loopCount.storedValue, forKey: .loopCount)
            try c.encode(gif.loopCount.plays, forKey: .plays)
            try c.encode(gif.frames.map(\.delayCentiseconds), forKey: .delaysCentiseconds)
            try c.encode(gif.frames.map(\.effectiveDelayMilliseconds), forKey: .delaysMilliseconds)
            try c.encode(gif.durationMilliseconds, forKey: .durationMilliseconds)
        } else {
            try c.encodeIfPresent(info.loopCount, forKey: .loopCount)
        }
        try c.encode(warnings, forKey: .warnings)
    }
}
