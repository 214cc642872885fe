import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The descriptors a child program is handed (`BoundedProcess`) and this process's own standard streams:
/// the rest of the file layer's door, so that no other file makes a pipe or a temporary file, reads a
/// descriptor or asks whether one is a terminal. Each comes back owned (`OpenFile`, closed when the last
/// reference goes away).
///
/// swift-system has `FileDescriptor.pipe()` but its close-on-exec variant (`pipe(options:)`) is marked
/// macOS 27 and later, and it has no `mkstemp`; Glibc's module shows neither `pipe2` nor `mkostemp`. So
/// both are made plainly and then marked close-on-exec with `fcntl`: a caller that starts programs on
/// several threads makes them under one lock (`BoundedProcess.spawning`), so that no other program is
/// started between the two calls and inherits an end.
extension OpenFile {
    /// A pipe whose two ends close when a program is started, each owned.
    package static func closeOnExecPipe() throws(SystemError) -> (read: OpenFile, write: OpenFile) {
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do { ends = try FileDescriptor.pipe() } catch { throw SystemError(error) }
        let read = OpenFile(descriptor: ends.readEnd)
        let write = OpenFile(descriptor: ends.writeEnd)
        _ = fcntl(ends.readEnd.rawValue, F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends.writeEnd.rawValue, F_SETFD, FD_CLOEXEC)
        return (read, write)
    }

    /// `bytes` in a new file only this process can reach: created 0600 under `folder` (`mkstemp`), unlinked
    /// at once, closed when a program is started, read from its start. Handed to a program as its standard
    /// input, it is a file the program can read at its own pace, never a pipe this process must keep fed.
    package static func privateFile(holding bytes: [UInt8], in folder: String) throws(SystemError) -> OpenFile {
        var template = Array("\(folder)/.asset-tool-input-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard made >= 0 else { throw SystemError(code: errno) }
        let file = OpenFile(descriptor: FileDescriptor(rawValue: made))
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        do {
            _ = try file.descriptor.writeAll(bytes)
            _ = try file.descriptor.seek(offset: 0, from: .start)
        } catch {
            throw SystemError(error)
        }
        return file
    }

    /// What the descriptor has now, up to `buffer.count` bytes (one `read`, again after an interruption):
    /// for a pipe, whose data comes as the writer writes it. 0 at the end (every writer closed); nil when
    /// nothing is there yet (`EAGAIN`).
    package func readAvailable(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, SystemError> {
        do {
            return .success(try descriptor.read(into: buffer))
        } catch Errno.resourceTemporarilyUnavailable {
            return .success(nil)
        } catch {
            return .failure(SystemError(error))
        }
    }
}

/// This process's standard output and error as the command line writes them: whether one is a terminal
/// (colour, the progress line), and an unbuffered write of a whole message.
package enum StandardStream: Sendable {
    case output
    case error

    private var descriptor: FileDescriptor {
        switch self {
        case .output: return .standardOutput
        case .error: return .standardError
        }
    }

    /// Whether the stream is a terminal (`isatty`).
    package var isTerminal: Bool { isatty(descriptor.rawValue) == 1 }

    /// Writes all of `bytes` at once, unbuffered (again after an interruption or a short write); stops
    /// quietly when the stream is closed or fails, as there is nowhere left to say so.
    package func write(_ bytes: [UInt8]) {
        _ = try? descriptor.writeAll(bytes)
    }
}
