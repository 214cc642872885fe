import SystemPackage

/// A file being written atomically: bytes go to a temporary file beside the destination; `commit`
/// flushes it and moves it into place, `discard` removes it. Made by `AtomicFileWriter`.
package final class AtomicFileStream {
    package let path: String
    private let overwrite: Bool
    /// Whether `commit` flushes the file to the disk before the rename (see `init`).
    private let durable: Bool
    private let temporary: FilePath
    /// The temporary's descriptor, nil once closed.
    private var descriptor: FileDescriptor?
    private var finished = false
    private var cleanupToken = 0

    /// `durable` false: `commit` renames without flushing the file to the disk first, for a file whose reader
    /// checks it and takes a damaged one for none (the cache of files' facts: a crash may leave it cut or empty,
    /// never wrong, and a flush would make every run that rewrites its 100 MB at 100,000 sets wait on the disk).
    package init(path: String, overwrite: Bool, durable: Bool = true) throws(OutputError) {
        guard !path.isEmpty else { throw OutputError(path: path, reason: .notReplaceable("no file named (an empty path)")) }
        try AtomicFileStream.checkDestination(path, overwrite: overwrite)
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let made: (descriptor: FileDescriptor, path: FilePath)
        do throws(Errno) {
            made = try OutputFileSystem.makeTemporaryFile("\(folder.isEmpty ? "/" : folder)/.\(base).tmp-XXXXXX")
        } catch {
            throw OutputError(path: path, reason: .system(error.rawValue))
        }
        self.path = path
        self.overwrite = overwrite
        self.durable = durable
        self.descriptor = made.descriptor
        self.temporary = made.path
        // A signal that stops the command removes the temporary (see InterruptCleanup).
        cleanupToken = InterruptCleanup.register(.file(made.path.string))
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends `bytes` to the file.
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
        guard bytes.count > 0 else { return }
        // Closed by `commit` or `discard`: what writing to a closed descriptor gives.
        guard let descriptor else { throw OutputError(path: path, reason: .system(Errno.badFileDescriptor.rawValue)) }
        // Again after an interruption or a short write, until every byte is written.
        do {
            _ = try descriptor.writeAll(UnsafeRawBufferPointer(bytes))
        } catch {
            throw OutputError(path: path, reason: .system(SystemError(error).code))
        }
    }

    /// Appends `bytes` to the file.
    package func append(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBufferPointer { buffer throws(OutputError) in try append(buffer) }
    }

    /// Flushes the file and moves it to its destination (never over an existing file unless overwriting).
    package func commit() throws(OutputError) {
        finished = true
        var failure: Errno?
        if let descriptor {
            if durable {
                do throws(Errno) { try OutputFileSystem.sync(descriptor) } catch { failure = error }
            }
            do { try descriptor.close() } catch { failure = failure ?? (error as? Errno) ?? .ioError }
        } else {
            failure = .badFileDescriptor
        }
        descriptor = nil
        if failure == nil {
            do throws(Errno) {
                try OutputFileSystem.setPermissions(temporary, AtomicFileStream.mode(replacing: overwrite ? path : nil))
            } catch {
                failure = error
            }
        }
        if failure == nil, overwrite {
            // Checked again just before the rename: what appeared meanwhile is replaced only if a regular file.
            do throws(OutputError) { try AtomicFileStream.checkDestination(path, overwrite: true) } catch {
                try? OutputFileSystem.removeFile(temporary)
                InterruptCleanup.unregister(cleanupToken)
                throw error
            }
        }
        if failure == nil {
            do throws(Errno) {
                if overwrite {
                    try OutputFileSystem.move(temporary, to: FilePath(path))
                } else {
                    // link() fails when the destination exists, so a file that appeared meanwhile is never replaced.
                    try OutputFileSystem.addName(temporary, at: FilePath(path))
                }
            } catch {
                failure = error
            }
        }
        try? OutputFileSystem.removeFile(temporary)
        InterruptCleanup.unregister(cleanupToken)
        if failure == .fileExists { throw OutputError(path: path, reason: .exists) }
        if let failure { throw OutputError(path: path, reason: .system(failure.rawValue)) }
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
    static func mode(replacing existing: String?) -> FilePermissions {
        var mode = 0o666 & ~ProcessUmask.value
        if let existing, case .success(let status) = CatalogFileSystem.linkStatus(existing), status.type == .file {
            mode &= CInterop.Mode(truncatingIfNeeded: status.mode & 0o777)
        }
        return FilePermissions(rawValue: mode)
    }

    /// Removes the temporary file; the destination is untouched.
    package func discard() {
        finished = true
        try? descriptor?.close()
        descriptor = nil
        try? OutputFileSystem.removeFile(temporary)
        InterruptCleanup.unregister(cleanupToken)
    }
}

/// The process's file-creation mask, read once. Linux reports it in /proc/self/status, which reads it
/// without changing it; elsewhere (Darwin, or Linux without /proc) it is read by setting and restoring it,
/// once, at the first output, before any output thread runs.
enum ProcessUmask {
    static let value: CInterop.Mode = fromProc() ?? swapped()

    private static func fromProc() -> CInterop.Mode? {
        guard let digits = ProcessStatus.field("Umask", in: ProcessStatus.current()) else { return nil }
        return CInterop.Mode(digits.prefix { $0 != " " && $0 != "\t" }, radix: 8)
    }

    private static func swapped() -> CInterop.Mode {
        let mask = OutputFileSystem.replaceCreationMask(0o022)
        _ = OutputFileSystem.replaceCreationMask(mask)
        return mask
    }
}
