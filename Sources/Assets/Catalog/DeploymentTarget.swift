/// What devices an app runs on, as the project says: the iOS deployment target and device families of the
/// nearest Xcode project (`IPHONEOS_DEPLOYMENT_TARGET`, `TARGETED_DEVICE_FAMILY` in `project.pbxproj`) or
/// Swift package (`platforms: [.iOS(.v15)]` in `Package.swift`) above the catalog, with `.asset-tool.json`'s
/// `cost` settings on top. `unused-scale` reads it, and `missing-icon-size` (the iPad's icons) the device
/// families of the targets that name each app icon set (`families(ofAppIcon:)`).
///
/// Build settings are read as text, by their `KEY = value;` lines, not by a property-list parser: the file
/// is an old-style plist whose build settings are what matters here, and the lowest target wins (the app
/// must run on it). `Package.swift` is read for `.iOS(...)` and `.macOS(...)` only; it is Swift, but
/// evaluating it would mean running the package's manifest, which reading a catalog never does.
import AssetsSupport

package struct DeploymentTarget: Sendable, Hashable {
    /// The lowest iOS version the app supports, as numbers (15, 0), when known.
    package var ios: [Int]?
    /// `iphone`, `ipad`, when known.
    package var families: Set<String>?
    /// Whether the project targets macOS too: a 1x universal image may then be loaded on a Mac.
    package var alsoMac = false
    /// Where the target was read (a file, or the configuration).
    package var source: String?
    /// Whether `families` is the configuration's (`cost.device_families`), which every app icon set takes.
    package var familiesConfigured = false
    /// The target configurations of the Xcode projects read that name app icon sets, their catalogs as
    /// absolute paths (`XcodeProjectTargets.appIconUses`); nil when no Xcode project was read.
    package var appIconUses: [XcodeProjectTargets.AppIconUse]?
    /// The Xcode project files read (`App.xcodeproj/project.pbxproj`), as a message names them.
    package var projectFiles: [String] = []
    /// The catalog the target was found for, as a real path.
    package var catalog: String?

    package init(ios: [Int]? = nil, families: Set<String>? = nil, alsoMac: Bool = false, source: String? = nil) {
        self.ios = ios
        self.families = families
        self.alsoMac = alsoMac
        self.source = source
    }

    /// "15.0" → [15, 0]; nil when not a version.
    package static func version(_ text: String) -> [Int]? {
        let parts = text.trimmingCharacters(in: " \"").split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 && $0 < 1000 }) else { return nil }
        return numbers
    }

    /// Whether iOS `major` or later is the least the app runs on.
    package func iosAtLeast(_ major: Int) -> Bool {
        guard let ios, let first = ios.first else { return false }
        return first >= major
    }

    /// How many folders the search walks up; files larger than these are not read.
    static let maximumLevels = 8
    static let maximumProjectBytes = 32 << 20
    static let maximumManifestBytes = 1 << 20

    /// The target for the catalog at `catalog`: the settings' values win, then the nearest project above it
    /// (stopping at the repository root, the folder holding `.git`, and before `/` or a folder others may
    /// write to, such as `/tmp` or `/dev/shm`: a project there is anyone's, as for `.asset-tool.json`, and
    /// listing such a folder of thousands of names cost more than the rest of a small catalog's check).
    package static func find(forCatalog catalog: String, settings: CostSettings) -> DeploymentTarget {
        var found = DeploymentTarget()
        if var folder = CatalogFileSystem.realPath(catalog) {
            let realCatalog = folder
            for _ in 0..<maximumLevels {
                guard folder != "/", let slash = folder.lastIndex(of: "/") else { break }
                folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
                guard ValidationConfig.isPrivateFolder(folder) else { break }
                if let project = read(projectsIn: folder) {
                    found = project
                    found.catalog = realCatalog
                    break
                }
                if RepositoryRoot.isRoot(folder) { break }
            }
        }
        if let configured = settings.iosDeploymentTarget.flatMap(version) {
            found.ios = configured
            found.source = ".asset-tool.json"
        }
        if let families = settings.deviceFamilies {
            found.families = families
            found.familiesConfigured = true
        }
        return found
    }

    /// The Xcode projects and `Package.swift` directly in `folder`, merged; nil when there is none.
    static func read(projectsIn folder: String) -> DeploymentTarget? {
        guard case .success(let names) = CatalogFileSystem.list(folder) else { return nil }
        var target: DeploymentTarget?
        for name in names.sorted() where name.hasSuffix(".xcodeproj") {
            let path = "\(folder)/\(name)/project.pbxproj"
            guard case .success(let read) = CatalogFileSystem.read(path, maxBytes: maximumProjectBytes) else { continue }
            // Named from the project's folder, as a reader of the finding knows it (not the absolute path).
            var parsed = parseProject(String(decoding: read.head, as: UTF8.self), source: "\(name)/project.pbxproj")
            let uses = XcodeProjectTargets.appIconUses(
                read.head, project: "\(name)/project.pbxproj", readConfig: configReader(projectFolder: folder))
            if uses != nil { parsed.projectFiles = ["\(name)/project.pbxproj"] }
            parsed.appIconUses = uses?.map { use in
                var placed = use
                placed.catalogs = Set(use.catalogs.map { XcodeProjectTargets.normalized("\(folder)/\($0)") }.map { "/" + $0 })
                return placed
            }
            target = target.map { $0.merged(with: parsed) } ?? parsed
        }
        if names.contains("Package.swift"),
            case .success(let read) = CatalogFileSystem.read("\(folder)/Package.swift", maxBytes: maximumManifestBytes)
        {
            let folderName = folder.split(separator: "/").last.map(String.init) ?? ""
            let parsed = parseManifest(
                String(decoding: read.head, as: UTF8.self),
                source: folderName.isEmpty ? "Package.swift" : "\(folderName)/Package.swift")
            if parsed.ios != nil || parsed.alsoMac { target = target.map { $0.merged(with: parsed) } ?? parsed }
        }
        return target
    }

    /// How large a build configuration file (`.xcconfig`) may be.
    static let maximumConfigBytes = 1 << 20

    /// Reads a project's configuration files (paths relative to `folder`, the real path of the folder holding
    /// the `.xcodeproj`) inside the repository holding it (the nearest folder above with `.git`), else inside
    /// `folder`: an `#include` may climb to a shared folder of the repository, never to another's files.
    static func configReader(projectFolder folder: String) -> XcodeProjectTargets.ConfigReader {
        let root = RepositoryRoot.nearest(from: folder, levels: maximumLevels) ?? folder
        return { relative in
            let path = "/" + XcodeProjectTargets.normalized("\(folder)/\(relative)")
            guard let real = CatalogFileSystem.realPath(path), real.hasPrefix(root + "/"),
                case .success(let read) = CatalogFileSystem.read(real, maxBytes: maximumConfigBytes), read.size <= maximumConfigBytes
            else { return nil }
            return read.head
        }
    }

    /// Two projects' facts together: the lower iOS target, the union of families.
    func merged(with other: DeploymentTarget) -> DeploymentTarget {
        var merged = self
        if let theirs = other.ios { merged.ios = ios.map { $0.lexicographicallyPrecedes(theirs) ? $0 : theirs } ?? theirs }
        if let theirs = other.families { merged.families = (families ?? []).union(theirs) }
        merged.alsoMac = alsoMac || other.alsoMac
        if let theirs = other.appIconUses { merged.appIconUses = (appIconUses ?? []) + theirs }
        merged.projectFiles += other.projectFiles
        merged.source = source ?? other.source
        return merged
    }

    /// Whether an app target (not an extension) of the projects read takes the app icon set `name` as its icon,
    /// and may copy this catalog: its App Store icon is the one App Store Connect checks.
    package func isAppsIcon(_ name: String) -> Bool {
        (appIconUses ?? []).contains { use in
            use.isApplication && use.primaryNames.contains(name)
                && (!use.catalogsComplete || catalog.map { use.catalogs.contains($0) } ?? true)
        }
    }

    /// The device families an app icon set named `name` (its fully qualified name or its folder's) must serve,
    /// and the targets that say so: the configuration's families for every set; else those of the target
    /// configurations that name the set and copy this catalog; else, when no target's catalogs are known to
    /// hold it (synchronized folders, a path outside the project), the families all those naming it share.
    /// Nil when no target names it, so nothing is required that cannot be told.
    package func families(ofAppIcon name: String) -> (families: Set<String>, uses: [XcodeProjectTargets.AppIconUse])? {
        if familiesConfigured, let families { return (families, []) }
        guard let uses = appIconUses?.filter({ $0.names(name) }), !uses.isEmpty else { return nil }
        let copying = uses.filter { use in catalog.map { use.catalogs.contains($0) } ?? false }
        let which = copying.isEmpty ? uses.filter { !$0.catalogsComplete } : copying
        guard let first = which.first else { return nil }
        var families = first.families ?? []
        for use in which.dropFirst() {
            families = copying.isEmpty ? families.intersection(use.families ?? []) : families.union(use.families ?? [])
        }
        return (families, which)
    }

    /// `IPHONEOS_DEPLOYMENT_TARGET = 15.0;` (the lowest), `TARGETED_DEVICE_FAMILY = "1,2";` (the union),
    /// `MACOSX_DEPLOYMENT_TARGET` or `SUPPORTS_MACCATALYST = YES` (macOS too).
    static func parseProject(_ text: String, source: String) -> DeploymentTarget {
        var target = DeploymentTarget(source: source)
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = String(line.trimmingCharacters(in: " \t"))
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals].trimmingCharacters(in: " \t"))
            let value = String(trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: " \t;").trimmingCharacters(in: "\""))
            switch key {
            case "IPHONEOS_DEPLOYMENT_TARGET":
                if let version = version(value) {
                    target.ios = target.ios.map { $0.lexicographicallyPrecedes(version) ? $0 : version } ?? version
                }
            case "TARGETED_DEVICE_FAMILY":
                var families = target.families ?? []
                for part in value.split(separator: ",") {
                    switch part.trimmingCharacters(in: " ") {
                    case "1": families.insert("iphone")
                    case "2": families.insert("ipad")
                    default: break
                    }
                }
                target.families = families
            case "MACOSX_DEPLOYMENT_TARGET":
                target.alsoMac = true
            case "SUPPORTS_MACCATALYST":
                if value == "YES" { target.alsoMac = true }
            default:
                break
            }
        }
        return target
    }

    /// `.iOS(.v15)`, `.iOS(.v15_4)`, `.iOS("15.0")`; `.macOS(` means macOS too.
    static func parseManifest(_ text: String, source: String) -> DeploymentTarget {
        var target = DeploymentTarget(source: source)
        if text.contains(".macOS(") || text.contains(".macCatalyst(") { target.alsoMac = true }
        var rest = Substring(text)
        while let range = rest.range(of: ".iOS(") {
            let after = rest[range.upperBound...]
            let argument = after.prefix { $0 != ")" }
            var word = String(argument.trimmingCharacters(in: " \t"))
            if word.hasPrefix(".v") {
                word = String(word.dropFirst(2).map { $0 == "_" ? "." : $0 })
            }
            if let version = version(String(word.trimmingCharacters(in: "\""))) {
                target.ios = target.ios.map { $0.lexicographicallyPrecedes(version) ? $0 : version } ?? version
            }
            rest = after
        }
        return target
    }
}

private extension String {
    func trimmingCharacters(in characters: String) -> String {
        String(Substring(self).trimmingCharacters(in: characters))
    }
}

private extension Substring {
    func trimmingCharacters(in characters: String) -> Substring {
        var slice = self
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return slice
    }
}
