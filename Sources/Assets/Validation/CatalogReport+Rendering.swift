/// How a report is printed.
import AssetsSupport
import AssetsCodecs

public enum CatalogReportFormat: String, Sendable, Hashable, CaseIterable {
    /// `path: error: message [code]` lines, then a summary line.
    case text
    /// One JSON object: catalog, diagnostics, summary.
    case json
    /// GitHub Actions workflow commands (`::error file=...,line=...,col=...::...`), then the summary.
    case github
    /// SARIF 2.1.0 (GitHub code scanning and other static-analysis viewers): one run, a rule per code.
    case sarif
    /// JUnit XML (GitLab, Jenkins, CircleCI test reports): a test case per set, a failure per finding.
    case junit
    /// Checkstyle XML (Jenkins warnings, reviewdog, editors): findings grouped by file.
    case checkstyle
    /// GitLab code-quality JSON: an array of issues with a fingerprint each.
    case gitlab
}

extension CatalogReport {
    /// A diagnostic's path as a reader finds it from where the tool ran: the catalog folder, then the path.
    package func displayPath(of diagnostic: CatalogDiagnostic) -> String {
        let base = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        return diagnostic.path.isEmpty ? base : "\(base)/\(diagnostic.path)"
    }

    /// `path:line:column` (or `path`) as a reader finds it from where the tool ran.
    package func displayLocation(of diagnostic: CatalogDiagnostic) -> String {
        CatalogDiagnostic.location(displayPath(of: diagnostic), diagnostic.position)
    }

    /// The one-line summary: `2 errors, 1 warning in 12 assets (30 files checked)`.
    public var summary: String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        let notes = noteCount == 0 ? "" : ", \(count(noteCount, "note"))"
        return
            "\(count(errorCount, "error")), \(count(warningCount, "warning"))\(notes) in \(count(assetCount, "asset")) (\(count(fileCount, "file")) checked)"
    }

    /// `path: severity: message [code]`, its path and message escaped as plain text (`PlainText`), so a
    /// name in the catalog cannot break the line or send escape codes.
    package func textLine(_ diagnostic: CatalogDiagnostic) -> String {
        "\(PlainText.escape(displayLocation(of: diagnostic))): \(diagnostic.severity.rawValue): "
            + "\(PlainText.escape(diagnostic.fullMessage)) [\(diagnostic.code.rawValue)]"
    }

    /// The whole report in a format, ending with a newline.
    public func rendered(as format: CatalogReportFormat) -> String {
        switch format {
        case .text, .github:
            return (diagnosticLines(as: format) + [summary]).joined(separator: "\n") + "\n"
        case .json:
            return json.rendered(.records) + "\n"
        case .sarif: return sarif()
        case .junit: return junit()
        case .checkstyle: return checkstyle()
        case .gitlab: return gitlabCodeQuality()
        }
    }

    /// One line per finding, in the text or GitHub format (the other formats are documents, not lines).
    func diagnosticLines(as format: CatalogReportFormat) -> [String] {
        switch format {
        case .text:
            return diagnostics.map(textLine)
        case .github:
            return diagnostics.map { diagnostic in
                let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
                let file = CatalogReport.escapeProperty(displayPath(of: diagnostic))
                let title = CatalogReport.escapeProperty(diagnostic.code.rawValue)
                let place = diagnostic.position.map { ",line=\($0.line),col=\($0.column)" } ?? ""
                return "::\(command) file=\(file)\(place),title=\(title)::\(CatalogReport.escapeData(diagnostic.fullMessage))"
            }
        case .json, .sarif, .junit, .checkstyle, .gitlab:
            return []
        }
    }

    /// The report as one JSON object: catalog, diagnostics, summary.
    package var json: JSONValue {
        let items = diagnostics.map { diagnostic -> JSONValue in
            let record: JSONValue = .record([
                "severity": .string(diagnostic.severity.rawValue),
                "code": .string(diagnostic.code.rawValue),
                "path": .string(diagnostic.path),
                "key_path": .string(diagnostic.keyPath),
                "line": diagnostic.position.map { .int($0.line) } ?? .null,
                "column": diagnostic.position.map { .int($0.column) } ?? .null,
                "message": .string(diagnostic.message),
            ])
            // A finding in a source file names the set it concerns (`refs`, `validate --sources`); a cost
            // finding, the bytes at stake.
            guard case .object(var members) = record else { return record }
            if let related = diagnostic.relatedSet {
                members.append((key: "catalog_path", value: .string(related.catalog)))
                members.append((key: "set_path", value: .string(related.setPath)))
                if let target = related.target { members.append((key: "target", value: .string(target))) }
            }
            if let bytes = diagnostic.bytesAtStake {
                members.append((key: "bytes_at_stake", value: .int(bytes)))
            }
            return .object(members)
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

    /// A workflow command's message: `%`, CR and LF percent-encoded as the runner decodes them, scalar by
    /// scalar (so `"\r\n"`, one `Character`, is caught), and every other control character as `%XX` too,
    /// which the runner shows as written: nothing in a name can end the command or start another.
    static func escapeData(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "%" || PlainText.needsEscape(scalar) {
                for byte in String(scalar).utf8 { out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A workflow command's property value (`file=`, `title=`): as `escapeData`, and `:` and `,` too.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
