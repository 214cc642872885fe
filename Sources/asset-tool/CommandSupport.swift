import ArgumentParser
import Assets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--format` for commands that print a report.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

/// A failure on the input or the output: prints one line on stderr and gives exit status 1.
func commandFailure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode.failure
}

/// The exit status of every command whose catalog folder cannot be read (sysexits' EX_NOINPUT), as
/// `validate` and `build-check` have it.
let catalogUnreadableStatus: Int32 = 66

/// Reads an input file whole.
enum InputFile {
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return try ImageInspector.readFile(path)
        } catch {
            var info = stat()
            let reason = stat(path, &info) == 0 ? "cannot be read" : "no such file"
            throw commandFailure(ImageError(.unreadable, file: path, detail: reason).description)
        }
    }
}
