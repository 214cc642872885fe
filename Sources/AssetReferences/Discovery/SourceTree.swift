/// The files of a project that can name assets, found in one bounded walk: sources by kind, the catalogs,
/// the images outside catalogs (a bundle's loose images), and what could not be walked. Hidden folders
/// (`.git`, `.build`) and third-party folders (`Pods`, `Carthage`, `node_modules`, `DerivedData`) are not
/// entered; that is said in the summary. A link to a folder is followed once: a folder reached again (a
/// link loop) is a finding, as is a FIFO or device with a source's name, a broken link, and a folder that
/// cannot be listed. Catalogs are not entered (the catalog layer reads them).
import Assets
import AssetsSupport

package struct SourceTree: Sendable {
    /// A kind of source file, named as the summary counts it; each is declared beside its scanner
    /// (`ReferenceScanner`).
    package struct Kind: RawRepresentable, Sendable, Hashable {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
    }

    package struct File: Sendable, Hashable {
        /// Relative to the project folder.
        package var path: String
        package var kind: Kind
    }

    package var root: String
    /// The project as `CatalogRoot`, the rule every source is opened under (set by `walk`).
    package var reach: CatalogRoot = CatalogRoot(path: "/", real: "/")
    package var files: [File] = []
    /// Catalog folders, relative to the project.
    package var catalogs: [String] = []
    /// `placeholders.json` files, relative.
    package var placeholderFiles: [String] = []
    /// The images outside catalogs (a bundle's loose images), relative; `PackageBundles` says which names
    /// they answer to.
    package var looseImages: [String] = []
    /// The folders that hold a CocoaPods `.podspec`, relative.
    package var podspecFolders: Set<String> = []
    package var skipped: [SkippedSource] = []
    /// Folders not entered by rule (`Pods`, …), relative.
    package var thirdPartyFolders: [String] = []
    /// Icon Composer bundles (Xcode 26: a folder `NAME.icon` holding `icon.json`), relative; not entered, so
    /// their layer images are no loose images. A build setting may name one as the app icon.
    package var iconBundles: [String] = []

    package static let maxDepth = 48
    package static let maxFolders = 200_000
    package static let maxFiles = 1_000_000
    static let thirdParty: Set<String> = ["Pods", "Carthage", "node_modules", "DerivedData"]
    // `icns`: `NSImage(named:)` and a macOS nib's `image=` find an icon file in the bundle by its bare name
    // (NetNewsWire's share extension ships `icon.icns` for its xib's `image="icon"`).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "pdf", "heic", "webp", "svg", "tif", "tiff", "icns"]

    /// The kind of the file named `name`: its scanner's (`ReferenceScanners`), nil when no scanner reads it.
    package static func kind(of name: String) -> Kind? { ReferenceScanners.scanner(forName: name)?.kind }

    /// Walks `root`. Throws only when `root` itself cannot be listed.
    package static func walk(_ root: String) throws(CatalogReadError) -> SourceTree {
        let base = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        guard case .success(let top) = CatalogFileSystem.listTyped(base) else {
            throw CatalogReadError(path: root, reason: "cannot be listed")
        }
        var tree = SourceTree(root: base)
        // The one rule for what may be reached (`CatalogRoot`): a link is followed only where it stays under
        // the project; one leading out is a finding, never opened or walked.
        guard let reach = CatalogRoot(path: base) else { throw CatalogReadError(path: root, reason: "cannot be resolved") }
        tree.reach = reach
        var visited: Set<[UInt64]> = []
        if case .success(let status) = CatalogFileSystem.targetStatus(base) { visited.insert([status.device, status.inode]) }
        var folders = 0
        var stack: [(relative: String, depth: Int, children: [CatalogFileSystem.Listed])] = [("", 0, top)]
        // Links to folders are followed after every folder reached without one, as the catalog reader does: a
        // folder is read at its own path, and a link that leads to it again reads nothing twice (read first through
        // the link, its files had been read twice, each finding reported at both paths).
        var linked: [(relative: String, depth: Int, children: [CatalogFileSystem.Listed])] = []
        var followingLinks = false
        while true {
            while let (folder, depth, children) = stack.popLast() {
                var below: [(String, Int, [CatalogFileSystem.Listed])] = []
                for (name, listed, isUTF8, _) in children {
                    let relative = folder.isEmpty ? name : "\(folder)/\(name)"
                    guard isUTF8 else {
                        tree.skipped.append(SkippedSource(path: relative, reason: "has a name that is not UTF-8: not read"))
                        continue
                    }
                    if name.hasPrefix(".") { continue }
                    let full = "\(base)/\(relative)"
                    var type = listed
                    var isLink = false
                    if type == .other || type == .symlink, case .success(let status) = CatalogFileSystem.linkStatus(full) {
                        type = status.type
                    }
                    if type == .symlink {
                        isLink = true
                        if case .failure(.linkOutside) = reach.vet(full, listed: .symlink) {
                            tree.skipped.append(
                                SkippedSource(path: relative, reason: "is a symbolic link leading out of the project: not read"))
                            continue
                        }
                        guard case .success(let target) = CatalogFileSystem.targetStatus(full) else {
                            if kind(of: name) != nil || !name.contains(".") {
                                tree.skipped.append(
                                    SkippedSource(path: relative, reason: "is a link that leads nowhere (or round in a loop): not read"))
                            }
                            continue
                        }
                        type = target.type
                        if type == .directory, !followingLinks {
                            linked.append((folder, depth, [(name, listed, isUTF8, 0)]))
                            continue
                        }
                        if type == .directory, !visited.insert([target.device, target.inode]).inserted {
                            // A link back to a folder that holds it is a loop, reported. One to a folder scanned at its own
                            // path (a vendored framework's `Versions/Current`, alt-tab-macos's CrashReporter) loses
                            // nothing: not followed, and not reported as a source left unread.
                            if let targetReal = CatalogFileSystem.realPath(full),
                                let parentReal = CatalogFileSystem.realPath(folder.isEmpty ? base : "\(base)/\(folder)"),
                                parentReal == targetReal || parentReal.hasPrefix(targetReal.hasSuffix("/") ? targetReal : targetReal + "/")
                            {
                                tree.skipped.append(
                                    SkippedSource(
                                        path: relative, reason: "is a link to a folder already scanned (a link loop): not followed again"))
                            }
                            continue
                        }
                    }
                    switch type {
                    case .directory:
                        if name.hasSuffix(".xcassets") || name.hasSuffix(".xcstickers") {
                            tree.catalogs.append(relative)
                            continue
                        }
                        if thirdParty.contains(name) {
                            tree.thirdPartyFolders.append(relative)
                            continue
                        }
                        guard depth < maxDepth else {
                            tree.skipped.append(SkippedSource(path: relative, reason: "is more than \(maxDepth) folders deep: not read"))
                            continue
                        }
                        if !isLink, case .success(let status) = CatalogFileSystem.linkStatus(full) {
                            visited.insert([status.device, status.inode])
                        }
                        folders += 1
                        guard folders <= maxFolders else {
                            throw CatalogReadError(path: root, reason: "holds more than \(maxFolders) folders; name a smaller folder")
                        }
                        switch CatalogFileSystem.listTyped(full) {
                        case .success(let grandchildren)
                        where name.hasSuffix(".icon") && grandchildren.contains(where: { $0.0 == "icon.json" }):
                            tree.iconBundles.append(relative)
                        case .success(let grandchildren): below.append((relative, depth + 1, grandchildren))
                        case .failure(let error): tree.skipped.append(SkippedSource(path: relative, reason: "cannot be listed: \(error)"))
                        }
                    case .file:
                        if name == "placeholders.json" { tree.placeholderFiles.append(relative) }
                        if name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json") { tree.podspecFolders.insert(folder) }
                        if let kind = kind(of: name) {
                            guard tree.files.count < maxFiles else {
                                throw CatalogReadError(
                                    path: root, reason: "holds more than \(maxFiles) source files; name a smaller folder")
                            }
                            tree.files.append(File(path: relative, kind: kind))
                        } else if let dot = name.lastIndex(of: "."), imageExtensions.contains(name[name.index(after: dot)...].lowercased())
                        {
                            tree.looseImages.append(relative)
                        }
                    case .special, .other, .symlink:
                        if kind(of: name) != nil {
                            tree.skipped.append(SkippedSource(path: relative, reason: "is a FIFO, socket or device, not a file: not read"))
                        }
                    }
                }
                stack += below.reversed()
            }
            guard !linked.isEmpty else { break }
            // Each link again, alone in its folder's place; links met inside the folders they lead to are followed
            // at once (every folder reached without a link is in `visited` by now).
            followingLinks = true
            stack = linked.reversed()
            linked = []
        }
        tree.files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        tree.catalogs.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        tree.iconBundles.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return tree
    }

    /// The name `UIImage(named:)` finds a loose image by: without the extension, the scale (`@2x`) and the
    /// device (`~ipad`, `~iphone`).
    package static func looseName(_ file: String) -> String {
        var name = Substring(file)
        if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        if let tilde = name.lastIndex(of: "~") { name = name[..<tilde] }
        if let at = name.lastIndex(of: "@"), name[name.index(after: at)...].hasSuffix("x") { name = name[..<at] }
        return String(name)
    }
}
