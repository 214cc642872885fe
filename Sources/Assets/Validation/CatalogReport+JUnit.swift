/// JUnit XML, as GitLab, Jenkins and CircleCI read test reports: one test suite for the catalog, one
/// test case per set (named by its folder), and a `<failure>` per finding about the set, its
/// `Contents.json` or one of its files. Findings about the catalog as a whole or about a group folder
/// (`missing-placeholder`, a group's Contents.json) belong to one more test case named after the catalog.
/// Warnings are failures too, their `type` saying `warning`: a report shows every finding, and the
/// exit status still says whether the build fails.
extension CatalogReport {
    func junit() -> String {
        var bySet: [String: [CatalogDiagnostic]] = [:]
        var catalogWide: [CatalogDiagnostic] = []
        let sets = Set(setPaths)
        for diagnostic in diagnostics {
            if let set = CatalogReport.set(containing: diagnostic.path, among: sets) {
                bySet[set, default: []].append(diagnostic)
            } else {
                catalogWide.append(diagnostic)
            }
        }
        let suiteName = XMLText.escape(catalog)
        var cases: [String] = []
        func testCase(_ name: String, _ findings: [CatalogDiagnostic]) -> String {
            let head = "    <testcase classname=\"\(suiteName)\" name=\"\(XMLText.escape(name))\""
            guard !findings.isEmpty else { return head + "/>" }
            let failures = findings.map { finding in
                "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(XMLText.escape("\(finding.code.rawValue): \(finding.fullMessage)"))\">"
                    + XMLText.escape(
                        "\(displayLocation(of: finding)): \(finding.severity.rawValue): \(finding.fullMessage) [\(finding.code.rawValue)]")
                    + "</failure>"
            }
            return head + ">\n" + failures.joined(separator: "\n") + "\n    </testcase>"
        }
        cases.append(testCase(catalog, catalogWide))
        for set in setPaths { cases.append(testCase(set, bySet[set] ?? [])) }
        let failing = (catalogWide.isEmpty ? 0 : 1) + setPaths.filter { bySet[$0] != nil }.count
        let counts = "tests=\"\(setPaths.count + 1)\" failures=\"\(failing)\" errors=\"0\""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="asset-tool validate" \(counts)>
              <testsuite name="\(suiteName)" \(counts) skipped="0">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }

    /// The set folder a catalog-relative path is in (or is), if any.
    static func set(containing path: String, among sets: Set<String>) -> String? {
        var candidate = Substring(path)
        while !candidate.isEmpty {
            if sets.contains(String(candidate)) { return String(candidate) }
            guard let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = candidate[..<slash]
        }
        return nil
    }
}
