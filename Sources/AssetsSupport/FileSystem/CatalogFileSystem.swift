#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few read-only file system calls the catalog reader and validator make: listing a folder
/// without following links, and reading a file whole or its head and tail. Which paths a catalog may
/// name, and how they are opened, is one rule in `CatalogRoot`.
package enum CatalogFileSystem {
    package enum EntryType: Sendable, Hashable {
        case file
        case directory
        case symlink
        /// A FIFO, a character or block device, or a socket: never opened for reading.
        case special
        /// The listing did not say (`DT_UNKNOWN`): ask `linkStatus`.
        case other
    }

    package struct Status: Sendable, Hashable {
        package var type: EntryType
        package var size: Int
        package var device: UInt64
        package var inode: UInt64
    }

    /// The status of `path` itself (a link is reported as a link), or the errno.
    package static func linkStatus(_ path: String) -> Result<Status, SystemError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(SystemError(code: errno)) }
        return .success(status(info))
    }

    /// The status of what `path` leads to, following links.
    package static func targetStatus(_ path: String) -> Result<Status, SystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(SystemError(code: errno)) }
        return .success(status(info))
    }

    private static func status(_ info: stat) -> Status {
        let type: EntryType
        switch info.st_mode & S_IFMT {
        case S_IFREG: type = .file
        case S_IFDIR: type = .directory
        case S_IFLNK: type = .symlink
        default: type = .special
        }
        return Status(type: type, size: Int(info.st_size), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The canonical absolute path (links resolved), or nil when it cannot be resolved.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A descriptor for a folder, to open its files by name without walking the whole path each time;
    /// nil when it cannot be opened. Close it with `closeFolder`.
    package static func openFolder(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        return fd >= 0 ? fd : nil
    }

    package static func closeFolder(_ fd: Int32) {
        close(fd)
    }

    /// The names in a folder, except `.` and `..`, in byte order.
    package static func list(_ path: String) -> Result<[String], SystemError> {
        listTyped(path).map { $0.map(\.name) }
    }

    /// One name in a folder listing: the name (a name that is not valid UTF-8 has its bad bytes replaced
    /// by U+FFFD and `isUTF8` false: it cannot be opened by that spelling), the type the folder records,
    /// and the entry's inode (for a folder that is not a link, its identity on the folder's device).
    package typealias Listed = (name: String, type: EntryType, isUTF8: Bool, inode: UInt64)

    /// The names in a folder with the type the folder records (`.other` when it records none), in byte order.
    package static func listTyped(_ path: String) -> Result<[Listed], SystemError> {
        guard let dir = opendir(path) else { return .failure(SystemError(code: errno)) }
        defer { closedir(dir) }
        return .success(listTyped(dir))
    }

    /// A folder stream (`opendir`) for `listTyped(_:)` and, through `dirfd`, for opening its files by
    /// name; nil with the errno when it cannot be opened. Close it with `closedir`.
    package static func openStream(_ path: String) -> Result<OpaquePointer, SystemError> {
        guard let stream = opendir(path) else { return .failure(SystemError(code: errno)) }
        return .success(stream)
    }

    /// A test of a folder entry's name bytes (without the terminating NUL) and the type the folder
    /// records, made before any array or string is built for it: false drops the entry from the listing.
    package typealias EntryFilter = (UnsafeRawBufferPointer, EntryType) -> Bool

    /// The names in a folder that `keeping` accepts, as `listTyped(_ path:)` gives them: a folder of
    /// 100,000 entries of which a few matter costs its `readdir` calls, not 100,000 strings.
    package static func listTyped(_ path: String, keeping: EntryFilter) -> Result<[Listed], SystemError> {
        guard let dir = opendir(path) else { return .failure(SystemError(code: errno)) }
        defer { closedir(dir) }
        return .success(listTyped(dir, keeping: keeping))
    }

    /// The names in an open folder stream, as `listTyped(_ path:)` gives them.
    package static func listTyped(_ dir: OpaquePointer) -> [Listed] {
        listTyped(dir, keeping: { _, _ in true })
    }

    /// The names in an open folder stream that `keeping` accepts, as `listTyped(_ path:)` gives them.
    package static func listTyped(_ dir: OpaquePointer, keeping: EntryFilter) -> [Listed] {
        var entries: [(name: [UInt8], type: EntryType, inode: UInt64)] = []
        while let entry = readdir(dir) {
            let type = entryType(entry.pointee.d_type)
            let name: [UInt8]? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
                if bytes.count <= 2, bytes.allSatisfy({ $0 == 0x2E }) { return nil }  // `.` and `..`
                if !keeping(bytes, type) { return nil }
                return Array(bytes)
            }
            guard let name else { continue }
            entries.append((name, type, UInt64(entry.pointee.d_ino)))
        }
        entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
        return entries.map { entry in
            // An ASCII name (nearly every one) is valid as it is: no call of the generic validating
            // initializer, which is not specialized here and costs more than the folder read.
            if entry.name.allSatisfy({ $0 < 0x80 }) { return (String(decoding: entry.name, as: UTF8.self), entry.type, true, entry.inode) }
            if let text = String(validating: entry.name, as: UTF8.self) { return (text, entry.type, true, entry.inode) }
            return (String(decoding: entry.name, as: UTF8.self), entry.type, false, entry.inode)
        }
    }

    private static func entryType(_ recorded: UInt8) -> EntryType {
        switch Int32(recorded) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symlink
        case Int32(DT_FIFO), Int32(DT_CHR), Int32(DT_BLK), Int32(DT_SOCK): return .special
        default: return .other
        }
    }

    /// The bytes of a file at a path the user gave (a `--strings` table, not a file a catalog names: those
    /// are opened under `CatalogRoot`'s rule), whole, as `read(descriptor:)` reads. Opened non-blocking, so
    /// a FIFO fails to read instead of hanging.
    package static func read(_ path: String, maxBytes: Int = 256 << 20) -> Result<(head: [UInt8], tail: [UInt8], size: Int), SystemError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(SystemError(code: errno)) }
        defer { close(fd) }
        return read(descriptor: fd, maxBytes: maxBytes)
    }

    /// The bytes of a file open as `fd` (the caller opened it, under `CatalogRoot`'s rule for a file a
    /// catalog names, and closes it): all of it, or when `head` is given only the first `head` bytes and the
    /// last `tail` bytes (the two may overlap for a small file), and its size.
    ///
    /// The fewest system calls: one pread of exactly the head (the whole of a small file), fstat (type and
    /// size) only when that read does not settle it, one pread of the tail only when the head does not reach
    /// the end.
    /// `widerTail`, when given, is read instead of `tail` bytes when `tail` bytes alone do not satisfy it
    /// (`isEnough` false): a probe first reads the few bytes a sound file ends with.
    /// `size`, when given, is the size an `fstat` on this descriptor found when it was opened under
    /// `CatalogRoot`'s rule, which also checked it is a regular file: it is not asked again.
    package static func read(descriptor fd: Int32, head: Int? = nil, tail: Int = 0,
                     widerTail: (count: Int, isEnough: ([UInt8]) -> Bool)? = nil, maxBytes: Int = 256 << 20,
                     size knownSize: Int? = nil)
        -> Result<(head: [UInt8], tail: [UInt8], size: Int), SystemError>
    {
        // Most files in a catalog are small: one pread of the head (or of 16 KiB, when reading whole) that
        // comes back short is the whole file, and no fstat is needed (a regular file reads short only at
        // its end; a FIFO or folder fails to pread, as before). An empty read still asks fstat, so a
        // device that reads nothing is refused as before.
        let first = min(head ?? CatalogFileSystem.firstRead, maxBytes)
        var firstBytes: [UInt8] = []
        if first > 0 {
            guard let bytes = readFully(fd, count: first, at: 0, stopShort: true) else { return .failure(SystemError(code: errno)) }
            firstBytes = bytes
            if bytes.count > 0, bytes.count < first {
                let size = bytes.count
                var tailCount = min(tail, size)
                if let widerTail, !widerTail.isEnough(Array(bytes.suffix(tailCount))) { tailCount = min(widerTail.count, size) }
                return .success((bytes, tailCount == 0 ? [] : Array(bytes.suffix(tailCount)), size))
            }
        }
        var size: Int
        if let knownSize {
            size = knownSize
        } else {
            var info = stat()
            guard fstat(fd, &info) == 0 else { return .failure(SystemError(code: errno)) }
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return .failure(SystemError(code: EISDIR))
            default: return .failure(SystemError(code: ESPIPE))  // what reading a FIFO or device by offset gives
            }
            size = Int(info.st_size)
        }
        let headCount = min(head ?? size, size)
        guard headCount <= maxBytes else { return .failure(SystemError(code: EFBIG)) }
        var bytes = firstBytes
        if bytes.count > headCount {
            bytes.removeLast(bytes.count - headCount)
        } else if bytes.count < headCount {
            guard let rest = readFully(fd, count: headCount - bytes.count, at: bytes.count) else { return .failure(SystemError(code: errno)) }
            bytes += rest
        }
        // A file that shrank since fstat is taken as what could be read.
        if bytes.count < headCount { size = bytes.count }
        var tailCount = min(tail, size)
        if bytes.count == size {
            if let widerTail, !widerTail.isEnough(Array(bytes.suffix(tailCount))) { tailCount = min(widerTail.count, size) }
            return .success((bytes, tailCount == 0 ? [] : Array(bytes.suffix(tailCount)), size))
        }
        if tailCount == 0 { return .success((bytes, [], size)) }
        guard var last = readFully(fd, count: tailCount, at: size - tailCount) else { return .failure(SystemError(code: errno)) }
        if let widerTail, !widerTail.isEnough(last), widerTail.count > tailCount {
            tailCount = min(widerTail.count, size)
            guard let wider = readFully(fd, count: tailCount, at: size - tailCount) else { return .failure(SystemError(code: errno)) }
            last = wider
        }
        return .success((bytes, last, size))
    }

    /// How much a whole-file read asks for first (a `Contents.json` is nearly always smaller).
    static let firstRead = 16 << 10

    /// `count` bytes from `offset`, fewer at the end of the file; `stopShort`: a short read is the end.
    private static func readFully(_ fd: Int32, count: Int, at offset: Int, stopShort: Bool = false) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count, let base = buffer.baseAddress {
                let got = pread(fd, base + done, count - done, off_t(offset + done))
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if got == 0 { break }
                done += got
                if stopShort { break }
            }
            initialized = done
        }
        return failed ? nil : bytes
    }
}

/// An errno from a system call, with its message.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    package var code: Int32

    package var description: String { String(cString: strerror(code)) }
}
