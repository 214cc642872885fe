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
            Refs.self,
            Resolve.self,
            Report.self,
            Size.self,
            Car.self,
            Optimize.self,
            BuildCheck.self,
            Hash.self,
            RenderHash.self,
        ]
    )

    /// Parses only the named subcommand when its arguments parse cleanly, which skips building the whole
    /// command tree at start-up (about a millisecond: a third of the 1/8 JPEG preview's gap to djpeg).
    /// Anything else (help, version, a usage error, no subcommand) goes the usual way, so every message
    /// and exit status stays the root command's. Every failure ends here: a `CommandFailure` prints its
    /// one line and exits with its status; anything else is ArgumentParser's to word.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: ParsableCommand
        do {
            if let name = arguments.first,
                let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
                let parsed = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
                // A help or completion request parses to a command of its own: that goes the usual way too.
                ObjectIdentifier(type(of: parsed)) == ObjectIdentifier(subcommand)
            {
                command = parsed
            } else {
                command = try parseAsRoot(arguments)
            }
            // A command that writes removes its temporaries when a signal stops it (one place for all of them).
            if command is WritingCommand { InterruptSignals.cleanUpOnExit() }
            try command.run()
        } catch let failure as CommandFailure {
            // An interrupted run's failures (its temporaries removed under it) are not its result: no line for them.
            InterruptSignals.holdIfInterrupted()
            if let message = failure.message { printError(message) }
            exit(withError: failure.status.code)
        } catch {
            InterruptSignals.holdIfInterrupted()
            exit(withError: error)
        }
        InterruptSignals.holdIfInterrupted()
    }
}

/// A command that writes files: `AssetTool.main` installs the interrupt cleanup before it runs, so SIGINT,
/// SIGTERM and SIGHUP leave none of its temporaries behind.
protocol WritingCommand: ParsableCommand {}
