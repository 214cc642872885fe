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
    private let lockPath: String
    private var lockDescriptor: Int32
    private var tokens: [Int]
    private var finished = false

    /// Takes the lock and makes the temporary folder. Throws when the parent cannot be made, another
    /// run holds the lock, or the folder exists and may not be replaced: without `overwrite`, when it
    /// holds any of this tool's output (`exists`); in any case, when it holds anything else.
    /// `isOwnOutput` says whether an entry name is one this tool writes in the folder.
    package init(_ folder: String, overwrite: Bool, holdsFolders: Bool = false, isOwnOutput: @escaping (String) -> Bool) throws(OutputError) {
        let (parent, name) = try StagedOutputFolder.split(folder)
        self.path = folder
        self.parent = parent
        self.name = name
        self.overwrite = overwrite
        self.holdsFolders = holdsFolders
        self.isOwnOutput = isOwnOutput
        try AtomicFileWriter.makeDirectory(parent)
        let lockPath = parent + "/." + name + ".asset-tool-lock"
        let (descriptor, lockWasThere) = try StagedOutputFolder.lock(lockPath, folder: folder)
        let lockToken = InterruptCleanup.register(.file(lockPath))
        do throws(OutputError) {
            // A run leaves temporaries only when it dies holding its lock, and then the lock file stays
            // (a run that finishes, or is stopped by SIGINT or SIGTERM, removes both): with no lock file
            // before this one, the parent is not listed. In a batch the parent holds every output folder
            // so far, and listing it for each one made the batch's cost grow with the square of its size.
            if lockWasThere {
                StagedOutputFolder.removeStaleTemporaries(parent: parent, name: name, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
            }
            try StagedOutputFolder.checkExisting(folder, overwrite: overwrite, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
            var template = Array((parent + "/." + name + ".asset-tool-tmp-XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
            guard made != nil else { throw OutputError(path: folder, reason: .system(errno)) }
            staging = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } catch {
            InterruptCleanup.unregister(lockToken)
            unlink(lockPath)
            close(descriptor)
            throw error
        }
        self.lockPath = lockPath
        self.lockDescriptor = descriptor
        self.tokens = [lockToken, InterruptCleanup.register(.folder(staging))]
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
    private static func removeStaleTemporaries(parent: String, name: String, holdsFolders: Bool, isOwnOutput: (String) -> Bool) {
        let prefixes = ["." + name + ".asset-tool-tmp-", "." + name + ".asset-tool-old-"]
        for entry in CatalogFileSystem.names(in: parent) where prefixes.contains(where: entry.hasPrefix) {
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
        for entry in CatalogFileSystem.names(in: folder) where isOwnOutput(entry) || StagedOutputFolder.isTemporaryFile(entry) {
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

    private static func checkExisting(_ path: String, overwrite: Bool, holdsFolders: Bool = false, isOwnOutput: (String) -> Bool) throws(OutputError) {
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
        let entries = CatalogFileSystem.names(in: path).sorted { ($0.contains(where: \.isNumber) ? 1 : 0, $0) < ($1.contains(where: \.isNumber) ? 1 : 0, $1) }
        for entry in entries where isOwnOutput(entry) {
            var entryInfo = stat()
            guard lstat(path + "/" + entry, &entryInfo) == 0,
                  (entryInfo.st_mode & S_IFMT) == S_IFREG || (holdsFolders && (entryInfo.st_mode & S_IFMT) == S_IFDIR) else {
                throw OutputError(path: path + "/" + entry, reason: .notReplaceable("not a file asset-tool wrote"))
            }
            if !overwrite { throw OutputError(path: path + "/" + entry, reason: .exists) }
        }
    }

    /// Moves the temporary folder into place, replacing (with `overwrite`) an earlier output there.
    package func commit() throws(OutputError) {
        finished = true
        defer { unlock() }
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
                try StagedOutputFolder.checkExisting(path, overwrite: overwrite, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
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
        if let aside { removeOwnFolder(aside) }
    }

    /// Into a folder that holds other files: the tool's own earlier files go, the new ones are renamed in
    /// (numbered ones first, the manifest last), and the other files stay.
    private func commitBeside() throws(OutputError) {
        do throws(OutputError) {
            try StagedOutputFolder.checkExisting(path, overwrite: overwrite, holdsFolders: holdsFolders, isOwnOutput: isOwnOutput)
        } catch {
            removeOwnFolder(staging)
            throw error
        }
        for entry in CatalogFileSystem.names(in: path) where isOwnOutput(entry) || StagedOutputFolder.isTemporaryFile(entry) {
            unlink(path + "/" + entry)
        }
        let staged = CatalogFileSystem.names(in: staging).sorted { ($0.contains(where: \.isNumber) ? 0 : 1, $0) < ($1.contains(where: \.isNumber) ? 0 : 1, $1) }
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
