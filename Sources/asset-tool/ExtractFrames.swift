import ArgumentParser
import Assets

struct ExtractFrames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract-frames",
        abstract: "Write every frame of an animated GIF as an RGBA PNG, composited as a browser shows it."
    )

    @Argument(help: "The image to read.")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to write frames into.")
    var output: String

    func run() throws {
        throw ValidationError("extract-frames is not built yet")
    }
}
