import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation

/// Hostile inputs made by the tests themselves: decompression bombs and other files a CI runner or an
/// upload server may be handed. Each is small on disk and declares something huge, or is damaged on purpose.
enum HostileFiles {
    /// A GIF whose logical screen is 65535x65535 (17 GB as RGBA) with one 1x1 frame.
    static func gifHugeCanvas() throws -> [UInt8] {
        let palette = [GIFEncoder.Color(0, 0, 0), GIFEncoder.Color(255, 255, 255)]
        return try GIFEncoder(
            width: 65_535, height: 65_535, globalColorTable: palette,
            frames: [.filled(1, width: 1, height: 1)]
        ).encode()
    }

    /// A GIF on a 1x1 screen whose first frame declares 65535x65535: the canvas grows to hold it.
    static func gifHugeFrame() -> [UInt8] {
        var bytes = gifHeader(width: 1, height: 1)
        bytes += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        return bytes
    }

    /// A GIF on a 1x1 screen with `count` 1x1 frames of 15 bytes each (a frame-count bomb).
    ///
    /// Each frame is an image descriptor and the LZW stream `clear, 0, end` (02 02 44 01 00), the same
    /// bytes as the classic smallest GIF.
    static func gifManyFrames(_ count: Int) -> [UInt8] {
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
        var bytes = gifHeader(width: 1, height: 1)
        bytes.reserveCapacity(bytes.count + frame.count * count + 1)
        for _ in 0..<count { bytes += frame }
        bytes.append(0x3B)
        return bytes
    }

    /// "GIF89a", a logical screen descriptor and a two-colour global table.
    static func gifHeader(width: UInt16, height: UInt16) -> [UInt8] {
        Array("GIF89a".utf8) + [
            UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8),
            0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
        ]
    }

    /// A real baseline JPEG (made with `JPEGEncoder`) whose frame header is patched to `width`x`height`.
    static func jpegDeclaring(width: UInt16, height: UInt16, progressive: Bool = false) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = UInt8(i & 0xFF)
            pixels[i + 3] = 255
        }
        guard let image = RGBAImage(width: 16, height: 16, pixels: pixels) else { return [] }
        var bytes = try JPEGEncoder(quality: 80, progressive: progressive).encode(image)
        // SOF0 (baseline) or SOF2 (progressive): FF C0/C2, length (2), precision (1), height (2), width (2).
        guard let sof = bytes.indices.dropLast(9).first(where: { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        else {
            return bytes
        }
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return bytes
    }

    /// A real PNG (made with `PNGEncoder`) whose IHDR is patched to `width`x`height`, CRC recomputed.
    static func pngDeclaring(width: UInt32, height: UInt32) throws -> [UInt8] {
        var bytes = try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4))
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ... CRC over type and data.
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { bytes[offset + k] = UInt8((value >> (24 - 8 * UInt32(k))) & 0xFF) }
        }
        let crc = crc32(bytes[12..<29])
        for k in 0..<4 { bytes[29 + k] = UInt8((crc >> (24 - 8 * UInt32(k))) & 0xFF) }
        return bytes
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, reflected 0xEDB88320), bit by bit: only for patching fixtures.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Every generated hostile file with a name, for the end-to-end contract test.
    static func all() throws -> [(name: String, bytes: [UInt8])] {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        let png = try PNGEncoder.fast.encode(RGBAImage(width: 8, height: 8))
        let jpeg = try jpegDeclaring(width: 16, height: 16)
        return [
            ("empty.gif", []),
            ("noise.bin", noise),
            ("signature-only.png", Array(png.prefix(8))),
            ("signature-only.jpg", [0xFF, 0xD8, 0xFF]),
            ("signature-only.gif", Array("GIF89a".utf8)),
            ("canvas-65535.gif", try gifHugeCanvas()),
            ("frame-65535.gif", gifHugeFrame()),
            ("frames-150000.gif", gifManyFrames(150_000)),
            ("sof-65535.jpg", try jpegDeclaring(width: 65_535, height: 65_535)),
            ("sof-65535-progressive.jpg", try jpegDeclaring(width: 65_535, height: 65_535, progressive: true)),
            ("sof-zero.jpg", try jpegDeclaring(width: 0, height: 0)),
            ("ihdr-huge.png", try pngDeclaring(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)),
            ("ihdr-100000.png", try pngDeclaring(width: 100_000, height: 100_000)),
            ("ihdr-zero.png", try pngDeclaring(width: 0, height: 7)),
            ("half.jpg", Array(jpeg.prefix(jpeg.count / 2))),
            ("half.png", Array(png.prefix(png.count / 2))),
            ("png-named.gif", png),
        ]
    }
}
