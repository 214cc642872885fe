import AssetsSupport
import ArgumentParser
import Assets
import AssetReferences

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check asset catalogs: their Contents.json files, their images and their placeholders.",
        discussion: """
            Give one catalog, several, or a folder that holds catalogs (every .xcassets and .xcstickers below it is found; \
            hidden folders and links are not followed): they are checked in one process on every core, \
            with one summary. Exit status, by the worst outcome: 0 when there is no error (and, with \
            --strict, no warning); 1 when there are findings at that level; 64 for a usage error; 66 when \
            a catalog cannot be read.

            \(CommandExamples.validate)
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Catalog folders (Assets.catalog, any .xcassets), or folders that hold catalogs; "
                + "--catalog names one too.", valueName: "catalog"))
    var catalogArguments: [String] = []

    @OptionGroup var catalogOption: CatalogOption

    @OptionGroup var findingOptions: FindingOptions

    var format: CatalogReportFormat { findingOptions.format }

    @Flag(help: "Fully decode every image instead of probing its header.")
    var deep = false

    @Flag(
        inversion: .prefixedNo,
        help:
            "Run the cost checks: unused-scale and oversized-image from the headers, duplicate-image (copies: only files whose header and size another file shares are compared; asset-tool size also finds the same pixels in other bytes); when .asset-tool.json names its rule also compressible-image, which rewrites every PNG and JPEG in memory (asset-tool size runs it)."
    )
    var cost = true

    @Flag(
        help:
            "Check the conventional placeholders and report a missing one as an error (without it, the check runs only when a placeholders.json sits beside the catalog)."
    )
    var requirePlaceholders = false

    @Option(
        help: ArgumentHelp(
            "Also find the asset names the code in this project folder asks for (as refs does): "
                + "one report rooted at the folder, catalog findings and source findings together.",
            valueName: "project"))
    var sources: String?

    @OptionGroup var checks: CheckOptions
    @OptionGroup var cache: CacheOptions
    @OptionGroup var placeholderNames: PlaceholderNameOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    /// `--catalog`, then the arguments; `Assets.catalog` when none is given.
    var catalogs: [String] {
        let named = (catalogOption.catalog.map { [$0] } ?? []) + catalogArguments
        return named.isEmpty ? [catalogOption.path()] : named
    }

    func run() throws {
        // The header pass holds its walk's pages and tables, not pixels: those go back to the system when let go.
        if !deep { AllocatorPolicy.returnLargeBlocksWhenFreed() }
        let progress = ProgressReporter.make("checking sets", enabled: format.isForPeople)
        // One catalog named as such keeps the one-catalog output; several, or a folder of catalogs, get
        // the several-catalog output (JSON: {"catalogs": [...], "summary": {...}}) even when one is found.
        let catalogs = self.catalogs
        if let sources {
            try runWithSources(sources, progress: progress)
            return
        }
        let paths = try Self.expanded(catalogs)
        guard catalogs.count == 1, paths.count == 1, paths[0] == catalogs[0] else {
            guard format.takesSeveralCatalogs else {
                throw CommandFailure(
                    "--format \(format.rawValue) takes one catalog; several catalogs are written as text, json or github", status: .usage)
            }
            var perCatalog: (@Sendable (Int, Int, Int) -> Void)?
            if let callback = progress?.callback {
                perCatalog = { @Sendable _, done, total in callback(done, total) }
            }
            // Each catalog with its own configuration and placeholder names.
            var entries: [MultiCatalogReport.Entry] = []
            var validators: [CatalogValidator] = []
            for path in paths {
                let validator = try validator(for: path)
                let found = validator.validate(catalogsAt: [path], progress: perCatalog).entries
                entries += found
                if case .report? = found.first { validators.append(validator) }
            }
            // duplicate-image across the catalogs: the same pixels in two catalogs of the project.
            var reports = MultiCatalogReport(entries: entries).reports
            CatalogValidator.crossCatalogDuplicates(&reports, validators: validators, root: catalogs.count == 1 ? catalogs[0] : "")
            // The digest tables are spent (no format shows them): let go before the output is made, where memory peaks
            // (at the scale tree's four catalogs, 19 MB of rows and names beside the JSON being written).
            for index in reports.indices { reports[index].imageDigests = ImageDigestTable() }
            var next = reports.makeIterator()
            entries = entries.map { entry in
                if case .report = entry, let updated = next.next() { return .report(updated) }
                return entry
            }
            let report = MultiCatalogReport(entries: entries)
            progress?.finish()
            findingOptions.print(report.rendered(as: format))
            if !report.unreadable.isEmpty { throw CommandFailure.exit(.noInput) }
            try findingOptions.exit(errors: report.errorCount, warnings: report.warningCount)
            return
        }
        let catalog = paths[0]
        let validator = try validator(for: catalog)
        var report: CatalogReport
        do {
            report = try validator.validate(catalogAt: catalog, progress: progress?.callback)
        } catch {
            progress?.finish()
            throw CommandFailure.unreadableCatalog("error: \(error)")
        }
        // Spent, as above: no format shows the digest table.
        report.imageDigests = ImageDigestTable()
        progress?.finish()
        findingOptions.print(report.rendered(as: format))
        try findingOptions.exit(errors: report.errorCount, warnings: report.warningCount)
    }

    /// `--sources PROJECT`: the catalogs named (or, when none is named, those under PROJECT) validated, and
    /// the project's references checked, in one report rooted at PROJECT.
    private func runWithSources(_ given: String, progress: ProgressReporter?) throws {
        let project = RefsScan.project(given)
        let named = (catalogOption.catalog.map { [$0] } ?? []) + catalogArguments
        let found: [String]
        do {
            found = try CatalogDiscovery.catalogs(under: project)
        } catch {
            throw CommandFailure.unreadableCatalog("error: \(error)")
        }
        let paths = named.isEmpty ? found : try Self.expanded(named)
        var diagnostics: [CatalogDiagnostic] = []
        var assets = 0
        var files = 0
        for path in paths {
            do {
                let report = try validator(for: path).validate(catalogAt: path, progress: progress?.callback)
                diagnostics += report.rebased(under: project)
                assets += report.assetCount
                files += report.fileCount
            } catch {
                progress?.finish()
                throw CommandFailure.unreadableCatalog("error: \(error)")
            }
        }
        let config = try checks.config(forProject: project)
        progress?.stage("scanning sources")
        // The source findings exactly as `refs` makes them (one path: `RefsScan.findings`).
        let references = try RefsScan.findings(in: project, config: config, progress: progress).report
        let report = CatalogReport(
            catalog: project, diagnostics: (diagnostics + references.diagnostics).sorted(),
            assetCount: assets, fileCount: files + references.fileCount)
        findingOptions.print(report.rendered(as: format))
        try findingOptions.exit(errors: report.errorCount, warnings: report.warningCount)
    }

    /// The validator for one catalog, with that catalog's placeholder names.
    private func validator(for catalog: String) throws(CommandFailure) -> CatalogValidator {
        let setup = ValidatorSetup(
            checks: checks, placeholderNames: placeholderNames, limits: limits, deep: deep,
            requirePlaceholders: requirePlaceholders, costChecks: cost)
        return cache.applied(to: try setup.validator(forCatalog: catalog) { CommandFailure("error: \($0)") }.validator)
    }

    /// The catalogs to check: each argument that is a catalog as given; a folder that is not one stands
    /// for the catalogs below it (or for itself when none is found, as a catalog of any name would be).
    /// A folder that cannot be listed is validated as given (its reading says what is wrong); a search
    /// that hits its limits (folders, catalogs) fails, naming the limit, and never stands for the folder.
    static func expanded(_ arguments: [String]) throws(CommandFailure) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            guard !CatalogDiscovery.isCatalog(argument) else {
                paths.append(argument)
                continue
            }
            let found: [String]?
            do {
                found = try CatalogDiscovery.catalogsIfListable(under: argument)
            } catch {
                throw CommandFailure("error: \(error.path): \(error.reason)", status: .noInput)
            }
            guard let found else {
                paths.append(argument)
                continue
            }
            paths += found.isEmpty ? [argument] : found
        }
        return paths
    }
}
