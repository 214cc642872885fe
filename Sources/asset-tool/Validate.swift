import ArgumentParser
import Assets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an asset catalog: its Contents.json files, its images and its placeholders.",
        discussion: """
        Exit status: 0 when there is no error (and, with --strict, no warning); 1 when there are \
        findings at that level; 64 for a usage error; 66 when the catalog cannot be read.

        \(CommandExamples.validate)
        """
    )

    @Argument(help: "The catalog folder (Assets.catalog, any .xcassets).")
    var catalog: String = "Assets.catalog"

    @Option(help: "Output format: text, json, github (workflow annotations), sarif (2.1.0), junit, checkstyle or gitlab (code quality).")
    var format: ReportFormat = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Flag(help: "Fully decode every image instead of probing its header.")
    var deep = false

    @Flag(help: "Report a missing conventional placeholder as an error.")
    var requirePlaceholders = false

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif, junit, checkstyle, gitlab

        var rendering: CatalogReportFormat {
            switch self {
            case .text: return .text
            case .json: return .json
            case .github: return .github
            case .sarif: return .sarif
            case .junit: return .junit
            case .checkstyle: return .checkstyle
            case .gitlab: return .gitlab
            }
        }

        /// Text and GitHub annotations are read by people; the others by programs, so no progress line.
        var isForPeople: Bool { self == .text || self == .github }
    }

    func run() throws {
        let validator = CatalogValidator(options: .init(deep: deep, requirePlaceholders: requirePlaceholders))
        let progress = ProgressReporter.make("checking sets", enabled: format.isForPeople)
        let report: CatalogReport
        do {
            report = try validator.validate(catalogAt: catalog, progress: progress?.callback)
        } catch {
            progress?.finish()
            printError("error: \(error)")
            throw ExitCode(66)
        }
        progress?.finish()
        let rendered = report.rendered(as: format.rendering)
        print(format == .text ? TerminalStyle.forStream(STDOUT_FILENO).diagnosticLines(rendered) : rendered, terminator: "")
        let failing = report.errorCount > 0 || (strict && report.warningCount > 0)
        if failing { throw ExitCode(1) }
    }
}

func printError(_ text: String, terminator: String = "\n") {
    let bytes = Array((text + terminator).utf8)
    bytes.withUnsafeBytes { raw in
        var written = 0
        while written < raw.count, let base = raw.baseAddress {
            let result = write(STDERR_FILENO, base + written, raw.count - written)
            if result <= 0 { return }
            written += result
        }
    }
}
