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
    /// Refuses anything but a regular file before opening it: opening a FIFO blocks until a writer
    /// comes and /dev/zero never ends (both found by the hardening tests). Files over 2 GiB are refused.
    static func read(_ path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw commandFailure(ImageError(.unreadable, file: path, detail: String(cString: strerror(errno))).description)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw commandFailure(ImageError(.unreadable, file: path, detail: "not a regular file").description)
        }
        do {
            return try ImageInspector.readFile(path)
        } catch {
            throw commandFailure(error.description)
        }
    }
}
