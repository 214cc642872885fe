import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file's status says about its content without reading it: its size, which file it is (device and
/// inode) and when its content and its status last changed, to the nanosecond. Two equal identities of one
/// path mean the file was not written in between, unless it was written twice within the clock's grain with
/// the same size (a cache keyed by it therefore keeps no file written in the last second: `isSettled`).
package struct FileIdentity: Sendable, Hashable {
    package var size: Int
    package var device: UInt64
    package var inode: UInt64
    /// `st_mtim`, in nanoseconds since the epoch.
    package var modified: Int64
    /// `st_ctim` (a write, a rename, a mode or owner change, a `touch` that sets the time back), in nanoseconds.
    package var changed: Int64

    package init(size: Int, device: UInt64, inode: UInt64, modified: Int64, changed: Int64) {
        self.size = size
        self.device = device
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    init(_ info: Stat) {
        // The fields, not the `timespec`s: swift-system's is its build's C type (Glibc's when the Darwin
        // branches are type-checked on Linux), while `now()` fills the platform's own.
        self.init(
            size: Int(info.size), device: UInt64(info.deviceID.rawValue), inode: UInt64(info.inode.rawValue),
            modified: Self.nanoseconds(Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)),
            changed: Self.nanoseconds(Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)))
    }

    private static func nanoseconds(_ seconds: Int64, _ nanoseconds: Int64) -> Int64 {
        seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ nanoseconds
    }

    /// Whether the file's content was last written at least a second before `now` (nanoseconds since the
    /// epoch): a second write in the same clock grain as the first, of the same size, would leave the
    /// identity unchanged, so only a settled file's facts may be kept against it (git's "racily clean").
    package func isSettled(before now: Int64) -> Bool {
        modified < now &- 1_000_000_000
    }

    /// The wall clock, in nanoseconds since the epoch (the time files' identities are compared with).
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(Int64(time.tv_sec), Int64(time.tv_nsec))
    }
}

extension FileIdentity {
    /// The identity of the regular file at `path` (a link is not followed); nil for anything else.
    package static func of(_ path: String) -> FileIdentity? {
        guard let found = linkStatus(path), found.type == .regular else { return nil }
        return FileIdentity(found)
    }

    /// The identity of the folder at `path` (a link is not followed); nil for anything else. A folder's
    /// modification time changes when a name in it is added, removed or renamed.
    package static func ofFolder(_ path: String) -> FileIdentity? {
        guard let found = linkStatus(path), found.type == .directory else { return nil }
        return FileIdentity(found)
    }

    /// `lstat` of `path`, handed over as C text (a `FilePath` is not built: this runs for every file and set
    /// folder a warm run meets).
    private static func linkStatus(_ path: String) -> Stat? {
        path.withCString { try? Stat($0, followTargetSymlink: false) }
    }
}

extension OpenFolder {
    /// The identity of this folder itself (`fstat` on its descriptor).
    package var folderIdentity: FileIdentity? {
        guard let found = try? descriptor.stat(), found.type == .directory else { return nil }
        return FileIdentity(found)
    }

    /// The identity of the regular file `name` in this folder, asked without opening it or following a link
    /// (`fstatat`); nil for a link, a folder, a FIFO or device, or a name that is gone.
    package func identity(of name: String) -> FileIdentity? {
        guard let found = name.withCString({ try? Stat($0, relativeTo: descriptor, flags: .symlinkNoFollow) }), found.type == .regular
        else { return nil }
        return FileIdentity(found)
    }
}
