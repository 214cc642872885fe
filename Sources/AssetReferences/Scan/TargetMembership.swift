/// Which Xcode targets build each file and each catalog of the project, from every `project.pbxproj` read
/// (`XcodeProjectTargets.read`): the files a target's sources and resources phases list, and the files under
/// the synchronized folders it builds, less their exceptions. A lookup in a file that only app targets build
/// finds only those targets' catalogs (and the catalogs no target is known to copy): a set only in another
/// target's catalog is not in the bundle the lookup searches. A file no target lists, or a target that copies
/// no catalog the walk found, gives no answer, so the lookup may find every catalog.
import Assets

package struct TargetMembership: Sendable {
    package struct Target: Sendable, Hashable {
        package var name: String
        package var platforms: Set<String>
        package var ownsMainBundle: Bool
        package var isTest = false
    }

    package private(set) var targets: [Target] = []
    /// Each listed file (relative to the project) and the targets (indices into `targets`) that list it.
    private var listed: [String: Set<Int>] = [:]
    private var folders: [(target: Int, folder: XcodeProjectTargets.Project.SynchronizedFolder)] = []
    /// Each catalog the walk found and the targets that copy it; a catalog no target copies is not here.
    package private(set) var catalogTargets: [String: Set<Int>] = [:]
    /// The targets that copy some catalog the walk found.
    private var copying: Set<Int> = []

    package init() {}

    /// Joins the projects read (their paths already relative to the project folder) and places the catalogs
    /// the walk found.
    package init(projects: [XcodeProjectTargets.Project], catalogs: [String]) {
        for project in projects {
            for target in project.targets {
                let index = targets.count
                targets.append(
                    Target(name: target.name, platforms: target.platforms, ownsMainBundle: target.ownsMainBundle, isTest: target.isTest))
                for file in target.files { listed[file, default: []].insert(index) }
                for folder in target.folders { folders.append((index, folder)) }
            }
        }
        for catalog in catalogs {
            let owners = self.targets(of: catalog)
            if !owners.isEmpty { catalogTargets[catalog] = owners }
            copying.formUnion(owners)
        }
    }

    /// The targets that build `path` (relative to the project).
    package func targets(of path: String) -> Set<Int> {
        var found = listed[path] ?? []
        for (target, folder) in folders where path.hasPrefix(folder.path + "/") {
            if folder.contains(String(path.dropFirst(folder.path.count + 1))) { found.insert(target) }
        }
        return found
    }

    /// Whether only test bundles build `path` (some target lists it, and every one that does is a test bundle).
    package func onlyTestsBuild(_ path: String) -> Bool {
        let owners = targets(of: path)
        return !owners.isEmpty && owners.allSatisfy { targets[$0].isTest }
    }

    /// The platforms of the targets that copy each catalog (for `#if os(…)` branches).
    package var catalogPlatforms: [String: Set<String>] {
        catalogTargets.compactMapValues { owners in
            let platforms = owners.reduce(into: Set<String>()) { $0.formUnion(targets[$1].platforms) }
            return platforms.isEmpty ? nil : platforms
        }
    }

    /// The targets whose bundle a lookup in `file` searches, when the project says: every target that builds
    /// the file owns its main bundle (or the file is Interface Builder's, which loads from its own bundle),
    /// and each copies some catalog. Nil when that is not known.
    package func searchedTargets(file: String, looksInMainBundle: Bool) -> Set<Int>? {
        let owners = targets(of: file)
        guard !owners.isEmpty else { return nil }
        let interfaceBuilder = file.hasSuffix(".storyboard") || file.hasSuffix(".xib")
        guard interfaceBuilder || (looksInMainBundle && owners.allSatisfy({ targets[$0].ownsMainBundle })) else { return nil }
        guard owners.isSubset(of: copying) else { return nil }
        return owners
    }

    /// Whether a lookup searching `searched` may find a set in `catalog`: a catalog one of them copies, or
    /// one no target is known to copy.
    package func reaches(_ catalog: String, from searched: Set<Int>) -> Bool {
        guard let owners = catalogTargets[catalog] else { return true }
        return !owners.isDisjoint(with: searched)
    }

    /// `"A"`, `"A and B"`, `"A, B and C"` (sorted, first five).
    package func names(_ indices: Set<Int>) -> String {
        let names = Set(indices.map { targets[$0].name }).sorted()
        let shown = names.prefix(5) + (names.count > 5 ? ["\(names.count - 5) more"] : [])
        guard shown.count > 1 else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
    }
}
