/// An 8-bit RGBA raster, row-major, non-premultiplied, with no row padding.
import AssetsSupport

public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public var pixels: [UInt8]

    /// A raster filled with transparent black. The caller has checked the size against limits.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing pixels; returns nil when the byte count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0,
            case (let count, false) = width.multipliedReportingOverflow(by: height * 4),
            pixels.count == count
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The pixels with the colour of every fully transparent pixel set to zero, as browsers compare them.
    public var canonicalPixels: [UInt8] {
        var copy = pixels
        var i = 0
        while i < copy.count {
            if copy[i + 3] == 0 {
                copy[i] = 0
                copy[i + 1] = 0
                copy[i + 2] = 0
            }
            i += 4
        }
        return copy
    }
}
