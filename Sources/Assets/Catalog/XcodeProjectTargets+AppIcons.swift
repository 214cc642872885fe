/// Which app icon sets each target of an Xcode project builds, and for which devices: per build
/// configuration, the names `ASSETCATALOG_COMPILER_APPICON_NAME` and `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`
/// give (their `[sdk=…]` variants too; `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES` for every set),
/// the device families `TARGETED_DEVICE_FAMILY` gives (`1` iPhone, `2` iPad), each the target's value, else the
/// project's configuration of the same name, and the catalogs the target copies. `missing-icon-size` asks
/// these of a set, so an iPhone-only app beside an iPad extension is not told to add iPad icons
/// (`DeploymentTarget.families(ofAppIcon:)`).
///
/// A value with `$(…)` names another setting, not a set, and is left out; a setting in an `.xcconfig` is not
/// read here: such a configuration names no set (or gives no families), so it never makes a set required.
extension XcodeProjectTargets {
    /// One build configuration of one target that names app icon sets.
    package struct AppIconUse: Sendable, Hashable {
        /// The target's name, for a message.
        package var target: String
        /// The app icon set names the configuration asks for (primary and alternates).
        package var names: Set<String>
        /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES`: every app icon set of its catalogs.
        package var includesAll: Bool
        /// `iphone`, `ipad`; nil when the configuration does not say.
        package var families: Set<String>?
        /// The catalogs the target copies (relative to the folder holding the `.xcodeproj`, or absolute once
        /// `DeploymentTarget` placed them), and whether that list is every catalog the target may copy.
        package var catalogs: Set<String>
        package var catalogsComplete: Bool
        /// The project file, as a message names it.
        package var project: String

        package init(
            target: String, names: Set<String>, includesAll: Bool = false, families: Set<String>?,
            catalogs: Set<String> = [], catalogsComplete: Bool = false, project: String = ""
        ) {
            self.target = target
            self.names = names
            self.includesAll = includesAll
            self.families = families
            self.catalogs = catalogs
            self.catalogsComplete = catalogsComplete
            self.project = project
        }

        /// Whether this configuration asks for the set `name`.
        package func names(_ name: String) -> Bool { includesAll || names.contains(name) }
    }

    /// Every target configuration of the project that names an app icon set; nil when the file is not read.
    package static func appIconUses(_ bytes: [UInt8], project source: String = "") -> [AppIconUse]? {
        guard let project = Project(bytes) else { return nil }
        // The project's configurations by name: a target's setting falls back to the same-named one's.
        var projectSettings: [String: [String: Value]] = [:]
        for configuration in project.object(project.root?["buildConfigurationList"])["buildConfigurations"]?.array ?? [] {
            let object = project.object(configuration)
            guard let name = object["name"]?.string else { continue }
            projectSettings[name] = object["buildSettings"]?.dictionary ?? [:]
        }
        var uses: [AppIconUse] = []
        for target in project.targets {
            let copied = project.catalogs(copiedBy: target)
            let catalogs = Set(copied.resolved.map(normalized))
            for configuration in project.object(target["buildConfigurationList"])["buildConfigurations"]?.array ?? [] {
                let object = project.object(configuration)
                let own = object["buildSettings"]?.dictionary ?? [:]
                let inherited = object["name"]?.string.flatMap { projectSettings[$0] } ?? [:]
                var names: Set<String> = []
                var includesAll = false
                var families: Set<String>?
                // A key the target sets (any of its `[sdk=…]` forms) hides the project's.
                for settings in [own, inherited] {
                    let keys = settings.keys
                    if names.isEmpty, !includesAll {
                        for key in keys
                        where setting(key, is: "ASSETCATALOG_COMPILER_APPICON_NAME")
                            || setting(key, is: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
                        {
                            names.formUnion(words(settings[key]).filter { !$0.contains("$") })
                        }
                        if keys.contains(where: { setting($0, is: "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS") }) {
                            includesAll = keys.contains {
                                setting($0, is: "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS") && settings[$0]?.string == "YES"
                            }
                        }
                    }
                    if families == nil {
                        for key in keys where setting(key, is: "TARGETED_DEVICE_FAMILY") {
                            var found = families ?? []
                            for word in words(settings[key]) {
                                for part in word.split(separator: ",") {
                                    if part == "1" { found.insert("iphone") }
                                    if part == "2" { found.insert("ipad") }
                                }
                            }
                            families = found
                        }
                    }
                }
                guard !names.isEmpty || includesAll else { continue }
                uses.append(
                    AppIconUse(
                        target: target["name"]?.string ?? "", names: names, includesAll: includesAll, families: families,
                        catalogs: catalogs, catalogsComplete: copied.complete, project: source))
            }
        }
        return uses.sorted { ($0.target, $0.names.sorted().joined(separator: " ")) < ($1.target, $1.names.sorted().joined(separator: " ")) }
    }

    /// `KEY` or `KEY[sdk=iphoneos*]`.
    static func setting(_ key: String, is name: String) -> Bool {
        key == name || (key.hasPrefix(name) && key.dropFirst(name.count).first == "[")
    }

    /// A setting's words: a string split at spaces, or an array's strings.
    static func words(_ value: Value?) -> [String] {
        switch value {
        case .string(let text)?: return text.split(separator: " ").map { String($0).trimmingQuotes }
        case .array(let items)?: return items.compactMap(\.string).flatMap { $0.split(separator: " ").map { String($0).trimmingQuotes } }
        default: return []
        }
    }
}

private extension String {
    var trimmingQuotes: String {
        var text = Substring(self)
        while text.first == "\"" { text = text.dropFirst() }
        while text.last == "\"" { text = text.dropLast() }
        return String(text)
    }
}
