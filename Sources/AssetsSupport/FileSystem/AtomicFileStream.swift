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
public final class AtomicFileStream {
    public let path: String
    private let overwrite: Bool
    private let temporary: String
    private var fd: Int32
    private var finished = false

    package init(path: String, overwrite: Bool) throws(OutputError) {
        if !overwrite, access(path, F_OK) == 0 {
            throw OutputError(path: path, reason: .exists)
        }
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
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends `bytes` to the file.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
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
    public func append(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBufferPointer { buffer throws(OutputError) in try append(buffer) }
    }

    /// Flushes the file and moves it to its destination (never over an existing file unless overwriting).
    package func commit() throws(OutputError) {
        finished = true
        var failure: Int32 = 0
        if fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        if failure == 0, fchmodat(AT_FDCWD, temporary, 0o644, 0) != 0 { failure = errno }
        if failure == 0 {
            if overwrite {
                if rename(temporary, path) != 0 { failure = errno }
            } else if link(temporary, path) != 0 {
                // link() fails when the destination exists, so a file that appeared meanwhile is never replaced.
                failure = errno
            }
        }
        unlink(temporary)
        if failure == EEXIST { throw OutputError(path: path, reason: .exists) }
        if failure != 0 { throw OutputError(path: path, reason: .system(failure)) }
    }

    /// Removes the temporary file; the destination is untouched.
    package func discard() {
        finished = true
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
    }
}
