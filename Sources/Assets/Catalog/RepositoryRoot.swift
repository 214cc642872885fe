import AssetsSupport

/// The git work tree a folder belongs to: the one home for "is this folder a repository's root" and "which
/// repository holds this folder", asked by the project search (`ProjectRoot`), the configuration's search
/// (`ValidationConfig`), the git index beside a catalog (`GitIndex`) and the build settings' reader
/// (`DeploymentTarget`). Each used to walk up on its own, and each stopped at something slightly different.
///
/// A root holds a `.git` folder (or a link to one, which git follows too), or the `.git` file (`gitdir: …`)
/// of a linked work tree or a submodule. The walk up stops at the first `.git` it meets, as git's does: a
/// `.git` file saying anything else is an error for git, never a reason to use the repository above. It
/// never looks at `/` and stops before a folder other users may write to (`/tmp`, `/dev/shm`): a `.git`
/// planted there is anyone's, as an `.asset-tool.json` there is (Docs/security.md).
enum RepositoryRoot {
    /// Whether `folder` is a git work tree's root.
    static func isRoot(_ folder: String) -> Bool {
        let dotGit = folder == "/" ? "/.git" : "\(folder)/.git"
        guard case .success(let status) = CatalogFileSystem.targetStatus(dotGit) else { return false }
        if status.type == .directory { return true }
        guard status.type == .file, status.size < 4096, case .success(let read) = CatalogFileSystem.read(dotGit, maxBytes: 4096)
        else { return false }
        return read.head.starts(with: Array("gitdir:".utf8))
    }

    /// The nearest root at or above `folder` (a real path), looking at `levels` folders at most; nil when
    /// there is none before `/` or a folder other users may write to, or the first `.git` met makes no root.
    static func nearest(from folder: String, levels: Int) -> String? {
        var folder = folder
        for _ in 0..<levels {
            guard ValidationConfig.isPrivateFolder(folder) else { return nil }
            if case .success = CatalogFileSystem.linkStatus("\(folder)/.git") { return isRoot(folder) ? folder : nil }
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return nil }
            folder = String(folder[..<slash])
        }
        return nil
    }
}
