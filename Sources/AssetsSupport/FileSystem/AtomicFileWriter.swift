#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: the bytes go to a temporary file in the same folder, are flushed, and are
/// then renamed over the destination. An existing file is never replaced unless `overwrite` is set.
public struct AtomicFileWriter: Sendable {
    public var overwrite: Bool

    public init(overwrite: Bool = false) {
        self.overwrite = overwrite
    }

    /// Writes `bytes` to `path`. On any failure the destination is untouched and no temporary is left.
    public func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        try bytes.withUnsafeBufferPointer { buffer throws(OutputError) in try write(buffer, to: path) }
    }

    /// Writes the bytes in `buffer` to `path`, as `write(_:to:)` does, without copying them first.
    public func write(_ buffer: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError) {
        let file = try AtomicFileStream(path: path, overwrite: overwrite)
        do {
            try file.append(buffer)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// Streams a file to `path`: `produce` appends its bytes in pieces, so a large file never has to
    /// be held in memory whole. When `produce` throws, nothing is written and its error is rethrown;
    /// output failures throw `OutputError`.
    package func write(to path: String, _ produce: (AtomicFileStream) throws -> Void) throws {
        let file = try AtomicFileStream(path: path, overwrite: overwrite)
        do {
            try produce(file)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// Creates a folder and its parents if they are missing (0777 under the umask, as `mkdir -p`).
    package static func makeDirectory(_ path: String) throws(OutputError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o777) != 0, errno != EEXIST {
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
        /// Another run is writing the same output folder.
        case busy
        /// An output folder that may not be replaced, and why.
        case notReplaceable(String)
        /// The run's `--max-files` budget is spent.
        case tooManyFiles(Int)
        /// The system's errno.
        case system(Int32)
        /// A signal stopped the run before its output was put in place; nothing was changed.
        case interrupted
    }

    public var path: String
    public var reason: Reason

    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .exists: return "\(path): already exists (use --force to overwrite)"
        case .notADirectory: return "\(path): not a directory"
        case .busy: return "\(path): another asset-tool run is writing this folder; try again when it is done"
        case .notReplaceable(let why): return "\(path): \(why)"
        case .tooManyFiles(let limit):
            return "\(path): would be file \(limit + 1) of this run, over the limit of \(limit) files (--max-files)"
        case .system(let code): return "\(path): \(String(cString: strerror(code)))"
        case .interrupted: return "\(path): interrupted before the output was put in place; left as it was"
        }
    }
}
