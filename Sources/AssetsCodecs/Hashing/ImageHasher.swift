/// Decodes images with the package's decoders and makes their BlurHash and ThumbHash.
///
/// The pixels are exactly what `asset-tool decode FILE --output x.png` writes: 8-bit sRGB, the EXIF
/// orientation applied, a GIF's first frame composited on a transparent-black canvas, 16-bit channels by
/// their high byte, CMYK as djpeg converts it. BlurHash reads their RGB, ThumbHash their RGBA.
///
/// The exact mode (the default) hashes the full-size pixels. The fast mode decodes a JPEG with libjpeg's
/// DCT scaling at the smallest scale M/8 that leaves at least `fastLongSide` pixels on the longer side,
/// so the decoder does a fraction of the work; other formats decode at full size as in the exact mode.
public struct ImageHasher: Sendable {
    public var components: BlurHash.Components
    public var fast: Bool
    public var limits: DecodingLimits

    /// The longer side the fast mode keeps at least.
    public static let fastLongSide = 100

    public init(components: BlurHash.Components = .default, fast: Bool = false, limits: DecodingLimits = .default) {
        self.components = components
        self.fast = fast
        self.limits = limits
    }

    /// Reads and hashes one file; `file` names it in errors.
    public func hash(file path: String) throws(ImageHashError) -> ImageHash {
        let bytes: [UInt8]
        do {
            bytes = try ImageInspector.readFile(path)
        } catch {
            throw .image(error.naming(file: path))
        }
        return try hash(bytes, file: path)
    }

    /// Decodes `bytes` (named `file` in errors) and hashes the pixels.
    public func hash(_ bytes: [UInt8], file: String? = nil) throws(ImageHashError) -> ImageHash {
        var options = DecodeOptions(limits: limits)
        if fast {
            do {
                let info = try ImageInspector.probe(bytes, file: file, limits: limits)
                if info.format == .jpeg { options.scaleEighths = Self.fastScaleEighths(width: info.width, height: info.height) }
            } catch {
                throw .image(error)
            }
        }
        let decoded: DecodedImage
        do {
            decoded = try ImageInspector.decode(bytes, file: file, options: options)
        } catch {
            throw .image(error)
        }
        let width = decoded.info.displayWidth
        let height = decoded.info.displayHeight
        return try hash(decoded.image, width: width, height: height, file: file)
    }

    /// Hashes pixels already decoded; `width` and `height` are the image's size as reported (in the fast
    /// mode, the full size of the image the smaller pixels were decoded from).
    public func hash(_ image: RGBAImage, width: Int? = nil, height: Int? = nil, file: String? = nil) throws(ImageHashError) -> ImageHash {
        do {
            let blur = try BlurHash.encode(image, components: components)
            let thumb = try ThumbHash.encode(image)
            return ImageHash(width: width ?? image.width, height: height ?? image.height, blurHash: blur, thumbHash: thumb)
        } catch let error as BlurHashError {
            throw .blurHash(error, file: file)
        } catch let error as ThumbHashError {
            throw .thumbHash(error, file: file)
        } catch {
            throw .blurHash(.emptyImage, file: file)
        }
    }

    /// The smallest M in 1...8 for which libjpeg's output (`ceil(side * M / 8)`) keeps the longer side at
    /// least `fastLongSide`; 8 (full size) when the image is smaller than that already.
    static func fastScaleEighths(width: Int, height: Int) -> Int {
        let longer = max(width, height)
        for m in 1...8 where (longer * m + 7) / 8 >= fastLongSide { return m }
        return 8
    }
}

/// The hashes of one image.
public struct ImageHash: Sendable, Hashable {
    /// The image's size (upright).
    public var width: Int
    public var height: Int
    public var blurHash: String
    public var thumbHash: [UInt8]

    package init(width: Int, height: Int, blurHash: String, thumbHash: [UInt8]) {
        self.width = width
        self.height = height
        self.blurHash = blurHash
        self.thumbHash = thumbHash
    }

    /// The ThumbHash in standard base64.
    public var thumbHashBase64: String { ThumbHash.base64(thumbHash) }

    /// The average colour a client reads from the ThumbHash, as `#RRGGBBAA`.
    public var averageColour: String {
        guard let (r, g, b, a) = try? ThumbHash.averageColour(of: thumbHash) else { return "#00000000" }
        let digits = Array("0123456789ABCDEF")
        return "#"
            + [r, g, b, a].map { value -> String in
                let byte = ThumbHash.jsRound(value * 255)
                return String([digits[byte >> 4], digits[byte & 15]])
            }.joined()
    }
}

/// Why an image could not be hashed.
public enum ImageHashError: Error, Sendable, Hashable, CustomStringConvertible {
    case image(ImageError)
    case blurHash(BlurHashError, file: String?)
    case thumbHash(ThumbHashError, file: String?)

    public var description: String {
        switch self {
        case .image(let error): return error.description
        case .blurHash(let error, let file): return (file.map { "\($0): " } ?? "") + error.description
        case .thumbHash(let error, let file): return (file.map { "\($0): " } ?? "") + error.description
        }
    }
}
