import ArgumentParser
import Assets

struct RenderHash: WritingCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-hash",
        abstract: "Draw a BlurHash or a ThumbHash as a PNG.",
        discussion: """
            A BlurHash is drawn at --size (each side 1...4096) as the reference C decoder draws it; a \
            ThumbHash (standard base64) at its own size, 32 px on the longer side, as the reference decoder \
            draws it. The PNG is written atomically and never over an existing file unless --force is given.

            Exit status: 0 when the PNG was written; 1 for an invalid hash or when the file cannot be \
            written; 64 for bad usage.

            \(CommandExamples.renderHash)
            """
    )

    @Option(help: "The BlurHash to draw.")
    var blurhash: String?

    @Option(help: "The ThumbHash to draw, in standard base64.")
    var thumbhash: String?

    @Option(help: ArgumentHelp("The size to draw a BlurHash at (default 32x32).", valueName: "WxH"))
    var size: String?

    @Option(help: "Scales a BlurHash's colour contrast (default 1).")
    var punch: Double = 1

    @OptionGroup var outputOptions: OutputOptions

    /// The PNG to write.
    var output: String { outputOptions.output }

    func validate() throws {
        switch (blurhash, thumbhash) {
        case (nil, nil): throw ValidationError("give --blurhash or --thumbhash")
        case (.some, .some): throw ValidationError("give --blurhash or --thumbhash, not both")
        default: break
        }
        if thumbhash != nil, size != nil { throw ValidationError("--size is for --blurhash; a ThumbHash has its own size") }
        if let size, Self.size(size) == nil { throw ValidationError("--size must be WxH, not '\(size)'") }
    }

    private static func size(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        return (width, height)
    }

    func run() throws {
        let image: RGBAImage
        do {
            if let blurhash {
                let (width, height) = size.flatMap(Self.size) ?? (32, 32)
                image = try BlurHash.decode(blurhash, width: width, height: height, punch: punch)
            } else {
                image = try ThumbHash.decode(try ThumbHash.bytes(base64: thumbhash ?? ""))
            }
        } catch let error as BlurHashError {
            throw CommandFailure(error.description)
        } catch let error as ThumbHashError {
            throw CommandFailure(error.description)
        }
        do {
            try AtomicFileWriter(overwrite: outputOptions.force).write(try PNGEncoder.smooth.encode(image), to: output)
        } catch let error as OutputError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("\(output): \(error)")
        }
        print("wrote \(image.width)x\(image.height) PNG to \(output)")
    }
}
