import ArgumentParser
import Assets
import AssetsSupport

/// `asset-tool optimize CATALOG --output DIR` (or `--in-place --force`): the catalog with its PNGs and JPEGs
/// rewritten losslessly, each proven to show the same pixels, colour profile, gamma and orientation.
struct Optimize: WritingCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract:
            "Write the catalog again with every PNG and JPEG rewritten losslessly where that is smaller, each proven pixel-identical.",
        discussion: """
            PNGs: decoded by libpng, reduced where exact (16 to 8 bits, RGBA to RGB, colour to grey, a palette \
            of the fewest bits), filtered per row, deflated by libdeflate at its strongest level; metadata \
            that changes no pixel dropped (text, time, pHYs, sBIT, bKGD), colour chunks (iCCP, sRGB, gAMA, \
            cHRM, cICP) and eXIf kept. JPEGs: transcoded by libjpeg (jpegtran's semantics: the same \
            coefficients, optimised Huffman tables, progressive when smaller), APPn markers kept, comments \
            dropped. Each rewrite is decoded again and compared with the original; a file that is not smaller \
            or not proven is copied as it was. Data sets' files and every other file are copied byte for byte.

            The output folder appears whole or not at all, with a marker file, .asset-tool-optimized, at its \
            top. --force replaces an existing folder only when it holds that marker (an earlier output of \
            optimize) or nothing; a folder of other files, the catalog itself, a folder inside it or one that \
            holds it is refused. --in-place replaces the catalog itself (with --force), again only once every \
            file is written; a signal before that leaves the catalog as it was.

            Exit status: 0 when written; 1 when the output cannot be written (an existing folder without \
            --force) or the catalog holds a link or special file; 64 for a usage error.

            \(CommandExamples.optimize)
            """
    )

    @Argument(help: ArgumentHelp("The catalog folder (Assets.catalog, any .xcassets); --catalog names it too.", valueName: "catalog"))
    var catalogArgument: String?

    @OptionGroup var catalogOption: CatalogOption

    var catalog: String { catalogOption.path(argument: catalogArgument) }

    @OptionGroup var outputOptions: OptionalOutputOptions

    @Flag(help: "Replace the catalog itself (needs --force).")
    var inPlace = false

    var output: String? { outputOptions.output }
    var force: Bool { outputOptions.force }

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        if inPlace {
            guard output == nil else { throw ValidationError("--in-place and --output exclude each other") }
            guard force else { throw ValidationError("--in-place replaces the catalog: add --force") }
        } else if output == nil {
            throw ValidationError("give --output DIR, or --in-place --force")
        }
    }

    func run() throws {
        let destination = inPlace ? catalog : (output ?? catalog)
        let optimizer = CatalogOptimizer(limits: limits.decoding, catalogLimits: limits.catalog)
        let result: CatalogOptimization
        do {
            result = try optimizer.optimize(catalogAt: catalog, output: destination, overwrite: force, inPlace: inPlace)
        } catch {
            throw CommandFailure("error: \(error)")
        }
        switch format {
        case .json:
            print(result.json.rendered(.records))
        default:
            for file in result.rewritten {
                print(
                    "\(PlainText.escape(file.path)): \(CatalogCostReport.grouped(file.before)) -> \(CatalogCostReport.grouped(file.after)) bytes (\(file.change))"
                )
            }
            let saved = result.bytesBefore - result.bytesAfter
            print(
                "\(result.rewritten.count) rewritten, \(result.unchanged) left as they were, \(result.copied) other files copied: "
                    + "\(CatalogCostReport.grouped(result.bytesBefore)) -> \(CatalogCostReport.grouped(result.bytesAfter)) bytes "
                    + "(\(CatalogCostReport.grouped(saved)) repository bytes saved) in \(destination)")
            let jpeg = result.jpegBytesSaved
            print(
                "of them \(CatalogCostReport.grouped(jpeg)) in JPEGs, which the app ships as they are; the PNGs' \(CatalogCostReport.grouped(saved - jpeg)) "
                    + "leave git and source downloads, not necessarily the app (actool re-encodes catalog PNGs into Assets.car)")
        }
    }
}
