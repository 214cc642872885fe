import AssetsSupport
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

    @Argument(help: ArgumentHelp("The catalog folder (Assets.catalog, any .xcassets); --catalog names it too.", valueName: "catalog"))
    var catalogArgument: String?

    @OptionGroup var catalogOption: CatalogOption

    @Option(help: "Output format: text, json, github (workflow annotations), sarif (2.1.0), junit, checkstyle or gitlab (code quality).")
    var format: OutputFormat = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Flag(help: "Fully decode every image instead of probing its header.")
    var deep = false

    @Flag(help: "Check the conventional placeholders and report a missing one as an error (without it, the check runs only when a placeholders.json sits beside the catalog).")
    var requirePlaceholders = false

    @OptionGroup var checks: CheckOptions
    @OptionGroup var placeholderNames: PlaceholderNameOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    var catalog: String { catalogOption.path(argument: catalogArgument) }

    func validate() throws {
        try format.check([.text, .json, .github, .sarif, .junit, .checkstyle, .gitlab])
    }

    func run() throws {
        let config = try checks.config(forCatalog: catalog)
        let names: PlaceholderNames
        do {
            names = try placeholderNames.names(forCatalog: catalog)
        } catch {
            throw CommandFailure("error: \(error)")
        }
        var options = CatalogValidator.Options.forProject(catalog: catalog, deep: deep, requirePlaceholders: requirePlaceholders,
                                                          config: config, placeholderNames: names,
                                                          placeholderFileGiven: placeholderNames.placeholders != nil)
        options.limits = limits.decoding
        options.catalogLimits = limits.catalog
        let validator = CatalogValidator(options: options)
        let progress = ProgressReporter.make("checking sets", enabled: format.isForPeople)
        let report: CatalogReport
        do {
            report = try validator.validate(catalogAt: catalog, progress: progress?.callback)
        } catch {
            progress?.finish()
            throw CommandFailure.unreadableCatalog("error: \(error)")
        }
        progress?.finish()
        let rendered = report.rendered(as: format.rendering)
        print(format == .text ? TerminalStyle.forStream(STDOUT_FILENO).diagnosticLines(rendered) : rendered, terminator: "")
        let failing = report.errorCount > 0 || (strict && report.warningCount > 0)
        if failing { throw ExitStatus.failure.code }
    }
}

extension OutputFormat {
    /// The catalog report's rendering of this format.
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

/// One line on stderr, escaped as plain text (`PlainText`): it names files and catalogs, and a name must
/// not break the line or send escape codes. `raw` only for the progress line's own control codes.
func printError(_ text: String, terminator: String = "\n", raw: Bool = false) {
    // A failure caused by the cleanup of an interrupted run is not reported: the signal ends the process.
    InterruptSignals.holdIfInterrupted()
    let bytes = Array(((raw ? text : PlainText.escape(text)) + terminator).utf8)
    bytes.withUnsafeBytes { raw in
        var written = 0
        while written < raw.count, let base = raw.baseAddress {
            let result = write(STDERR_FILENO, base + written, raw.count - written)
            if result <= 0 { return }
            written += result
        }
    }
}
