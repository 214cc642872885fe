import SystemPackage

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
    /// Whether a signal came, and how many commits (an output's renames into place) are under way: the
    /// one flag both the signal's clean-up and a commit check under this lock.
    private static let state = Locked(CommitState())

    private struct CommitState {
        var interrupted = false
        var committing = 0
    }

    /// Whether `removeAll()` has run: files the run is writing may have vanished under it.
    package static var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Called before a step a signal must not cut in two: an output's temporaries renamed into place, a
    /// child program started and registered. Returns false once a signal has come (the step must not
    /// start); otherwise the clean-up waits for `leaveUninterruptible()` before it does anything, so it never
    /// empties a folder while it is renamed over the output, the process does not end between a commit's
    /// renames, and no child starts unseen by it.
    package static func enterUninterruptible() -> Bool {
        state.withLock { current -> Bool in
            guard !current.interrupted else { return false }
            current.committing += 1
            return true
        }
    }

    /// Ends what `enterUninterruptible()` began (after the step has registered or unregistered what it made).
    package static func leaveUninterruptible() {
        state.withLockWakingWaiters { $0.committing -= 1 }
    }
    private static let next = Locked(0)

    package enum Entry {
        /// A staging folder: its files and the folder are removed.
        case folder(String)
        /// A lock file, removed (the lock goes with the process).
        case file(String)
        /// A child program (`BoundedProcess`), killed: nothing this run started outlives it.
        case child(Int32)
    }

    /// Registers a temporary; returns the token to unregister it with.
    package static func register(_ entry: Entry) -> Int {
        let token = next.withLock { value -> Int in
            value += 1
            return value
        }
        pending.withLock { $0[token] = entry }
        return token
    }

    package static func unregister(_ token: Int) {
        pending.withLock { _ = $0.removeValue(forKey: token) }
    }

    /// Removes a temporary folder of this tool and everything in it, folders included (`optimize` stages a
    /// whole catalog); links are removed, never followed. Depth is bounded by what the tool wrote.
    package static func removeTree(_ path: String, depth: Int = 0) {
        guard depth < 256 else { return }
        for name in CatalogFileSystem.names(in: path) {
            let child = path + "/" + name
            if case .success(let status) = CatalogFileSystem.linkStatus(child), status.type == .directory {
                removeTree(child, depth: depth + 1)
            } else {
                try? OutputFileSystem.removeFile(FilePath(child))
            }
        }
        try? OutputFileSystem.removeEmptyFolder(FilePath(path))
    }

    /// Removes every registered temporary and kills every registered child: the outputs being written stay
    /// as they were before the run. Called when the process is about to exit on a signal; work still
    /// running may add a file meanwhile, so a folder is emptied a few times before it is given up.
    package static func removeAll() {
        // No commit starts from now on; one under way finishes first (its renames take milliseconds).
        state.withLock { $0.interrupted = true }
        state.withLock(when: { $0.committing == 0 }) { _ in }
        // Children first (a child may be writing into a folder), folders before lock files: a lock file left
        // alone is what tells the next run to look for a killed run's temporaries (`StagedOutputFolder`), so it
        // goes only once its folder has.
        let entries = pending.withLock { entries -> [Entry] in
            defer { entries.removeAll() }
            let all = entries.values
            let children = all.filter { if case .child = $0 { true } else { false } }
            let folders = all.filter { if case .folder = $0 { true } else { false } }
            return children + folders + all.filter { if case .file = $0 { true } else { false } }
        }
        for entry in entries {
            switch entry {
            case .folder(let path):
                // A worker may still be making a file or folder in it for a moment (it sees `isInterrupted`
                // before its next one): try again for up to about half a second.
                for attempt in 0..<250 {
                    removeTree(path)
                    do throws(Errno) {
                        try OutputFileSystem.removeEmptyFolder(FilePath(path))
                        break
                    } catch  where error == .noSuchFileOrDirectory {
                        break
                    } catch {}
                    if attempt >= 4 { usleep(2_000) }
                }
            case .file(let path):
                try? OutputFileSystem.removeFile(FilePath(path))
            case .child(let pid):
                BoundedProcess.terminate(pid)
            }
        }
    }
}
