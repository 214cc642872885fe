import Assets
import AssetsSupport

extension ReferenceScan {
    /// The findings as one report rooted at the project folder (every output format reads it), with the
    /// configuration's rules and exclusions applied.
    package func report(config: ValidationConfig) -> (report: CatalogReport, findings: ReferenceFindings) {
        let findings = ReferenceFindings(self)
        let report = CatalogReport(catalog: project, diagnostics: config.apply(to: findings.diagnostics).sorted(),
                                   assetCount: findings.setCount, fileCount: fileCounts.values.reduce(0, +))
        return (report, findings)
    }

    /// How many references of each sort: lookups, possible uses, dynamic names, symbols.
    package var counts: (lookups: Int, possible: Int, dynamic: Int, symbols: Int) {
        var lookups = 0, possible = 0, dynamic = 0, symbols = 0
        for reference in references {
            switch reference.name {
            case .dynamic: dynamic += 1
            case .symbol, .accessor: symbols += 1
            case .literal: if reference.certainty == .possible { possible += 1 } else { lookups += 1 }
            }
        }
        return (lookups, possible, dynamic, symbols)
    }

    /// `read 812 files (640 swift, …), 98,000 lines, 3 catalogs; not entered: Pods`.
    package var scanSummary: String {
        let kinds = fileCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let (lookups, possible, dynamic, symbols) = counts
        return "read \(fileCounts.values.reduce(0, +)) files (\(kinds)), \(lineCount) lines, \(catalogs.count) catalog\(catalogs.count == 1 ? "" : "s"); "
            + "\(lookups) lookups, \(dynamic) dynamic names, \(symbols) symbols, \(possible) other literals"
            + (thirdPartyFolders.isEmpty ? "" : "; not entered: \(thirdPartyFolders.joined(separator: ", "))")
    }

    /// The scan's counts as JSON.
    package var json: JSONValue {
        let (lookups, possible, dynamic, symbols) = counts
        return .record([
            "catalogs": .array(catalogs.map { .string($0) }),
            "files": .object(fileCounts.sorted { $0.key < $1.key }.map { (key: $0.key, value: .int($0.value)) }),
            "lines": .int(lineCount),
            "references": .record(["lookups": .int(lookups), "dynamic": .int(dynamic), "symbols": .int(symbols), "possible": .int(possible)]),
            "not_entered": .array(thirdPartyFolders.map { .string($0) }),
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
        let base = project.hasSuffix("/") ? String(project.dropLast()) : project
        let folder = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        let prefix: String
        if folder.hasPrefix(base + "/") {
            prefix = String(folder.dropFirst(base.count + 1))
        } else if base == "." {
            prefix = folder.hasPrefix("./") ? String(folder.dropFirst(2)) : folder
        } else {
            prefix = folder
        }
        return diagnostics.map { diagnostic in
            var moved = diagnostic
            moved.path = diagnostic.path.isEmpty ? prefix : "\(prefix)/\(diagnostic.path)"
            return moved
        }
    }
}
