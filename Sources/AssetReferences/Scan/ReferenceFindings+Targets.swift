/// A lookup whose name only another target's catalog holds: the bundle it searches (its Xcode target's, or
/// its package target's `.module`) does not have the set, so at run time the name is missing there.
import Assets

extension ReferenceFindings {
    /// The `missing-asset` finding for a lookup that found `sets` only in catalogs out of its bundle's reach;
    /// nil when one is in reach, or when which bundle it searches is not known.
    static func outOfReach(
        _ reference: AssetReference, written: String, sets: [AssetLookup.Located], in scan: ReferenceScan
    ) -> CatalogDiagnostic? {
        guard let set = sets.first else { return nil }
        let membership = scan.membership
        if let searched = membership.searchedTargets(file: reference.file, looksInMainBundle: reference.looksInMainBundle),
            !sets.contains(where: { membership.reaches($0.catalog, from: searched) })
        {
            let owners = sets.reduce(into: Set<Int>()) { $0.formUnion(membership.catalogTargets[$1.catalog] ?? []) }
            let builders = searched.count == 1 ? "target \(membership.names(searched))" : "targets \(membership.names(searched))"
            return CatalogDiagnostic(
                .missingAsset, path: reference.file,
                message: "\(reference.via) asks for \"\(written)\", which only the catalog of target\(owners.count == 1 ? "" : "s") "
                    + "\(membership.names(owners)) has (\(set.catalog)/\(set.path)); this file is built by \(builders), "
                    + "whose bundle does not hold it: \(outcome(of: reference))",
                position: SourcePosition(line: reference.line, column: reference.column),
                relatedSet: CatalogDiagnostic.RelatedSet(
                    catalog: set.catalog, setPath: set.path, target: scan.bundles.catalogTargets[set.catalog]))
        }
        // `Image("x", bundle: .module)` in package target A finds only A's catalog.
        let packageTargets = scan.bundles.catalogTargets
        if let bundle = reference.bundle, bundle == ".module" || bundle == "Bundle.module", reference.file.hasSuffix(".swift"),
            let target = scan.bundles.target(of: reference.file), packageTargets.values.contains(target),
            sets.allSatisfy({ packageTargets[$0.catalog].map { $0 != target } ?? false }),
            let owner = packageTargets[set.catalog]
        {
            return CatalogDiagnostic(
                .missingAsset, path: reference.file,
                message: "\(reference.via) asks for \"\(written)\" in package target \(target)'s bundle (`\(bundle)`), but only "
                    + "package target \(owner)'s catalog has it (\(set.catalog)/\(set.path)): \(outcome(of: reference))",
                position: SourcePosition(line: reference.line, column: reference.column),
                relatedSet: CatalogDiagnostic.RelatedSet(catalog: set.catalog, setPath: set.path, target: owner))
        }
        return nil
    }

    /// Whether an Xcode target builds `file` and copies (or may copy) one of the catalogs holding `sets`: a
    /// main-bundle lookup there finds the set, whatever a package manifest that also lists the file says.
    static func builtByXcodeTargetReaching(_ sets: [AssetLookup.Located], file: String, in scan: ReferenceScan) -> Bool {
        let builders = scan.membership.targets(of: file)
        guard !builders.isEmpty else { return false }
        return sets.contains { scan.membership.reaches($0.catalog, from: builders) }
    }

    /// What a missing name does at run time, in the words of the API that asked for it.
    static func outcome(of reference: AssetReference) -> String {
        // SwiftUI's `Image(_:)`, `Color(_:)` and `Label(_:image:)` are not optional: they draw nothing.
        if reference.crashes { return "the app crashes there (the result is force-unwrapped, or the API traps on a missing name)" }
        if ["Image(", "Color(", "Label("].contains(where: { reference.via.hasPrefix($0) }) {
            return "SwiftUI draws nothing there (and logs the missing name)"
        }
        // A nib's image: the view is loaded without it (UIKit and AppKit log that the image referenced from the nib
        // could not be loaded), and shows none unless code sets one (ProtonVPN's close buttons do, from a package).
        if reference.lookupKind == .image, reference.file.hasSuffix(".storyboard") || reference.file.hasSuffix(".xib") {
            return "the nib loads without it (and logs the missing name), so the view shows no image unless code sets one"
        }
        return reference.lookupKind == .color
            ? "the colour comes back nil" : "the image comes back nil, so the screen shows its placeholder"
    }
}
