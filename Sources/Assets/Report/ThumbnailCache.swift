import AssetsSupport
import AssetsCodecs

/// Makes thumbnails of catalog files, and keeps the few the placeholder rows show (the asset list shows
/// them again). Files are read under the catalog's path rule (`CatalogRoot`): a name or link that leads
/// out of the catalog, or a FIFO or device, gets a tile saying so and is never opened. The sets' own
/// thumbnails are made afresh and not kept, so memory holds only the batch being drawn.
struct ThumbnailCache: Sendable {
    var root: CatalogRoot
    var maxSide: Int
    var limits: DecodingLimits
    var pdfRenderer: PDFPageRenderer?
    var pdfBudget: PDFRenderBudget?
    var made: [String: Thumbnail] = [:]

    init(root: String, maxSide: Int, limits: DecodingLimits, pdfRenderer: PDFPageRenderer?, pdfBudget: PDFRenderBudget? = nil) {
        self.root = CatalogRoot(path: root) ?? CatalogRoot(path: root, real: root)
        self.maxSide = maxSide
        self.limits = limits
        self.pdfRenderer = pdfRenderer
        self.pdfBudget = pdfBudget
    }

    /// The thumbnail of `file`, kept for later.
    mutating func remembered(_ file: String) -> Thumbnail {
        if let known = made[file] { return known }
        let thumbnail = self.thumbnail(of: file)
        made[file] = thumbnail
        return thumbnail
    }

    /// The thumbnail of `file`: a kept one, or one made now.
    func thumbnail(of file: String) -> Thumbnail {
        if let known = made[file] { return known }
        switch root.read(file) {
        case .failure(let refusal):
            return Thumbnail(content: .unavailable("not read: \(refusal)"))
        case .success(let read):
            return Thumbnail.make(
                bytes: read.head, file: file, maxSide: maxSide, limits: limits, pdfRenderer: pdfRenderer, pdfBudget: pdfBudget)
        }
    }
}
