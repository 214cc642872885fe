/// What the bundles of a project ship of its loose images (the image files outside catalogs), and which
/// package target each catalog belongs to, by SwiftPM's rules for the `Package.swift` manifests found
/// (read by `PackageManifest`):
///
/// - a target's folder is its `path:`, else `Sources/NAME` (also `Source`, `src`, `srcs`; a test target
///   `Tests/NAME` first, a plugin `Plugins/NAME`): PackageDescription's `Target.path`;
/// - `.process("x")` puts each file under `x` at the top level of the target's resource bundle, a folder
///   flattened ("applies the process rule recursively to each file in the directory"), so `UIImage(named:
///   "close", in: .module, …)` finds `x/icons/close@2x.png`; `.copy("Images")` "copies resources at the given
///   path, as is, to the top level", and "if the given path represents a directory, Swift Package Manager
///   preserves its structure", so its files answer to `Images/close`, not to `close`; `.embedInCode` compiles
///   the file into the module (not in the bundle): `Resource.process(_:localization:)`, `Resource.copy(_:)`;
/// - "you don't need to declare XIB files, storyboards, Core Data file types, and asset catalogs as
///   resources", but "you must explicitly declare other file types — for example, image files": an image in a
///   target's folder that no resource declares is in no bundle (`Resource`; SwiftPM warns of it as an
///   unhandled file), nor is one under `exclude:`.
///
/// Certainty first, since a name the bundles do not answer to may be a `missing-asset`: the rules apply only
/// to images under the folder of a target of a manifest read as written. An image outside every target's
/// folder, in a package whose manifest could not be read (`unread`), in a folder with several manifests
/// (`Package@swift-5.9.swift`: which one SwiftPM takes depends on the toolchain) or beside a `.podspec`
/// (CocoaPods may ship it another way), or whose file name an Xcode project lists (`project.pbxproj` may
/// copy it into the app), still answers to its name as it did before manifests were read.
import Assets
import AssetsSupport

package struct PackageBundles: Sendable {
    /// The names the shipped loose images answer to (`close`, `close.png`, `Images/close` for a copied folder).
    package var looseImageNames: Set<String> = []
    /// For a name a loose image would answer to but no bundle ships it under: why (for `missing-asset`).
    package var unshipped: [String: String] = [:]
    /// The package target whose folder holds each catalog (catalog path → target name), when known.
    package var catalogTargets: [String: String] = [:]
    /// A manifest as read, and the folder of each of its targets (relative to the project; nil when the
    /// folder does not exist).
    package struct Package: Sendable {
        package var manifest: PackageManifest
        package var folders: [String?]
    }

    /// The manifests, by path.
    package var packages: [Package] = []
    /// The folder of each target of the manifests read as written (relative), and whether it is a `.testTarget`.
    private var targetKinds: [(folder: String, isTest: Bool)] = []
    /// The folder of each target of the manifests read as written (relative; deepest package first).
    private var targetFolders: [(packageFolder: String, targets: [(name: String, folder: String)])] = []

    /// `images` and `catalogs` relative to the project at `root`; `manifests` as read; `podspecFolders` the
    /// folders that hold a `.podspec`; `listedInProjects` the image file names a `project.pbxproj` lists.
    package init(
        root: String, images: [String], catalogs: [String], manifests: [PackageManifest],
        podspecFolders: Set<String>, listedInProjects: Set<String>
    ) {
        let byFolder = Dictionary(grouping: manifests, by: \.folder)
        var understood: [(folder: String, manifest: PackageManifest, targets: [(target: PackageManifest.Target, folder: String)])] = []
        for (folder, found) in byFolder.sorted(by: { $0.key < $1.key }) {
            for var manifest in found.sorted(by: { $0.file < $1.file }) {
                if found.count > 1, manifest.unread == nil {
                    manifest.unread =
                        "its folder has \(found.count) manifests (Package@swift-…): which one SwiftPM reads depends on the toolchain"
                } else if podspecFolders.contains(folder), manifest.unread == nil {
                    manifest.unread = "a .podspec beside it may ship the package's files another way"
                }
                let folders = manifest.targets.map { Self.folder(of: $0, in: folder, root: root) }
                packages.append(Package(manifest: manifest, folders: folders))
                guard manifest.unread == nil else { continue }
                let placed = zip(manifest.targets, folders).compactMap { target, path in path.map { (target, $0) } }
                understood.append((folder, manifest, placed))
            }
        }
        // Deepest package first: a package inside another's folder owns its own files.
        understood.sort { $0.folder.count > $1.folder.count }
        // (An executable target's catalog may be the app's own: a Swift Playgrounds app's is in its main bundle.)
        for understoodPackage in understood where !understoodPackage.targets.contains(where: { $0.target.kind == .executable }) {
            let targets: [(name: String, folder: String)] = understoodPackage.targets.map { placed in (placed.target.name, placed.folder) }
            targetFolders.append((understoodPackage.folder, targets))
        }
        targetKinds = understood.flatMap { $0.targets.map { ($0.folder, $0.target.kind == .test) } }
        func owner(of path: String) -> (target: PackageManifest.Target, relative: String)? {
            guard let package = understood.first(where: { Self.contains($0.folder, path) }) else { return nil }
            guard
                let (target, folder) = package.targets.filter({ Self.contains($0.folder, path) }).max(by: {
                    $0.folder.count < $1.folder.count
                })
            else {
                return nil
            }
            return (target, folder.isEmpty ? path : String(path.dropFirst(folder.count + 1)))
        }

        for catalog in catalogs {
            guard let (target, relative) = owner(of: catalog), !target.exclude.contains(where: { Self.contains($0, relative) }) else {
                continue
            }
            catalogTargets[catalog] = target.name
        }

        for image in images {
            let file = image.split(separator: "/").last.map(String.init) ?? image
            let bare = SourceTree.looseName(file)
            guard let (target, relative) = owner(of: image), !listedInProjects.contains(file) else {
                looseImageNames.insert(file)
                looseImageNames.insert(bare)
                continue
            }
            if target.exclude.contains(where: { Self.contains($0, relative) }) {
                unshipped[bare] =
                    unshipped[bare] ?? "\(image) is excluded from package target \(target.name): SwiftPM ships it in no bundle"
                continue
            }
            let resource = target.resources.filter { Self.contains($0.path, relative) }.max { $0.path.count < $1.path.count }
            switch resource?.rule {
            case .process?:
                looseImageNames.insert(file)
                looseImageNames.insert(bare)
            case .copy?:
                guard let resource else { break }
                // The copied file or folder keeps its own name at the bundle's top level.
                let top = resource.path.split(separator: "/").last.map(String.init) ?? resource.path
                let inside = relative == resource.path ? "" : String(relative.dropFirst(resource.path.count + 1))
                let placed = inside.isEmpty ? top : "\(top)/\(inside)"
                let folder = placed.split(separator: "/").dropLast().joined(separator: "/")
                looseImageNames.insert(placed)
                looseImageNames.insert(folder.isEmpty ? bare : "\(folder)/\(bare)")
                if !folder.isEmpty {
                    unshipped[bare] =
                        unshipped[bare] ?? "\(image) is copied by .copy(\"\(resource.path)\") of package target "
                        + "\(target.name), which keeps its folder: it answers to \"\(folder)/\(bare)\""
                }
            case .embedInCode?:
                unshipped[bare] =
                    unshipped[bare] ?? "\(image) is embedded in package target \(target.name)'s code (.embedInCode), not in its bundle"
            case nil:
                unshipped[bare] =
                    unshipped[bare] ?? "\(image) is in package target \(target.name)'s folder, but no resource in its "
                    + "manifest declares it: SwiftPM ships it in no bundle"
            }
        }
        for name in looseImageNames { unshipped[name] = nil }
    }

    /// The library or test target whose folder holds `path` (relative), by the manifests read as written
    /// (none in a package with an executable target).
    package func target(of path: String) -> String? {
        guard let owner = targetFolders.first(where: { Self.contains($0.packageFolder, path) }) else { return nil }
        return owner.targets.filter { Self.contains($0.folder, path) }.max { $0.folder.count < $1.folder.count }?.name
    }

    /// Whether `path` is in the folder of a package's `.testTarget` (the deepest target folder holding it).
    package func inTestTarget(_ path: String) -> Bool {
        targetKinds.filter { Self.contains($0.folder, path) }.max { $0.folder.count < $1.folder.count }?.isTest ?? false
    }

    /// Image files a build script writes (`BuildSettingsScanner`): they answer to their names as a loose
    /// image in the app's bundle does.
    package mutating func addScriptOutputs(_ files: Set<String>) {
        for file in files {
            for name in [file, SourceTree.looseName(file)] {
                looseImageNames.insert(name)
                unshipped[name] = nil
            }
        }
    }

    /// Whether `path` is `folder` or under it (`""` holds everything).
    static func contains(_ folder: String, _ path: String) -> Bool {
        folder.isEmpty || path == folder || (path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The target's folder relative to the project: `path:`, else the first of SwiftPM's search folders
    /// that holds a folder of the target's name. Nil when none exists.
    static func folder(of target: PackageManifest.Target, in package: String, root: String) -> String? {
        func joined(_ path: String) -> String { package.isEmpty ? path : path.isEmpty ? package : "\(package)/\(path)" }
        if let path = target.path { return isFolder(joined(path), root: root) ? joined(path) : nil }
        let searched: [String]
        switch target.kind {
        case .test: searched = ["Tests", "Sources", "Source", "src", "srcs"]
        case .plugin: searched = ["Plugins"]
        default: searched = ["Sources", "Source", "src", "srcs"]
        }
        return searched.map { joined("\($0)/\(target.name)") }.first { isFolder($0, root: root) }
    }

    private static func isFolder(_ relative: String, root: String) -> Bool {
        guard case .success(let status) = CatalogFileSystem.targetStatus(relative.isEmpty ? root : "\(root)/\(relative)") else {
            return false
        }
        return status.type == .directory
    }
}
