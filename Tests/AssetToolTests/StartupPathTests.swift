import Foundation
import Testing

/// `asset-tool SUBCOMMAND ...` parses only that subcommand when its arguments are sound (a faster
/// start); help, version and usage errors must still read as the whole tool's.
@Suite("asset-tool start-up: a subcommand parsed alone behaves as through the root")
struct StartupPathTests {
    @Test(
        "help and usage errors name the whole command; exit codes are kept",
        arguments: [
            (["decode", "--help"], Int32(0), "USAGE: asset-tool decode [<options>] <input>"),
            (["extract-frames", "-h"], Int32(0), "USAGE: asset-tool extract-frames [<options>] <input>"),
            (["validate", "--no-such-flag"], Int32(64), "Usage: asset-tool validate"),
            (["decode"], Int32(64), "Usage: asset-tool decode"),
            (["--version"], Int32(0), "0.1.0"),
            (["help", "info"], Int32(0), "USAGE: asset-tool info"),
        ])
    func messages(arguments: [String], status: Int32, words: String) throws {
        // Given a command line that help, version or a usage error answers
        // When the tool runs it
        let result = try CLIRun.run(arguments)

        // Then the status and the words are those of the root command's handling
        #expect(result.status == status, "\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(words), "\(result.stdout)\(result.stderr)")
    }

    @Test("a sound subcommand runs and fails on its input as usual")
    func soundArguments() throws {
        // Given a subcommand with sound arguments naming a file that is not there
        // When the tool runs it
        let result = try CLIRun.run(["info", "/nonexistent/picture.png"])

        // Then the subcommand itself ran: one line naming the file, exit 1
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/picture.png"), "\(result.stderr)")
    }
}
