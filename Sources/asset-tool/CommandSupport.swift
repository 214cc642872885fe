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
    /// Through `ImageInspector.readFile`: only regular files (a FIFO would block, /dev/zero never end),
    /// at most 2 GiB.
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return try ImageInspector.readFile(path)
        } catch {
            throw commandFailure(error.description)
        }
    }
}
