/// `missing-app-icon`: the app icon names a project asks for, each checked against the icons it has. The names
/// come from the build settings Xcode's asset compiler reads (`ASSETCATALOG_COMPILER_APPICON_NAME`,
/// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, per-SDK variants included), an Info.plist's `CFBundleIconName`,
/// and `setAlternateIconName(_:)` with a literal. An app icon is an app icon set, a tvOS `.brandassets`, a sticker
/// pack's icon set, a macOS `.iconset`, or an Icon Composer `.icon` bundle (Xcode 26) anywhere in the project.
///
/// Never reported, so as not to guess: a name with `$` (a setting Xcode expands: the values a user-defined setting
/// takes only count as uses), a name a loose bundle image answers to (an `.icns`, the PNGs of an alternate icon
/// declared the pre-catalog way), an alternate icon declared in an Info.plist's `CFBundleAlternateIcons`, and
/// any name in a project where no catalog and no `.icon` was found (its icons live where the scan cannot see).
import Assets
import AssetsSupport

extension ReferenceFindings {
    /// The kinds Xcode accepts as the app icon a setting names.
    static let appIconKinds: Set<AssetKind> = [.appIconSet, .brandAssets, .stickersIconSet, .iconSet]

    /// Whether the reference names the app icon (or an alternate) the asset compiler or UIKit looks up.
    static func namesAppIcon(_ reference: AssetReference) -> Bool {
        let via = reference.via
        return via == "CFBundleIconName" || via == "setAlternateIconName(_:)"
            || via.hasPrefix("ASSETCATALOG_COMPILER_APPICON_NAME") || via.hasPrefix("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
    }

    /// The `missing-app-icon` finding for an app icon name, or nil when an icon of that name is there (or the
    /// scan cannot tell).
    static func missingAppIcon(
        _ reference: AssetReference, name: String, answer: AssetLookup.Answer, in scan: ReferenceScan,
        declaredAlternates: Set<String>
    ) -> CatalogDiagnostic? {
        guard !name.isEmpty, !name.contains("$"), !(scan.catalogs.isEmpty && scan.iconBundles.isEmpty) else { return nil }
        if scan.iconBundles.contains(where: { bundle in
            (bundle.split(separator: "/").last.map(String.init) ?? bundle) == "\(name).icon"
        }) {
            return nil
        }
        if scan.bundles.looseImageNames.contains(name) || declaredAlternates.contains(name) { return nil }
        let what: String
        switch answer {
        case .found(let sets), .otherKind(let sets):
            guard !sets.contains(where: { appIconKinds.contains($0.kind) }), let set = sets.first else { return nil }
            what = "\"\(name)\" is \(set.kind.article) (\(set.catalog)/\(set.path)), not an app icon set"
        case .differsInCase:
            // `asset-name-case` says it.
            return nil
        case .none:
            let icons = scan.iconBundles.isEmpty ? "" : " or Icon Composer .icon"
            what =
                "no app icon set\(icons) in the project is named \"\(name)\" (\(scan.catalogs.count) catalog\(scan.catalogs.count == 1 ? "" : "s") read)"
        }
        let outcome =
            reference.via == "setAlternateIconName(_:)"
            ? "the call fails and the icon stays as it is"
            : reference.via == "CFBundleIconName"
                ? "the system finds no icon by that name in the app" : "Xcode's asset compiler fails the build"
        return CatalogDiagnostic(
            .missingAppIcon, path: reference.file,
            message: "\(reference.via) names the app icon \"\(name)\", but \(what): \(outcome)",
            position: SourcePosition(line: reference.line, column: reference.column))
    }
}
