import ArgumentParser
import Assets
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
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

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @Flag(help: "Also decode the pixels, reporting damage and codec warnings.")
    var decode = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

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
                printError(error.description)
                reports.append(InfoReport(file: file, error: error))
            }
        }
        switch format {
        case .json:
            print((reports.count == 1 ? reports[0].json : .array(reports.map(\.json))).rendered())
        case .text:
            for report in reports where report.error == nil {
                print(
                    report.text.split(separator: "\n", omittingEmptySubsequences: false).map { PlainText.escape(String($0)) }.joined(
                        separator: "\n"))
            }
        }
        if failed { throw CommandFailure.exit(.failure) }
    }

    private func inspect(_ file: String) throws(ImageError) -> InfoReport {
        guard decode else {
            // Headers only: JPEG and PNG are read from their first 64 KiB and last 4 KiB.
            let info = try ImageInspector.probe(file: file, limits: limits.decoding)
            // GIFs: the GIF decoder's own structure walk adds the screen size and browsers' effective delays.
            let gif = info.format == .gif ? try GIFInfo(file: file, limits: limits.decoding) : nil
            return InfoReport(file: file, info: info, gif: gif)
        }
        let bytes = try ImageInspector.readFile(file)
        let options = DecodeOptions(limits: limits.decoding)
        do {
            if ImageFormat(sniffing: bytes) == .gif {
                // Every frame is decoded first by the check extract-frames and validate --deep use
                // (ImageInspector.check), so damage anywhere in the file is found and named as they name it.
                var (info, _) = try ImageInspector.check(bytes, options: options)
                info.noteExtension(of: file)
                return InfoReport(file: file, info: info, gif: try GIFInfo(bytes: bytes, limits: limits.decoding))
            }
            let info = try ImageInspector.probe(bytes, file: file, limits: limits.decoding)
            guard info.isDecodable else { return InfoReport(file: file, info: info) }
            let decoded = try ImageInspector.decode(bytes, file: file, options: options)
            return InfoReport(file: file, info: info, decodeWarnings: decoded.warnings.filter { !info.warnings.contains($0) })
        } catch {
            throw error.naming(file: file)
        }
    }
}
