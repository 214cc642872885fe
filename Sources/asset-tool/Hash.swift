import ArgumentParser
import Assets
import AssetsSupport

struct Hash: WritingCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "Make the BlurHash and ThumbHash placeholders of images, folders of images or a catalog.",
        discussion: """
            Each input is an image (JPEG, PNG, GIF), a folder (every image under it) or a catalog folder \
            (*.xcassets, *.catalog: each image set's highest-scale universal light image, read as every \
            command reads a catalog: no link out of it is followed). Pixels are what `asset-tool decode` \
            writes. The exact mode hashes the full-size pixels and gives the reference encoders' strings; \
            --fast decodes a JPEG with libjpeg's DCT scaling (at least 100 px on the longer side), much \
            faster, with hashes that can differ slightly (see the README). Files are hashed on --threads \
            threads within the memory budget (--max-memory).

            --output writes a manifest keyed by asset name (by file for plain files), atomically, and never \
            over an existing file unless --force is given (a regular file only). It never writes over the \
            project's configuration (placeholders.json, .asset-tool.json) or a Contents.json. Two images \
            with one key (catalogs sharing a set name) fail before anything is hashed; a file given twice is \
            hashed once.

            Exit status: 0 when every image was hashed; 1 when an input or an image could not be read (the \
            others are still hashed), a folder walk stopped short (a folder that cannot be listed, more \
            than 32 folders deep, more than 1,000,000 images) or the manifest cannot be written; 64 for \
            bad usage.

            \(CommandExamples.hash)
            """
    )

    @Argument(help: "Images, folders or catalogs.")
    var inputs: [String]

    @Option(help: ArgumentHelp("BlurHash components across x down, each 1...9 (default 4x3).", valueName: "XxY"))
    var components = "4x3"

    @Flag(help: "Hash a JPEG's DCT-scaled decode (at least 100 px on the longer side) instead of its full pixels.")
    var fast = false

    @OptionGroup var formatOption: TextOrJSONOption
    var format: TextOrJSON { formatOption.format }

    @OptionGroup var outputOptions: OptionalOutputOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name at least one image, folder or catalog") }
        do {
            _ = try BlurHash.Components(parsing: components)
        } catch {
            throw ValidationError("--components: \(error.description)")
        }
    }

    func run() throws {
        let parsed: BlurHash.Components
        do { parsed = try BlurHash.Components(parsing: components) } catch { throw CommandFailure(error.description, status: .usage) }
        var failed = false
        var items: [HashBatch.Item] = []
        for input in inputs {
            do {
                let expansion = try HashBatch.expand(input, limits: limits.catalog)
                items += expansion.items
                let skipped = expansion.skippedSets
                if !skipped.isEmpty {
                    // A note, not a failure: vector-only sets have no bitmap to hash.
                    printError(
                        "\(input): skipped \(skipped.count) image set\(skipped.count == 1 ? "" : "s") with no universal PNG, JPEG or GIF image (vector-only or unassigned): \(skipped.prefix(3).joined(separator: ", "))\(skipped.count > 3 ? ", ..." : "")"
                    )
                }
                for stop in expansion.incomplete {
                    printError(stop.description)
                    failed = true
                }
            } catch {
                printError(error.description)
                failed = true
            }
        }
        items = HashBatch.unique(items)
        if let output = outputOptions.output, let clash = HashBatch.clash(in: items) {
            throw CommandFailure(
                "\(output): \(clash.first) and \(clash.second) would both be \"\(MessageValue.clipped(clash.key))\" in the manifest; hash each catalog into its own manifest"
            )
        }
        let batch = HashBatch(hasher: ImageHasher(components: parsed, fast: fast, limits: limits.decoding), threads: limits.threadCount)
        let outcomes = batch.run(items)
        for outcome in outcomes {
            if case .failure(let error) = outcome.result {
                printError(error.description)
                failed = true
            }
        }
        switch format {
        case .text:
            for outcome in outcomes { if case .success = outcome.result { print(HashBatch.line(outcome)) } }
        case .json:
            print(HashBatch.json(outcomes).rendered())
        }
        if let output = outputOptions.output {
            do {
                try AtomicFileWriter(overwrite: outputOptions.force).write(
                    Array((HashBatch.manifest(outcomes).rendered() + "\n").utf8), to: output)
            } catch {
                throw CommandFailure(error.description)
            }
        }
        if failed { throw CommandFailure.exit(.failure) }
    }
}
