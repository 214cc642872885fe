import ArgumentParser
import AssetReferences
import Assets
import AssetsSupport
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `asset-tool report [CATALOG] --output report.html [--force]`: one self-contained HTML page about a catalog.
struct Report: WritingCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page showing every asset, its variants, placeholders and findings.",
        discussion: """
            The page inlines every image (thumbnails made with the project's decoders, animated GIFs and \
            SVGs as themselves, shown only as images; a PDF's first page drawn by pdftoppm from \
            poppler-utils where it is installed) and loads nothing from the network. It shows each variant \
            side by side (scales, light and dark, idioms), the placeholder each state shows under light and \
            dark traits, and every finding of `validate` next to its asset. Previews load as sets scroll \
            into view, and a bar filters the sets by name and by finding (severity or code); without \
            script the page still lists every set and finding.

            A size section draws the catalog's bytes by group and set as a treemap (inline SVG, bounded: the \
            largest groups and sets, the rest as "other"), the cost findings marked on it (unused-scale and \
            oversized-image; with --deep also duplicate-image and compressible-image), with the figures of \
            `asset-tool size`; each set's card shows its bytes. With --sources PROJECT the project's code is \
            scanned as `refs` scans it: each card lists the first places that use the set (file:line, \
            relative to PROJECT) or marks the set unused, and the bar filters unused sets.

            Exit status: 0 when the page was written (findings in the catalog do not change it); 1 when \
            placeholders.json cannot be read or the output cannot be written (an existing file without \
            --force); 64 for a usage error (also a catalog that is not under --sources PROJECT); 66 when the \
            catalog or PROJECT cannot be read.

            \(CommandExamples.report)
            """
    )

    @Argument(help: ArgumentHelp("The catalog folder (Assets.catalog, any .xcassets); --catalog names it too.", valueName: "catalog"))
    var catalogArgument: String?

    @OptionGroup var catalogOption: CatalogOption

    var catalog: String { catalogOption.path(argument: catalogArgument) }

    @OptionGroup var outputOptions: OutputOptions

    /// The HTML file to write.
    var output: String { outputOptions.output }

    @OptionGroup var placeholderNames: PlaceholderNameOptions

    @OptionGroup var localization: LocalizationOptions

    @OptionGroup var checks: CheckOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    @Flag(help: "Show each image set's BlurHash and ThumbHash previews (what an app shows while the image loads).")
    var hashPreviews = false

    @Flag(
        help:
            "Fully decode every image instead of probing its header (as validate --deep); adds duplicate-image and compressible-image to the size map."
    )
    var deep = false

    @Option(
        help: ArgumentHelp(
            "Also find the asset names the code in this project folder asks for (as refs does): "
                + "each set's card lists its first uses (file:line) or marks it unused.",
            valueName: "project"))
    var sources: String?

    @Option(
        help: ArgumentHelp(
            "A compiled catalog (Assets.car) built from this catalog: the page adds what the app ships, set by set (as size --car).",
            valueName: "file"))
    var car: String?

    func run() throws {
        // Read first: a car that cannot be read stops the command before the page is drawn.
        let compiled = try car.map { try Car.read($0) }
        var setup = ValidatorSetup(checks: checks, placeholderNames: placeholderNames, limits: limits, deep: deep, costChecks: true)
        setup.duplicatesNeedDeep = true
        let (validator, names) = try setup.validator(forCatalog: catalog) { CommandFailure("\($0)") }
        let strings: LocalizedStrings?
        do {
            strings = try localization.provider()
        } catch {
            throw CommandFailure("\(error)")
        }
        let progress = ProgressReporter.make("checking sets")
        // The engine `validate` uses, which keeps of each set only its name, kind and path (the outline); the
        // page then reads each set again as it draws it, so memory stays flat with the catalog's size.
        var report: CatalogHTMLReport
        do {
            var (outline, validation) = try validator.validateKeepingOutline(catalogAt: catalog, progress: progress?.callback)
            let shipped = compiled.map { CompiledCatalogCost($0, sourceSetPaths: validation.setPaths) }
            validation.setPaths = []  // every set's path again, which the page does not use (the outline has them)
            report = try CatalogHTMLReport.reading(outline: outline, validation: validation, names: names, limits: limits.catalog)
            report.shipped = shipped
        } catch {
            progress?.finish()
            throw CommandFailure.unreadableCatalog("\(error)")
        }
        if let sources {
            progress?.stage("scanning sources")
            let (usage, project, icons) = try Self.usage(ofCatalog: catalog, sources: sources, checks: checks, progress: progress)
            report.usage = usage
            report.usageProject = project
            report.iconBundles = icons
        }
        report.limits = limits.decoding
        report.hashPreviews = hashPreviews
        let pdfBudget = PDFRenderBudget()
        report.pdfBudget = pdfBudget
        if let strings { report.localization = strings }
        progress?.stage("drawing assets")
        do {
            // Streamed: each batch of sets goes to the file as it is drawn, so the page is never whole in memory.
            try AtomicFileWriter(overwrite: outputOptions.force).write(to: output) { file in
                try report.write(to: file, progress: progress?.callback)
            }
        } catch {
            progress?.finish()
            throw CommandFailure("\(error)")
        }
        progress?.finish()
        if pdfBudget.skipped > 0 {
            printError(
                PlainText.escape(
                    "\(output): note: \(pdfBudget.skipped) PDF preview\(pdfBudget.skipped == 1 ? "" : "s") skipped: "
                        + "drawing PDFs took the report's budget of \(PDFRenderBudget.words(pdfBudget.allowed)) s"))
        }
        print(PlainText.escape("\(output): \(report.catalog.assets.count) assets, \(report.validation.summary)"))
    }

    /// `--sources PROJECT`: the project scanned as `refs` scans it (`RefsScan`, the command line's one way),
    /// and what it says of each set of `catalog`, as plain data for the page (`SetUsage`); the project's Icon
    /// Composer bundles, their layers read for the page.
    static func usage(
        ofCatalog catalog: String, sources given: String, checks: CheckOptions,
        progress: ProgressReporter?
    ) throws -> ([String: SetUsage], String, [IconComposerPreview]) {
        let project = RefsScan.project(given)
        let config = try checks.config(forProject: project)
        let scan: ReferenceScan
        do {
            scan = try RefsScan.run(project: project, config: config, progress: progress)
        } catch {
            progress?.finish()
            throw CommandFailure.unreadableCatalog("\(error)")
        }
        guard let name = scan.catalogName(of: catalog) else {
            progress?.finish()
            throw CommandFailure(
                "\(catalog): not a catalog under \(project) (--sources reads the \(scan.catalogs.count) catalog"
                    + "\(scan.catalogs.count == 1 ? "" : "s") under the project)", status: .usage)
        }
        let (applied, findings) = scan.report(config: config)
        let reach = CatalogRoot(path: scan.project)
        let icons = scan.iconBundles.compactMap { bundle in
            reach.map { reach in
                IconComposerBundle.preview(
                    bundle, in: reach, findings: applied.diagnostics.filter { $0.path.hasPrefix(bundle + "/") })
            }
        }
        return (
            scan.usage(ofCatalog: name, findings: findings, diagnostics: applied.diagnostics, places: CatalogHTMLReport.usagePlaces),
            project, icons
        )
    }
}
