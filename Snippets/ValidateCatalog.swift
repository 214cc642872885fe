// Validate a catalog and print every finding the way Xcode and CI annotators read them.
import Assets

let catalogPath = CommandLine.arguments.dropFirst().first ?? "Assets.catalog"
do {
    let report = try CatalogValidator(options: .init(deep: false, requirePlaceholders: true))
        .validate(catalogAt: catalogPath)
    for diagnostic in report.diagnostics {
        // "Placeholders/x.imageset/Contents.json: error: images[1].filename: lists ... [missing-file]"
        print(diagnostic)
    }
    print(report.summary)
} catch {
    print("cannot read the catalog: \(error)")
}
