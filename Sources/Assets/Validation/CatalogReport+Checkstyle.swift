/// Checkstyle XML (format version 4.3), as Jenkins' warnings plugin, reviewdog and editors read it: one
/// `<file>` per path in report order, an `<error>` per finding with its line and column when it has a
/// position, its severity, and `asset-tool.CODE` as the source.
extension CatalogReport {
    func checkstyle() -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<checkstyle version=\"4.3\">"]
        var index = 0
        while index < diagnostics.count {
            let path = displayPath(of: diagnostics[index])
            lines.append("  <file name=\"\(XMLText.escape(path))\">")
            while index < diagnostics.count, displayPath(of: diagnostics[index]) == path {
                let finding = diagnostics[index]
                let place = finding.position.map { " line=\"\($0.line)\" column=\"\($0.column)\"" } ?? ""
                lines.append(
                    "    <error\(place) severity=\"\(finding.severity == .note ? "info" : finding.severity.rawValue)\" "
                        + "message=\"\(XMLText.escape(finding.fullMessage))\" source=\"asset-tool.\(finding.code.rawValue)\"/>")
                index += 1
            }
            lines.append("  </file>")
        }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n") + "\n"
    }
}
