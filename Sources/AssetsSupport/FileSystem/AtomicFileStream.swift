#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A file being written atomically: bytes go to a temporary file beside the destination; `commit`
/// flushes it and moves it into place, `discard` removes it. Made by `AtomicFileWriter`.
package final class AtomicFileStream {
    package let path: String
    private let overwrite: Bool
    private let temporary: String
    private var fd: Int32
    private var finished = false
    private var cleanupToken = 0

    package init(path: String, overwrite: Bool) throws(OutputError) {
        guard !path.isEmpty else { throw OutputError(path: path, reason: .notReplaceable("no file named (an empty path)")) }
        try AtomicFileStream.checkDestination(path, overwrite: overwrite)
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard fd >= 0 else { throw OutputError(path: path, reason: .system(errno)) }
        self.path = path
        self.overwrite = overwrite
        self.fd = fd
        self.temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A signal that stops the command removes the temporary (see InterruptCleanup).
        cleanupToken = InterruptCleanup.register(.file(temporary))
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends `bytes` to the file.
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = posixWrite(fd, base + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: .system(errno))
            }
            written += result
        }
    }

    /// Appends `bytes` to the file.
    package func append(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBufferPointer { buffer throws(OutputError) in try append(buffer) }
    }

    /// Flushes the file and moves it to its destination (never over an existing file unless overwriting).
    package func commit() throws(OutputError) {
        finished = true
        var failure: Int32 = 0
        if fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        if failure == 0, chmod(temporary, AtomicFileStream.mode(replacing: overwrite ? path : nil)) != 0 { failure = errno }
        if failure == 0 {
            if overwrite {
                // Checked again just before the rename: what appeared meanwhile is replaced only if a regular file.
                do { try AtomicFileStream.checkDestination(path, overwrite: true) } catch {
                    unlink(temporary)
                    InterruptCleanup.unregister(cleanupToken)
                    throw error
                }
                if rename(temporary, path) != 0 { failure = errno }
            } else if link(temporary, path) != 0 {
                // link() fails when the destination exists, so a file that appeared meanwhile is never replaced.
                failure = errno
            }
        }
        unlink(temporary)
        InterruptCleanup.unregister(cleanupToken)
        if failure == EEXIST { throw OutputError(path: path, reason: .exists) }
        if failure != 0 { throw OutputError(path: path, reason: .system(failure)) }
    }

    /// What may stand at an output's path: nothing, or (with `overwrite`) a regular file. A link, a folder,
    /// a FIFO, a device or a socket is never replaced, `--force` or not (replacing `/dev/null` or a link
    /// would change what other programs see), and the message does not suggest `--force` for it.
    static func checkDestination(_ path: String, overwrite: Bool) throws(OutputError) {
        guard case .success(let status) = CatalogFileSystem.linkStatus(path) else { return }
        guard status.type == .file else {
            let what: String
            switch status.type {
            case .directory: what = "a folder"
            case .symlink: what = "a symbolic link"
            default: what = "not a regular file (a FIFO, device or socket)"
            }
            throw OutputError(path: path, reason: .notReplaceable("exists and is \(what); never replaced, even with --force"))
        }
        if !overwrite { throw OutputError(path: path, reason: .exists) }
    }

    /// The permissions a new output gets: what `open(2)` with 0666 gives under the process's umask, as
    /// `cp` and shells do (mkstemp's 0600 is only for the temporary). A file replaced with `--force`
    /// never gets wider permissions than it had.
    static func mode(replacing existing: String?) -> mode_t {
        var mode = 0o666 & ~ProcessUmask.value
        var info = stat()
        if let existing, lstat(existing, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            mode &= info.st_mode & 0o777
        }
        return mode
    }

    /// Removes the temporary file; the destination is untouched.
    package func discard() {
        finished = true
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
        InterruptCleanup.unregister(cleanupToken)
    }
}

/// The process's file-creation mask, read once. Linux reports it in /proc/self/status, which reads it
/// without changing it; elsewhere (Darwin, or Linux without /proc) it is read by setting and restoring it,
/// once, at the first output, before any output thread runs.
enum ProcessUmask {
    static let value: mode_t = fromProc() ?? swapped()

    private static func fromProc() -> mode_t? {
        guard let digits = ProcessStatus.field("Umask", in: ProcessStatus.current()) else { return nil }
        return mode_t(digits.prefix { $0 != " " && $0 != "\t" }, radix: 8)
    }

    private static func swapped() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
