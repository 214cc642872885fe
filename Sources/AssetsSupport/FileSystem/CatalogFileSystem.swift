import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file layer, the package's one door to files and folders, on swift-system (`FileDescriptor`,
/// `FilePath`, `Errno`, `Stat`): the read-only calls the catalog reader and validator make (a folder listed
/// without following links, a file read whole or its head and tail), the one positioned-read loop and the
/// one folder listing. Other layers hold only the owned types below (`OpenFile`, `OpenFolder`), which close
/// their descriptor when they go away; no raw descriptor or folder stream leaves this folder. What swift-system
/// does not have (`openat`, `opendir`/`readdir`, `realpath`) is called here, on both platforms alike.
/// Which paths a catalog may name, and how they are opened, is one rule in `CatalogRoot`.
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
        /// The permission bits (`0o7777`: read, write and execute for owner, group and others; set-id, sticky).
        package var mode: UInt32
        /// The owner's user id.
        package var owner: UInt32 = 0
    }

    /// The status of `path` itself (a link is reported as a link), or the errno.
    package static func linkStatus(_ path: String) -> Result<Status, SystemError> {
        do { return .success(status(try Stat(FilePath(path), followTargetSymlink: false))) } catch { return .failure(SystemError(error)) }
    }

    /// The status of what `path` leads to, following links.
    package static func targetStatus(_ path: String) -> Result<Status, SystemError> {
        do { return .success(status(try Stat(FilePath(path)))) } catch { return .failure(SystemError(error)) }
    }

    static func status(_ info: Stat) -> Status {
        let type: EntryType
        switch info.type {
        case .regular: type = .file
        case .directory: type = .directory
        case .symbolicLink: type = .symlink
        default: type = .special
        }
        return Status(
            type: type, size: Int(info.size), device: UInt64(info.deviceID.rawValue), inode: UInt64(info.inode.rawValue),
            mode: UInt32(info.permissions.rawValue), owner: UInt32(info.userID.rawValue))
    }

    /// What `mayAccess` asks of a path.
    package enum Access: Sendable {
        /// That it exists (a link is followed).
        case exists
        /// That this process may run it.
        case execute
        /// That this process may make and remove files in it (a folder).
        case writeInFolder
    }

    /// Whether this process may do `wanted` with `path` (`access`, by the real user), or the errno saying why not.
    package static func mayAccess(_ path: String, _ wanted: Access) -> Result<Void, SystemError> {
        let mode: CInt
        switch wanted {
        case .exists: mode = F_OK
        case .execute: mode = X_OK
        case .writeInFolder: mode = W_OK | X_OK
        }
        return access(path, mode) == 0 ? .success(()) : .failure(SystemError(code: errno))
    }

    /// The canonical absolute path (links resolved), or nil when it cannot be resolved.
    package static func realPath(_ path: String) -> String? {
        try? resolvedPath(path).get()
    }

    /// The canonical absolute path (links resolved), or the errno saying why it cannot be resolved.
    package static func resolvedPath(_ path: String) -> Result<String, SystemError> {
        guard let resolved = realpath(path, nil) else { return .failure(SystemError(code: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// A folder, open to open its files by name without walking the whole path each time; nil when it
    /// cannot be opened.
    package static func openFolder(_ path: String) -> OpenFolder? {
        guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .directory]) else { return nil }
        return OpenFolder(descriptor: descriptor)
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
        listTyped(path, keeping: { _, _ in true })
    }

    /// A folder open to be listed once (`OpenFolder.listTyped()`) and to open its files by name, or the
    /// errno when it cannot be opened.
    package static func openListedFolder(_ path: String) -> Result<OpenFolder, SystemError> {
        guard let stream = opendir(path) else { return .failure(SystemError(code: errno)) }
        return .success(OpenFolder(stream: stream))
    }

    /// The names in a folder, except `.` and `..`, in the order the folder gives them: the listing for
    /// output folders this package writes and cleans (no type, no sort).
    package static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
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

    /// The names in an open folder stream that `keeping` accepts, as `listTyped(_ path:)` gives them.
    static func listTyped(_ dir: FolderStream, keeping: EntryFilter) -> [Listed] {
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
        return listed(entries)
    }

    /// Listed entries in byte order, their names made strings.
    private static func listed(_ unsorted: [(name: [UInt8], type: EntryType, inode: UInt64)]) -> [Listed] {
        var entries = unsorted
        entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
        return entries.map { entry in
            // An ASCII name (nearly every one) is valid as it is: no call of the generic validating
            // initializer, which is not specialized here and costs more than the folder read.
            if entry.name.allSatisfy({ $0 < 0x80 }) { return (String(decoding: entry.name, as: UTF8.self), entry.type, true, entry.inode) }
            if let text = String(validating: entry.name, as: UTF8.self) { return (text, entry.type, true, entry.inode) }
            return (String(decoding: entry.name, as: UTF8.self), entry.type, false, entry.inode)
        }
    }

    /// A folder's entries as its listing gave them, packed in one buffer, in the order the folder gave them
    /// (`.` and `..` left out): for each, its type (one byte: `packedTypes`' index), its inode (eight bytes,
    /// little-endian), its name's length (two bytes, little-endian) and its name's bytes. What a cache keeps of
    /// a folder (`FileFactsCache`): one buffer, no array or string per entry; `listed(_:keeping:)` reads it.
    package struct PackedListing: Sendable, Hashable {
        package var bytes: [UInt8]

        package init(bytes: [UInt8]) { self.bytes = bytes }
    }

    /// The types in a packed listing, by the byte that stands for each.
    static let packedTypes: [EntryType] = [.file, .directory, .symlink, .special, .other]

    /// Every entry of the folder at `path`, packed (`PackedListing`), or the errno.
    package static func listPacked(_ path: String) -> Result<PackedListing, SystemError> {
        guard let dir = opendir(path) else { return .failure(SystemError(code: errno)) }
        defer { closedir(dir) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 << 10)
        while let entry = readdir(dir) {
            let type = entryType(entry.pointee.d_type)
            let inode = UInt64(entry.pointee.d_ino)
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
                if name.count <= 2, name.allSatisfy({ $0 == 0x2E }) { return }  // `.` and `..`
                bytes.append(UInt8(packedTypes.firstIndex(of: type) ?? 4))
                withUnsafeBytes(of: inode.littleEndian) { bytes += $0 }
                withUnsafeBytes(of: UInt16(truncatingIfNeeded: name.count).littleEndian) { bytes += $0 }
                bytes += name
            }
        }
        return .success(PackedListing(bytes: bytes))
    }

    /// The entries of a packed listing that `keeping` accepts, as `listTyped(_:keeping:)` gives them (in byte
    /// order); nil when the bytes are not a packed listing (cut short, an unknown type, an empty name).
    package static func listed(_ packed: PackedListing, keeping: EntryFilter) -> [Listed]? {
        packed.bytes.withUnsafeBytes { raw -> [Listed]? in
            var entries: [(name: [UInt8], type: EntryType, inode: UInt64)] = []
            var position = 0
            while position < raw.count {
                guard raw.count - position >= 11 else { return nil }
                let typeNumber = Int(raw[position])
                guard typeNumber < packedTypes.count else { return nil }
                var inode: UInt64 = 0
                for index in 0..<8 { inode |= UInt64(raw[position + 1 + index]) << (8 * UInt64(index)) }
                let length = Int(raw[position + 9]) | Int(raw[position + 10]) << 8
                position += 11
                guard length > 0, raw.count - position >= length else { return nil }
                let name = UnsafeRawBufferPointer(rebasing: raw[position..<position + length])
                position += length
                let type = packedTypes[typeNumber]
                if keeping(name, type) { entries.append((Array(name), type, inode)) }
            }
            return listed(entries)
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
        let file: OpenFile
        do { file = try open(path) } catch { return .failure(error) }
        return file.read(maxBytes: maxBytes)
    }

    /// A file at a path the user gave, open for reading (non-blocking, so opening a FIFO does not wait for a
    /// writer; its type is the caller's to check with `OpenFile.status()`).
    package static func open(_ path: String) throws(SystemError) -> OpenFile {
        do {
            return OpenFile(descriptor: try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking]))
        } catch {
            throw SystemError(error)
        }
    }

    /// How much a whole-file read asks for first (a `Contents.json` is nearly always smaller).
    static let firstRead = 16 << 10

    /// What `opendir` gives: Darwin declares `DIR` as a struct (a typed pointer), Glibc leaves it
    /// incomplete (an opaque one).
    #if canImport(Darwin)
        typealias FolderStream = UnsafeMutablePointer<DIR>
    #else
        typealias FolderStream = OpaquePointer
    #endif
}

/// A folder open for reading, owned (closed when the last reference goes away): its files opened by name
/// (`CatalogRoot.openFile(named:in:)`) and, when opened with `openListedFolder`, its names listed once.
package final class OpenFolder {
    /// The folder's descriptor (the stream's, when there is one).
    let descriptor: FileDescriptor
    private let stream: CatalogFileSystem.FolderStream?

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
        self.stream = nil
    }

    init(stream: CatalogFileSystem.FolderStream) {
        self.stream = stream
        self.descriptor = FileDescriptor(rawValue: dirfd(stream))
    }

    deinit {
        if let stream { closedir(stream) } else { try? descriptor.close() }
    }

    /// The folder's names with their listed types, in byte order, as `CatalogFileSystem.listTyped` gives
    /// them (empty for a folder not opened with `openListedFolder`).
    package func listTyped() -> [CatalogFileSystem.Listed] {
        guard let stream else { return [] }
        return CatalogFileSystem.listTyped(stream, keeping: { _, _ in true })
    }
}

/// An errno from a system call, with its message.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    package var code: CInt

    package init(code: CInt) { self.code = code }

    /// The errno of a swift-system call (`Errno`); EIO for any other error.
    package init(_ error: any Error) { self.code = (error as? Errno)?.rawValue ?? EIO }

    package var description: String { String(cString: strerror(code)) }

    /// No such file or folder (ENOENT).
    package var isNoSuchFile: Bool { code == ENOENT }

    /// Past the bytes a read was allowed (`OpenFile.read(maxBytes:)`: EFBIG).
    package var isOverLimit: Bool { code == EFBIG }
}
