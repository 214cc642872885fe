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
        /// The names `ASSETCATALOG_COMPILER_APPICON_NAME` gives (the app's icon; the rest of `names` are alternates).
        package var primaryNames: Set<String> = []
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
            target: String, names: Set<String>, primaryNames: Set<String> = [], includesAll: Bool = false, families: Set<String>?,
            catalogs: Set<String> = [], catalogsComplete: Bool = false, project: String = ""
        ) {
            self.target = target
            self.names = names
            self.primaryNames = primaryNames
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
        guard let project = ProjectObjects(bytes) else { return nil }
        // The project's configurations by name: a target's setting falls back to the same-named one's.
        var projectSettings: [String: [String: Value]] = [:]
        for configuration in project.object(project.root?["buildConfigurationList"])["buildConfigurations"]?.array ?? [] {
            let object = project.object(configuration)
            guard let name = object["name"]?.string else { continue }
            projectSettings[name] = object["buildSettings"]?.dictionary ?? [:]
        }
        var uses: [AppIconUse] = []
        for (_, target) in project.targets {
            let copied = project.catalogs(copiedBy: target)
            let catalogs = Set(copied.resolved.map(normalized))
            for configuration in project.object(target["buildConfigurationList"])["buildConfigurations"]?.array ?? [] {
                let object = project.object(configuration)
                let own = object["buildSettings"]?.dictionary ?? [:]
                let inherited = object["name"]?.string.flatMap { projectSettings[$0] } ?? [:]
                // Each setting from the target when it sets any of its `[sdk=…]` forms, else from the project.
                func settings(_ name: String) -> (keys: [String], in: [String: Value]) {
                    for settings in [own, inherited] {
                        let keys = settings.keys.filter { setting($0, is: name) }.sorted()
                        if !keys.isEmpty { return (keys, settings) }
                    }
                    return ([], [:])
                }
                var names: Set<String> = []
                // One name (tvOS's is "App Icon & Top Shelf Image"); the alternates are a list.
                let primary = settings("ASSETCATALOG_COMPILER_APPICON_NAME")
                for key in primary.keys {
                    if let name = primary.in[key]?.string?.trimmingQuotes, !name.isEmpty, !name.contains("$") { names.insert(name) }
                }
                let primaryNames = names
                let alternates = settings("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
                for key in alternates.keys { names.formUnion(words(alternates.in[key]).filter { !$0.contains("$") }) }
                let all = settings("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS")
                let includesAll = all.keys.contains { all.in[$0]?.string == "YES" }
                guard !names.isEmpty || includesAll else { continue }
                var families: Set<String>?
                let family = settings("TARGETED_DEVICE_FAMILY")
                for key in family.keys {
                    var found = families ?? []
                    for part in words(family.in[key]).flatMap({ $0.split(separator: ",") }) {
                        if part == "1" { found.insert("iphone") }
                        if part == "2" { found.insert("ipad") }
                    }
                    families = found
                }
                // `TARGETED_DEVICE_FAMILY` means iPhone and iPad only to an iOS target (a macOS one may inherit the project's).
                let sdk = (own["SDKROOT"] ?? inherited["SDKROOT"])?.string
                let supported = (own["SUPPORTED_PLATFORMS"] ?? inherited["SUPPORTED_PLATFORMS"])?.string ?? ""
                if let sdk, sdk != "iphoneos", !supported.split(separator: " ").contains("iphoneos") { families = [] }
                uses.append(
                    AppIconUse(
                        target: target["name"]?.string ?? "", names: names, primaryNames: primaryNames, includesAll: includesAll,
                        families: families, catalogs: catalogs, catalogsComplete: copied.complete, project: source))
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
