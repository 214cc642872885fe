import Assets

/// A straight-alpha colour with components in 0...1.
struct Paint {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double = 1

    init(hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }
}

/// A shape in units of the canvas height (y runs 0...1 down, x 0...width/height), so circles stay round.
enum Shape {
    case circle(x: Double, y: Double, radius: Double)
    case ring(x: Double, y: Double, radius: Double, width: Double)
    case roundedRect(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double)
    case frame(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, width: Double)
    case capsule(x0: Double, y0: Double, x1: Double, y1: Double, width: Double)
    case triangle(Double, Double, Double, Double, Double, Double)
    case rect(x0: Double, y0: Double, x1: Double, y1: Double)

    func contains(_ x: Double, _ y: Double) -> Bool {
        switch self {
        case .circle(let cx, let cy, let r):
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        case .ring(let cx, let cy, let r, let w):
            let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
            return abs(d - r) <= w / 2
        case .roundedRect(let x0, let y0, let x1, let y1, let r):
            return Shape.inRoundedRect(x, y, x0, y0, x1, y1, r)
        case .frame(let x0, let y0, let x1, let y1, let r, let w):
            return Shape.inRoundedRect(x, y, x0, y0, x1, y1, r)
                && !Shape.inRoundedRect(x, y, x0 + w, y0 + w, x1 - w, y1 - w, max(r - w, 0))
        case .capsule(let x0, let y0, let x1, let y1, let w):
            let dx = x1 - x0
            let dy = y1 - y0
            let length = dx * dx + dy * dy
            let t = length == 0 ? 0 : min(max(((x - x0) * dx + (y - y0) * dy) / length, 0), 1)
            let px = x0 + t * dx - x
            let py = y0 + t * dy - y
            return px * px + py * py <= (w / 2) * (w / 2)
        case .triangle(let ax, let ay, let bx, let by, let cx, let cy):
            let d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
            let d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
            let d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
            let negative = d1 < 0 || d2 < 0 || d3 < 0
            let positive = d1 > 0 || d2 > 0 || d3 > 0
            return !(negative && positive)
        case .rect(let x0, let y0, let x1, let y1):
            return x >= x0 && x <= x1 && y >= y0 && y <= y1
        }
    }

    private static func inRoundedRect(_ x: Double, _ y: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ r: Double) -> Bool
    {
        guard x >= x0, x <= x1, y >= y0, y <= y1 else { return false }
        let cx = min(max(x, x0 + r), x1 - r)
        let cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }
}

/// A raster painted shape by shape with 4×4 supersampled coverage, then turned into 8-bit RGBA.
struct Canvas {
    let width: Int
    let height: Int
    private var red: [Double]
    private var green: [Double]
    private var blue: [Double]
    private var alpha: [Double]

    init(width: Int, height: Int, background: Paint? = nil) {
        self.width = width
        self.height = height
        let count = width * height
        red = [Double](repeating: background?.red ?? 0, count: count)
        green = [Double](repeating: background?.green ?? 0, count: count)
        blue = [Double](repeating: background?.blue ?? 0, count: count)
        alpha = [Double](repeating: background?.alpha ?? 0, count: count)
    }

    /// The fraction of the pixel (px, py) inside `shape`.
    func coverage(of shape: Shape, _ px: Int, _ py: Int) -> Double {
        var hits = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let x = (Double(px) + (Double(sx) + 0.5) / 4) / Double(height)
                let y = (Double(py) + (Double(sy) + 0.5) / 4) / Double(height)
                if shape.contains(x, y) { hits += 1 }
            }
        }
        return Double(hits) / 16
    }

    mutating func fill(_ shape: Shape, _ paint: Paint) {
        for py in 0..<height {
            for px in 0..<width {
                let cover = coverage(of: shape, px, py)
                guard cover > 0 else { continue }
                let i = py * width + px
                let sa = paint.alpha * cover
                let da = alpha[i]
                let oa = sa + da * (1 - sa)
                guard oa > 0 else { continue }
                red[i] = (paint.red * sa + red[i] * da * (1 - sa)) / oa
                green[i] = (paint.green * sa + green[i] * da * (1 - sa)) / oa
                blue[i] = (paint.blue * sa + blue[i] * da * (1 - sa)) / oa
                alpha[i] = oa
            }
        }
    }

    /// A vertical gradient over the whole canvas.
    mutating func gradient(top: Paint, bottom: Paint, from y0: Double = 0, to y1: Double = 1) {
        for py in 0..<height {
            let y = (Double(py) + 0.5) / Double(height)
            guard y >= y0, y <= y1 else { continue }
            let t = (y - y0) / (y1 - y0)
            for px in 0..<width {
                let i = py * width + px
                red[i] = top.red + (bottom.red - top.red) * t
                green[i] = top.green + (bottom.green - top.green) * t
                blue[i] = top.blue + (bottom.blue - top.blue) * t
                alpha[i] = 1
            }
        }
    }

    var image: RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        func byte(_ value: Double) -> UInt8 { UInt8(min(max((value * 255).rounded(), 0), 255)) }
        for i in 0..<(width * height) {
            let a = byte(alpha[i])
            guard a > 0 else { continue }
            pixels[i * 4] = byte(red[i])
            pixels[i * 4 + 1] = byte(green[i])
            pixels[i * 4 + 2] = byte(blue[i])
            pixels[i * 4 + 3] = a
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }
}
