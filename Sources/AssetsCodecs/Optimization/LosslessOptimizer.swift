/// Lossless rewrites of PNG and JPEG files, each proven before it is handed out, and the digest of what
/// a file shows (its decoded pixels, colour profile and orientation) that finds duplicates.
///
/// The work is the libraries': libpng decodes, libdeflate deflates (`png_optimize_shim.c`), libjpeg
/// transcodes coefficients (`jpeg_optimize_shim.c`, jpegtran's semantics). What is written here: the
/// choice between what they return, the proof, and the digest (`StableHasher`, a fixed-key hash: the same
/// file has the same digest on every run, so the digest cache may keep it).
import AssetsSupport
internal import CPNGShim
internal import CJPEGShim

/// A smaller file that shows exactly what the original shows.
public struct LosslessRewrite: Sendable, Hashable {
    public var format: ImageFormat
    public var originalSize: Int
    /// The rewritten file; proven to decode to the original's pixels, with its colour profile, gamma and orientation.
    public var bytes: [UInt8]
    /// What changed, in a few words: `RGBA 8-bit to palette 4-bit, metadata dropped`, `progressive`.
    public var change: String

    public var savedBytes: Int { originalSize - bytes.count }
}

public enum LosslessOptimizer {
    /// How hard the PNG rewrite tries: 0 fast, 1 the default (five filter strategies tried at libdeflate
    /// level 3, the best deflated again at level 12 up to 1 MiB of image data, 11 above), 2 every filter
    /// strategy and level 12.
    public static let defaultEffort = 1

    /// The proven smaller rewrite of `bytes`, or nil when there is none: the format is not PNG or JPEG,
    /// the file is animated, damaged or arithmetic coded, the rewrite is not smaller, or it failed the
    /// proof. Throws only when the file is larger than `limits` allow.
    public static func rewrite(
        _ bytes: [UInt8], format: ImageFormat, limits: DecodingLimits = .default,
        effort: Int = defaultEffort
    ) throws(ImageError) -> LosslessRewrite? {
        let maxPixels = UInt64(max(limits.maxPixels, 0))
        switch format {
        case .png:
            var result = assets_png_opt_result()
            defer { assets_png_opt_free(&result) }
            let status = bytes.withUnsafeBufferPointer { assets_png_optimize($0.baseAddress, $0.count, maxPixels, Int32(effort), &result) }
            if status == ASSETS_PNG_OPT_TOO_LARGE {
                throw ImageError(.tooLarge, format: .png, detail: "more than \(limits.maxPixels) pixels")
            }
            guard status == ASSETS_PNG_OPT_OK, let out = result.bytes, result.count < bytes.count else { return nil }
            let rewritten = Array(UnsafeBufferPointer(start: out, count: result.count))
            guard try sameImage(bytes, rewritten, format: .png, limits: limits) else { return nil }
            let change =
                "\(pngType(result.color_type, result.bit_depth)) to \(pngType(result.out_color_type, result.out_bit_depth))"
                + (result.interlaced != 0 ? ", not interlaced" : "")
            return LosslessRewrite(format: .png, originalSize: bytes.count, bytes: rewritten, change: change)
        case .jpeg:
            var result = assets_jpeg_opt_result()
            defer { assets_jpeg_opt_free(&result) }
            let status = bytes.withUnsafeBufferPointer { assets_jpeg_optimize($0.baseAddress, $0.count, maxPixels, &result) }
            if status == ASSETS_JPEG_OPT_TOO_LARGE {
                throw ImageError(.tooLarge, format: .jpeg, detail: "more than \(limits.maxPixels) pixels")
            }
            guard status == ASSETS_JPEG_OPT_OK, let out = result.bytes, result.count < bytes.count else { return nil }
            let rewritten = Array(UnsafeBufferPointer(start: out, count: result.count))
            guard try sameImage(bytes, rewritten, format: .jpeg, limits: limits) else { return nil }
            return LosslessRewrite(
                format: .jpeg, originalSize: bytes.count, bytes: rewritten,
                change: result.progressive != 0 ? "progressive, Huffman tables optimised" : "Huffman tables optimised")
        default:
            return nil
        }
    }

    /// Whether two files of `format` show the same: decoded by libpng (expanded to 16-bit RGBA) or libjpeg
    /// to the same samples, with the same colour chunks (PNG: iCCP, sRGB, gAMA, cHRM, cICP, mDCv, cLLi) and
    /// orientation (eXIf), or the same APPn markers (JPEG: EXIF, ICC profile, Adobe). False when either
    /// does not decode; throws when either is larger than `limits` allow.
    public static func sameImage(
        _ first: [UInt8], _ second: [UInt8], format: ImageFormat,
        limits: DecodingLimits = .default
    ) throws(ImageError) -> Bool {
        let maxPixels = UInt64(max(limits.maxPixels, 0))
        let verdict: Int32
        switch format {
        case .png:
            verdict = first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in assets_png_same_image(a.baseAddress, a.count, b.baseAddress, b.count, maxPixels) }
            }
            if verdict == -Int32(ASSETS_PNG_OPT_TOO_LARGE.rawValue) {
                throw ImageError(.tooLarge, format: .png, detail: "more than \(limits.maxPixels) pixels")
            }
        case .jpeg:
            verdict = first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in assets_jpeg_same_image(a.baseAddress, a.count, b.baseAddress, b.count, maxPixels) }
            }
            if verdict == -Int32(ASSETS_JPEG_OPT_TOO_LARGE.rawValue) {
                throw ImageError(.tooLarge, format: .jpeg, detail: "more than \(limits.maxPixels) pixels")
            }
        default:
            return first == second
        }
        return verdict == 1
    }

    /// The digest of what the file shows: PNG and JPEG by their decoded pixels (PNG as 16-bit RGBA, so a
    /// palette PNG and an RGBA PNG of the same pixels agree), colour profile and orientation; other
    /// formats by their bytes. Nil when the file does not decode. Reads row by row: holds no image.
    public static func digest(
        _ bytes: [UInt8], format: ImageFormat, orientation: ImageOrientation = .up,
        limits: DecodingLimits = .default
    ) -> PixelDigest? {
        let box = DigestBox()
        box.add(Array(format.rawValue.utf8))
        let maxPixels = UInt64(max(limits.maxPixels, 0))
        let context = Unmanaged.passUnretained(box).toOpaque()
        switch format {
        case .png:
            let status = bytes.withUnsafeBufferPointer { assets_png_canonical($0.baseAddress, $0.count, maxPixels, digestSink, context) }
            guard status == ASSETS_PNG_OPT_OK else { return nil }
        case .jpeg:
            box.add([UInt8(truncatingIfNeeded: orientation.rawValue)])
            let status = bytes.withUnsafeBufferPointer { assets_jpeg_canonical($0.baseAddress, $0.count, maxPixels, digestSink, context) }
            guard status == ASSETS_JPEG_OPT_OK else { return nil }
        default:
            box.add(bytes)
        }
        return withExtendedLifetime(box) { box.finish() }
    }

    private static func pngType(_ colorType: Int32, _ depth: Int32) -> String {
        let name: String
        switch colorType {
        case 0: name = "grey"
        case 2: name = "RGB"
        case 3: name = "palette"
        case 4: name = "grey+alpha"
        default: name = "RGBA"
        }
        return "\(name) \(depth)-bit"
    }
}

/// The stable hasher behind a digest, as a class for the C callback's context.
private final class DigestBox {
    var hasher = StableHasher()

    func add(_ bytes: UnsafeRawBufferPointer) {
        hasher.add(bytes)
    }

    func add(_ bytes: [UInt8]) {
        hasher.add(bytes)
    }

    func finish() -> PixelDigest {
        hasher.finish()
    }
}

private func digestSink(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ count: Int) {
    guard let context, let bytes, count > 0 else { return }
    let box = Unmanaged<DigestBox>.fromOpaque(context).takeUnretainedValue()
    box.add(UnsafeRawBufferPointer(start: bytes, count: count))
}
