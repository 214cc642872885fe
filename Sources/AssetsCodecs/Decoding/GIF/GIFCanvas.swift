/// The compositing state of a GIF: one canvas, a saved copy of the area a restore-to-previous frame
/// covers, one row buffer, and the disposal still owed by the last frame.
///
/// Drawing works in place over unsafe buffers; the canvas array is shared copy-on-write with the
/// frames handed out, so it is copied only when a caller still holds the previous frame.
import AssetsSupport

struct GIFCanvas {
    private(set) var image: RGBAImage
    private var saved: [UInt32] = []
    private var row: [UInt8] = []
    private var owed: (disposal: GIFDisposal, area: ClippedArea)?

    /// The part of a frame rectangle that lies on the canvas.
    struct ClippedArea {
        var left = 0
        var top = 0
        var right = 0
        var bottom = 0
        var isEmpty: Bool { left >= right || top >= bottom }
    }

    init(width: Int, height: Int, composites: Bool) {
        image = composites ? RGBAImage(width: width, height: height) : RGBAImage(width: 0, height: 0)
    }

    private func clip(_ rectangle: FrameRectangle) -> ClippedArea {
        ClippedArea(
            left: min(max(rectangle.x, 0), image.width),
            top: min(max(rectangle.y, 0), image.height),
            right: min(max(rectangle.x + rectangle.width, 0), image.width),
            bottom: min(max(rectangle.y + rectangle.height, 0), image.height))
    }

    /// Applies the previous frame's disposal, then saves the area this frame may have to restore.
    mutating func beginFrame(_ header: GIFImageHeader) {
        let width = image.width
        if let owed, !owed.area.isEmpty {
            let area = owed.area
            switch owed.disposal {
            case .restoreBackground:
                image.pixels.withUnsafeMutableBytes { raw in
                    let canvas = raw.bindMemory(to: UInt32.self)
                    for y in area.top..<area.bottom {
                        let start = y * width
                        canvas[(start + area.left)..<(start + area.right)].update(repeating: 0)
                    }
                }
            case .restorePrevious:
                restore(area)
            case .reserved(4):
                // Chromium restores method 4 like method 3 (some encoders set the third bit for it).
                restore(area)
            case .unspecified, .keep, .reserved:
                break
            }
        }
        let area = clip(header.rectangle)
        owed = (header.disposal, area)
        guard header.disposal.restoresPrevious, !area.isEmpty else { return }
        if saved.count != width * image.height {
            saved = [UInt32](repeating: 0, count: width * image.height)
        }
        image.pixels.withUnsafeBytes { raw in
            let canvas = raw.bindMemory(to: UInt32.self)
            saved.withUnsafeMutableBufferPointer { saved in
                for y in area.top..<area.bottom {
                    let start = y * width
                    for x in area.left..<area.right { saved[start + x] = canvas[start + x] }
                }
            }
        }
    }

    private mutating func restore(_ area: ClippedArea) {
        let width = image.width
        saved.withUnsafeBufferPointer { saved in
            image.pixels.withUnsafeMutableBytes { raw in
                let canvas = raw.bindMemory(to: UInt32.self)
                for y in area.top..<area.bottom {
                    let start = y * width
                    for x in area.left..<area.right { canvas[start + x] = saved[start + x] }
                }
            }
        }
    }

    /// Decodes the frame's rows with `readRow` and draws them; returns whether a pixel was transparent.
    mutating func draw(
        _ header: GIFImageHeader,
        readRow: (UnsafeMutablePointer<UInt8>, Int) throws(ImageError) -> Void
    ) throws(ImageError) -> Bool {
        let rectangle = header.rectangle
        let area = clip(rectangle)
        let width = image.width
        let transparent = header.transparentIndex ?? -1
        var sawTransparent = false
        if row.count < rectangle.width { row = [UInt8](repeating: 0, count: rectangle.width) }
        for y in GIFInterlace.rowOrder(height: rectangle.height, interlaced: header.interlaced) {
            try row.withUnsafeMutableBufferPointer { buffer throws(ImageError) in
                // The buffer holds at least rectangle.width bytes, so the base address exists.
                guard let base = buffer.baseAddress else { return }
                try readRow(base, rectangle.width)
            }
            if transparent >= 0, !sawTransparent {
                sawTransparent = row.withUnsafeBufferPointer { $0[0..<rectangle.width].contains(UInt8(transparent)) }
            }
            let canvasY = rectangle.y + y
            guard canvasY >= area.top, canvasY < area.bottom, !area.isEmpty else { continue }
            let rowStart = canvasY * width
            let skip = area.left - rectangle.x
            header.palette.entries.withUnsafeBufferPointer { palette in
                row.withUnsafeBufferPointer { indices in
                    image.pixels.withUnsafeMutableBytes { raw in
                        let canvas = raw.bindMemory(to: UInt32.self)
                        var source = skip
                        for x in area.left..<area.right {
                            let index = Int(indices[source])
                            if index != transparent { canvas[rowStart + x] = palette[index] }
                            source += 1
                        }
                    }
                }
            }
        }
        return sawTransparent
    }

    /// Decodes the frame's rows into its own rectangle, uncomposited.
    static func drawRaw(
        _ header: GIFImageHeader, into image: inout RGBAImage,
        readRow: (UnsafeMutablePointer<UInt8>, Int) throws(ImageError) -> Void
    ) throws(ImageError) -> Bool {
        let width = header.rectangle.width
        let transparent = header.transparentIndex ?? -1
        var sawTransparent = false
        var row = [UInt8](repeating: 0, count: width)
        for y in GIFInterlace.rowOrder(height: header.rectangle.height, interlaced: header.interlaced) {
            try row.withUnsafeMutableBufferPointer { buffer throws(ImageError) in
                guard let base = buffer.baseAddress else { return }
                try readRow(base, width)
            }
            header.palette.entries.withUnsafeBufferPointer { palette in
                row.withUnsafeBufferPointer { indices in
                    image.pixels.withUnsafeMutableBytes { raw in
                        let pixels = raw.bindMemory(to: UInt32.self)
                        let start = y * width
                        for x in 0..<width {
                            let index = Int(indices[x])
                            if index == transparent {
                                sawTransparent = true
                            } else {
                                pixels[start + x] = palette[index]
                            }
                        }
                    }
                }
            }
        }
        return sawTransparent
    }
}
