/// The row order of GIF images: interlaced images store rows in four passes.
import AssetsSupport

enum GIFInterlace {
    static let passes: [(start: Int, step: Int)] = [(0, 8), (4, 8), (2, 4), (1, 2)]

    /// The display rows in the order they are stored: 0, 8, 16…, 4, 12…, 2, 6…, 1, 3… when interlaced.
    /// giflib's `DGifGetLine` returns rows in this order and does not de-interlace them.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return passes.flatMap { pass in Array(stride(from: pass.start, to: height, by: pass.step)) }
    }
}
