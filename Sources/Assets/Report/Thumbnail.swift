/// A small preview of one image file, ready to inline in a page: a PNG made with the project's own decoders
/// (JPEG through libjpeg's DCT scaling, then a box filter), the GIF itself so an animation plays, an SVG
/// as itself (shown only as an image), or a PDF's first page drawn by `pdftoppm` where it is installed.
import AssetsSupport
import AssetsCodecs

public struct Thumbnail: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// A `data:` URI of a PNG or GIF, with the preview's size in pixels.
        case image(dataURI: String, width: Int, height: Int)
        /// No preview (a vector file, an unknown format, a file that does not decode), and why.
        case unavailable(String)
    }

    public var content: Content
    /// The file's format, when it was recognised.
    public var format: ImageFormat?
    /// The file's own size in pixels, when known.
    public var width: Int?
    public var height: Int?
    /// The number of frames of an animated GIF.
    public var frameCount: Int?

    package init(content: Content, format: ImageFormat? = nil, width: Int? = nil, height: Int? = nil, frameCount: Int? = nil) {
        self.content = content
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
    }

    /// Makes the preview of the file at `path`, at most `maxSide` pixels wide and high. Never throws: a file
    /// that cannot be previewed gives `.unavailable` with the reason.
    public static func make(
        file path: String, maxSide: Int = 96, limits: DecodingLimits = .default,
        pdfRenderer: PDFPageRenderer? = nil, pdfBudget: PDFRenderBudget? = nil
    ) -> Thumbnail {
        let bytes: [UInt8]
        do {
            bytes = try ImageInspector.readFile(path)
        } catch {
            return Thumbnail(content: .unavailable("\(error.kind.rawValue): \(error.detail)"))
        }
        return make(bytes: bytes, file: path, maxSide: maxSide, limits: limits, pdfRenderer: pdfRenderer, pdfBudget: pdfBudget)
    }

    /// Why a file whose bytes are no image format has no preview.
    static let notAnImage = "not an image this report can show"

    /// Animated GIFs up to this size are inlined whole so they play; a larger one shows its first frame.
    public static let maxInlineGIFBytes = 4 << 20

    /// Makes the preview of an image held in memory. A PDF is drawn by `pdfRenderer` (first page only);
    /// without one its preview says that it needs one. With a `pdfBudget`, the PDF is drawn only while the
    /// budget lasts (shared by the thumbnails of one report).
    public static func make(
        bytes: [UInt8], file: String, maxSide: Int = 96, limits: DecodingLimits = .default,
        inlineGIFUpTo maxGIFBytes: Int = maxInlineGIFBytes, pdfRenderer: PDFPageRenderer? = nil,
        pdfBudget: PDFRenderBudget? = nil
    ) -> Thumbnail {
        guard let format = ImageFormat(sniffing: bytes) else {
            return Thumbnail(content: .unavailable(notAnImage))
        }
        let info: ImageInfo
        do {
            info = try ImageInspector.probe(bytes, file: file, limits: limits)
        } catch {
            return Thumbnail(content: .unavailable("\(error.kind.rawValue): \(error.detail)"), format: format)
        }
        if format == .svg {
            return svg(bytes, maxSide: maxSide)
        }
        if format == .pdf {
            return pdf(bytes, info: info, maxSide: maxSide, limits: limits, renderer: pdfRenderer, budget: pdfBudget)
        }
        guard format.isDecodable else {
            return Thumbnail(
                content: .unavailable("\(format.rawValue.uppercased()): no preview"), format: format,
                width: info.width > 0 ? info.width : nil, height: info.height > 0 ? info.height : nil)
        }
        if format == .gif, (info.frameCount ?? 1) > 1, bytes.count <= maxGIFBytes {
            // The GIF itself, so the page plays it as browsers do; the browser scales it with CSS.
            let side = fitted(width: info.width, height: info.height, maxSide: maxSide)
            return Thumbnail(
                content: .image(dataURI: HTMLText.dataURI(bytes, type: "image/gif"), width: side.width, height: side.height),
                format: format, width: info.width, height: info.height, frameCount: info.frameCount)
        }
        do {
            let scale = jpegScale(width: info.displayWidth, height: info.displayHeight, maxSide: maxSide)
            let decoded = try ImageInspector.decode(bytes, file: file, options: DecodeOptions(limits: limits, scale: scale))
            return Thumbnail(
                content: try small(decoded.image, maxSide: maxSide),
                format: format, width: info.displayWidth, height: info.displayHeight, frameCount: info.frameCount)
        } catch let error as ImageError {
            return Thumbnail(
                content: .unavailable("\(error.kind.rawValue): \(error.detail)"), format: format, width: info.width, height: info.height)
        } catch {
            return Thumbnail(content: .unavailable("\(error)"), format: format, width: info.width, height: info.height)
        }
    }

    /// `image` fitted into a `maxSide` square by the box filter, as a PNG data URI.
    static func small(_ image: RGBAImage, maxSide: Int) throws -> Content {
        let small = BoxDownscale.fit(image, maxSide: maxSide)
        let png = try PNGEncoder.fast.encode(small)
        return .image(dataURI: HTMLText.dataURI(png, type: "image/png"), width: small.width, height: small.height)
    }

    /// A PDF's first page drawn by `renderer` (a separate `pdftoppm` process, bounded in time and output),
    /// its PNG decoded by the package's decoder and thumbnailed as other images; without a renderer, a
    /// tile saying what would draw it.
    static func pdf(
        _ bytes: [UInt8], info: ImageInfo, maxSide: Int, limits: DecodingLimits, renderer: PDFPageRenderer?,
        budget: PDFRenderBudget? = nil
    ) -> Thumbnail {
        let width = info.width > 0 ? info.width : nil
        let height = info.height > 0 ? info.height : nil
        guard let renderer else {
            return Thumbnail(content: .unavailable(PDFPageRenderer.missingMessage), format: .pdf, width: width, height: height)
        }
        switch renderer.render(bytes, longestSide: maxSide, limits: limits, budget: budget) {
        case .failure(let failure):
            return Thumbnail(content: .unavailable(failure.description), format: .pdf, width: width, height: height)
        case .success(let page):
            do {
                return Thumbnail(content: try small(page, maxSide: maxSide), format: .pdf, width: width, height: height)
            } catch {
                return Thumbnail(content: .unavailable("\(error)"), format: .pdf, width: width, height: height)
            }
        }
    }

    /// SVGs up to this size are previewed.
    package static let maxInlineSVGBytes = 256 << 10

    /// An SVG is shown as an image (`<img src="data:image/svg+xml;base64,...">`), never as inline markup: a
    /// browser renders an SVG image without running its scripts or loading anything it links to, and the
    /// page's Content-Security-Policy allows only `data:` images besides. Only a well-formed SVG is shown;
    /// the browser scales it into a `maxSide` square.
    static func svg(_ bytes: [UInt8], maxSide: Int) -> Thumbnail {
        guard bytes.count <= maxInlineSVGBytes else {
            return Thumbnail(content: .unavailable("SVG over \(maxInlineSVGBytes >> 10) KiB: no preview"), format: .svg)
        }
        if let problem = VectorFileCheck.svgProblem(bytes) {
            return Thumbnail(content: .unavailable("SVG \(problem)"), format: .svg)
        }
        return Thumbnail(
            content: .image(dataURI: HTMLText.dataURI(bytes, type: "image/svg+xml"), width: maxSide, height: maxSide),
            format: .svg)
    }

    /// The smallest DCT scale that still gives at least `maxSide` pixels on the longer side.
    static func jpegScale(width: Int, height: Int, maxSide: Int) -> DecodeOptions.Scale {
        let longer = max(width, height)
        for scale in [DecodeOptions.Scale.eighth, .quarter, .half] where longer / scale.rawValue >= maxSide {
            return scale
        }
        return .full
    }

    static func fitted(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let longer = max(width, height, 1)
        guard longer > maxSide else { return (max(width, 1), max(height, 1)) }
        return (max(1, width * maxSide / longer), max(1, height * maxSide / longer))
    }
}
