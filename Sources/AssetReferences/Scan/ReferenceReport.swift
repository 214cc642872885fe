import Assets
import AssetsSupport

extension ReferenceScan {
    /// The findings as one report rooted at the project folder (every output format reads it), with the
    /// configuration's rules and exclusions applied.
    package func report(config: ValidationConfig) -> (report: CatalogReport, findings: ReferenceFindings) {
        let findings = ReferenceFindings(self)
        // A configuration the search found and did not read (another user's, a link): said, as `validate` says it.
        let ignored = config.ignored.map { ignored in
            CatalogDiagnostic(.ignoredConfig, path: "", message: "\(ignored.file) \(ignored.reason)")
        }
        let report = CatalogReport(
            catalog: project, diagnostics: config.apply(to: findings.diagnostics + ignored).sorted(),
            assetCount: findings.setCount, fileCount: fileCounts.values.reduce(0, +))
        return (report, findings)
    }

    /// How many references of each sort: lookups, possible uses, dynamic names, symbols.
    package var counts: (lookups: Int, possible: Int, dynamic: Int, symbols: Int) {
        var lookups = 0
        var possible = 0
        var dynamic = 0
        var symbols = 0
        for reference in references {
            switch reference.name {
            case .dynamic: dynamic += 1
            case .symbol, .accessor: symbols += 1
            case .literal: if reference.certainty == .possible { possible += 1 } else { lookups += 1 }
            }
        }
        return (lookups, possible, dynamic, symbols)
    }

    /// `read 812 files (640 swift, …), 98,000 lines, 3 catalogs; not entered: Pods`: the kinds of files read, said once.
    package var scanSummary: String {
        let kinds = fileCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let (lookups, possible, dynamic, symbols) = counts
        return
            "read \(Self.counted(fileCounts.values.reduce(0, +), "file"))\(kinds.isEmpty ? "" : " (\(kinds))"), "
            + "\(Self.counted(lineCount, "line")), \(Self.counted(catalogs.count, "catalog")); "
            + "\(Self.counted(lookups, "lookup")), \(Self.counted(dynamic, "dynamic name")), \(Self.counted(symbols, "symbol")), "
            + "\(Self.counted(possible, "other literal"))"
            + packageSummary
            + (generatedFiles.isEmpty
                ? "" : "; \(Self.counted(generatedFiles.count, "generated accessor file")) read as declarations")
            + (thirdPartyFolders.isEmpty ? "" : "; not entered: \(thirdPartyFolders.joined(separator: ", "))")
            + (podsRead.isEmpty
                ? ""
                : "; resources scripts of \(podsRead.joined(separator: ", ")) read: "
                    + "\(Self.counted(podCatalogs.count, "pod catalog")) installed in the apps")
    }

    /// `count` and the noun, plural unless the count is 1 (`1 file`, `0 files`, `3 dynamic names`).
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `; 3 package manifests (7 targets, 2 catalogs in them)`, and each manifest not read as written, with why
    /// (its loose images answer to their names as if it were not there); empty without manifests.
    var packageSummary: String {
        let packages = bundles.packages
        guard !packages.isEmpty else { return "" }
        let targets = packages.filter { $0.manifest.unread == nil }.map(\.manifest.targets.count).reduce(0, +)
        let tied = bundles.catalogTargets.count
        let unread = packages.filter { $0.manifest.unread != nil }
        return "; \(Self.counted(packages.count, "package manifest")) (\(Self.counted(targets, "target")), "
            + "\(Self.counted(tied, "catalog")) in them)"
            + (unread.isEmpty
                ? ""
                : "; not read as written, so their folders' images count as bundled: "
                    + unread.map { "\($0.manifest.file) (\($0.manifest.unread ?? ""))" }.joined(separator: ", "))
    }

    /// `refs --format json`: `report` (this scan's findings, as `report(config:)` made them and a baseline
    /// filtered them) with the project in front, then the scan's counts (`scan`), and with `listingReferences`
    /// every lookup and dynamic name (`references`; not the possible uses).
    package func reportJSON(_ report: CatalogReport, listingReferences: Bool) -> JSONValue {
        guard case .object(var members) = report.json else { return report.json }
        members.insert((key: "project", value: .string(project)), at: 0)
        members.append((key: "scan", value: json))
        if listingReferences {
            members.append((key: "references", value: .array(references.filter { $0.certainty != .possible }.map(\.reportJSON))))
        }
        return .object(members)
    }

    /// The scan's counts as JSON.
    package var json: JSONValue {
        let (lookups, possible, dynamic, symbols) = counts
        return .record([
            "catalogs": .array(catalogs.map { .string($0) }),
            "files": .object(fileCounts.sorted { $0.key < $1.key }.map { (key: $0.key, value: .int($0.value)) }),
            "lines": .int(lineCount),
            "references": .record([
                "lookups": .int(lookups), "dynamic": .int(dynamic), "symbols": .int(symbols), "possible": .int(possible),
            ]),
            "not_entered": .array(thirdPartyFolders.map { .string($0) }),
            "pods_read": .array(podsRead.map { .string($0) }),
            "pod_catalogs": .array(podCatalogs.map { .string($0) }),
            "generated_files": .array(generatedFiles.map { .string($0) }),
            "packages": .array(
                bundles.packages.map { package in
                    .record([
                        "manifest": .string(package.manifest.file),
                        "unread": .string(package.manifest.unread),
                        "targets": .array(
                            zip(package.manifest.targets, package.folders).map { target, folder in
                                .record([
                                    "name": .string(target.name), "kind": .string(target.kind.rawValue), "folder": .string(folder),
                                    "catalogs": .array(
                                        bundles.catalogTargets.filter { catalog, owner in
                                            owner == target.name && folder.map { PackageBundles.contains($0, catalog) } == true
                                        }.keys.sorted().map { .string($0) }),
                                ])
                            }),
                    ])
                }),
        ])
    }

    /// The references that may use the set named `name` (for `resolve NAME --used-by`): literals equal to it
    /// or to it apart from case, Xcode's symbols of a set of that name (exactly as Xcode names it), SwiftGen
    /// and R.swift accessors of its key, and dynamic names it matches. Symbols and accessors resolve by the
    /// scan's lookup, so they tie only to a set the catalogs have.
    package func references(to name: String) -> [AssetReference] {
        let lowered = name.lowercased()
        return references.filter { reference in
            switch reference.name {
            case .literal(let text): return text == name || text.lowercased() == lowered
            case .symbol(let symbol):
                return lookup.sets(forSymbol: symbol, as: reference.lookupKind).contains { $0.name == name }
            case .accessor(let identifier):
                return lookup.sets(forAccessor: identifier).contains { $0.name == name }
            case .dynamic(let prefix, let suffix):
                return !(prefix.isEmpty && suffix.isEmpty) && name.count >= prefix.count + suffix.count
                    && name.hasPrefix(prefix) && name.hasSuffix(suffix)
            }
        }
    }
}

extension CatalogReport {
    /// This catalog's report with its paths made relative to `project` (the catalog's own path in front),
    /// so it joins the source findings in one report rooted at the project (`validate --sources`).
    package func rebased(under project: String) -> [CatalogDiagnostic] {
        let prefix = ReferenceScan.relative(catalog, under: project)
        return diagnostics.map { diagnostic in
            var moved = diagnostic
            moved.path = diagnostic.path.isEmpty ? prefix : "\(prefix)/\(diagnostic.path)"
            return moved
        }
    }
}

extension ReferenceScan {
    /// `catalog` relative to `project` as the scan names catalogs (`App/Assets.xcassets`), by the paths'
    /// text; a catalog outside the project keeps its path as given.
    package static func relative(_ catalog: String, under project: String) -> String {
        let base = project.hasSuffix("/") ? String(project.dropLast()) : project
        let folder = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        if folder.hasPrefix(base + "/") { return String(folder.dropFirst(base.count + 1)) }
        if base == "." { return folder.hasPrefix("./") ? String(folder.dropFirst(2)) : folder }
        return folder
    }

    /// The name this scan gives the catalog at `catalog` (one of `catalogs`), found by its path under the
    /// project, else by its real path (`../App/Assets.xcassets` from inside the project, a link); nil when
    /// the scan did not read it (it is not under the project).
    package func catalogName(of catalog: String) -> String? {
        let named = Self.relative(catalog, under: project)
        if catalogs.contains(named) { return named }
        guard let real = CatalogRoot(path: catalog)?.real else { return nil }
        return catalogs.first { CatalogRoot(path: "\(project)/\($0)")?.real == real }
    }

    /// What the sources do with each set of the catalog `name` (one of `catalogs`), keyed by the set's
    /// path in it, for the report's cards (`report --sources`): the sets that references use, with their
    /// first few places (lookups and settings before other literals, then by file and line) and their count;
    /// the sets that `unused-asset` reports in `diagnostics` (the findings with the configuration's rules
    /// applied, so a disabled or excluded finding marks nothing) as unused. A set in neither was not
    /// checked for use.
    package func usage(
        ofCatalog name: String, findings: ReferenceFindings, diagnostics: [CatalogDiagnostic],
        places: Int
    ) -> [String: SetUsage] {
        let prefix = name + "/"
        var usage: [String: SetUsage] = [:]
        for (key, references) in findings.uses where key.hasPrefix(prefix) {
            let ordered = references.sorted { lhs, rhs in
                let (left, right) = (lhs.certainty == .possible, rhs.certainty == .possible)
                return left != right ? !left : (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
            }
            usage[String(key.dropFirst(prefix.count))] = SetUsage(
                first: ordered.prefix(places).map { SetUsage.Place(file: $0.file, line: $0.line, via: $0.via) },
                count: references.count)
        }
        for diagnostic in diagnostics where diagnostic.code == .unusedAsset && diagnostic.path.hasPrefix(prefix) {
            let set = String(diagnostic.path.dropFirst(prefix.count))
            if usage[set] == nil { usage[set] = .unused }
        }
        return usage
    }
}
