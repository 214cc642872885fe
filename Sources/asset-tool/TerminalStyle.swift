#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import AssetsSupport

/// Colour for terminal output: only when the stream is a terminal, never when `NO_COLOR` is set to
/// anything non-empty (https://no-color.org) or `TERM` is `dumb`. Only the severity word of a
/// `path: error: message [code]` line is coloured, so the line reads the same without colour.
struct TerminalStyle: Sendable {
    var colours: Bool

    /// The style for standard output or error in an environment.
    static func forStream(_ stream: StandardStream, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        TerminalStyle(colours: wantsColour(isTerminal: stream.isTerminal, environment: environment))
    }

    static func wantsColour(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// Every line of `text` through `diagnosticLine`.
    func diagnosticLines(_ text: String) -> String {
        guard colours else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { diagnosticLine(String($0)) }
            .joined(separator: "\n")
    }

    /// `path: error: message [code]` with `error` in bold red and `warning` in bold yellow, when colouring.
    func diagnosticLine(_ line: String) -> String {
        guard colours else { return line }
        for (word, code) in [(": error: ", "1;31"), (": warning: ", "1;33")] {
            if let range = line.firstRange(of: word) {
                let severity = word.dropFirst(2).dropLast(2)
                return line[..<range.lowerBound] + ": \u{1B}[\(code)m\(severity)\u{1B}[0m: " + line[range.upperBound...]
            }
        }
        return line
    }
}
