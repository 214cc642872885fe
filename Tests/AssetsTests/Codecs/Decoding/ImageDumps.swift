import Foundation
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

/// Writers for the byte streams the corpus' checksums are taken over, and the corpus' location.
enum ImageDumps {
    /// djpeg's binary PPM: "P6\n<w> <h>\n255\n" then R, G, B.
    static func ppm(_ image: RGBAImage) -> [UInt8] {
        var out = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        out.reserveCapacity(out.count + image.width * image.height * 3)
        var i = 0
        while i < image.pixels.count {
            out.append(image.pixels[i])
            out.append(image.pixels[i + 1])
            out.append(image.pixels[i + 2])
            i += 4
        }
        return out
    }

    /// djpeg's binary PGM for grayscale files: "P5\n<w> <h>\n255\n" then one grey byte per pixel.
    static func pgm(_ image: RGBAImage) -> [UInt8] {
        var out = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
        var i = 0
        while i < image.pixels.count {
            out.append(image.pixels[i])
            i += 4
        }
        return out
    }

    /// The CRC-32 of wuffs' NIA rendering of a still image (corpus README, "NIA checksums").
    static func niaCRC32(_ image: RGBAImage) -> String {
        var crc = Checksums.CRC32()
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        crc.update([0x6E, 0xC3, 0xAF, 0x41, 0xFF, 0x62, 0x6E, 0x34] + u32(image.width) + u32(image.height))
        crc.update([UInt8](repeating: 0, count: 8))
        crc.update([0x6E, 0xC3, 0xAF, 0x45, 0xFF, 0x62, 0x6E, 0x34] + u32(image.width) + u32(image.height))
        var bgra = [UInt8](repeating: 0, count: image.pixels.count)
        var i = 0
        while i < bgra.count {
            if image.pixels[i + 3] != 0 {
                bgra[i] = image.pixels[i + 2]
                bgra[i + 1] = image.pixels[i + 1]
                bgra[i + 2] = image.pixels[i]
                bgra[i + 3] = image.pixels[i + 3]
            }
            i += 4
        }
        crc.update(bgra)
        if image.width % 2 == 1 && image.height % 2 == 1 { crc.update([0, 0, 0, 0]) }
        crc.update(u32(0) + [0, 0, 0, 0x80])
        return crc.hex
    }

    /// `../shared/corpus` beside the package (`PackageRoot.sharedCorpus`).
    static let corpus: URL = PackageRoot.sharedCorpus

    static var corpusPresent: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.json").path)
    }

    static func read(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(relative)))
    }
}
