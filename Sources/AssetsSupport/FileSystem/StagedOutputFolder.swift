#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    private var lockDescriptor: Int32
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
            // so far, and listing it for each one made the batch's cost grow with the square of its size.
            if lockWasThere {
                StagedOutputFolder.removeStaleTemporaries(parent: parent, name: name, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
            }
            try StagedOutputFolder.checkExisting(
                folder, overwrite: overwrite, holdsFolders: holdsFolders, folderMarker: folderMarker, isOwnOutput: isOwnOutput)
            // The folder is made and registered for the clean-up as one step: a signal between the two left
            // it behind (the lock was removed, so no later run would have cleaned it up).
            guard InterruptCleanup.enterUninterruptible() else { throw OutputError(path: folder, reason: .interrupted) }
            defer { InterruptCleanup.leaveUninterruptible() }
            var template = Array((parent + "/." + name + ".asset-tool-tmp-XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
            guard made != nil else { throw OutputError(path: folder, reason: .system(errno)) }
            staging = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            stagingToken = InterruptCleanup.register(.folder(staging))
        } catch {
            InterruptCleanup.unregister(lockToken)
            unlink(lockPath)
            close(descriptor)
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
            guard let real = realpath(trimmed, nil) else { throw OutputError(path: folder, reason: .system(errno)) }
            trimmed = String(cString: real)
            free(real)
            last = trimmed.split(separator: "/").last.map(String.init) ?? ""
            guard !last.isEmpty else { throw OutputError(path: folder, reason: .notReplaceable("the root folder")) }
        }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", last) }
        let parent = String(trimmed[..<slash])
        return (parent.isEmpty ? "/" : parent, last)
    }

    /// Opens (creating) and locks the lock file; retries when the file was replaced while locking.
    /// `wasThere`: the lock file was there before (a run holds it, or one died holding it).
    private static func lock(_ lockPath: String, folder: String) throws(OutputError) -> (descriptor: Int32, wasThere: Bool) {
        var wasThere = false
        for _ in 0..<8 {
            var fd = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0, errno == EEXIST {
                wasThere = true
                fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            }
            // Errors name the folder: the lock file beside it is this tool's business.
            guard fd >= 0 else { throw OutputError(path: folder, reason: .system(errno)) }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { throw OutputError(path: folder, reason: .busy) }
                throw OutputError(path: folder, reason: .system(code))
            }
            // A run finishing meanwhile removes the file it locked: hold the lock only on the file the path names now.
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, lstat(lockPath, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                return (fd, wasThere)
            }
            close(fd)
        }
        throw OutputError(path: folder, reason: .busy)
    }

    private func unlock() {
        for token in tokens { InterruptCleanup.unregister(token) }
        tokens.removeAll()
        guard lockDescriptor >= 0 else { return }
        unlink(lockPath)
        close(lockDescriptor)
        lockDescriptor = -1
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
                _ = rename(folder, parent + "/" + name)
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
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        for entry in CatalogFileSystem.names(in: folder)
        where isOwnOutput(entry) || StagedOutputFolder.isTemporaryFile(entry) || entry == supersededMarkerName {
            var entryInfo = stat()
            if holdsFolders, lstat(folder + "/" + entry, &entryInfo) == 0, (entryInfo.st_mode & S_IFMT) == S_IFDIR {
                InterruptCleanup.removeTree(folder + "/" + entry)
            } else {
                unlink(folder + "/" + entry)
            }
        }
        rmdir(folder)
    }

    /// A file `AtomicFileWriter` was writing when its run was killed: `.NAME.tmp-XXXXXX`.
    static func isTemporaryFile(_ entry: String) -> Bool {
        entry.hasPrefix(".") && entry.dropLast(6).hasSuffix(".tmp-")
    }

    private static func checkExisting(
        _ path: String, overwrite: Bool, holdsFolders: Bool = false, folderMarker: FolderMarker? = nil,
        isOwnOutput: (String) -> Bool
    ) throws(OutputError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw OutputError(path: path, reason: .system(errno))
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            // Replacing it would replace the link, not the folder it leads to.
            throw OutputError(path: path, reason: .notReplaceable("is a symbolic link; give the folder it leads to"))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw OutputError(path: path, reason: .notADirectory) }
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
            var entryInfo = stat()
            guard lstat(path + "/" + entry, &entryInfo) == 0,
                (entryInfo.st_mode & S_IFMT) == S_IFREG || (holdsFolders && (entryInfo.st_mode & S_IFMT) == S_IFDIR)
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
        var existing = stat()
        let exists = lstat(path, &existing) == 0
        if exists, CatalogFileSystem.names(in: path).contains(where: { !isOwnOutput($0) && !StagedOutputFolder.isTemporaryFile($0) }) {
            try commitBeside()
            return
        }
        // The folder a plain `mkdir` would make, and never wider than the one it replaces.
        var mode = 0o777 & ~ProcessUmask.value
        if exists { mode &= existing.st_mode & 0o777 }
        chmod(staging, mode)
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
            var template = Array((parent + "/." + name + ".asset-tool-old-XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
            guard made != nil else {
                let code = errno
                removeOwnFolder(staging)
                throw OutputError(path: path, reason: .system(code))
            }
            let old = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // rename() onto the empty folder just made replaces it atomically.
            guard rename(path, old) == 0 else {
                let code = errno
                rmdir(old)
                removeOwnFolder(staging)
                throw OutputError(path: path, reason: .system(code))
            }
            aside = old
        }
        // Onto a missing or empty folder rename() is atomic; a non-empty one (made meanwhile by someone
        // other than this tool, which would hold the lock) makes it fail, and the old output goes back.
        guard rename(staging, path) == 0 else {
            let code = errno
            if let aside { rename(aside, path) }
            removeOwnFolder(staging)
            throw OutputError(path: path, reason: .system(code))
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
            unlink(path + "/" + entry)
        }
        let staged = CatalogFileSystem.names(in: staging).sorted {
            ($0.contains(where: \.isNumber) ? 0 : 1, $0) < ($1.contains(where: \.isNumber) ? 0 : 1, $1)
        }
        for entry in staged where rename(staging + "/" + entry, path + "/" + entry) != 0 {
            let code = errno
            removeOwnFolder(staging)
            throw OutputError(path: path + "/" + entry, reason: .system(code))
        }
        rmdir(staging)
    }

    /// Removes the temporary folder and its files; the output folder is as it was.
    package func discard() {
        finished = true
        removeOwnFolder(staging)
        unlock()
    }
}
