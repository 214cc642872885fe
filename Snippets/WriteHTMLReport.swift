// Write the self-contained HTML report of a catalog, atomically and never over an existing file.
import Assets

do {
    // snippet.write
    let catalog = try AssetCatalog.read(at: "Assets.catalog")
    let validation = CatalogValidator().validate(catalog)
    let page = CatalogHTMLReport(catalog: catalog, validation: validation).render()
    try AtomicFileWriter(overwrite: false).write(Array(page.utf8), to: "report.html")
    // snippet.end
} catch {
    print("\(error)")
}
