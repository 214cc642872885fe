// Ask which file a device shows for a name, and what each placeholder state shows, without a device.
import Assets

do {
    let catalog = try AssetCatalog.read(at: "Assets.catalog")

    // snippet.resolve
    let answer = VariantResolver(catalog: catalog)
        .resolve("placeholder_error_icon", for: VariantQuery(scale: .two, appearance: .dark, idiom: .pad))
    print(answer.file ?? "nothing resolves")  // Placeholders/placeholder_error_icon.imageset/..._dark@2x.png
    print(answer.trace.joined(separator: "\n"))  // why, in plain words

    let context = PlaceholderContext(catalog: catalog, query: .iPhone)
    for state in PlaceholderState.allCases {
        let report = PlaceholderStateReport(state: state, context: context)
        print(report.reportText)
    }
    // snippet.end
} catch {
    print("cannot read the catalog: \(error)")
}
