import AssetsSupport

/// The outcome of validating several catalogs in one run (`validate A.xcassets B.xcassets`, or a folder
/// that holds catalogs): each catalog's report, or why it could not be read, and one summary.
package struct MultiCatalogReport: Sendable, Hashable {
    package enum Entry: Sendable, Hashable {
        case report(CatalogReport)
        /// The catalog folder itself could not be read (the other catalogs still are).
        case unreadable(CatalogReadError)
    }

    /// One entry per catalog, in the order they were given (catalogs found in a folder in path order).
    package var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries
    }

    package var reports: [CatalogReport] {
        entries.compactMap { if case .report(let report) = $0 { report } else { nil } }
    }

    package var unreadable: [CatalogReadError] {
        entries.compactMap { if case .unreadable(let error) = $0 { error } else { nil } }
    }

    package var errorCount: Int { reports.reduce(0) { $0 + $1.errorCount } }
    package var warningCount: Int { reports.reduce(0) { $0 + $1.warningCount } }
    package var assetCount: Int { reports.reduce(0) { $0 + $1.assetCount } }
    package var fileCount: Int { reports.reduce(0) { $0 + $1.fileCount } }

    /// `2 errors, 1 warning in 12 assets (30 files checked) in 3 catalogs`, and how many could not be read.
    package var summary: String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        let unread = unreadable.count
        return "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(count(assetCount, "asset")) "
            + "(\(count(fileCount, "file")) checked) in \(count(entries.count, "catalog"))"
            + (unread > 0 ? " (\(unread) could not be read)" : "")
    }

    /// The whole output in a format, ending with a newline. Text and GitHub: every catalog's findings
    /// (their paths start with the catalog's), a line for each catalog that could not be read, one summary.
    /// JSON: `{"catalogs": [each catalog's validate object, or {"catalog", "error"}], "summary": {…}}`.
    /// The document formats (SARIF, JUnit, checkstyle, GitLab) describe one catalog; the command line
    /// refuses them for several, and here they fall back to JSON.
    package func rendered(as format: CatalogReportFormat) -> String {
        switch format {
        case .text, .github:
            var lines: [String] = []
            for entry in entries {
                switch entry {
                case .report(let report): lines += report.diagnosticLines(as: format)
                case .unreadable(let error):
                    lines.append(
                        format == .github
                            ? "::error file=\(CatalogReport.escapeProperty(error.path))::\(CatalogReport.escapeData(error.description))"
                            : PlainText.escape("\(error.path): error: cannot read the catalog: \(error.reason)"))
                }
            }
            lines.append(summary)
            return lines.joined(separator: "\n") + "\n"
        case .json, .sarif, .junit, .checkstyle, .gitlab:
            let items = entries.map { entry -> JSONValue in
                switch entry {
                case .report(let report): return report.json
                case .unreadable(let error): return .record(["catalog": .string(error.path), "error": .string(error.reason)])
                }
            }
            let all: JSONValue = .record([
                "catalogs": .array(items),
                "summary": .record([
                    "errors": .int(errorCount), "warnings": .int(warningCount), "assets": .int(assetCount),
                    "files": .int(fileCount), "catalogs": .int(entries.count), "unreadable": .int(unreadable.count),
                ]),
            ])
            return all.rendered(.records) + "\n"
        }
    }
}

extension CatalogValidator {
    /// Validates each catalog in turn, each on every core (its sets are read and checked in parallel as
    /// for one catalog), keeping only the reports: one catalog's model is gone before the next is read.
    /// A catalog that cannot be read becomes an `.unreadable` entry; the others are still validated.
    package func validate(
        catalogsAt paths: [String],
        progress: (@Sendable (_ catalog: Int, _ done: Int, _ total: Int) -> Void)? = nil
    ) -> MultiCatalogReport {
        var entries: [MultiCatalogReport.Entry] = []
        entries.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            var callback: (@Sendable (Int, Int) -> Void)?
            if let progress {
                callback = { @Sendable done, total in progress(index, done, total) }
            }
            do {
                entries.append(.report(try validate(catalogAt: path, progress: callback)))
            } catch {
                entries.append(.unreadable(error))
            }
        }
        return MultiCatalogReport(entries: entries)
    }
}
