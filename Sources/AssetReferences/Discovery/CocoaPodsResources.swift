/// What a committed CocoaPods `Pods` folder puts into the apps' own bundles, read from the scripts CocoaPods
/// writes for each aggregate target (`Pods/Target Support Files/Pods-<T>/Pods-<T>-resources.sh`, whose
/// `install_resource "${PODS_ROOT}/X/Y.xcassets"` lines, one per resource and build configuration, list exactly
/// the pods' `resources`; CocoaPods 1.7+ also writes `Pods-<T>-resources-<Config>-input-files.xcfilelist`, one
/// path a line). A catalog listed there is compiled by `actool` into the app's own `Assets.car`, so its sets
/// answer the app's lookups; a loose image is copied to the bundle's top level, so its bare name does. A
/// `.bundle` or `.framework` is a bundle of its own, not the app's.
///
/// The folder is known only when every aggregate target's folder has such a script or list and every path in
/// them is one of those forms (`${PODS_ROOT}/…` or relative to `Pods`, inside the project; a bundle under
/// `${BUILT_PRODUCTS_DIR}` or `${PODS_CONFIGURATION_BUILD_DIR}`): otherwise nil, and the caller stays cautious.
/// Written by hand: a shell script is not a format any library reads, and only these generated lines matter.
import Assets
import AssetsSupport

package enum CocoaPodsResources {
    package struct Installed: Sendable, Equatable {
        /// The catalogs the scripts install, relative to the project.
        package var catalogs: [String] = []
        /// The names the loose images they install answer to (`close` for `X/close@2x.png`).
        package var imageNames: Set<String> = []
    }

    static let maxScriptBytes = 4 << 20
    static let maxAggregates = 1_000

    /// What the `Pods` folder at `pods` (relative to the project `reach` is rooted at) installs into the
    /// apps, or nil when that cannot be told from its files.
    package static func read(_ pods: String, base: String, in reach: CatalogRoot) -> Installed? {
        let support = "\(pods)/Target Support Files"
        guard case .success(let folders) = CatalogFileSystem.listTyped("\(base)/\(support)") else { return nil }
        let aggregates = folders.map(\.0).filter { $0 == "Pods" || $0.hasPrefix("Pods-") }.sorted()
        guard !aggregates.isEmpty, aggregates.count <= maxAggregates else { return nil }
        var installed = Installed()
        for aggregate in aggregates {
            guard case .success(let files) = CatalogFileSystem.listTyped("\(base)/\(support)/\(aggregate)") else { return nil }
            let names = files.map(\.0)
            let scripts = names.filter { $0.hasSuffix("-resources.sh") || $0 == "resources.sh" }
            let lists = names.filter { $0.contains("-resources-") && $0.hasSuffix("-input-files.xcfilelist") }
            guard !scripts.isEmpty || !lists.isEmpty else { return nil }
            for file in (scripts + lists).sorted() {
                guard case .success(let read) = reach.read("\(support)/\(aggregate)/\(file)", maxBytes: maxScriptBytes),
                    read.size <= maxScriptBytes
                else { return nil }
                let text = String(decoding: read.head, as: UTF8.self)
                let paths = file.hasSuffix(".sh") ? installLines(text) : listLines(text)
                guard let paths else { return nil }
                for path in paths {
                    guard let placed = place(path, pods: pods) else { return nil }
                    switch placed {
                    case .catalog(let catalog): if !installed.catalogs.contains(catalog) { installed.catalogs.append(catalog) }
                    case .image(let name): installed.imageNames.insert(name)
                    case .elsewhere: break
                    }
                }
            }
        }
        installed.catalogs.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return installed
    }

    /// The argument of each `install_resource` call (double- or single-quoted, as CocoaPods has written it);
    /// nil when one is not a single quoted word.
    static func installLines(_ text: String) -> [String]? {
        var paths: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("install_resource ") else { continue }
            let argument = trimmed.dropFirst("install_resource ".count).trimmingSpaces
            guard let quote = argument.first, quote == "\"" || quote == "'", argument.count >= 2, argument.last == quote else {
                return nil
            }
            let inner = argument.dropFirst().dropLast()
            guard !inner.contains(quote) else { return nil }
            paths.append(String(inner))
        }
        return paths
    }

    /// The paths of an input file list, less the script itself and comments.
    static func listLines(_ text: String) -> [String]? {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasSuffix("-resources.sh") }.map(String.init)
    }

    enum Placed: Equatable {
        case catalog(String)
        case image(String)
        /// In a bundle of its own (`.bundle`, `.framework`) or not an image: answers no name of the app's.
        case elsewhere
    }

    /// Where a resource path lands: nil when its origin is not known.
    static func place(_ path: String, pods: String) -> Placed? {
        var rest = Substring(path)
        for prefix in ["${PODS_ROOT}/", "$(PODS_ROOT)/", "$PODS_ROOT/"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        if rest.hasPrefix("$") {
            // `${BUILT_PRODUCTS_DIR}/Kit.bundle`: a resource bundle a pod target builds, its own bundle.
            let built = ["${BUILT_PRODUCTS_DIR}/", "${PODS_CONFIGURATION_BUILD_DIR}/", "${CONFIGURATION_BUILD_DIR}/"]
            guard built.contains(where: { rest.hasPrefix($0) }), rest.hasSuffix(".bundle") || rest.hasSuffix(".framework") else {
                return nil
            }
            return .elsewhere
        }
        guard !rest.hasPrefix("/"), !rest.contains("$") else { return nil }
        // Relative to `Pods`; `..` may lead to a development pod elsewhere in the project, never above it.
        var components = pods.split(separator: "/").map(String.init)
        for component in rest.split(separator: "/") where component != "." {
            if component == ".." {
                guard components.popLast() != nil else { return nil }
            } else {
                components.append(String(component))
            }
        }
        guard let last = components.last else { return nil }
        if last.hasSuffix(".xcassets") { return .catalog(components.joined(separator: "/")) }
        if let dot = last.lastIndex(of: "."), SourceTree.imageExtensions.contains(last[last.index(after: dot)...].lowercased()) {
            return .image(SourceTree.looseName(last))
        }
        return .elsewhere
    }
}
