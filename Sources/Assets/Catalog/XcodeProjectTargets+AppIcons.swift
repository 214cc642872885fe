/// Which app icon sets each target of an Xcode project builds, and for which devices: per build
/// configuration, the names `ASSETCATALOG_COMPILER_APPICON_NAME` and `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`
/// give (their `[sdk=…]` variants too; `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES` for every set),
/// the device families `TARGETED_DEVICE_FAMILY` gives (`1` iPhone, `2` iPad), each the target's value, else the
/// project's configuration of the same name, and the catalogs the target copies. `missing-icon-size` asks
/// these of a set, so an iPhone-only app beside an iPad extension is not told to add iPad icons
/// (`DeploymentTarget.families(ofAppIcon:)`).
///
/// Settings are layered as Xcode layers them, base configuration files (`.xcconfig`) included
/// (`XcodeProjectTargets+Configs.swift`). A `$(…)` reference the layers do not resolve leaves its word out and
/// marks the configuration `unreadNames`, as does a configuration file not read: such a configuration may
/// name sets not seen here, so it never makes a set required and never lets a set be called "not built".
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

        /// Whether the configuration may name sets not in `names`: a setting's `$(…)` not resolved, or a
        /// configuration file (`.xcconfig`) not read.
        package var unreadNames = false
        /// Whether the target builds an app (`com.apple.product-type.application…`), whose icon App Store Connect
        /// takes as the App Store icon; an extension's (an action's template icon) is not.
        package var isApplication = false

        /// Whether this configuration asks for the set `name`.
        package func names(_ name: String) -> Bool { includesAll || names.contains(name) }
    }

    /// Every target configuration of the project that names an app icon set (or may: `unreadNames`); nil when
    /// the file is not read. `readConfig` gives the configuration files (`.xcconfig`) the configurations base
    /// themselves on; without it, or where it gives nil, a configuration based on one may name sets not read.
    package static func appIconUses(_ bytes: [UInt8], project source: String = "", readConfig: ConfigReader? = nil) -> [AppIconUse]? {
        guard let project = ProjectObjects(bytes) else { return nil }
        var configFiles: [String: ConfigFile] = [:]
        // A configuration object's own settings and its base configuration file's, and whether both were read.
        func layers(of configuration: [String: Value]) -> (layers: [[String: Value]], complete: Bool) {
            let own = configuration["buildSettings"]?.dictionary ?? [:]
            guard let path = baseConfigurationPath(of: configuration, in: project) else {
                // A base configuration named but not found (another source tree, a dangling anchor) is a layer not read.
                let names = configuration["baseConfigurationReference"] != nil || configuration["baseConfigurationReferenceAnchor"] != nil
                return ([own, [:]], !names)
            }
            guard let readConfig else { return ([own, [:]], false) }
            let file = configFiles[path] ?? ConfigFile(path: path, read: readConfig)
            configFiles[path] = file
            return ([own, file.settings], file.complete)
        }
        // The project's configurations by name: a target's setting falls back to the same-named one's.
        var projectLayers: [String: (layers: [[String: Value]], complete: Bool)] = [:]
        for configuration in project.object(project.root?["buildConfigurationList"])["buildConfigurations"]?.array ?? [] {
            let object = project.object(configuration)
            guard let name = object["name"]?.string else { continue }
            projectLayers[name] = layers(of: object)
        }
        // Each target configuration's layers, then the names of every setting the project defines.
        var configurations: [(target: Value, settings: LayeredSettings)] = []
        for (_, target) in project.targets {
            for configuration in project.object(target["buildConfigurationList"])["buildConfigurations"]?.array ?? [] {
                let object = project.object(configuration)
                let own = layers(of: object)
                let inherited = object["name"]?.string.flatMap { projectLayers[$0] } ?? ([[:], [:]], true)
                configurations.append(
                    (target, LayeredSettings(layers: own.layers + inherited.layers, complete: own.complete && inherited.complete)))
            }
        }
        var defined: Set<String> = []
        for (_, settings) in configurations {
            for layer in settings.layers { for key in layer.keys { defined.insert(String(key.prefix { $0 != "[" })) } }
        }
        var uses: [AppIconUse] = []
        for (target, layered) in configurations {
            var settings = layered
            settings.projectDefined = defined
            let copied = project.catalogs(copiedBy: target)
            let catalogs = Set(copied.resolved.map(normalized))
            // One name (tvOS's is "App Icon & Top Shelf Image"); the alternates are a list.
            let primary = settings.values("ASSETCATALOG_COMPILER_APPICON_NAME") ?? []
            let primaryNames = Set(primary.map(\.trimmingQuotes).filter { !$0.isEmpty && !$0.contains("$") })
            let alternates = settings.words("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
            let names = primaryNames.union(alternates.words)
            let includesAll = (settings.values("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS") ?? []).contains {
                $0.trimmingQuotes == "YES"
            }
            let unreadNames =
                !settings.complete || alternates.unresolved || primary.contains { $0.contains("$") }
            guard !names.isEmpty || includesAll || unreadNames else { continue }
            var families: Set<String>?
            if let family = settings.values("TARGETED_DEVICE_FAMILY") {
                var found: Set<String> = []
                for part in family.flatMap({ $0.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\"" }) }) {
                    if part == "1" { found.insert("iphone") }
                    if part == "2" { found.insert("ipad") }
                }
                families = found
            }
            // `TARGETED_DEVICE_FAMILY` means iPhone and iPad only to an iOS target (a macOS one may inherit the project's).
            let sdk = settings.first("SDKROOT")
            let supported = settings.first("SUPPORTED_PLATFORMS") ?? ""
            if let sdk, sdk != "iphoneos", !supported.split(separator: " ").contains("iphoneos") { families = [] }
            var use = AppIconUse(
                target: target["name"]?.string ?? "", names: names, primaryNames: primaryNames, includesAll: includesAll,
                families: families, catalogs: catalogs, catalogsComplete: copied.complete, project: source)
            use.unreadNames = unreadNames
            use.isApplication = target["productType"]?.string?.trimmingQuotes.hasPrefix("com.apple.product-type.application") == true
            uses.append(use)
        }
        return uses.sorted { ($0.target, $0.names.sorted().joined(separator: " ")) < ($1.target, $1.names.sorted().joined(separator: " ")) }
    }

    /// `KEY` or `KEY[sdk=iphoneos*]`.
    static func setting(_ key: String, is name: String) -> Bool {
        key == name || (key.hasPrefix(name) && key.dropFirst(name.count).first == "[")
    }
}
