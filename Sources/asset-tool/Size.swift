import ArgumentParser
import Foundation
import Assets
import AssetsSupport

/// `asset-tool size [CATALOG|PROJECT]`: what each catalog costs the app, and what its cost findings save.
struct Size: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "size",
        abstract:
            "Show the bytes of each set, group and catalog, and what duplicates, unused scales, oversized and compressible images cost.",
        discussion: """
            Runs validate's cost checks (duplicate-image, unused-scale, oversized-image, compressible-image; \
            .asset-tool.json's "cost" settings and rules apply) and prints, per set, group and catalog, the \
            bytes of the files its entries name and the bytes each finding promises. "saving" counts each \
            file once, by its largest saving. A folder that holds catalogs is every catalog below it; the \
            deployment target comes from the project above each catalog (project.pbxproj, Package.swift).

            A catalog with errors (invalid JSON, a missing file, an unsafe path) gets a note on stderr: the \
            files those entries name may be missing from the table.

            With --car, the compiled catalog (Assets.car) too: each set's shipped bytes (its renditions, plus \
            its share of each packed atlas by crop area: an estimate, marked ~), payloads stored more than once \
            (same digest), and, when a catalog is also read, the compiled sets no source set explains. Without a \
            catalog argument and with no Assets.catalog here, only the compiled catalog is sized.

            Exit status: 0 when the table was printed (findings do not change it); 64 for a usage error; 66 \
            when a catalog cannot be read.

            \(CommandExamples.size)
            """
    )

    @Argument(help: ArgumentHelp("A catalog folder, or a folder that holds catalogs (default: Assets.catalog).", valueName: "catalog"))
    var catalogArgument: String?

    @OptionGroup var catalogOption: CatalogOption

    @Option(name: .long, help: ArgumentHelp("A compiled catalog (Assets.car) to size as the app ships it.", valueName: "file"))
    var car: String?

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @OptionGroup var checks: CheckOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func run() throws {
        let catalogPath = catalogOption.path(argument: catalogArgument)
        let carOnly =
            car != nil && catalogArgument == nil && catalogOption.catalog == nil && !FileManager.default.fileExists(atPath: catalogPath)
        let paths = carOnly ? [] : try Validate.expanded([catalogPath])
        var validated: [CatalogReport] = []
        var validators: [CatalogValidator] = []
        for path in paths {
            let config = try checks.config(forCatalog: path)
            let options = CatalogValidator.Options.forProject(
                catalog: path, config: config, costChecks: true,
                limits: limits.decoding, catalogLimits: limits.catalog)
            let validator = CatalogValidator(options: options)
            do {
                validated.append(try validator.validate(catalogAt: path))
            } catch {
                throw CommandFailure.unreadableCatalog("error: \(error)")
            }
            validators.append(validator)
        }
        // duplicate-image across the catalogs of a project folder, then each catalog's table.
        CatalogValidator.crossCatalogDuplicates(&validated, validators: validators, root: catalogOption.path(argument: catalogArgument))
        var reports = validated.map(CatalogCostReport.init)
        for (index, validator) in validators.enumerated() where index < reports.count {
            reports[index].listAppIcons(deployment: validator.options.deployment)
        }
        let compiled = try car.map { path in
            CompiledCatalogCost(try Car.read(path), sourceSetPaths: carOnly ? nil : validated.flatMap(\.setPaths))
        }
        // The table counts only the files a catalog's valid entries name: say on stderr when errors left some out.
        for report in validated where report.errorCount > 0 {
            let errors = report.errorCount == 1 ? "1 error" : "\(report.errorCount) errors"
            printError(
                "\(PlainText.escape(report.catalog)): note: \(errors) in this catalog (asset-tool validate lists them); "
                    + "sets and files they concern may be missing from the table")
        }
        switch format {
        case .json:
            let total = reports.reduce(0) { $0 + $1.total.bytes }
            let saving = reports.reduce(0) { $0 + $1.total.saving }
            let appSaving = reports.reduce(0) { $0 + $1.total.appSaving }
            var members: [(key: String, value: JSONValue)] = [
                ("app_saving", .int(appSaving)),
                ("bytes", .int(total)),
                ("catalogs", .array(reports.map(\.json))),
                ("saving", .int(saving)),
            ]
            if let compiled { members.append(("car", compiled.json)) }
            print(JSONValue.object(members).rendered(.records))
        default:
            for report in reports { print(report.text) }
            if reports.count > 1 {
                let total = reports.reduce(0) { $0 + $1.total.bytes }
                let saving = reports.reduce(0) { $0 + $1.total.saving }
                let appSaving = reports.reduce(0) { $0 + $1.total.appSaving }
                print(
                    "\(reports.count) catalogs: \(CatalogCostReport.grouped(total)) bytes, \(CatalogCostReport.grouped(saving)) repository bytes to save, "
                        + "\(CatalogCostReport.grouped(appSaving)) of them out of the app")
            }
            if let compiled { print(compiled.text) }
        }
    }
}
