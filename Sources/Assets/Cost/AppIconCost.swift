/// What each app icon set of a catalog costs, and whether the app builds it (`asset-tool size`): the targets of
/// the Xcode project above the catalog name the app's icon (`ASSETCATALOG_COMPILER_APPICON_NAME`) and its
/// alternates (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, or every set with
/// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES`); actool compiles only the sets named so, so a set no
/// target names costs the repository its bytes and the app nothing. An alternate icon ships in every install
/// (the app switches to it with `setAlternateIconName(_:)`), so its bytes are a cost the user pays whether or not
/// they ever pick it. The settings are read as Xcode layers them, `.xcconfig` files included
/// (`XcodeProjectTargets.appIconUses`); where one is not read (a `$(…)` not resolved, a file missing), a set no
/// setting read names is "may not be built", never "not built".
import AssetsSupport

package struct AppIconCost: Sendable, Hashable {
    package enum Role: String, Sendable, Hashable {
        /// The app's icon for some target.
        case primary
        /// An alternate icon of some target (and no target's primary).
        case alternate
        /// No target in the project names it: actool leaves it out of the app.
        case unnamed = "not built"
    }

    /// Catalog-relative path of the set.
    package var path: String
    package var bytes: Int
    package var role: Role
    /// The targets naming it, sorted.
    package var targets: [String]
    /// Whether one of them is known to copy this catalog (else each names it but its catalogs are not all
    /// known: a synchronized folder, a path outside the project); for a set no target names, whether every
    /// setting that could name it was read.
    package var certain = true

    /// The app icon sets among `rows`, with the role the project's targets give each; empty when no Xcode
    /// project was read above the catalog.
    package static func list(_ rows: [CatalogCostReport.Row], deployment: DeploymentTarget) -> [AppIconCost] {
        guard let uses = deployment.appIconUses else { return [] }
        // The uses that may copy this catalog: those listing it, and those whose list is not known to be whole.
        let relevant = uses.filter { use in
            !use.catalogsComplete || deployment.catalog.map { use.catalogs.contains($0) } ?? true
        }
        return rows.compactMap { row -> AppIconCost? in
            guard row.kind == .set, row.path.hasSuffix(".appiconset") else { return nil }
            let folder = row.path.split(separator: "/").last.map { String($0.dropLast(".appiconset".count)) } ?? ""
            let naming = relevant.filter { $0.names(folder) }
            let role: Role =
                naming.contains { $0.primaryNames.contains(folder) } ? .primary : naming.isEmpty ? .unnamed : .alternate
            var icon = AppIconCost(path: row.path, bytes: row.bytes, role: role, targets: Array(Set(naming.map(\.target))).sorted())
            icon.certain =
                naming.isEmpty
                ? !relevant.contains(where: \.unreadNames)
                : naming.contains { use in deployment.catalog.map { use.catalogs.contains($0) } ?? false }
            return icon
        }
    }

    /// The lines `size` prints under a catalog's table; empty when there is no app icon set or no project.
    package static func text(_ icons: [AppIconCost], project: String?) -> String {
        guard !icons.isEmpty else { return "" }
        let width = icons.map { CatalogCostReport.grouped($0.bytes).count }.max() ?? 0
        var lines = ["app icons (targets of \(PlainText.escape(project ?? "the project"))):"]
        for icon in icons {
            let bytes = CatalogCostReport.grouped(icon.bytes)
            let targets = icon.targets.isEmpty ? "" : " (\(icon.targets.map(PlainText.escape).joined(separator: ", ")))"
            let role: String
            let maybe = icon.certain ? "" : ", if the target copies this catalog"
            switch icon.role {
            case .primary: role = "app icon\(targets)\(maybe)"
            case .alternate: role = "alternate icon, in every install\(targets)\(maybe)"
            case .unnamed:
                role =
                    icon.certain
                    ? "no target names it: not built into the app"
                    : "no setting read names it: may not be built (a setting was not read: an .xcconfig file or a $(...) value)"
            }
            lines.append(
                "  " + String(repeating: " ", count: width - bytes.count) + bytes + "  " + PlainText.escape(icon.path) + "  " + role)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package var json: JSONValue {
        .record([
            "path": .string(path), "bytes": .int(bytes), "role": .string(role.rawValue),
            "targets": .array(targets.map { .string($0) }), "certain": .bool(certain),
        ])
    }
}
