import ArgumentParser
import Assets
import AssetsSupport

/// `asset-tool car info|diff`: the compiled catalog (`Assets.car`) read headless, from its BOM store's
/// headers and trees, nothing decompressed (Docs/car.md).
struct Car: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "car",
        abstract: "Read a compiled asset catalog (Assets.car): list its renditions, compare two builds.",
        discussion: CommandExamples.car,
        subcommands: [CarInfo.self, CarDiff.self, CarExtract.self]
    )

    /// Reads one file, or fails with one line naming it and what is wrong (status 66: it cannot be read).
    static func read(_ path: String, digests: Bool = true) throws(CommandFailure) -> CompiledCatalog {
        do {
            return try CompiledCatalog.read(at: path, digests: digests)
        } catch {
            throw CommandFailure.unreadableCatalog("\(PlainText.escape(path)): error: \(error.description)")
        }
    }
}

struct CarInfo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "List a compiled catalog's header and every rendition (name, traits, size, compression, digest).",
        discussion: """
            Each rendition as assetutil --info describes it: set and rendition name, idiom, scale, appearance, \
            display gamut, size class, pixel size, encoding, compression, bytes on disk, a digest of the stored \
            payload (a stable 128-bit digest: not assetutil's SHA-1), the packed atlas it is cropped from. Nothing is \
            decompressed; LZFSE payloads are listed with their size.

            Exit status: 0 when listed; 64 for a usage error; 66 when the file cannot be read or is not a \
            sound compiled catalog (the message names the byte offset).

            \(CommandExamples.car)
            """
    )

    @Argument(help: ArgumentHelp("The compiled catalog.", valueName: "file.car"))
    var path: String

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @Flag(help: "Read only headers, keys and trees: no payload digest (the payloads are not read).")
    var noDigest = false

    func run() throws {
        let catalog = try Car.read(path, digests: !noDigest)
        switch format {
        case .json: print(catalog.json.rendered(.records))
        case .text: print(catalog.text)
        }
    }
}

struct CarDiff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two compiled catalogs: renditions added, removed and changed, with bytes.",
        discussion: """
            Renditions are matched by set name and traits; changed means another payload or size. The file's \
            size difference is split into the renditions' and the container's (BOM header, index, trees, \
            names, free space).

            Exit status: 0 when compared (differences do not change it); 64 for a usage error; 66 when a file \
            cannot be read.

            \(CommandExamples.car)
            """
    )

    @Argument(help: ArgumentHelp("The earlier build.", valueName: "old.car"))
    var old: String

    @Argument(help: ArgumentHelp("The later build.", valueName: "new.car"))
    var new: String

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    func run() throws {
        let diff = CompiledCatalogDiff(from: try Car.read(old), to: try Car.read(new))
        switch format {
        case .json: print(diff.json.rendered(.records))
        case .text: print(diff.text)
        }
    }
}

struct CarExtract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write what a compiled catalog stores for a set: its file as it was (a PDF, JPEG or data), or its pixels as PNG.",
        discussion: """
            The set's rendition for the traits (as resolve NAME --car chooses it), else the set's rendition \
            stored plain (a PDF set's vector rendition beside its rasters, a data set's data), is written to --output as it \
            was: PDF, JPEG and data payloads stored uncompressed. Otherwise the chosen image's pixels are written as a \
            PNG: its own pixels (uncompressed, zip, or LZFSE and palette-img where the system has an LZFSE library: libcompression on \
            macOS, liblzfse elsewhere, or the file ASSETS_LZFSE_LIBRARY names), or the crop of its packed atlas. \
            CoreUI's own rle and deepmap encodings are not decoded (no codec is written by hand): the \
            command says so and exits 1. The output is written atomically, never over a file without --force.

            Exit status: 0 when written; 1 when the rendition is neither stored plain nor decodable here, or the output cannot be \
            written; 64 for a usage error; 66 when the file cannot be read.
            """
    )

    @Argument(help: ArgumentHelp("The compiled catalog.", valueName: "file.car"))
    var path: String

    @Argument(help: "The set's name.")
    var name: String

    @OptionGroup var traits: DeviceTraitOptions

    @Option(
        help: ArgumentHelp(
            "The rendition to write, by the file name car info lists (icon@2x.png), instead of the one the traits choose.",
            valueName: "file-name"))
    var rendition: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let catalog = try Car.read(path, digests: false)
        let resolved: CompiledRendition?
        if let rendition {
            // One file name can name several renditions (a vector set's rasters, one per scale): the one at the
            // traits' scale first, then one that holds pixels or a file.
            let named = catalog.renditions.filter { $0.name == name && $0.renditionName == rendition }
            let scale = traits.query.scale.catalogValue
            func rank(_ candidate: CompiledRendition) -> Int {
                ("\(candidate.scaleFactor / 100)x" == scale ? 0 : 2) + (candidate.payloadTag == "MLEC" || candidate.link != nil ? 0 : 1)
            }
            guard let best = named.min(by: { rank($0) < rank($1) }) else {
                throw CommandFailure(
                    "\(PlainText.escape(path)): error: \(PlainText.escape(name)) has no rendition \(PlainText.escape(rendition))")
            }
            resolved = best
        } else {
            resolved = catalog.resolvedRendition(name, for: traits.query).rendition
        }
        // The rendition resolve chooses when it keeps its file plain; else the set's stored file (a PDF set's
        // vector rendition beside the rasters resolve prefers, a data set's data).
        let plain = catalog.renditions.first { $0.name == name && $0.payloadTag == "DWAR" }
        guard let first = resolved ?? plain ?? catalog.renditions.first(where: { $0.name == name }) else {
            throw CommandFailure("\(PlainText.escape(path)): error: no rendition of \(PlainText.escape(name))")
        }
        var chosen = first
        var bytes: [UInt8]?
        do {
            bytes = try catalog.storedFile(of: chosen)
            if bytes == nil, rendition == nil, let plain {
                chosen = plain
                bytes = try catalog.storedFile(of: plain)
            }
        } catch {
            if case .undecodable = error {
                throw CommandFailure("\(PlainText.escape(path)): error: \(PlainText.escape(error.description))")
            }
            throw CommandFailure.unreadableCatalog("\(PlainText.escape(path)): error: \(error.description)")
        }
        var decoded = ""
        if bytes == nil {
            // No file stored plain: the image's pixels (its own, or its packed atlas's crop), as a PNG.
            let image = resolved ?? first
            do {
                let pixels = try catalog.pixels(of: image)
                bytes = try PNGEncoder.smooth.encode(pixels)
                chosen = image
                let kind = [image.pixelFormat, image.compression].compactMap { $0 }.joined(separator: " ")
                decoded = image.link != nil ? " (cropped from its packed atlas, written as PNG)" : " (\(kind), written as PNG)"
            } catch let error as CompiledCatalogError {
                throw CommandFailure("\(PlainText.escape(path)): error: \(PlainText.escape(error.description))")
            } catch {
                throw CommandFailure("\(PlainText.escape(path)): error: \(PlainText.escape(image.renditionName)): \(error)")
            }
        }
        guard let bytes else {
            throw CommandFailure("\(PlainText.escape(path)): error: \(PlainText.escape(chosen.renditionName)) holds nothing to write")
        }
        do {
            try AtomicFileWriter(overwrite: outputOptions.force).write(bytes, to: outputOptions.output)
        } catch {
            throw CommandFailure(error.description)
        }
        print(
            "\(PlainText.escape(outputOptions.output)): \(CatalogCostReport.grouped(bytes.count)) bytes of \(PlainText.escape(chosen.renditionName))\(decoded)"
        )
    }
}
