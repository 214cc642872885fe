import Foundation
@testable import Assets
@testable import AssetsCodecs
import TestSupport

/// The images the hash conformance tests hash, made here (no image file is committed), and the expected
/// values computed from the same pixels with the reference implementations (Tests/Fixtures/README.md).
enum HashInputs {
    /// Deterministic noise: a 32-bit LCG, top byte.
    struct Noise {
        var state: UInt32
        mutating func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 24)
        }
    }

    /// Gradients with noise and a few hard edges; `alpha` varies alpha (some pixels fully transparent),
    /// `gray` makes R = G = B.
    static func pattern(width: Int, height: Int, seed: UInt32, alpha: Bool = false, gray: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var noise = Noise(state: seed)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let edge = (x * 3 / max(width, 1) + y * 2 / max(height, 1)) % 2 == 0
                var r = x * 255 / max(width - 1, 1) / 2 + noise.next() / 4 + (edge ? 60 : 0)
                var g = y * 255 / max(height - 1, 1) / 2 + noise.next() / 4 + (edge ? 0 : 40)
                var b = 200 - x * 100 / max(width, 1) + noise.next() / 8
                if gray {
                    g = r
                    b = r
                }
                r = min(r, 255)
                g = min(g, 255)
                b = min(max(b, 0), 255)
                image.pixels[i] = UInt8(r)
                image.pixels[i + 1] = UInt8(g)
                image.pixels[i + 2] = UInt8(b)
                if alpha {
                    let a = (x + y) % 7 == 0 ? 0 : min(255, 40 + (x * 215) / max(width - 1, 1))
                    image.pixels[i + 3] = UInt8(a)
                } else {
                    image.pixels[i + 3] = 255
                }
            }
        }
        return image
    }

    /// A smooth photo-like picture (sky, hills, noise) large enough that 32-bit sums matter.
    static func photo(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var noise = Noise(state: 7)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let hill = height / 2 + (x % 400 < 200 ? x % 200 : 200 - x % 200) / 3
                let n = noise.next() / 16
                if y < hill {
                    image.pixels[i] = UInt8(min(255, 90 + y * 80 / height + n))
                    image.pixels[i + 1] = UInt8(min(255, 140 + y * 60 / height + n))
                    image.pixels[i + 2] = UInt8(min(255, 220 + n))
                } else {
                    image.pixels[i] = UInt8(min(255, 40 + (x * 50) / width + n))
                    image.pixels[i + 1] = UInt8(min(255, 110 - (y * 40) / height + n * 2))
                    image.pixels[i + 2] = UInt8(min(255, 30 + n))
                }
                image.pixels[i + 3] = 255
            }
        }
        return image
    }

    /// Every generated input by name. JPEG inputs are encoded with the package's encoder (libjpeg-turbo)
    /// and decoded with its decoder, as `asset-tool decode` would.
    static func all() throws -> [(name: String, image: RGBAImage)] {
        let photoJPEG = try JPEGEncoder(quality: 90).encode(photo(width: 1600, height: 1200))
        let grayJPEG = try JPEGEncoder(quality: 85, colorModel: .grayscale).encode(pattern(width: 121, height: 91, seed: 5))
        return [
            ("noise-37x23", pattern(width: 37, height: 23, seed: 1)),
            ("gradient-64x48", pattern(width: 64, height: 48, seed: 2)),
            ("alpha-40x30", pattern(width: 40, height: 30, seed: 3, alpha: true)),
            ("gray-50x50", pattern(width: 50, height: 50, seed: 4, gray: true)),
            ("one-1x1", pattern(width: 1, height: 1, seed: 9)),
            ("tall-30x100", pattern(width: 30, height: 100, seed: 10)),
            ("wide-100x7", pattern(width: 100, height: 7, seed: 11, alpha: true)),
            ("square-100x100", pattern(width: 100, height: 100, seed: 12)),
            ("photo-1600x1200-jpeg", try ImageInspector.decode(photoJPEG).image),
            ("gray-121x91-jpeg", try ImageInspector.decode(grayJPEG).image),
        ]
    }

    /// Writes each input's raw RGBA as `NAME.WxH.rgba` into `folder` (for the reference tools).
    static func dump(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, image) in try all() {
            try Data(image.pixels).write(to: folder.appendingPathComponent("\(name).\(image.width)x\(image.height).rgba"))
        }
    }
}

/// `Tests/Fixtures/hash-references.txt`: one record a line, fields split by spaces.
struct HashReferences {
    var blurHashes: [(input: String, components: String, hash: String)] = []
    var thumbHashes: [(input: String, hash: String)] = []
    var blurHashDecodes: [(hash: String, width: Int, height: Int, punch: Int, rgb: [UInt8])] = []
    var thumbHashDecodes: [(hash: String, width: Int, height: Int, rgba: [UInt8])] = []

    static let url = PackageRoot.fixtures.appendingPathComponent("hash-references.txt")

    static func load() throws -> HashReferences {
        let text = try String(contentsOf: url, encoding: .utf8)
        var references = HashReferences()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: " ").map(String.init)
            func size(_ text: String) -> (Int, Int) {
                let parts = text.split(separator: "x").compactMap { Int($0) }
                return (parts.first ?? 0, parts.last ?? 0)
            }
            switch f.first {
            case "blurhash" where f.count == 4: references.blurHashes.append((f[1], f[2], f[3]))
            case "thumbhash" where f.count == 3: references.thumbHashes.append((f[1], f[2]))
            case "blurhash-decode" where f.count == 5:
                let (w, h) = size(f[2])
                references.blurHashDecodes.append((f[1], w, h, Int(f[3]) ?? 1, hex(f[4])))
            case "thumbhash-decode" where f.count == 4:
                let (w, h) = size(f[2])
                references.thumbHashDecodes.append((f[1], w, h, hex(f[3])))
            default: continue
            }
        }
        return references
    }

    static func hex(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8?
        for c in text.utf8 {
            let v: UInt8 = c <= 57 ? c - 48 : c - 87
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        return out
    }
}
