/// The report's sets in chunks, so that a page of 100,000 sets opens nearly as fast as a small one.
///
/// A browser opening a large page spends its time on layout first, then on making elements, its bytes last
/// (the figures: BENCHMARKS.md, "The HTML report at any size"). Two causes, two remedies:
/// - Laid out as one grid of every card, each frame a browser draws while still parsing lays out the
///   whole grid again: the parse grows with the square of the sets. Each chunk of `size` sets is its own
///   grid with `content-visibility: auto` and an estimated `contain-intrinsic-size`, so a frame lays out
///   the chunks near the view and skips the rest: the parse grows linearly.
/// - Making every card (some 30 nodes a set) is then the cost. The first
///   `markupChunks` chunks are markup; each later chunk's sets sit in a `<noscript>` element. A browser
///   running script reads a `<noscript>`'s content as one run of text (no element is made), and the
///   page's script turns a chunk's text into its sets when the chunk comes near the view (`ReportPage`);
///   a browser without script parses the same content as markup, so the page without script still lists
///   every set and finding. The filter reads a closed chunk's sets from its text and never has to open
///   a chunk to count or hide it.
///
/// Every set's markup comes from one place, `CatalogHTMLReport.assetArticle`, whether its chunk is open or
/// deferred; the chunk markup is only the wrapper around it. Text in the markup is escaped
/// (`HTMLText.escape`), so a set's name cannot close the `<noscript>` early.
enum SetChunk {
    /// Sets in a chunk (a multiple of `CatalogHTMLReport.batchSize`, so a batch never straddles two).
    static let size = CatalogHTMLReport.batchSize * 4
    /// The chunks written as markup at the top of the page (the first 512 sets: a first screen and many more,
    /// and the page of a small catalog whole); the rest are deferred
    /// (`CatalogHTMLReport.markupChunks`, which a test lowers).
    static let markupChunks = 2
    /// The height a chunk is guessed to take before it is laid out: rows of two cards of about 240 px and
    /// a 16 px gap (the page's script uses the same guess when the filter shows part of a chunk).
    static func estimatedHeight(sets: Int) -> Int { (sets + 1) / 2 * 256 }

    /// The tag that opens the chunk whose first set is `start` (of `total` sets).
    static func opening(startingAt start: Int, total: Int, markupChunks: Int = markupChunks) -> String {
        let sets = min(size, total - start)
        let deferred = start / size >= markupChunks
        return "<div class=\"sets\(deferred ? " deferred" : "")\" data-sets=\"\(sets)\" "
            + "style=\"--estimate: \(estimatedHeight(sets: sets))px\">\(deferred ? "<noscript>" : "")\n"
    }

    /// The tags that close the chunk whose first set is `start`.
    static func closing(startingAt start: Int, markupChunks: Int = markupChunks) -> String {
        start / size >= markupChunks ? "</noscript></div>\n" : "</div>\n"
    }
}
