/// An Xcode project's native targets as its `project.pbxproj` says: each target's platforms, whether the
/// bundle it builds is the main bundle when it runs, the files its sources and resources phases list, and the
/// synchronized folders (Xcode 16's `PBXFileSystemSynchronizedRootGroup`) it builds with their exceptions.
extension XcodeProjectTargets {
    package struct Project: Sendable, Equatable {
        package struct Target: Sendable, Equatable {
            package var name: String
            package var platforms: Set<String>
            /// An app or an app extension: a lookup without a bundle (`UIImage(named:)`) looks in this target's
            /// own bundle. A framework's or a test bundle's main bundle is its host's, which the project does not say.
            package var ownsMainBundle: Bool
            /// A unit or UI test bundle (`com.apple.product-type.bundle.unit-test`, `.bundle.ui-testing`): what
            /// its code names is not the app's use.
            package var isTest = false
            /// The files its sources and resources phases list (a localized storyboard's every variant),
            /// relative to the folder holding the `.xcodeproj`.
            package var files: [String]
            /// The synchronized folders that concern it: those it builds (`listed`) and those whose exception
            /// set names it. A file under such a folder is the target's when `listed` differs from whether
            /// `exceptions` (paths inside the folder, a file or a folder) names it: Xcode's exceptions take a
            /// file out of a target that builds the folder, and add it to one that does not.
            package var folders: [SynchronizedFolder]
        }

        package struct SynchronizedFolder: Sendable, Equatable {
            package var path: String
            package var listed: Bool
            package var exceptions: [String]

            /// Whether `relative` (a path inside the folder) is built by the target.
            package func contains(_ relative: String) -> Bool {
                let excepted = exceptions.contains { relative == $0 || relative.hasPrefix($0 + "/") }
                return listed != excepted
            }
        }

        package var targets: [Target]
    }

    /// A `project.pbxproj`'s objects, parsed, with the lookups every reading of it shares: an object by id, a
    /// file reference's path through its groups, the native targets, the catalogs a target copies.
    struct ProjectObjects {
        let all: [String: Value]
        /// Each object's parent group, to resolve a `<group>` path.
        let parent: [String: String]

        /// Nil when the file is not read (not a property list, or past the parser's bounds).
        init?(_ bytes: [UInt8]) {
            var parser = Parser(bytes: bytes)
            guard let root = parser.value(depth: 0), !parser.failed else { return nil }
            all = root["objects"]?.dictionary ?? [:]
            var parent: [String: String] = [:]
            for (id, value) in all where value["children"] != nil {
                for child in value["children"]?.array ?? [] { if let child = child.string { parent[child] = id } }
            }
            self.parent = parent
        }

        func object(_ id: Value?) -> [String: Value] { id?.string.flatMap { all[$0]?.dictionary } ?? [:] }

        /// The `PBXProject` object.
        var root: Value? { all.values.first { $0["isa"]?.string == "PBXProject" } }

        /// The native targets (apps, extensions, frameworks), by id.
        var targets: [(id: String, value: Value)] {
            all.filter { $0.value["isa"]?.string == "PBXNativeTarget" }.map { ($0.key, $0.value) }
        }

        /// The path of a file reference relative to the folder holding the `.xcodeproj`, through its groups;
        /// nil for another source tree.
        func path(of id: String) -> String? {
            var parts: [String] = []
            var current: String? = id
            for _ in 0..<64 {
                guard let at = current else { return normalized(parts.reversed().joined(separator: "/")) }
                let item = all[at]?.dictionary ?? [:]
                let tree = item["sourceTree"]?.string ?? "<group>"
                if let own = item["path"]?.string, !own.isEmpty { parts.append(own) }
                switch tree {
                case "SOURCE_ROOT": return normalized(parts.reversed().joined(separator: "/"))
                case "<group>": current = parent[at]
                default: return nil
                }
            }
            return nil
        }

        /// The catalogs a target's resources phases copy whose paths resolve, and whether every catalog the
        /// target may copy is among them (not when one does not resolve, or the target has synchronized
        /// folders, which list no files).
        func catalogs(copiedBy target: Value) -> (resolved: [String], complete: Bool) {
            var resolved: [String] = []
            var complete = (target["fileSystemSynchronizedGroups"]?.array ?? []).isEmpty
            for phase in target["buildPhases"]?.array ?? [] where object(phase)["isa"]?.string == "PBXResourcesBuildPhase" {
                for buildFile in object(phase)["files"]?.array ?? [] {
                    guard let reference = object(buildFile)["fileRef"]?.string, let file = all[reference],
                        file["path"]?.string?.hasSuffix(".xcassets") == true
                    else { continue }
                    if let path = path(of: reference) { resolved.append(path) } else { complete = false }
                }
            }
            return (resolved, complete)
        }
    }

    /// The project's targets; nil when the file is not read (not a property list, or past the parser's bounds).
    package static func read(_ bytes: [UInt8]) -> Project? {
        guard let project = ProjectObjects(bytes) else { return nil }
        let objects = project.all
        let object = project.object
        func path(of id: String) -> String? { project.path(of: id) }
        func platforms(_ configurationList: Value?) -> Set<String> {
            var found: Set<String> = []
            for configuration in object(configurationList)["buildConfigurations"]?.array ?? [] {
                let settings = object(configuration)["buildSettings"]?.dictionary ?? [:]
                if let supported = settings["SUPPORTED_PLATFORMS"]?.string {
                    found.formUnion(supported.split(separator: " ").compactMap { platform(ofSDK: String($0)) })
                } else if let sdk = settings["SDKROOT"]?.string, let platform = platform(ofSDK: sdk) {
                    found.insert(platform)
                }
            }
            return found
        }
        let projectPlatforms =
            objects.values.first { $0["isa"]?.string == "PBXProject" }.map { platforms($0["buildConfigurationList"]) } ?? []

        // Each synchronized folder's path, and its exception sets by the target each names.
        var folderPaths: [String: String] = [:]
        var exceptionsByTarget: [String: [(folder: String, paths: [String])]] = [:]
        for (id, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let resolved = path(of: id) else { continue }
            folderPaths[id] = resolved
            for exceptionSet in group["exceptions"]?.array ?? [] {
                let set = object(exceptionSet)
                guard set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet", let target = set["target"]?.string else {
                    continue
                }
                let paths = (set["membershipExceptions"]?.array ?? []).compactMap(\.string).map(normalized)
                exceptionsByTarget[target, default: []].append((resolved, paths))
            }
        }

        var targets: [Project.Target] = []
        for (id, target) in objects where target["isa"]?.string == "PBXNativeTarget" {
            var targetPlatforms = platforms(target["buildConfigurationList"])
            if targetPlatforms.isEmpty { targetPlatforms = projectPlatforms }
            var files: [String] = []
            for phase in target["buildPhases"]?.array ?? [] {
                let isa = object(phase)["isa"]?.string
                guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
                for buildFile in object(phase)["files"]?.array ?? [] {
                    guard let reference = object(buildFile)["fileRef"]?.string, let file = objects[reference] else { continue }
                    // A localized file is a variant group: each language's file is built.
                    let members =
                        file["isa"]?.string == "PBXVariantGroup" ? (file["children"]?.array ?? []).compactMap(\.string) : [reference]
                    files += members.compactMap { path(of: $0) }
                }
            }
            var folders: [Project.SynchronizedFolder] = []
            let listed = Set((target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string))
            let excepted = exceptionsByTarget[id] ?? []
            for group in listed { if let path = folderPaths[group] { folders.append(.init(path: path, listed: true, exceptions: [])) } }
            for (folder, paths) in excepted {
                if let index = folders.firstIndex(where: { $0.path == folder }) {
                    folders[index].exceptions += paths
                } else {
                    folders.append(.init(path: folder, listed: false, exceptions: paths))
                }
            }
            let productType = target["productType"]?.string ?? ""
            let ownsMainBundle =
                productType.hasPrefix("com.apple.product-type.application") || productType.contains("app-extension")
                || productType.contains("watchkit") || productType.contains("watchapp")
                || productType.hasSuffix("extensionkit-extension") || productType.hasSuffix("xpc-service")
            targets.append(
                Project.Target(
                    name: target["name"]?.string ?? id, platforms: targetPlatforms, ownsMainBundle: ownsMainBundle,
                    isTest: productType.contains("bundle.unit-test") || productType.contains("bundle.ui-testing"),
                    files: files, folders: folders.sorted { $0.path < $1.path }))
        }
        return Project(targets: targets.sorted { $0.name < $1.name })
    }
}
