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

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

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

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

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
        abstract: "Write the file a compiled catalog stores as it was (a PDF, JPEG or data set), chosen as resolve chooses.",
        discussion: """
        The set's rendition for the traits (as resolve NAME --car chooses it), else the set's rendition \
        stored plain (a PDF set's vector rendition beside its rasters, a data set's data), is written to --output when it keeps its file plain: PDF, JPEG and data payloads stored uncompressed. \
        Pixel payloads and LZFSE-compressed data are not decoded (no liblzfse here; no codec is written by \
        hand): the command says so and exits 1. The output is written atomically, never over a file without \
        --force.

        Exit status: 0 when written; 1 when the set has no rendition stored plain or the output cannot be \
        written; 64 for a usage error; 66 when the file cannot be read.
        """
    )

    @Argument(help: ArgumentHelp("The compiled catalog.", valueName: "file.car"))
    var path: String

    @Argument(help: "The set's name.")
    var name: String

    @OptionGroup var traits: DeviceTraitOptions

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let catalog = try Car.read(path, digests: false)
        let resolved = catalog.resolvedRendition(name, for: traits.query).rendition
        // The rendition resolve chooses when it keeps its file plain; else the set's stored file (a PDF set's
        // vector rendition beside the rasters resolve prefers, a data set's data).
        let plain = catalog.renditions.first { $0.name == name && $0.payloadTag == "DWAR" && $0.compression == "uncompressed" }
        guard let first = resolved ?? plain ?? catalog.renditions.first(where: { $0.name == name }) else {
            throw CommandFailure("\(PlainText.escape(path)): error: no rendition of \(PlainText.escape(name))")
        }
        var rendition = first
        var bytes: [UInt8]?
        do {
            bytes = try catalog.storedFile(of: rendition)
            if bytes == nil, let plain {
                rendition = plain
                bytes = try catalog.storedFile(of: plain)
            }
        } catch {
            throw CommandFailure.unreadableCatalog("\(PlainText.escape(path)): error: \(error.description)")
        }
        guard let bytes else {
            let kind = [rendition.pixelFormat, rendition.compression].compactMap { $0 }.joined(separator: " ")
            throw CommandFailure("\(PlainText.escape(path)): error: \(PlainText.escape(rendition.renditionName)) (\(kind)) is not stored plain: "
                                 + "pixels and LZFSE payloads are not decoded here")
        }
        do {
            try AtomicFileWriter(overwrite: outputOptions.force).write(bytes, to: outputOptions.output)
        } catch {
            throw CommandFailure(error.description)
        }
        print("\(PlainText.escape(outputOptions.output)): \(CatalogCostReport.grouped(bytes.count)) bytes of \(PlainText.escape(rendition.renditionName))")
    }
}
