import Testing
@testable import Assets

/// The one collector validate's checks report into: a set's findings taken into the catalog's, revised by a
/// check that judges them together, then configured and sorted once.
@Suite("FindingCollector: one place every check reports into")
struct FindingCollectorTests {
    @Test("sets' collectors taken into the catalog's, revised, finished with the configuration's rules, sorted")
    func gathersConfiguresAndSorts() {
        // Given two sets' collectors and a catalog-wide finding
        var first = FindingCollector()
        first.report(CatalogDiagnostic(.unlistedFile, path: "B.imageset/extra.png", message: "is in the set folder"))
        first.report(CatalogDiagnostic(.missingFile, path: "B.imageset/Contents.json", keyPath: "images[0].filename", message: "lists a"))
        var second = FindingCollector()
        second.report([
            CatalogDiagnostic(.missingFile, path: "Skip/A.imageset/Contents.json", message: "lists b"),
            CatalogDiagnostic(.emptyAsset, path: "A.imageset", message: "has no image"),
        ])
        var catalog = FindingCollector()
        catalog.report(CatalogDiagnostic(.duplicateName, path: "C.imageset", message: "the name \"C\" is also used"))

        // When both are taken into the catalog's, a check revises them, and the collector is finished
        catalog.take(first)
        catalog.take(second)
        catalog.revise { $0.filter { $0.code != .emptyAsset } }
        let config = ValidationConfig(rules: [.unlistedFile: .off, .missingFile: .warning], exclude: ["Skip"])
        let findings = catalog.finished(config: config)

        // Then every finding is there once, as configured, in path order
        #expect(findings.map(\.path) == ["B.imageset/Contents.json", "C.imageset"])
        #expect(findings.map(\.code) == [.missingFile, .duplicateName])
        #expect(findings.map(\.severity) == [.warning, CatalogDiagnostic.Code.duplicateName.defaultSeverity])
        #expect(catalog.findings.count == 4)
    }
}
