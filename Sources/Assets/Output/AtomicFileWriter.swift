#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// Writes files atomically: the bytes go to a temporary file in the same folder, are flushed, and are
/// then renamed over the destination. An existing file is never replaced unless `overwrite` is set.
public struct AtomicFileWriter: Sendable {
    public var overwrite: Bool

    public init(overwrite: Bool = false) {
        self.overwrite = overwrite
    }

    /// Writes `bytes` to `path`. On any failure the destination is untouched and no temporary is left.
    public func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        if !overwrite, access(path, F_OK) == 0 {
            throw OutputError(path: path, reason: .exists)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError(path: path, reason: .system(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let result = posixWrite(fd, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, fchmodat(AT_FDCWD, temporary, 0o644, 0) != 0 { failure = errno }
        if failure == 0 {
            if overwrite {
                if rename(temporary, path) != 0 { failure = errno }
            } else {
                // link() fails when the destination exists, so a file that appeared meanwhile is never replaced.
                if link(temporary, path) != 0 {
                    failure = errno
                }
            }
        }
        unlink(temporary)
        if failure == EEXIST { throw OutputError(path: path, reason: .exists) }
        if failure != 0 { throw OutputError(path: path, reason: .system(failure)) }
    }

    /// Creates a folder and its parents if they are missing.
    public static func makeDirectory(_ path: String) throws(OutputError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                throw OutputError(path: current, reason: .system(errno))
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputError(path: path, reason: .notADirectory)
        }
    }
}

/// Why an output could not be written.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The destination exists and overwriting was not asked for.
        case exists
        case notADirectory
        /// The system's errno.
        case system(Int32)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .exists: return "\(path): already exists (use --force to overwrite)"
        case .notADirectory: return "\(path): not a directory"
        case .system(let code): return "\(path): \(String(cString: strerror(code)))"
        }
    }
}
