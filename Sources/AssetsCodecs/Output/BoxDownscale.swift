/// Shrinks an RGBA image to fit a square, averaging the block of source pixels under each output pixel
/// weighted by alpha (so transparent pixels do not darken edges). Enough for thumbnails.
import AssetsSupport

package enum BoxDownscale {
    package static func fit(_ image: RGBAImage, maxSide: Int) -> RGBAImage {
        let longer = max(image.width, image.height)
        guard maxSide > 0, longer > maxSide else { return image }
        let width = max(1, image.width * maxSide / longer)
        let height = max(1, image.height * maxSide / longer)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let top = y * image.height / height
                let bottom = max(top + 1, (y + 1) * image.height / height)
                for x in 0..<width {
                    let left = x * image.width / width
                    let right = max(left + 1, (x + 1) * image.width / width)
                    var red = 0
                    var green = 0
                    var blue = 0
                    var alpha = 0
                    var count = 0
                    for sy in top..<bottom {
                        var index = (sy * image.width + left) * 4
                        for _ in left..<right {
                            let a = Int(source[index + 3])
                            red += Int(source[index]) * a
                            green += Int(source[index + 1]) * a
                            blue += Int(source[index + 2]) * a
                            alpha += a
                            count += 1
                            index += 4
                        }
                    }
                    let target = (y * width + x) * 4
                    if alpha > 0 {
                        out[target] = UInt8((red + alpha / 2) / alpha)
                        out[target + 1] = UInt8((green + alpha / 2) / alpha)
                        out[target + 2] = UInt8((blue + alpha / 2) / alpha)
                    }
                    out[target + 3] = UInt8((alpha + count / 2) / max(count, 1))
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out) ?? image
    }
}
