extension CatalogHTMLReport {
    /// The BlurHash and ThumbHash previews of an image set's image (see `HashBatch.item(for:root:)`), side by
    /// side, each drawn as its reference decoder draws it; empty for other kinds or when nothing is hashed.
    func hashPreviewFigures(_ asset: Asset) -> String {
        guard let item = HashBatch.item(for: asset, root: catalog.root) else { return "" }
        let hash: ImageHash
        do {
            hash = try HashBatch(hasher: ImageHasher(limits: limits), threads: 1).hash(item)
        } catch {
            return "<div class=\"variants hash-previews\"><span class=\"no-preview\">\(HTMLText.escape(error.description))</span></div>\n"
        }
        // The BlurHash at 32 px on the longer side, in the image's aspect ratio.
        let longer = max(hash.width, hash.height)
        let width = max(1, 32 * hash.width / longer)
        let height = max(1, 32 * hash.height / longer)
        var html = "<div class=\"variants hash-previews\">\n"
        let previews: [(String, String, RGBAImage?)] = [
            ("BlurHash", hash.blurHash, try? BlurHash.decode(hash.blurHash, width: width, height: height)),
            ("ThumbHash", hash.thumbHashBase64, try? ThumbHash.decode(hash.thumbHash)),
        ]
        for (kind, text, image) in previews {
            guard let image, let png = try? PNGEncoder.smallest.encode(image) else { continue }
            let side = thumbnailSide
            let shownWidth = image.width >= image.height ? side : side * image.width / image.height
            let shownHeight = image.height >= image.width ? side : side * image.height / image.width
            html +=
                "<figure class=\"variant\"><div class=\"frame\"><img data-src=\"\(HTMLText.dataURI(png, type: "image/png"))\" "
                + "width=\"\(shownWidth)\" height=\"\(shownHeight)\" alt=\"\(kind) preview\"></div>"
                + "<figcaption><span class=\"traits\">\(kind)</span> <span class=\"facts\">\(HTMLText.escape(text))</span></figcaption></figure>\n"
        }
        return html + "</div>\n"
    }
}
