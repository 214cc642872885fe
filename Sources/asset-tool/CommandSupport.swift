import ArgumentParser
import Assets
import Foundation

/// `--format` for commands that print a report.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

/// A failure on the input or the output: prints one line on stderr and gives exit status 1.
func commandFailure(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    return ExitCode.failure
}

/// Reads an input file whole.
enum InputFile {
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw commandFailure(ImageError(.unreadable, file: path, detail: reason).description)
        }
        return [UInt8](data)
    }
}
