import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--version`, shell completions, examples in `--help`, and colour only on a terminal without `NO_COLOR`.
@Suite("Command-line conventions")
struct CommandLineConventionsTests {
    static let commands = ["extract-frames", "decode", "info", "validate", "resolve", "report"]

    @Test("--version prints the version alone")
    func version() throws {
        let result = try CLIRun.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test("completion scripts for bash, zsh and fish name every command", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        // When a completion script is asked for
        let result = try CLIRun.run(["--generate-completion-script", shell])
        // Then it is a script for that shell naming every command and their options
        #expect(result.status == 0)
        for command in Self.commands {
            #expect(result.stdout.contains(command), "\(shell) script lacks \(command)")
        }
        #expect(result.stdout.contains("output") && result.stdout.contains("appearance"))
        switch shell {
        case "bash": #expect(result.stdout.contains("-F _asset-tool asset-tool"))
        case "zsh": #expect(result.stdout.hasPrefix("#compdef asset-tool"))
        default: #expect(result.stdout.contains("complete -c 'asset-tool'") || result.stdout.contains("complete -c asset-tool"))
        }
    }

    @Test("--help gives an example of every command, and how to install completions")
    func rootHelp() throws {
        let result = try CLIRun.run(["--help"])
        #expect(result.status == 0)
        for command in Self.commands {
            #expect(result.stdout.contains("\n  asset-tool \(command) "), "no example of \(command)")
        }
        #expect(result.stdout.contains("--generate-completion-script fish"))
        #expect(result.stdout.contains("NO_COLOR"))
    }

    @Test(
        "a command's help ends its discussion with examples",
        arguments: ["validate", "resolve", "report", "info", "extract-frames", "decode"])
    func commandHelp(command: String) throws {
        let result = try CLIRun.run(["help", command])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:\n  asset-tool \(command) "))
    }

    /// A copy of the shipped catalog with a listed file removed: build-check prints an error line.
    static func brokenCatalog(in scratch: ScratchFolder) throws -> String {
        let root = PackageRoot.url
        let copy = scratch.url.appendingPathComponent("Broken.xcassets")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Assets.catalog"), to: copy)
        try FileManager.default.removeItem(
            at: copy.appendingPathComponent(
                "Placeholders/placeholder_error_icon.imageset/placeholder_error_icon@2x.png"))
        return copy.path
    }

    @Test("severities are coloured on a terminal only, and never with NO_COLOR or TERM=dumb")
    func colour() throws {
        // Given a catalog with an error
        let scratch = try ScratchFolder()
        let catalog = try Self.brokenCatalog(in: scratch)
        let arguments = ["build-check", catalog, "--output", scratch.path + "/Check.swift"]
        var plain = ProcessInfo.processInfo.environment
        plain["NO_COLOR"] = nil
        plain["TERM"] = "xterm-256color"

        // When it is checked on a terminal, through a pipe, and on a terminal with NO_COLOR or TERM=dumb
        let terminal = try Self.runOnTerminal(arguments, environment: plain)
        let piped = try CLIRun.run(arguments)
        var noColour = plain
        noColour["NO_COLOR"] = "1"
        let refused = try Self.runOnTerminal(arguments, environment: noColour)
        var dumb = plain
        dumb["TERM"] = "dumb"
        let dumbTerminal = try Self.runOnTerminal(arguments, environment: dumb)

        // Then only the first is coloured, and only its severity word
        #expect(terminal.status == 1 && piped.status == 1 && refused.status == 1)
        #expect(terminal.output.contains("Contents.json:9:20: \u{1B}[1;31merror\u{1B}[0m: images[1].filename: lists"))
        #expect(!piped.stdout.contains("\u{1B}["))
        #expect(piped.stdout.contains("Contents.json:9:20: error: images[1].filename: lists"))
        #expect(!refused.output.contains("\u{1B}[") && refused.output.contains(": error: "))
        #expect(!dumbTerminal.output.contains("\u{1B}[") && dumbTerminal.output.contains(": error: "))
        // and an empty NO_COLOR does not turn colour off (no-color.org)
        var empty = plain
        empty["NO_COLOR"] = ""
        #expect(try Self.runOnTerminal(arguments, environment: empty).output.contains("\u{1B}[1;31merror"))
    }

    @Test("validate colours its text output on a terminal only; JSON and piped text never")
    func validateColour() throws {
        // Given a catalog with an error
        let scratch = try ScratchFolder()
        let catalog = try Self.brokenCatalog(in: scratch)
        var plain = ProcessInfo.processInfo.environment
        plain["NO_COLOR"] = nil
        plain["TERM"] = "xterm-256color"
        var noColour = plain
        noColour["NO_COLOR"] = "1"
        // When it is validated as text on a terminal, with NO_COLOR, through a pipe, and as JSON on a terminal
        let terminal = try Self.runOnTerminal(["validate", catalog], environment: plain)
        let refused = try Self.runOnTerminal(["validate", catalog], environment: noColour)
        let piped = try CLIRun.run(["validate", catalog])
        let json = try Self.runOnTerminal(["validate", catalog, "--format", "json"], environment: plain)
        // Then only the first has colour, on the severity word alone
        #expect(terminal.status == 1)
        #expect(terminal.output.contains("Contents.json:9:20: \u{1B}[1;31merror\u{1B}[0m: images[1].filename: lists"))
        #expect(terminal.output.contains("1 error, "))
        #expect(!refused.output.contains("\u{1B}[") && refused.output.contains(": error: images[1].filename"))
        #expect(!piped.stdout.contains("\u{1B}[") && piped.stdout.contains(": error: images[1].filename"))
        #expect(!json.output.contains("\u{1B}[") && json.output.contains("\"severity\": \"error\""))
    }

    /// Runs the tool with stdout on a pseudo-terminal; returns what it wrote there.
    static func runOnTerminal(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        #if canImport(Darwin)
            // Darwin declares the POSIX calls for a pseudo-terminal.
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            try #require(master >= 0, "no pseudo-terminal")
            defer { close(master) }
            try #require(grantpt(master) == 0 && unlockpt(master) == 0)
            let name = try #require(ptsname(master).map { String(cString: $0) })
        #else
            // /dev/ptmx by hand: Glibc's Swift module does not declare posix_openpt/grantpt/ptsname.
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            try #require(master >= 0, "no /dev/ptmx")
            defer { close(master) }
            var unlock: Int32 = 0
            var number: UInt32 = 0
            try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)  // TIOCSPTLCK
            try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)  // TIOCGPTN
            let name = "/dev/pts/\(number)"
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        let process = Process()
        process.executableURL = CLIRun.binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = Pipe()
        try process.run()
        close(slave)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }  // EIO once the child has exited and closed the terminal
            bytes += buffer[0..<count]
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }
}
