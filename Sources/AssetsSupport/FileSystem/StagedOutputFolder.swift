import SystemPackage

/// An output folder written whole or not at all.
///
/// Files go into a temporary sibling (`.NAME.asset-tool-tmp-XXXXXX`); `commit` renames it into place.
/// A folder already there is replaced only when overwriting is asked for and it holds nothing but this
/// tool's own output (or nothing): it is renamed aside, the new one renamed in, and the old one removed,
/// so at every instant the path holds either the old output or the new one, never a mix. A folder that
/// also holds other files (the input beside its frames, say) keeps them: at `commit` the tool's own
/// earlier files there are removed and the new ones renamed in one by one, the manifest last, so only
/// those few renames are not atomic; a failure while writing still leaves the folder untouched. A lock file
/// beside it (`.NAME.asset-tool-lock`, held with `flock` for the run) makes a second run into the same
/// folder fail at once instead of mixing its files in; temporaries left by a run that was killed are
/// removed by the next run that takes the lock. Until `commit`, `InterruptCleanup` knows the
/// temporary folder and the lock, so SIGINT and SIGTERM leave nothing behind.
package final class StagedOutputFolder {
    /// The name and first bytes of the file that marks a folder as written whole by this tool.
    package struct FolderMarker: Sendable {
        package var name: String
        package var bytes: [UInt8]

        package init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// The folder the output will have.
    package let path: String
    /// The temporary folder the files are written into.
    package let staging: String
    private let parent: String
    private let name: String
    private let overwrite: Bool
    private let isOwnOutput: (String) -> Bool
    /// Whether the output holds folders too (a catalog written again by `optimize`): folders among its
    /// own entries are then replaced and removed whole, not refused.
    private let holdsFolders: Bool
    /// A file that marks a whole folder as this tool's output (`optimize`'s): an existing folder without it
    /// is never replaced, whatever its entries are called.
    private let folderMarker: FolderMarker?
    private let lockPath: String
    /// The lock file's descriptor, nil once unlocked.
    private var lockDescriptor: FileDescriptor?
    private var tokens: [Int]
    private var finished = false

    /// Takes the lock and makes the temporary folder. Throws when the parent cannot be made, another
    /// run holds the lock, or the folder exists and may not be replaced: without `overwrite`, when it
    /// holds any of this tool's output (`exists`); in any case, when it holds anything else.
    /// `isOwnOutput` says whether an entry name is one this tool writes in the folder.
    package init(
        _ folder: String, overwrite: Bool, holdsFolders: Bool = false, folderMarker: FolderMarker? = nil,
        isOwnOutput: @escaping (String) -> Bool
    ) throws(OutputError) {
        let (parent, name) = try StagedOutputFolder.split(folder)
        self.path = folder
        self.parent = parent
        self.name = name
        self.overwrite = overwrite
        self.holdsFolders = holdsFolders
        self.folderMarker = folderMarker
        self.isOwnOutput = isOwnOutput
        try AtomicFileWriter.makeDirectory(parent)
        let lockPath = parent + "/." + name + ".asset-tool-lock"
        let (descriptor, lockWasThere) = try StagedOutputFolder.lock(lockPath, folder: folder)
        let lockToken = InterruptCleanup.register(.file(lockPath))
        var stagingToken = 0
        do throws(OutputError) {
            // A run leaves temporaries only when it dies holding its lock, and then the lock file stays
            // (a run that finishes, or is stopped by SIGINT or SIGTERM, removes both): with no lock file
            // before this one, the parent is not listed. In a batch the parent holds every output folder
            // so far, and listing it for each one would make the batch's cost grow with the square of its size.
            if lockWasThere {
                StagedOutputFolder.removeStaleTemporaries(parent: parent, name: name, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
            }
            try StagedOutputFolder.checkExisting(
                folder, overwrite: overwrite, holdsFolders: holdsFolders, folderMarker: folderMarker, isOwnOutput: isOwnOutput)
            // The folder is made and registered for the clean-up as one step: a signal between the two would
            // leave it behind, and with the lock file removed no later run would clean it up.
            guard InterruptCleanup.enterUninterruptible() else { throw OutputError(path: folder, reason: .interrupted) }
            defer { InterruptCleanup.leaveUninterruptible() }
            do throws(Errno) {
                staging = try OutputFileSystem.makeTemporaryFolder(parent + "/." + name + ".asset-tool-tmp-XXXXXX").string
            } catch {
                throw OutputError(path: folder, reason: .system(error.rawValue))
            }
            stagingToken = InterruptCleanup.register(.folder(staging))
        } catch {
            InterruptCleanup.unregister(lockToken)
            try? OutputFileSystem.removeFile(FilePath(lockPath))
            try? descriptor.close()
            throw error
        }
        self.lockPath = lockPath
        self.lockDescriptor = descriptor
        self.tokens = [lockToken, stagingToken]
    }

    deinit {
        if !finished { discard() }
    }

    /// The parent folder and the last component; `.` and `..` are resolved to a real name first.
    private static func split(_ folder: String) throws(OutputError) -> (String, String) {
        var trimmed = folder
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        var last = trimmed.split(separator: "/").last.map(String.init) ?? ""
        if last.isEmpty || last == "." || last == ".." {
            switch CatalogFileSystem.resolvedPath(trimmed) {
            case .success(let real): trimmed = real
            case .failure(let error): throw OutputError(path: folder, reason: .system(error.code))
            }
            last = trimmed.split(separator: "/").last.map(String.init) ?? ""
            guard !last.isEmpty else { throw OutputError(path: folder, reason: .notReplaceable("the root folder")) }
        }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", last) }
        let parent = String(trimmed[..<slash])
        return (parent.isEmpty ? "/" : parent, last)
    }

    /// Opens (creating) and locks the lock file; retries when the file was replaced while locking.
    /// `wasThere`: the lock file was there before (a run holds it, or one died holding it).
    private static func lock(_ lockPath: String, folder: String) throws(OutputError) -> (descriptor: FileDescriptor, wasThere: Bool) {
        var wasThere = false
        let path = FilePath(lockPath)
        let options: FileDescriptor.OpenOptions = [.create, .closeOnExec, .noFollow]
        for _ in 0..<8 {
            let fd: FileDescriptor
            do throws(Errno) {
                do throws(Errno) {
                    fd = try open(path, options: options.union(.exclusiveCreate))
                } catch Errno.fileExists {
                    wasThere = true
                    fd = try open(path, options: options)
                }
            } catch {
                // Errors name the folder: the lock file beside it is this tool's business.
                throw OutputError(path: folder, reason: .system(error.rawValue))
            }
            do throws(Errno) {
                try OutputFileSystem.lockWithoutWaiting(fd)
            } catch {
                try? fd.close()
                if error == .wouldBlock { throw OutputError(path: folder, reason: .busy) }
                throw OutputError(path: folder, reason: .system(error.rawValue))
            }
            // A run finishing meanwhile removes the file it locked: hold the lock only on the file the path names now.
            if let held = (try? fd.stat()).map(CatalogFileSystem.status), case .success(let named) = CatalogFileSystem.linkStatus(lockPath),
                held.device == named.device, held.inode == named.inode
            {
                return (fd, wasThere)
            }
            try? fd.close()
        }
        throw OutputError(path: folder, reason: .busy)
    }

    /// The lock file opened read-write, created 0600 (`options` say whether it may already be there).
    private static func open(_ path: FilePath, options: FileDescriptor.OpenOptions) throws(Errno) -> FileDescriptor {
        do {
            return try FileDescriptor.open(path, .readWrite, options: options, permissions: .ownerReadWrite, retryOnInterrupt: false)
        } catch {
            throw (error as? Errno) ?? .ioError
        }
    }

    private func unlock() {
        for token in tokens { InterruptCleanup.unregister(token) }
        tokens.removeAll()
        guard let lockDescriptor else { return }
        try? OutputFileSystem.removeFile(FilePath(lockPath))
        try? lockDescriptor.close()
        self.lockDescriptor = nil
    }

    /// Temporary and set-aside folders of earlier runs into the same folder (killed before they
    /// finished): the lock is ours, so no run is using them.
    ///
    /// A set-aside folder (`-old-`) is the earlier output, or with `optimize --in-place` the only copy of the
    /// catalog: it is removed only when it carries the mark that its replacement is in place. A run killed
    /// between its two renames leaves the folder's path empty and the earlier output set aside: that
    /// folder is renamed back. Any other set-aside folder is left where it is.
    private static func removeStaleTemporaries(parent: String, name: String, holdsFolders: Bool, isOwnOutput: (String) -> Bool) {
        let temporary = "." + name + ".asset-tool-tmp-"
        let setAside = "." + name + ".asset-tool-old-"
        let entries = CatalogFileSystem.names(in: parent)
        for entry in entries where entry.hasPrefix(setAside) {
            let folder = parent + "/" + entry
            if case .success(let names) = CatalogFileSystem.list(folder), names.contains(supersededMarkerName) {
                removeOwnFolder(folder, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
            } else if case .failure = CatalogFileSystem.linkStatus(parent + "/" + name) {
                // rename() refuses to replace anything that appeared at the path meanwhile.
                try? OutputFileSystem.move(FilePath(folder), to: FilePath(parent + "/" + name))
            }
        }
        for entry in entries where entry.hasPrefix(temporary) {
            removeOwnFolder(parent + "/" + entry, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
        }
    }

    /// Removes a folder holding only this tool's output (and its temporaries); leaves it when it holds anything else.
    private func removeOwnFolder(_ folder: String) {
        StagedOutputFolder.removeOwnFolder(folder, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
    }

    private static func removeOwnFolder(_ folder: String, holdsFolders: Bool, isOwnOutput: (String) -> Bool) {
        guard case .success(let status) = CatalogFileSystem.linkStatus(folder), status.type == .directory else { return }
        for entry in CatalogFileSystem.names(in: folder)
        where isOwnOutput(entry) || StagedOutputFolder.isTemporaryFile(entry) || entry == supersededMarkerName {
            if holdsFolders, case .success(let entryStatus) = CatalogFileSystem.linkStatus(folder + "/" + entry),
                entryStatus.type == .directory
            {
                InterruptCleanup.removeTree(folder + "/" + entry)
            } else {
                try? OutputFileSystem.removeFile(FilePath(folder + "/" + entry))
            }
        }
        try? OutputFileSystem.removeEmptyFolder(FilePath(folder))
    }

    /// A file `AtomicFileWriter` was writing when its run was killed: `.NAME.tmp-XXXXXX`.
    static func isTemporaryFile(_ entry: String) -> Bool {
        entry.hasPrefix(".") && entry.dropLast(6).hasSuffix(".tmp-")
    }

    private static func checkExisting(
        _ path: String, overwrite: Bool, holdsFolders: Bool = false, folderMarker: FolderMarker? = nil,
        isOwnOutput: (String) -> Bool
    ) throws(OutputError) {
        let info: CatalogFileSystem.Status
        switch CatalogFileSystem.linkStatus(path) {
        case .success(let status): info = status
        case .failure(let error) where error.isNoSuchFile: return
        case .failure(let error): throw OutputError(path: path, reason: .system(error.code))
        }
        if info.type == .symlink {
            // Replacing it would replace the link, not the folder it leads to.
            throw OutputError(path: path, reason: .notReplaceable("is a symbolic link; give the folder it leads to"))
        }
        guard info.type == .directory else { throw OutputError(path: path, reason: .notADirectory) }
        // A name without a digit (a manifest) is named before numbered ones (frames).
        let entries = CatalogFileSystem.names(in: path).sorted {
            ($0.contains(where: \.isNumber) ? 1 : 0, $0) < ($1.contains(where: \.isNumber) ? 1 : 0, $1)
        }
        if let folderMarker, !entries.isEmpty, !OwnOutput.isOwn(path + "/" + folderMarker.name, marker: folderMarker.bytes) {
            throw OutputError(
                path: path,
                reason: .notReplaceable(
                    "exists and holds files asset-tool did not write (no \(folderMarker.name) in it); give a new or empty folder"))
        }
        for entry in entries where isOwnOutput(entry) {
            guard case .success(let entryInfo) = CatalogFileSystem.linkStatus(path + "/" + entry),
                entryInfo.type == .file || (holdsFolders && entryInfo.type == .directory)
            else {
                throw OutputError(path: path + "/" + entry, reason: .notReplaceable("not a file asset-tool wrote"))
            }
            if !overwrite { throw OutputError(path: path + "/" + entry, reason: .exists) }
        }
    }

    /// Moves the temporary folder into place, replacing (with `overwrite`) an earlier output there.
    package func commit() throws(OutputError) {
        finished = true
        // The signal's clean-up and this commit exclude each other: once a signal has come nothing is
        // renamed into place, and while the renames run the clean-up waits (and the process with it).
        guard InterruptCleanup.enterUninterruptible() else {
            removeOwnFolder(staging)
            unlock()
            throw OutputError(path: path, reason: .interrupted)
        }
        defer {
            unlock()
            InterruptCleanup.leaveUninterruptible()
        }
        let existing: CatalogFileSystem.Status?
        if case .success(let status) = CatalogFileSystem.linkStatus(path) { existing = status } else { existing = nil }
        let exists = existing != nil
        if exists, CatalogFileSystem.names(in: path).contains(where: { !isOwnOutput($0) && !StagedOutputFolder.isTemporaryFile($0) }) {
            try commitBeside()
            return
        }
        // The folder a plain `mkdir` would make, and never wider than the one it replaces.
        var mode = 0o777 & ~ProcessUmask.value
        if let existing { mode &= CInterop.Mode(truncatingIfNeeded: existing.mode & 0o777) }
        try? OutputFileSystem.setPermissions(FilePath(staging), FilePermissions(rawValue: mode))
        var aside: String?
        if exists, !CatalogFileSystem.names(in: path).isEmpty {
            // Checked again under the lock: still only our output, so it may be set aside and removed.
            do throws(OutputError) {
                try StagedOutputFolder.checkExisting(
                    path, overwrite: overwrite, holdsFolders: holdsFolders, folderMarker: folderMarker, isOwnOutput: isOwnOutput)
            } catch {
                removeOwnFolder(staging)
                throw error
            }
            let old: FilePath
            do throws(Errno) {
                old = try OutputFileSystem.makeTemporaryFolder(parent + "/." + name + ".asset-tool-old-XXXXXX")
            } catch {
                removeOwnFolder(staging)
                throw OutputError(path: path, reason: .system(error.rawValue))
            }
            // rename() onto the empty folder just made replaces it atomically.
            do throws(Errno) {
                try OutputFileSystem.move(FilePath(path), to: old)
            } catch {
                try? OutputFileSystem.removeEmptyFolder(old)
                removeOwnFolder(staging)
                throw OutputError(path: path, reason: .system(error.rawValue))
            }
            aside = old.string
        }
        // Onto a missing or empty folder rename() is atomic; a non-empty one (made meanwhile by someone
        // other than this tool, which would hold the lock) makes it fail, and the old output goes back.
        do throws(Errno) {
            try OutputFileSystem.move(FilePath(staging), to: FilePath(path))
        } catch {
            if let aside { try? OutputFileSystem.move(FilePath(aside), to: FilePath(path)) }
            removeOwnFolder(staging)
            throw OutputError(path: path, reason: .system(error.rawValue))
        }
        if let aside {
            // Marked before it goes: a run killed while removing it leaves a folder the next run may remove.
            StagedOutputFolder.markSuperseded(aside)
            removeOwnFolder(aside)
        }
    }

    /// The file that says a set-aside folder's replacement is in place, so it is no longer the only copy.
    static let supersededMarkerName = ".asset-tool-superseded"

    private static func markSuperseded(_ aside: String) {
        try? AtomicFileWriter(overwrite: false).write(Array("replaced by a complete output\n".utf8), to: aside + "/" + supersededMarkerName)
    }

    /// Into a folder that holds other files: the tool's own earlier files go, the new ones are renamed in
    /// (numbered ones first, the manifest last), and the other files stay.
    private func commitBeside() throws(OutputError) {
        do throws(OutputError) {
            try StagedOutputFolder.checkExisting(
                path, overwrite: overwrite, holdsFolders: holdsFolders, folderMarker: folderMarker, isOwnOutput: isOwnOutput)
        } catch {
            removeOwnFolder(staging)
            throw error
        }
        for entry in CatalogFileSystem.names(in: path) where isOwnOutput(entry) || StagedOutputFolder.isTemporaryFile(entry) {
            try? OutputFileSystem.removeFile(FilePath(path + "/" + entry))
        }
        let staged = CatalogFileSystem.names(in: staging).sorted {
            ($0.contains(where: \.isNumber) ? 0 : 1, $0) < ($1.contains(where: \.isNumber) ? 0 : 1, $1)
        }
        for entry in staged {
            do throws(Errno) {
                try OutputFileSystem.move(FilePath(staging + "/" + entry), to: FilePath(path + "/" + entry))
            } catch {
                removeOwnFolder(staging)
                throw OutputError(path: path + "/" + entry, reason: .system(error.rawValue))
            }
        }
        try? OutputFileSystem.removeEmptyFolder(FilePath(staging))
    }

    /// Removes the temporary folder and its files; the output folder is as it was.
    package func discard() {
        finished = true
        removeOwnFolder(staging)
        unlock()
    }
}
