#if canImport(Glibc)
    import Glibc
#endif

/// The folder one fuzzing process builds each input's files in: `/dev/shm/assets-fuzz-<harness>-<pid>`
/// (or /tmp without /dev/shm), which `Scripts/fuzz` removes after the run by that process id.
public struct ScratchFolder: Sendable {
    public let path: String

    public init(harness: String) {
        let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        path = "\(folder)/assets-fuzz-\(harness)-\(getpid())"
    }

    /// Makes the folder (empty after `clear()`).
    public func make() {
        mkdir(path, 0o755)
    }

    /// Removes the folder and everything in it, following no link.
    public func clear() {
        Self.remove(path)
    }

    /// Removes a folder tree without following links.
    public static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if let directory = opendir(path) {
                var names: [[UInt8]] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                    if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
                }
                closedir(directory)
                for name in names { remove(path + "/" + String(decoding: name, as: UTF8.self)) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
