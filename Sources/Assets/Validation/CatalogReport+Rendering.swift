/// How a report is printed.
import AssetsSupport
import AssetsCodecs

public enum CatalogReportFormat: String, Sendable, Hashable, CaseIterable {
    /// `path: error: message [code]` lines, then a summary line.
    case text
    /// One JSON object: catalog, diagnostics, summary.
    case json
    /// GitHub Actions workflow commands (`::error file=...::...`), then the summary.
    case github
}

extension CatalogReport {
    /// A diagnostic's path as a reader finds it from where the tool ran: the catalog folder, then the path.
    public func displayPath(of diagnostic: CatalogDiagnostic) -> String {
        let base = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        return diagnostic.path.isEmpty ? base : "\(base)/\(diagnostic.path)"
    }

    /// The one-line summary: `2 errors, 1 warning in 12 assets (30 files checked)`.
    public var summary: String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        return "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(count(assetCount, "asset")) (\(count(fileCount, "file")) checked)"
    }

    /// The whole report in a format, ending with a newline.
    public func rendered(as format: CatalogReportFormat) -> String {
        switch format {
        case .text, .github:
            return (diagnosticLines(as: format) + [summary]).joined(separator: "\n") + "\n"
        case .json:
            return json.rendered(.records) + "\n"
        }
    }

    /// One line per finding, in the text or GitHub format (the JSON format has none).
    func diagnosticLines(as format: CatalogReportFormat) -> [String] {
        switch format {
        case .text:
            return diagnostics.map { diagnostic in
                "\(displayPath(of: diagnostic)): \(diagnostic.severity.rawValue): \(diagnostic.fullMessage) [\(diagnostic.code.rawValue)]"
            }
        case .github:
            return diagnostics.map { diagnostic in
                let command = diagnostic.severity == .error ? "error" : "warning"
                let file = CatalogReport.escapeProperty(displayPath(of: diagnostic))
                let title = CatalogReport.escapeProperty(diagnostic.code.rawValue)
                return "::\(command) file=\(file),title=\(title)::\(CatalogReport.escapeData(diagnostic.fullMessage))"
            }
        case .json:
            return []
        }
    }

    /// The report as one JSON object: catalog, diagnostics, summary.
    package var json: JSONValue {
        let items = diagnostics.map { diagnostic -> JSONValue in
            .record([
                "severity": .string(diagnostic.severity.rawValue),
                "code": .string(diagnostic.code.rawValue),
                "path": .string(diagnostic.path),
                "key_path": .string(diagnostic.keyPath),
                "message": .string(diagnostic.message),
            ])
        }
        return .record([
            "catalog": .string(catalog),
            "diagnostics": .array(items),
            "summary": .record([
                "errors": .int(errorCount), "warnings": .int(warningCount),
                "assets": .int(assetCount), "files": .int(fileCount),
            ]),
        ])
    }

    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
