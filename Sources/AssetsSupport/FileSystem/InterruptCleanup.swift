#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary folders and lock files of outputs being written, so that a command stopped by
/// SIGINT or SIGTERM can remove them before it exits.
///
/// This is the one piece of process-wide mutable state in the library, and it must be: a signal is
/// delivered to the process, not to the call that made the temporary. The library never installs a
/// signal handler; `asset-tool` watches the signals (on a dispatch queue, not in a signal handler) and
/// calls `removeAll()`.
package enum InterruptCleanup {
    private static let pending = Locked<[Int: Entry]>([:])
    private static let interrupted = Locked(false)

    /// Whether `removeAll()` has run: files the run is writing may have vanished under it.
    package static var isInterrupted: Bool { interrupted.withLock { $0 } }
    private static let next = Locked(0)

    enum Entry {
        /// A staging folder: its files and the folder are removed.
        case folder(String)
        /// A lock file, removed (the lock goes with the process).
        case file(String)
    }

    /// Registers a temporary; returns the token to unregister it with.
    static func register(_ entry: Entry) -> Int {
        let token = next.withLock { value -> Int in
            value += 1
            return value
        }
        pending.withLock { $0[token] = entry }
        return token
    }

    static func unregister(_ token: Int) {
        pending.withLock { _ = $0.removeValue(forKey: token) }
    }

    /// Removes every registered temporary: the outputs being written stay as they were before the run.
    /// Called when the process is about to exit on a signal; work still running may add a file meanwhile,
    /// so a folder is emptied a few times before it is given up.
    /// Removes a temporary folder of this tool and everything in it, folders included (`optimize` stages a
    /// whole catalog); links are removed, never followed. Depth is bounded by what the tool wrote.
    package static func removeTree(_ path: String, depth: Int = 0) {
        guard depth < 256 else { return }
        for name in CatalogFileSystem.names(in: path) {
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                removeTree(child, depth: depth + 1)
            } else {
                unlink(child)
            }
        }
        rmdir(path)
    }

    package static func removeAll() {
        interrupted.withLock { $0 = true }
        // Folders before lock files: a lock file left alone is what tells the next run to look for a
        // killed run's temporaries (`StagedOutputFolder`), so it goes only once its folder has.
        let entries = pending.withLock { entries -> [Entry] in
            defer { entries.removeAll() }
            let all = entries.values
            return all.filter { if case .folder = $0 { true } else { false } } + all.filter { if case .file = $0 { true } else { false } }
        }
        for entry in entries {
            switch entry {
            case .folder(let path):
                for _ in 0..<5 {
                    removeTree(path)
                    if rmdir(path) == 0 || errno == ENOENT { break }
                }
            case .file(let path):
                unlink(path)
            }
        }
    }
}
