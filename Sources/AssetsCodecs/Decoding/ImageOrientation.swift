/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to show the image upright.
/// Cases are named as `CGImagePropertyOrientation` names them.
import AssetsSupport

public enum ImageOrientation: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the top-left to bottom-right diagonal (transpose).
    case leftMirrored = 5
    /// 6: shown turned 90° clockwise.
    case right = 6
    /// 7: mirrored along the other diagonal (transverse).
    case rightMirrored = 7
    /// 8: shown turned 90° counter-clockwise.
    case left = 8

    /// Whether width and height swap when the orientation is applied.
    public var swapsAxes: Bool { rawValue >= 5 }
}

extension RGBAImage {
    /// The image turned upright for `orientation`: a new raster (no work for `.up`).
    public func applying(_ orientation: ImageOrientation) -> RGBAImage {
        if orientation == .up || width == 0 || height == 0 { return self }
        let (w, h) = (width, height)
        let (outW, outH) = orientation.swapsAxes ? (h, w) : (w, h)
        // Source column and row as affine functions of the output's (x, y): sx = ax + bx·x + cx·y, and so on.
        let (ax, bx, cx, ay, by, cy): (Int, Int, Int, Int, Int, Int)
        switch orientation {
        case .up: (ax, bx, cx, ay, by, cy) = (0, 1, 0, 0, 0, 1)
        case .upMirrored: (ax, bx, cx, ay, by, cy) = (w - 1, -1, 0, 0, 0, 1)
        case .down: (ax, bx, cx, ay, by, cy) = (w - 1, -1, 0, h - 1, 0, -1)
        case .downMirrored: (ax, bx, cx, ay, by, cy) = (0, 1, 0, h - 1, 0, -1)
        case .leftMirrored: (ax, bx, cx, ay, by, cy) = (0, 0, 1, 0, 1, 0)
        case .right: (ax, bx, cx, ay, by, cy) = (0, 0, 1, h - 1, -1, 0)
        case .rightMirrored: (ax, bx, cx, ay, by, cy) = (w - 1, 0, -1, h - 1, -1, 0)
        case .left: (ax, bx, cx, ay, by, cy) = (w - 1, 0, -1, 0, 1, 0)
        }
        let origin = ay * w + ax
        let stepX = by * w + bx
        let stepY = cy * w + cx
        let count = pixels.count
        let turned = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = UnsafeMutableRawBufferPointer(buffer)
            pixels.withUnsafeBytes { source in
                var out = 0
                for y in 0..<outH {
                    var index = origin + y * stepY
                    for _ in 0..<outW {
                        target.storeBytes(
                            of: source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self),
                            toByteOffset: out, as: UInt32.self)
                        out += 4
                        index += stepX
                    }
                }
            }
            initialized = count
        }
        return RGBAImage(width: outW, height: outH, pixels: turned) ?? self
    }
}
