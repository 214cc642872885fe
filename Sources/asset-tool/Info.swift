import ArgumentParser
import Assets
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what is inside GIF, JPEG and PNG files: format, size, colour model, orientation, frames, loop, delays.",
        discussion: """
            Reads headers only (fast), unless --decode asks for the pixels too, which finds damage such as \
            truncated image data. The format comes from the file's bytes; a file whose extension names another \
            format gets an extension-mismatch warning. JSON output is one object for one file, an array for \
            several. Exit status 1 when any file cannot be read.

            \(CommandExamples.info)
            """
    )

    @Argument(help: "The image files to inspect.")
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Also decode the pixels, reporting damage and codec warnings.")
    var decode = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        try format.check([.text, .json])
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
                printError(error.description)
                reports.append(InfoReport(file: file, error: error))
            }
        }
        switch format {
        case .json:
            print((reports.count == 1 ? reports[0].json : .array(reports.map(\.json))).rendered())
        case .text, .github:
            for report in reports where report.error == nil {
                print(report.text)
            }
        }
        if failed { throw ExitStatus.failure.code }
    }

    private func inspect(_ file: String) throws(ImageError) -> InfoReport {
        // Headers only: JPEG and PNG are read from their first 64 KiB and last 4 KiB.
        let info = try ImageInspector.probe(file: file, limits: limits.decoding)
        var gif: GIFInfo?
        var decodeWarnings: [ImageWarning] = []
        if info.format == .gif || (decode && info.isDecodable) {
            let bytes = try ImageInspector.readFile(file)
            // GIFs: the GIF decoder's own structure walk adds the screen size and browsers' effective delays.
            if info.format == .gif { gif = try GIFInfo(bytes: bytes, limits: limits.decoding) }
            if decode, info.isDecodable {
                let decoded = try ImageInspector.decode(bytes, file: file, options: DecodeOptions(limits: limits.decoding))
                decodeWarnings = decoded.warnings.filter { !info.warnings.contains($0) }
            }
        }
        return InfoReport(file: file, info: info, gif: gif, decodeWarnings: decodeWarnings)
    }
}
