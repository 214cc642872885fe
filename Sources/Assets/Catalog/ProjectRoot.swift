import AssetsSupport

/// The project a folder or file belongs to, for the commands that read a whole project's sources (`refs`,
/// `validate --sources`, `report --sources`, `resolve --used-by`): run inside `App/Core`, they read the app,
/// not the one folder, so a set in a sibling folder's catalog is found and a name is never judged against
/// nothing.
///
/// The rule: a folder that holds a project marker itself (an `.xcodeproj`, an `.xcworkspace`, a
/// `Package.swift`, a `.git`) is the project as given. Otherwise the search walks up, at most `maxLevels`
/// folders, and takes the outermost folder holding a marker, stopping at the first repository root (`.git`):
/// from a local package's `Sources` inside an app's repository that is the app, whose code uses the package's
/// sets. It never climbs to `/` or into a folder other users may write to (`/tmp`), as the configuration's
/// search (Docs/security.md): another user cannot plant a project above yours. Without a marker above, the
/// folder given is the project.
package struct ProjectRoot: Sendable, Hashable {
    /// The project folder as a path: the folder given, or it followed by `/..` once per level climbed.
    package var path: String
    /// How many folders above the folder given the project is (0: the folder given).
    package var levels: Int
    /// The marker that made it the project (`DuckDuckGo.xcodeproj`, `Package.swift`, `.git`), nil when none.
    package var marker: String?

    /// How many folders the search climbs at most.
    package static let maxLevels = 16

    /// The project holding `given` (a folder or a file). A path that cannot be read is its own project (the
    /// scan then says it cannot be listed).
    package static func find(from given: String) -> ProjectRoot {
        var start = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
        if case .success(let status) = CatalogFileSystem.targetStatus(start), status.type != .directory {
            start = parentPath(of: start)
        }
        let own = marker(in: start)
        guard own == nil, var folder = CatalogFileSystem.realPath(start) else { return ProjectRoot(path: start, levels: 0, marker: own) }
        var found: (levels: Int, marker: String)?
        for level in 1...maxLevels {
            guard folder != "/" else { break }
            folder = parentOfReal(folder)
            guard folder != "/", ValidationConfig.isPrivateFolder(folder) else { break }
            if let marker = marker(in: folder) {
                found = (level, marker)
                if RepositoryRoot.isRoot(folder) { break }
            }
        }
        guard let found else { return ProjectRoot(path: start, levels: 0, marker: nil) }
        let up = Array(repeating: "..", count: found.levels).joined(separator: "/")
        var path = start == "." ? up : "\(start)/\(up)"
        // `App/Core/../..` said as `.` when the two are the same folder (no link on the way).
        let names = start.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }
        if !start.hasPrefix("/"), names.count >= found.levels, !names.contains(".."), !names.contains("") {
            let shorter = names.dropLast(found.levels).joined(separator: "/")
            let lexical = shorter.isEmpty ? "." : shorter
            if CatalogFileSystem.realPath(lexical) == CatalogFileSystem.realPath(path) { path = lexical }
        }
        return ProjectRoot(path: path, levels: found.levels, marker: found.marker)
    }

    /// The marker `folder` holds: an `.xcworkspace` or `.xcodeproj` (first by name), else `Package.swift`,
    /// else `.git`; nil when it holds none.
    static func marker(in folder: String) -> String? {
        guard case .success(let children) = CatalogFileSystem.listTyped(folder) else { return nil }
        let names = children.map(\.name)
        if let project = names.filter({ $0.hasSuffix(".xcworkspace") || $0.hasSuffix(".xcodeproj") })
            .min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        {
            return project
        }
        if names.contains("Package.swift") { return "Package.swift" }
        if names.contains(".git") { return ".git" }
        return nil
    }

    private static func parentOfReal(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The folder holding `path` as a path the user would write: `App/Core/File.swift` → `App/Core`, `File.swift` → `.`.
    private static func parentPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// One line for people: where the project was found, when it is not the folder given.
    package var note: String? {
        guard levels > 0 else { return nil }
        return "reading the whole project at \(path) (the folder holding \(marker ?? "the project")), not only the folder given"
    }
}
