import ArgumentParser

@main
struct AssetTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asset-tool",
        abstract: "Validate asset catalogs, extract GIF frames as browsers show them, and resolve placeholder images.",
        discussion: CommandExamples.root,
        version: "0.1.0",
        subcommands: [
            ExtractFrames.self,
            Decode.self,
            Info.self,
            Validate.self,
            Resolve.self,
            Report.self,
            BuildCheck.self,
        ]
    )
}
