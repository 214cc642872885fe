import ArgumentParser
import Assets
import AssetsSupport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `asset-tool report [CATALOG] --output report.html [--force]`: one self-contained HTML page about a catalog.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page showing every asset, its variants, placeholders and findings.",
        discussion: """
        The page inlines every image (thumbnails made with the project's decoders, animated GIFs as \
        themselves) and loads nothing from the network. It shows each variant side by side (scales, \
        light and dark, idioms), the placeholder each state shows under light and dark traits, and \
        every finding of `validate` next to its asset.

        Exit status: 0 when the page was written (findings in the catalog do not change it); 1 when \
        placeholders.json cannot be read or the output cannot be written (an existing file without \
        --force); 64 for a usage error; 66 when the catalog cannot be read.

        \(CommandExamples.report)
        """
    )

    @Argument(help: ArgumentHelp("The catalog folder (Assets.catalog, any .xcassets); --catalog names it too.", valueName: "catalog"))
    var catalogArgument: String?

    @OptionGroup var catalogOption: CatalogOption

    var catalog: String { catalogOption.path(argument: catalogArgument) }

    @Option(name: [.short, .long], help: "The HTML file to write.")
    var output: String

    @Flag(help: "Replace the output file when it exists.")
    var force = false

    @OptionGroup var placeholderNames: PlaceholderNameOptions

    @OptionGroup var localization: LocalizationOptions

    @OptionGroup var checks: CheckOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    @Flag(help: "Show each image set's BlurHash and ThumbHash previews (what an app shows while the image loads).")
    var hashPreviews = false

    func run() throws {
        InterruptSignals.cleanUpOnExit()
        do {
            // The catalog folder is checked first, so an unreadable catalog is told (66) before anything beside it.
            _ = try AssetCatalog.readableRoot(at: catalog)
        } catch {
            throw CommandFailure.unreadableCatalog("\(error)")
        }
        let names: PlaceholderNames
        let strings: LocalizedStrings?
        do {
            names = try placeholderNames.names(forCatalog: catalog)
            strings = try localization.provider()
        } catch {
            throw CommandFailure("\(error)")
        }
        let config = try checks.config(forCatalog: catalog)
        var options = CatalogValidator.Options.forProject(catalog: catalog, config: config, placeholderNames: names,
                                                          placeholderFileGiven: placeholderNames.placeholders != nil)
        options.limits = limits.decoding
        options.catalogLimits = limits.catalog
        let progress = ProgressReporter.make("checking sets")
        // One pass, as validate makes it: each set read (each file's header once) and checked; the catalog
        // is kept with those headers, so the page does not read a file again to learn what it is.
        let loaded: AssetCatalog, validation: CatalogReport
        do {
            (loaded, validation) = try CatalogValidator(options: options).readAndValidate(catalogAt: catalog, progress: progress?.callback)
        } catch {
            throw CommandFailure.unreadableCatalog("\(error)")
        }
        var report = CatalogHTMLReport(catalog: loaded, validation: validation, names: names)
        report.limits = limits.decoding
        report.hashPreviews = hashPreviews
        if let strings { report.localization = strings }
        progress?.stage("drawing assets")
        let page = report.render(progress: progress?.callback)
        progress?.finish()
        do {
            try AtomicFileWriter(overwrite: force).write(Array(page.utf8), to: output)
        } catch {
            throw CommandFailure("\(error)")
        }
        print(PlainText.escape("\(output): \(loaded.assets.count) assets, \(validation.summary)"))
    }
}
