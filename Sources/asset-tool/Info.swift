import ArgumentParser
import Assets

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show an image's format, canvas size, frame count, loop count and frame delays."
    )

    @Argument(help: "The image to read.")
    var file: String

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let bytes = try InputFile.read(file)
        guard ImageFormat(sniffing: bytes) == .gif else {
            // JPEG and PNG join through a unified probe with the still-image work.
            let what = ImageFormat(sniffing: bytes).map { "\($0.rawValue) images are not described yet" }
                ?? "not a GIF, JPEG or PNG file"
            throw commandFailure("\(file): \(what)")
        }
        let info: GIFInfo
        do {
            info = try GIFInfo(bytes: bytes)
        } catch {
            throw commandFailure(error.naming(file: file).description)
        }
        switch format {
        case .text: print(info.text(file: file))
        case .json: print(info.json(file: file), terminator: "")
        }
    }
}
