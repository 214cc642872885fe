import AssetsSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a project's configuration file is: searched for from the catalog or the project upwards, with the
/// files the search found and did not read.
extension ValidationConfig {
    /// Where the search found the project's configuration (nil: none) and the files it did not read.
    package static func locate(forCatalog catalog: String) -> (file: String?, ignored: [Ignored]) {
        guard let real = CatalogFileSystem.realPath(catalog) else { return (nil, []) }
        var ignored: [Ignored] = []
        // Inside the catalog: never read, always reported.
        let inside = join(real, fileName)
        if case .success = CatalogFileSystem.linkStatus(inside) {
            ignored.append(
                Ignored(
                    file: inside, insideCatalog: fileName,
                    reason:
                        "is inside the catalog it would configure; a catalog never configures its own checks (put it in the project folder)"
                ))
        }
        guard real != "/" else { return (nil, ignored) }
        let (found, above) = search(from: parent(of: real))
        return (found, ignored + above)
    }

    /// Where the search found a project's configuration: the same search as a catalog's, starting at the
    /// project folder itself (its own `.asset-tool.json` first), never at the folder above it.
    package static func locate(forProject project: String) -> (file: String?, ignored: [Ignored]) {
        guard let real = CatalogFileSystem.realPath(project) else { return (nil, []) }
        return search(from: real)
    }

    /// The search up from `start` (a canonical folder) to the project's root; the file is read only when
    /// `isTrusted` says so (otherwise it is reported, not read).
    fileprivate static func search(from start: String) -> (file: String?, ignored: [Ignored]) {
        var ignored: [Ignored] = []
        var folder = start
        var found: String?
        var repositoryRoot = false
        for _ in 0..<maximumLevels {
            let candidate = join(folder, fileName)
            if found == nil, case .success(let status) = CatalogFileSystem.linkStatus(candidate) {
                switch status.type {
                case .file: found = candidate
                case .symlink:
                    ignored.append(
                        Ignored(
                            file: candidate, insideCatalog: nil,
                            reason: "is a symbolic link; the configuration is never read through a link"))
                default:
                    ignored.append(Ignored(file: candidate, insideCatalog: nil, reason: "is not a regular file"))
                }
            }
            if isProjectRoot(folder) {
                repositoryRoot = true
                break
            }
            guard folder != "/" else { break }
            folder = parent(of: folder)
        }
        guard let found else { return (nil, ignored) }
        // No project root above: only the folder holding the catalog. Never a shared folder's file.
        if !repositoryRoot, found != join(start, fileName) { return (nil, ignored) }
        guard isPrivateFolder(parent(of: found)) else { return (nil, ignored) }
        if let distrust = distrust(found) {
            ignored.append(Ignored(file: found, insideCatalog: nil, reason: distrust))
            return (nil, ignored)
        }
        return (found, ignored)
    }

    /// Why a found configuration is not the user's to trust, or nil: it must be owned by the user running
    /// the tool or by root, in a folder owned by one of them that no other user may write to (a
    /// group-writable folder only when it is the user's own).
    static func distrust(_ file: String) -> String? {
        let user = UInt32(geteuid())
        guard case .success(let status) = CatalogFileSystem.linkStatus(file),
            case .success(let folder) = CatalogFileSystem.targetStatus(parent(of: file))
        else { return nil }
        if status.owner != user, status.owner != 0 {
            return "is owned by another user (uid \(status.owner)); a configuration is read only when it is the user's own or root's"
        }
        if folder.owner != user, folder.owner != 0 {
            return "is in a folder owned by another user (uid \(folder.owner)); not read"
        }
        if folder.mode & 0o020 != 0, folder.owner != user {
            return "is in a folder other users may write to (group-writable); not read"
        }
        return nil
    }

    /// Whether `folder` is a project's root: a git work tree's root (`RepositoryRoot`), or a folder holding a
    /// Swift package's `Package.swift` (a package checked out without git).
    static func isProjectRoot(_ folder: String) -> Bool {
        if case .success(let status) = CatalogFileSystem.linkStatus(join(folder, "Package.swift")), status.type == .file { return true }
        return RepositoryRoot.isRoot(folder)
    }

    /// Whether a configuration in `folder` may be the project's without a repository root: not `/`, and
    /// not a folder others may write to (a world-writable folder such as `/tmp`).
    static func isPrivateFolder(_ folder: String) -> Bool {
        guard folder != "/", case .success(let status) = CatalogFileSystem.targetStatus(folder) else { return false }
        return status.mode & 0o002 == 0  // no write permission for others
    }

    fileprivate static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/\(name)" : "\(folder)/\(name)"
    }

    fileprivate static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
