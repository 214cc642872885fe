import ArgumentParser
import Assets

struct Decode: WritingCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode an image and write its pixels as PPM (8-bit RGB, as djpeg writes) or a PNG (8-bit RGBA when read).",
        discussion: """
            The output's extension (.ppm or .png) picks the format. EXIF orientation is applied unless \
            --keep-orientation is given. --scale decodes a JPEG at 1/2, 1/4 or 1/8 size with libjpeg's DCT \
            scaling (less work, not a resize); other formats ignore it. An upright JPEG goes to PPM a batch \
            of rows at a time, never whole in memory. PPM has no alpha: transparency is dropped. A PNG is \
            stored indexed when the image has at most 256 colours, else RGB when it is opaque, else RGBA: \
            every PNG reader gives back the same RGBA pixels.

            \(CommandExamples.decode)
            """
    )

    @Argument(help: "The image to read (JPEG, PNG or GIF).")
    var input: String

    @OptionGroup var outputOptions: OutputOptions

    /// The file to write: NAME.ppm or NAME.png.
    var output: String { outputOptions.output }

    @Option(help: ArgumentHelp("JPEG scale: 1/2, 1/4 or 1/8.", valueName: "scale"))
    var scale: String?

    @Flag(help: "Write the pixels as stored, without turning them by the EXIF orientation.")
    var keepOrientation = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        if DecodedImageWriter.format(forPath: output) == nil {
            throw ValidationError("--output must end in .ppm or .png, not '\(output)'")
        }
        if let scale, Self.scale(scale) == nil {
            throw ValidationError("--scale must be 1/2, 1/4 or 1/8, not '\(scale)'")
        }
    }

    private static func scale(_ text: String) -> DecodeOptions.Scale? {
        switch text {
        case "1", "1/1": return .full
        case "1/2": return .half
        case "1/4": return .quarter
        case "1/8": return .eighth
        default: return nil
        }
    }

    func run() throws {
        guard let format = DecodedImageWriter.format(forPath: output) else { throw CommandFailure.exit(.usage) }
        let options = DecodeOptions(
            limits: limits.decoding, orientation: keepOrientation ? .keep : .apply,
            scale: scale.flatMap(Self.scale) ?? .full)
        let writer = DecodedImageWriter(options: options, overwrite: outputOptions.force)
        let result: DecodedImageWriter.Result
        do {
            result = try writer.write(file: input, to: output, format: format)
        } catch {
            throw CommandFailure(error.description)
        }
        for warning in result.warnings {
            printError("\(input): warning: \(warning.message) [\(warning.code.rawValue)]")
        }
        let turned = result.appliedOrientation == .up ? "" : ", turned upright"
        print(PlainText.escape("\(input): wrote \(result.width)x\(result.height) \(format.rawValue.uppercased())\(turned) to \(output)"))
    }
}
