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
        abstract: "Check asset catalogs: their Contents.json files, their images and their placeholders.",
        discussion: """
        Give one catalog, several, or a folder that holds catalogs (every .xcassets below it is found; \
        hidden folders and links are not followed): they are checked in one process on every core, \
        with one summary. Exit status, by the worst outcome: 0 when there is no error (and, with \
        --strict, no warning); 1 when there are findings at that level; 64 for a usage error; 66 when \
        a catalog cannot be read.

        \(CommandExamples.validate)
        """
    )

    @Argument(help: ArgumentHelp("Catalog folders (Assets.catalog, any .xcassets), or folders that hold catalogs.",
                                 valueName: "catalog"))
    var catalogs: [String] = ["Assets.catalog"]

    @Option(help: "Output format: text, json or github (workflow annotations).")
    var format: ReportFormat = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Flag(help: "Fully decode every image instead of probing its header.")
    var deep = false

    @Flag(help: "Report a missing conventional placeholder as an error.")
    var requirePlaceholders = false

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, github

        var rendering: CatalogReportFormat {
            switch self {
            case .text: return .text
            case .json: return .json
            case .github: return .github
            }
        }
    }

    func run() throws {
        let validator = CatalogValidator(options: .init(deep: deep, requirePlaceholders: requirePlaceholders))
        let progress = isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
        // One catalog named as such keeps the one-catalog output; several, or a folder of catalogs, get
        // the several-catalog output (JSON: {"catalogs": [...], "summary": {...}}) even when one is found.
        let paths = expandedCatalogs()
        guard catalogs.count == 1, paths.count == 1, paths[0] == catalogs[0] else {
            var perCatalog: (@Sendable (Int, Int, Int) -> Void)?
            if let progress {
                perCatalog = { @Sendable _, done, total in progress.show(done, total) }
            }
            let report = validator.validate(catalogsAt: paths, progress: perCatalog)
            progress?.clear()
            let rendered = report.rendered(as: format.rendering)
            print(format == .text ? TerminalStyle.forStream(STDOUT_FILENO).diagnosticLines(rendered) : rendered, terminator: "")
            if !report.unreadable.isEmpty { throw ExitCode(66) }
            if report.errorCount > 0 || (strict && report.warningCount > 0) { throw ExitCode(1) }
            return
        }
        var callback: (@Sendable (Int, Int) -> Void)?
        if let progress {
            callback = { done, total in progress.show(done, total) }
        }
        let report: CatalogReport
        do {
            report = try validator.validate(catalogAt: paths[0], progress: callback)
        } catch {
            progress?.clear()
            printError("error: \(error)")
            throw ExitCode(66)
        }
        progress?.clear()
        let rendered = report.rendered(as: format.rendering)
        print(format == .text ? TerminalStyle.forStream(STDOUT_FILENO).diagnosticLines(rendered) : rendered, terminator: "")
        let failing = report.errorCount > 0 || (strict && report.warningCount > 0)
        if failing { throw ExitCode(1) }
    }

    /// The catalogs to check: each argument that is a catalog as given; a folder that is not one stands
    /// for the catalogs below it (or for itself when none is found, as a catalog of any name would be).
    private func expandedCatalogs() -> [String] {
        var paths: [String] = []
        for argument in catalogs {
            guard !CatalogDiscovery.isCatalog(argument) else {
                paths.append(argument)
                continue
            }
            do {
                let found = try CatalogDiscovery.catalogs(under: argument)
                paths += found.isEmpty ? [argument] : found
            } catch {
                // An argument that cannot be searched is validated as given: its reading says what is wrong.
                paths.append(argument)
            }
        }
        return paths
    }
}

/// A single updating line on stderr, for a terminal only.
final class ProgressLine: @unchecked Sendable {
    // Unchecked Sendable: `lastShown` is only touched while holding `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    private var lastShown = -1

    func show(_ done: Int, _ total: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let percent = total == 0 ? 100 : done * 100 / total
        guard total >= 200, percent != lastShown else { return }
        lastShown = percent
        printError("\rchecking sets: \(done)/\(total)", terminator: "")
    }

    func clear() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if lastShown >= 0 { printError("\r\u{1B}[K", terminator: "") }
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
