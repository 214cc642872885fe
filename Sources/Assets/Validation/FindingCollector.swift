/// Where every check of `validate` reports its findings, and the one order they are gathered in. A check is
/// a function from what it judges to its findings (`checkValues`, `planFiles`, `scaleMismatches`,
/// `duplicateNames`, ...); it reports them here and keeps nothing of its own.
///
/// A set's checks report into the set's collector as the set is checked (`CatalogValidator.checkSet`, on
/// the reader's thread), which then places them at their `Contents.json` lines; the catalog's collector
/// (`CatalogValidator.report`) takes what reading found, the catalog-wide checks and each set's collector,
/// folds the empty layers of image stacks, and is finished once: the configuration's rules applied, sorted.
struct FindingCollector: Sendable {
    private(set) var findings: [CatalogDiagnostic] = []

    init() {}

    /// One check's findings.
    mutating func report(_ found: [CatalogDiagnostic]) {
        findings += found
    }

    mutating func report(_ finding: CatalogDiagnostic) {
        findings.append(finding)
    }

    /// A set's collector, into the catalog's.
    mutating func take(_ set: FindingCollector) {
        findings += set.findings
    }

    /// Every finding about a key of the file at `path` given the position of its value in that file.
    mutating func place(at positions: JSONPositions, path: String) {
        positions.place(&findings, path: path)
    }

    /// A check that judges the findings gathered so far (`emptyStacks`: empty layers become one finding on
    /// their stack).
    mutating func revise(by check: ([CatalogDiagnostic]) -> [CatalogDiagnostic]) {
        findings = check(findings)
    }

    /// The report's findings: codes turned off and excluded paths dropped, severities as configured, sorted.
    func finished(config: ValidationConfig) -> [CatalogDiagnostic] {
        config.apply(to: findings).sorted()
    }
}
