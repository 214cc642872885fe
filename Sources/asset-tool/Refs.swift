import ArgumentParser
import AssetReferences
import Assets
import AssetsSupport

struct Refs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refs",
        abstract: "Find the asset names the app's code asks for: missing, unused, wrong-kind and wrong-case names.",
        discussion: """
            Reads the catalogs under PROJECT and its Swift (parsed), Objective-C, storyboards and xibs, Info.plist \
            files and build settings (Docs/refs.md says what counts). Exit status: 0 when there is no error (and, \
            with --strict, no warning); 1 when there are findings at that level; 64 for a usage error; 66 when \
            PROJECT cannot be read.

            \(CommandExamples.refs)
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The project folder, or a folder or file inside it: the whole project is read, from the folder "
                + "holding its .xcodeproj, .xcworkspace, Package.swift or .git (default: the current folder).",
            valueName: "project"))
    var given: String = "."

    @OptionGroup var findingOptions: FindingOptions

    var format: CatalogReportFormat { findingOptions.format }

    @Flag(help: "Also list every lookup and dynamic name found (text: file:line:column: NAME via).")
    var list = false

    @OptionGroup var checks: CheckOptions

    @Option(
        help: ArgumentHelp(
            "Write the findings of this run to FILE as a baseline (keyed by code, file and set, not line) "
                + "and exit 0.", valueName: "file"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Leave out the findings FILE (from --write-baseline) lists: only new ones are reported.", valueName: "file"))
    var baseline: String?

    @Flag(help: "With --write-baseline: replace an existing file.")
    var force = false

    func run() throws {
        let project = RefsScan.project(given)
        let config = try checks.config(forProject: project)
        let progress = ProgressReporter.make("scanning sources", enabled: format.isForPeople)
        let (scan, found) = try RefsScan.findings(in: project, config: config, progress: progress)
        if let writeBaseline {
            try RefsBaseline.write(found, to: writeBaseline, force: force)
            print("wrote \(found.diagnostics.count) finding\(found.diagnostics.count == 1 ? "" : "s") to \(writeBaseline)")
            return
        }
        var report = found
        if let baseline { report = RefsBaseline.filter(found, by: try RefsBaseline.read(baseline)) }
        switch format {
        case .json:
            print(scan.reportJSON(report, listingReferences: list).rendered(.records))
        case .text:
            var rendered = report.rendered(as: .text)
            if list {
                rendered =
                    scan.references.filter { $0.certainty != .possible }
                    .map { PlainText.escape("\($0.location): \($0.nameText) (\($0.via))") }.joined(separator: "\n")
                    + (scan.references.isEmpty ? "" : "\n") + rendered
            }
            findingOptions.print(rendered)
            if let byCode = RefsScan.countsByCode(report) { print(byCode) }
            print(PlainText.escape(scan.scanSummary))
        default:
            findingOptions.print(report.rendered(as: format))
        }
        try findingOptions.exit(errors: report.errorCount, warnings: report.warningCount)
    }
}

/// The one way the command line runs a scan (`refs`, `validate --sources`, `resolve --used-by`).
enum RefsScan {
    /// The project a folder or file given belongs to (`ProjectRoot`: run inside `App/Core`, the app is read),
    /// said in a note on stderr when it is above the path given.
    static func project(_ given: String) -> String {
        let root = ProjectRoot.find(from: given)
        if let note = root.note { printError("asset-tool: note: \(note)") }
        return root.path
    }

    static func run(project: String, config: ValidationConfig, progress: ProgressReporter?) throws(CatalogReadError) -> ReferenceScan {
        var options = ReferenceScan.Options()
        options.dynamicNames = config.dynamicNames
        return try ReferenceScan.run(project: project, options: options, progress: progress?.callback)
    }

    /// `by code: 2 missing-asset, 14 unused-asset, 1 asset-name-case`: the findings counted by code, the
    /// most severe codes first (then the most frequent); nil when there are none.
    static func countsByCode(_ report: CatalogReport) -> String? {
        var counts: [CatalogDiagnostic.Code: (count: Int, severity: CatalogDiagnostic.Severity)] = [:]
        for diagnostic in report.diagnostics {
            let old = counts[diagnostic.code]
            counts[diagnostic.code] = ((old?.count ?? 0) + 1, max(old?.severity ?? diagnostic.severity, diagnostic.severity))
        }
        guard !counts.isEmpty else { return nil }
        let ordered = counts.sorted { lhs, rhs in
            lhs.value.severity != rhs.value.severity
                ? lhs.value.severity > rhs.value.severity
                : lhs.value.count != rhs.value.count ? lhs.value.count > rhs.value.count : lhs.key.rawValue < rhs.key.rawValue
        }
        return "by code: " + ordered.map { "\($0.value.count) \($0.key.rawValue)" }.joined(separator: ", ")
    }

    /// The source findings of `project`, the one path `refs` and `validate --sources` take, so the two cannot
    /// drift: the scan (the progress line finished after it), and its findings with the configuration's rules
    /// applied. A project that cannot be listed fails with exit status 66.
    static func findings(
        in project: String, config: ValidationConfig,
        progress: ProgressReporter?
    ) throws(CommandFailure) -> (scan: ReferenceScan, report: CatalogReport) {
        let scan: ReferenceScan
        do {
            scan = try run(project: project, config: config, progress: progress)
        } catch {
            progress?.finish()
            throw CommandFailure.unreadableCatalog("error: \(error)")
        }
        progress?.finish()
        return (scan, scan.report(config: config).report)
    }
}
