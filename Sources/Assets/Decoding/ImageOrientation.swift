/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to show the image upright.
/// Cases are named as `CGImagePropertyOrientation` names them.
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
    /// The image turned upright for `orientation`: a new raster (no allocation for `.up`).
    public func applying(_ orientation: ImageOrientation) -> RGBAImage {
        if orientation == .up || width == 0 || height == 0 { return self }
        let (w, h) = (width, height)
        let (outW, outH) = orientation.swapsAxes ? (h, w) : (w, h)
        var out = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<outH {
                    let row = y * outW
                    for x in 0..<outW {
                        let sx: Int, sy: Int
                        switch orientation {
                        case .up: (sx, sy) = (x, y)
                        case .upMirrored: (sx, sy) = (w - 1 - x, y)
                        case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (sx, sy) = (x, h - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, h - 1 - x)
                        case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .left: (sx, sy) = (w - 1 - y, x)
                        }
                        target[row + x] = source[sy * w + sx]
                    }
                }
            }
        }
        let bytes = out.withUnsafeBytes { Array($0) }
        return RGBAImage(width: outW, height: outH, pixels: bytes) ?? self
    }
}
