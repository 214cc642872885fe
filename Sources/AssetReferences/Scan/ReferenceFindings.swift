/// The findings of a scan: each reference resolved by the catalog layer's lookup (`AssetLookup`: the
/// fully qualified name, exactly, then the kind), the sets each one uses, and the sets nothing uses.
///
/// What each kind of reference may report: a lookup (`UIImage(named: "x")`, `image="x"`) may be
/// `missing-asset`, `asset-kind-mismatch` or `asset-name-case`; a build setting or Info.plist key may be
/// `asset-name-case` and otherwise only uses (Xcode's asset compiler fails the build on a missing app icon
/// itself); a literal passed elsewhere, a generated symbol (Xcode's, exactly as Xcode names it) and a
/// SwiftGen or R.swift accessor (by key) only use (a symbol Xcode did not make does
/// not compile). So a name kept in a constant can keep a set from `unused-asset`, but never hides or
/// makes a `missing-asset`: that needs a lookup with the literal in it.
import Assets
import AssetsSupport

public struct ReferenceFindings: Sendable {
    /// Every finding, paths relative to the project: source findings at their file, line and column with
    /// the set as a related location; `unused-asset` at the set's folder.
    public var diagnostics: [CatalogDiagnostic]
    /// For each set (catalog-relative to the project, then set path), the references that use it.
    public var uses: [String: [AssetReference]]
    /// How many sets the catalogs hold, and how many of them the unused check looked at.
    public var setCount: Int

    /// The extensions a name may carry that the lookup ignores (`UIImage(named: "close.png")`).
    static let imageExtensions = [".png", ".jpg", ".jpeg", ".pdf", ".gif", ".heic", ".webp", ".svg"]

    /// The image extension `name` ends in, in any case (`close.PNG`), if any: the name lowered once, and only
    /// when it holds a dot (every extension starts with one).
    static func imageExtension(of name: String) -> String? {
        guard name.utf8.contains(0x2E) else { return nil }
        let lowered = name.lowercased()
        return imageExtensions.first { lowered.hasSuffix($0) }
    }

    public init(_ scan: ReferenceScan) {
        let lookup = scan.lookup
        var diagnostics: [CatalogDiagnostic] = []
        var usedBy: [Int: [AssetReference]] = [:]
        let indexOf = Dictionary(
            lookup.sets.enumerated().map { ("\($0.element.catalog)/\($0.element.path)", $0.offset) },
            uniquingKeysWith: { first, _ in first })
        func index(_ set: AssetLookup.Located) -> Int? { indexOf["\(set.catalog)/\(set.path)"] }
        func related(_ set: AssetLookup.Located) -> CatalogDiagnostic.RelatedSet {
            CatalogDiagnostic.RelatedSet(catalog: set.catalog, setPath: set.path, target: scan.bundles.catalogTargets[set.catalog])
        }
        func position(_ reference: AssetReference) -> SourcePosition { SourcePosition(line: reference.line, column: reference.column) }

        let declared = scan.dynamicNames.map(DynamicNamePattern.init)
        // A generated accessor (`Asset.Objects.bell`, `R.image.bell()`, `.bell`) uses the set its generated
        // file declares it for, exactly.
        func useGenerated(_ identifier: Substring, by reference: AssetReference) {
            for name in scan.generatedAccessors[String(identifier)] ?? [] {
                guard case .found(let sets) = lookup.look(up: name, as: .any) else { continue }
                for set in sets { if let offset = index(set) { usedBy[offset, default: []].append(reference) } }
            }
        }
        // Interface Builder's names may come from a dependency's catalog compiled into the app (CocoaPods'
        // `resources`), which the scan does not enter: with such folders, a storyboard's name is never missing,
        // unless they are `Pods` folders whose resources scripts were read (their catalogs are in the lookup).
        let dependencyCatalogsPossible = scan.thirdPartyFolders.contains { !scan.podsRead.contains($0) }
        let podCatalogs = Set(scan.podCatalogs)
        let nothingToLookIn = scan.catalogs.isEmpty && scan.bundles.looseImageNames.isEmpty
        // A lookup in a platform branch (`#if TARGET_OS_TV`) finds only the catalogs of that platform's targets,
        // when the projects tie some catalog to it; catalogs no project ties to a platform stay in reach.
        let platformsOfCatalogs = scan.membership.catalogPlatforms
        func narrowed(_ answer: AssetLookup.Answer, for reference: AssetReference) -> AssetLookup.Answer {
            guard podCatalogs.isEmpty, let platform = reference.platform,
                platformsOfCatalogs.values.contains(where: { $0.contains(platform) })
            else {
                return answer
            }
            func inReach(_ sets: [AssetLookup.Located]) -> [AssetLookup.Located] {
                sets.filter { set in platformsOfCatalogs[set.catalog].map { $0.contains(platform) } ?? true }
            }
            switch answer {
            case .found(let sets):
                let kept = inReach(sets)
                return kept.isEmpty ? .none : .found(kept)
            case .otherKind(let sets):
                let kept = inReach(sets)
                return kept.isEmpty ? .none : .otherKind(kept)
            case .differsInCase(let sets):
                let kept = inReach(sets)
                return kept.isEmpty ? .none : .differsInCase(kept)
            case .none: return .none
            }
        }
        // The named colours each Interface Builder document carries in its `<resources>`, colour and all, and the
        // images it holds the data of (`<image name="tabBarItem:ID:image">` with its archive): the nib has them.
        let documentCarries = Set(
            scan.references.compactMap { reference -> String? in
                guard case .literal(let name) = reference.name else { return nil }
                switch reference.via {
                case "<namedColor name=>": return "\(reference.file)|color|\(name)"
                case InterfaceBuilderScanner.embeddedImage: return "\(reference.file)|image|\(name)"
                default: return nil
                }
            })
        // Alternate icons an Info.plist declares the pre-catalog way (their PNGs listed under the key).
        let declaredAlternates = Set(
            scan.references.compactMap { reference -> String? in
                guard reference.via == "CFBundleAlternateIcons", case .literal(let name) = reference.name else { return nil }
                return name
            })

        for reference in [scan.references, scan.placeholderUses].joined() {
            switch reference.name {
            case .symbol(let symbol):
                // A bare `.newTab` passed where no image or colour is asked for, when the project declares a member
                // `newTab` (DuckDuckGo's `.newTab`, NetNewsWire's `AccountType.feedbin`): that member, not the asset.
                // (A dot looked for as text only when the bytes hold one: most symbols have none.)
                if reference.lookupKind == .any, !(symbol.utf8.contains(0x2E) && symbol.contains(".")), !symbol.hasPrefix("AC"),
                    scan.declaredMembers.contains(symbol)
                {
                    break
                }
                for set in lookup.sets(forSymbol: symbol, as: reference.lookupKind) {
                    if let offset = index(set) { usedBy[offset, default: []].append(reference) }
                }
                if let last = symbol.split(separator: ".").last { useGenerated(last, by: reference) }
            case .accessor(let identifier):
                for set in lookup.sets(forAccessor: identifier) {
                    if let offset = index(set) { usedBy[offset, default: []].append(reference) }
                }
                useGenerated(identifier[...], by: reference)
            case .dynamic(let prefix, let suffix):
                let matches = lookup.sets.indices.filter { offset in
                    let name = lookup.sets[offset].name
                    return !(prefix.isEmpty && suffix.isEmpty) && name.count >= prefix.count + suffix.count
                        && name.hasPrefix(prefix) && name.hasSuffix(suffix) && reference.lookupKind.accepts(lookup.sets[offset].kind)
                }
                for offset in matches { usedBy[offset, default: []].append(reference) }
                guard reference.certainty == .lookup else { break }
                let pattern = prefix + "*" + suffix
                let listed = matches.prefix(5).map { lookup.sets[$0].name }.joined(separator: ", ")
                let message: String
                if prefix.isEmpty && suffix.isEmpty {
                    message =
                        "\(reference.via) takes a name built at run time with no literal part: no set can be tied to it; "
                        + "declare the names it takes in .asset-tool.json's dynamic_names"
                } else if matches.isEmpty {
                    message = "\(reference.via) takes a name built at run time (\(pattern)) that no set matches"
                } else {
                    message =
                        "\(reference.via) takes a name built at run time (\(pattern)); \(matches.count) set\(matches.count == 1 ? "" : "s") "
                        + "match and count as used: \(listed)\(matches.count > 5 ? ", …" : "")"
                }
                diagnostics.append(
                    CatalogDiagnostic(.dynamicAssetName, path: reference.file, message: message, position: position(reference)))
            case .literal(let written):
                if written == BuildSettingsScanner.allAppIcons {
                    for (offset, set) in lookup.sets.enumerated() where set.kind == .appIconSet {
                        usedBy[offset, default: []].append(reference)
                    }
                    break
                }
                var name = written
                var answer = narrowed(lookup.look(up: name, as: reference.lookupKind), for: reference)
                if case .none = answer, let ext = Self.imageExtension(of: written) {
                    name = String(written.dropLast(ext.count))
                    answer = narrowed(lookup.look(up: name, as: reference.lookupKind), for: reference)
                }
                if Self.namesAppIcon(reference) {
                    if let finding = Self.missingAppIcon(
                        reference, name: written, answer: answer, in: scan, declaredAlternates: declaredAlternates)
                    {
                        diagnostics.append(finding)
                    }
                    // An app icon name is this check's: never `missing-asset` or `asset-kind-mismatch` as well.
                    switch answer {
                    case .none, .otherKind: continue
                    case .found, .differsInCase: break
                    }
                }
                switch answer {
                case .found(let sets):
                    for set in sets { if let offset = index(set) { usedBy[offset, default: []].append(reference) } }
                    // Set folders with no Contents.json (VLC's `iconSubtitle.imageset` held only its PNGs): Xcode
                    // builds nothing for them, so the name is missing at run time unless a loose image has it.
                    if reference.certainty == .lookup, sets.allSatisfy(\.contentsMissing), let set = sets.first,
                        !scan.bundles.looseImageNames.contains(written), !scan.bundles.looseImageNames.contains(name),
                        !(dependencyCatalogsPossible && (reference.file.hasSuffix(".storyboard") || reference.file.hasSuffix(".xib")))
                    {
                        diagnostics.append(
                            CatalogDiagnostic(
                                .missingAsset, path: reference.file,
                                message: "\(reference.via) asks for \"\(written)\", whose only set (\(set.catalog)/\(set.path)) has no "
                                    + "Contents.json, so Xcode's asset compiler builds nothing for it: \(Self.outcome(of: reference))",
                                position: position(reference), relatedSet: related(set)))
                        break
                    }
                    // A set only in catalogs that the bundle searched does not hold (another target's, another
                    // package target's) is missing there; counted as a use still, so no second finding follows.
                    // Not a colour or image the document carries itself (Loop's watch storyboard's `separator`,
                    // whose set is the extension's): the nib falls back to it, as in the `.none` case below.
                    let carriedKind = reference.lookupKind == .color ? "color" : "image"
                    if documentCarries.contains("\(reference.file)|\(carriedKind)|\(written)") { break }
                    if reference.certainty == .lookup, podCatalogs.isEmpty,
                        let finding = Self.outOfReach(reference, written: written, sets: sets, in: scan)
                    {
                        diagnostics.append(finding)
                        break
                    }
                    // In a package target, a lookup without `bundle: .module` looks in the app's main bundle,
                    // which does not hold the target's own catalog. Not when an Xcode target also builds the file
                    // and copies the catalog (damus's `Package.swift` wraps the app's own folder, which its Xcode
                    // app target builds): there the main bundle is the app's and holds the set.
                    guard reference.certainty == .lookup, reference.looksInMainBundle, reference.file.hasSuffix(".swift"),
                        let target = scan.bundles.target(of: reference.file),
                        sets.allSatisfy({ scan.bundles.catalogTargets[$0.catalog] == target }), let set = sets.first,
                        !Self.builtByXcodeTargetReaching(sets, file: reference.file, in: scan)
                    else { break }
                    let argument =
                        reference.via.hasPrefix("NSImage")
                        ? "Bundle.module.image(forResource:)"
                        : reference.via.hasPrefix("UIImage") || reference.via.hasPrefix("UIColor") ? "in: .module" : "bundle: .module"
                    diagnostics.append(
                        CatalogDiagnostic(
                            .missingAsset, path: reference.file,
                            message: "\(reference.via) asks for \"\(written)\" in the main bundle, but only package target \(target)'s "
                                + "catalog has it (\(set.catalog)/\(set.path)), which SwiftPM ships in the target's own bundle: \(argument.hasPrefix("Bundle") ? "use" : "pass") `\(argument)`",
                            position: position(reference), relatedSet: related(set)))
                case .differsInCase(let sets):
                    // A literal passed elsewhere that differs in case (`systemName: "trash"` beside a set `Trash`,
                    // a title) is a coincidence, not a use; a lookup or setting uses the set and says so.
                    guard reference.certainty != .possible, let set = sets.first else { break }
                    for set in sets { if let offset = index(set) { usedBy[offset, default: []].append(reference) } }
                    diagnostics.append(
                        CatalogDiagnostic(
                            .assetNameCase, path: reference.file,
                            message:
                                "\(reference.via) asks for \"\(written)\"; the set is named \"\(set.name)\" (\(set.catalog)/\(set.path)): "
                                + (reference.certainty == .setting
                                    // DuckDuckGo ships `ALTERNATE_APPICON_NAMES = "AppIcon-Yellow"` against `AppIcon-yellow`.
                                    ? "names differ only by case, which the compiled catalog may not forgive (apps ship with some such "
                                        + "settings): check the built app"
                                    : "names differ only by case: the lookup may not find it (the compiled catalog's names and "
                                        + "case-sensitive file systems)"),
                            position: position(reference), relatedSet: related(set)))
                case .otherKind(let sets):
                    guard reference.certainty == .lookup, let set = sets.first else { break }
                    if reference.lookupKind == .image, scan.bundles.looseImageNames.contains(written) { break }
                    diagnostics.append(
                        CatalogDiagnostic(
                            .assetKindMismatch, path: reference.file,
                            message: "\(reference.via) asks for \(reference.lookupKind.words) named \"\(written)\", but "
                                + "\(set.catalog)/\(set.path) is \(set.kind.article): the call returns nil"
                                + (reference.crashes ? " and the force-unwrap crashes" : ""),
                            position: position(reference), relatedSet: related(set)))
                case .none:
                    // With nothing to look in (no catalog, no loose image: the wrong folder), no name is judged.
                    guard reference.certainty == .lookup, !written.isEmpty, !nothingToLookIn else { break }
                    if scan.bundles.looseImageNames.contains(written) || scan.bundles.looseImageNames.contains(name) { break }
                    if declared.contains(where: { $0.matches(written) }) { break }
                    // AppKit's own images (`NSPlayTemplate`, every `NSImage.Name` constant) are not the catalogs'.
                    if reference.lookupKind != .color, reference.lookupKind != .data, InterfaceBuilderScanner.isAppKitName(written) {
                        break
                    }
                    if dependencyCatalogsPossible, reference.file.hasSuffix(".storyboard") || reference.file.hasSuffix(".xib") { break }
                    // A document's named colour that its `<resources>` carries (`<namedColor name="surface">` with the
                    // colour) does not come back nil: the nib falls back to that colour. DuckDuckGo's `surface`, `icons`
                    // are DesignResourcesKit's, a package whose catalog is not in the folder read. An image the document
                    // holds the data of (Open Food Facts' `tabBarItem:rPS-q8-1Ip:image`) is the nib's own.
                    let carriedKind = reference.lookupKind == .color ? "color" : "image"
                    if documentCarries.contains("\(reference.file)|\(carriedKind)|\(written)") { break }
                    let outcome = Self.outcome(of: reference)
                    // A loose image of that name that no bundle ships (a package target's undeclared file) says why.
                    let unshipped = scan.bundles.unshipped[name].map { " (\($0))" } ?? ""
                    // In a platform branch, only that platform's catalogs were looked in: said, with how many.
                    let platformCatalogs = reference.platform.flatMap { platform -> Int? in
                        guard platformsOfCatalogs.values.contains(where: { $0.contains(platform) }) else { return nil }
                        return scan.catalogs.filter { platformsOfCatalogs[$0].map { $0.contains(platform) } ?? true }.count
                    }
                    let catalogs =
                        platformCatalogs.map {
                            "no catalog of its \(reference.platform ?? "") branch's targets (\($0) of \(scan.catalogs.count) read)"
                        }
                        ?? "no catalog (\(scan.catalogs.count) read)"
                    diagnostics.append(
                        CatalogDiagnostic(
                            .missingAsset, path: reference.file,
                            message: "\(reference.via) asks for \"\(written)\", which \(catalogs) and no loose "
                                + "bundle image provides\(unshipped): \(outcome)",
                            position: position(reference)))
                }
            }
        }

        // Sets matched by a declared dynamic name are used.
        if !declared.isEmpty {
            for (offset, set) in lookup.sets.enumerated() where declared.contains(where: { $0.matches(set.name) }) {
                usedBy[offset, default: []].append(
                    AssetReference(
                        name: .literal(set.name), wanted: .any, certainty: .setting,
                        file: ".asset-tool.json", line: 1, column: 1, via: "dynamic_names"))
            }
        }

        // Unused: the sets an app loads by name, when some source was read at all.
        let sourcesRead = scan.fileCounts.filter { $0.key != SourceTree.Kind.propertyList.rawValue }.values.reduce(0, +) > 0
        let projectSettingsRead = (scan.fileCounts[SourceTree.Kind.buildSettings.rawValue] ?? 0) > 0
        if sourcesRead {
            // Lookups whose name is built at run time with no literal part (a name from data, such as
            // DuckDuckGo's tracker logos): any set of a kind they load may be theirs, which each unused set says. A
            // possible lookup too (in a bundle given by an expression, `Bundle(for: Self.self)`, which may be the
            // app's: rileytestut/Delta's alternate icons, named in a plist of its own).
            let blindLookups = scan.references.filter { reference in
                guard reference.certainty != .setting, case .dynamic(let prefix, let suffix) = reference.name else { return false }
                return prefix.isEmpty && suffix.isEmpty
            }
            // A file only test bundles build (pbxproj's unit and UI test targets, a package's `.testTarget`): its
            // names are not the app's uses, unless the set is in a test bundle's own catalog. Where the projects list
            // the file, they decide (an app target building it makes it the app's); else a package's test folder.
            func onlyTests(_ file: String) -> Bool {
                scan.membership.targets(of: file).isEmpty ? scan.bundles.inTestTarget(file) : scan.membership.onlyTestsBuild(file)
            }
            func testCatalog(_ catalog: String) -> Bool {
                if let owners = scan.membership.catalogTargets[catalog] { return owners.allSatisfy { scan.membership.targets[$0].isTest } }
                return scan.bundles.inTestTarget(catalog)
            }
            for (offset, set) in lookup.sets.enumerated() where !podCatalogs.contains(set.catalog) {
                let uses = usedBy[offset] ?? []
                if !uses.isEmpty, testCatalog(set.catalog) || !uses.allSatisfy({ onlyTests($0.file) }) { continue }
                guard Self.checkedForUse(set, appIconsKnown: projectSettingsRead) else { continue }
                let reaching = blindLookups.filter { $0.lookupKind.accepts(set.kind) }.count
                let inTests = uses.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
                let subject =
                    "\(set.kind.article) \"\(set.name)\""
                    + (scan.bundles.catalogTargets[set.catalog].map { " of package target \($0)" } ?? "")
                diagnostics.append(
                    CatalogDiagnostic(
                        .unusedAsset, path: "\(set.catalog)/\(set.path)",
                        message: (inTests.first.map { first in
                            "no app code uses \(subject): only tests name it (\(first.file):\(first.line)"
                                + (inTests.count > 1 ? ", \(inTests.count - 1) more)" : ")")
                        } ?? "no reference uses \(subject)")
                            + (reaching == 0
                                ? ""
                                : "; \(reaching) lookup\(reaching == 1 ? "" : "s") with no literal part "
                                    + "(a name from data) could reach it"),
                        relatedSet: related(set)))
            }
        }
        diagnostics += scan.iconFindings
        for skipped in scan.skipped {
            diagnostics.append(
                CatalogDiagnostic(
                    .unreadableSource, path: skipped.path, message: skipped.reason,
                    position: skipped.line.map { SourcePosition(line: $0, column: skipped.column ?? 1) }))
        }
        // No catalog at all: nothing was checked, which must not read as a clean pass.
        if nothingToLookIn {
            diagnostics.append(
                CatalogDiagnostic(
                    .unreadableSource, path: "",
                    message: "no asset catalog (.xcassets) and no loose image in the project: no name was checked; run from the folder "
                        + "holding the app's .xcodeproj, .xcworkspace or Package.swift, or give it as PROJECT"))
        }
        self.diagnostics = diagnostics.sorted()
        var uses: [String: [AssetReference]] = [:]
        for (offset, references) in usedBy {
            let set = lookup.sets[offset]
            uses["\(set.catalog)/\(set.path)"] = references
        }
        self.uses = uses
        setCount = lookup.sets.count
    }

    /// Whether `unused-asset` looks at a set: the kinds an app asks for by name, not inside a container
    /// (a sticker pack, a sprite atlas, an image stack's layers are loaded with their container), and not
    /// in a sticker catalog. App icons only when a project's build settings were read (they name them).
    static func checkedForUse(_ set: AssetLookup.Located, appIconsKnown: Bool) -> Bool {
        if set.catalog.hasSuffix(".xcstickers") || set.path.contains(".spriteatlas/") { return false }
        let parent = set.path.split(separator: "/").dropLast().last.map(String.init) ?? ""
        if AssetKind.allCases.contains(where: { $0.holdsSets && parent.hasSuffix(".\($0.rawValue)") }) { return false }
        switch set.kind {
        case .imageSet, .colorSet, .dataSet, .symbolSet, .imageStack, .solidImageStack: return true
        case .appIconSet: return appIconsKnown
        default: return false
        }
    }
}

/// A name pattern from `dynamic_names`: `*` any run of characters, `%d` digits, `%@` or `%s` any run.
struct DynamicNamePattern: Sendable {
    let pattern: [Character]

    init(_ text: String) { pattern = Array(text) }

    func matches(_ name: String) -> Bool { Self.match(pattern[...], Array(name)[...]) }

    private static func match(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == "*" || (first == "%" && pattern.count > 1 && "@s".contains(pattern[pattern.startIndex + 1])) {
            let rest = first == "*" ? pattern.dropFirst() : pattern.dropFirst(2)
            var tail = name
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        if first == "%", pattern.count > 1, pattern[pattern.startIndex + 1] == "d" {
            let rest = pattern.dropFirst(2)
            var tail = name
            guard let digit = tail.first, digit.isASCII, digit.isNumber else { return false }
            tail = tail.dropFirst()
            while true {
                if match(rest, tail) { return true }
                guard let next = tail.first, next.isASCII, next.isNumber else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let head = name.first, head == first else { return false }
        return match(pattern.dropFirst(), name.dropFirst())
    }
}
