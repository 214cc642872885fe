import Assets

/// The drawings of the example catalog, each in a light and a dark version.
enum ExampleArtwork {
    /// A red disc with an exclamation mark: the error state.
    static func errorIcon(dark: Bool) -> [(Shape, Paint)] {
        [
            (.circle(x: 0.5, y: 0.5, radius: 0.42), Paint(hex: dark ? 0xFF6961 : 0xD70015)),
            (.capsule(x0: 0.5, y0: 0.26, x1: 0.5, y1: 0.56, width: 0.11), Paint(hex: dark ? 0x1C1C1E : 0xFFFFFF)),
            (.circle(x: 0.5, y: 0.73, radius: 0.065), Paint(hex: dark ? 0x1C1C1E : 0xFFFFFF)),
        ]
    }

    /// A cloud with a downward arrow: data loading.
    static func loadingIcon(dark: Bool) -> [(Shape, Paint)] {
        let cloud = Paint(hex: dark ? 0x64D2FF : 0x0071A4)
        let arrow = Paint(hex: dark ? 0x1C1C1E : 0xFFFFFF)
        return [
            (.circle(x: 0.33, y: 0.56, radius: 0.17), cloud),
            (.circle(x: 0.54, y: 0.43, radius: 0.23), cloud),
            (.circle(x: 0.72, y: 0.58, radius: 0.15), cloud),
            (.roundedRect(x0: 0.16, y0: 0.5, x1: 0.87, y1: 0.73, radius: 0.1), cloud),
            (.capsule(x0: 0.52, y0: 0.36, x1: 0.52, y1: 0.6, width: 0.08), arrow),
            (.triangle(0.41, 0.58, 0.63, 0.58, 0.52, 0.7), arrow),
        ]
    }

    /// An open, empty box: nothing to show.
    static func emptyStateIcon(dark: Bool) -> [(Shape, Paint)] {
        let ink = Paint(hex: dark ? 0xAEAEB2 : 0x6C6C70)
        return [
            (.frame(x0: 0.2, y0: 0.42, x1: 0.8, y1: 0.84, radius: 0.05, width: 0.07), ink),
            (.capsule(x0: 0.23, y0: 0.44, x1: 0.1, y1: 0.26, width: 0.07), ink),
            (.capsule(x0: 0.77, y0: 0.44, x1: 0.9, y1: 0.26, width: 0.07), ink),
            (.capsule(x0: 0.36, y0: 0.58, x1: 0.64, y1: 0.58, width: 0.06), ink),
        ]
    }

    /// A picture frame with a sun and mountains: an image that has not loaded yet.
    static func imagePlaceholderIcon(dark: Bool) -> [(Shape, Paint)] {
        let ink = Paint(hex: dark ? 0xAEAEB2 : 0x8E8E93)
        return [
            (.frame(x0: 0.1, y0: 0.18, x1: 0.9, y1: 0.82, radius: 0.07, width: 0.06), ink),
            (.circle(x: 0.68, y: 0.36, radius: 0.07), ink),
            (.triangle(0.18, 0.74, 0.4, 0.44, 0.6, 0.74), ink),
            (.triangle(0.46, 0.74, 0.62, 0.54, 0.82, 0.74), ink),
        ]
    }

    static func render(_ layers: [(Shape, Paint)], size: Int) -> RGBAImage {
        var canvas = Canvas(width: size, height: size)
        for (shape, paint) in layers { canvas.fill(shape, paint) }
        return canvas.image
    }

    /// A small landscape "photo": sky gradient, sun, hills and a lake.
    static func photo(width: Int, height: Int) -> RGBAImage {
        var canvas = Canvas(width: width, height: height)
        canvas.gradient(top: Paint(hex: 0x2B6CB0), bottom: Paint(hex: 0xF6C177))
        let wide = Double(width) / Double(height)
        canvas.fill(.circle(x: 0.72 * wide, y: 0.36, radius: 0.12), Paint(hex: 0xFFE9A8))
        canvas.fill(.circle(x: 0.25 * wide, y: 1.3, radius: 0.7), Paint(hex: 0x3F6E4A))
        canvas.fill(.circle(x: 0.8 * wide, y: 1.4, radius: 0.8), Paint(hex: 0x2F5A3A))
        canvas.fill(.rect(x0: 0, y0: 0.82, x1: wide, y1: 1), Paint(hex: 0x35658F, alpha: 0.85))
        return canvas.image
    }

    /// The frames of a spinner: twelve dots around a circle, the bright one moving on each frame.
    /// Palette indices: 0 transparent, 1 faint, 2 mid, 3 strong.
    static func spinnerFrames(size: Int, count: Int) -> [[UInt8]] {
        let dots = 12
        var frames: [[UInt8]] = []
        for frame in 0..<count {
            var indices = [UInt8](repeating: 0, count: size * size)
            let canvas = Canvas(width: size, height: size)
            for dot in 0..<dots {
                // Multiples of 30 degrees, from exact values rather than libm, so every machine draws the same pixels.
                let half = 0.5
                let root = (3.0).squareRoot() / 2
                let sines: [Double] = [0, half, root, 1, root, half, 0, -half, -root, -1, -root, -half]
                let x = 0.5 + 0.36 * sines[dot]
                let y = 0.5 - 0.36 * sines[(dot + 3) % dots]
                let lead = frame * dots / count
                let behind = (lead - dot + dots) % dots
                let shade: UInt8 = behind == 0 ? 3 : behind <= 2 ? 2 : 1
                let shape = Shape.circle(x: x, y: y, radius: 0.075)
                for py in 0..<size {
                    for px in 0..<size where canvas.coverage(of: shape, px, py) >= 0.5 {
                        indices[py * size + px] = shade
                    }
                }
            }
            frames.append(indices)
        }
        return frames
    }
}
