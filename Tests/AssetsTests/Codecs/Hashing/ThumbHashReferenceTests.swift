import Foundation
import Testing
@testable import AssetsCodecs
import TestSupport

/// ThumbHash against the reference `thumbhash.js` (evanw/thumbhash) run by Node.js on the same pixels: every
/// size from 1x1 to 100x100 (flat, flat translucent, gradients, noise, varying alpha in turn) and every one of
/// those kinds at every size up to 32x32. Both the hash (`rgbaToThumbHash`) and the image drawn from it
/// (`thumbHashToRGBA`, compared by an FNV-1a of its pixels) must be identical.
///
/// Needs `node` on PATH and `THUMBHASH_JS` naming the reference's `js/thumbhash.js` (never committed here:
/// `npm pack thumbhash` or a checkout of evanw/thumbhash); `Benchmarks/thumbhash-compare` finds both and
/// runs this suite. `ASSETS_THUMBHASH_SUMMARY` names a file the counts are written to (BENCHMARKS.md).
@Suite("ThumbHash against thumbhash.js under Node.js, every size up to 100x100")
struct ThumbHashReferenceTests {
    static let reference: String? = {
        guard let path = ProcessInfo.processInfo.environment["THUMBHASH_JS"],
            FileManager.default.isReadableFile(atPath: path)
        else { return nil }
        return path
    }()

    static let node: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("node") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The kinds of generated image, each a function of its size and a seed.
    enum Kind: CaseIterable {
        case flat, flatTranslucent, gradient, noise, varyingAlpha
    }

    /// A deterministic image of `kind`; flat images are where a last-place difference in a cosine shows, as
    /// their AC terms are rounding noise that the normalisation scales up to the full 0...15 range.
    static func image(_ kind: Kind, width w: Int, height h: Int) -> RGBAImage {
        var noise = HashInputs.Noise(state: UInt32(w * 131 + h * 7 + 1))
        var image = RGBAImage(width: w, height: h)
        let r0 = noise.next()
        let g0 = noise.next()
        let b0 = noise.next()
        let r1 = noise.next()
        let g1 = noise.next()
        let gray = (w + h) % 3 == 0
        let alpha = 1 + noise.next() % 254
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                var px: (Int, Int, Int, Int)
                switch kind {
                case .flat: px = (r0, gray ? r0 : g0, gray ? r0 : b0, 255)
                case .flatTranslucent: px = (r0, gray ? r0 : g0, gray ? r0 : b0, alpha)
                case .gradient:
                    let fx = w > 1 ? x * 255 / (w - 1) : 0
                    let fy = h > 1 ? y * 255 / (h - 1) : 0
                    px = ((r0 * (255 - fx) + r1 * fx) / 255, (g0 * (255 - fy) + g1 * fy) / 255, (fx + fy) / 2, 255)
                case .noise: px = (noise.next(), noise.next(), noise.next(), 255)
                case .varyingAlpha:
                    // Odd sizes: noise with alpha (a quarter of it fully transparent); even: an alpha ramp.
                    if (w + h) % 2 == 1 {
                        let a = noise.next()
                        px = (noise.next(), noise.next(), noise.next(), a < 64 ? 0 : a)
                    } else {
                        px = (r0, g0, b0, w > 1 ? x * 255 / (w - 1) : y * 255 / max(h - 1, 1))
                    }
                }
                image.pixels[i] = UInt8(px.0)
                image.pixels[i + 1] = UInt8(px.1)
                image.pixels[i + 2] = UInt8(px.2)
                image.pixels[i + 3] = UInt8(px.3)
            }
        }
        return image
    }

    /// Every size 1...100 by 1...100, one kind each in turn, then every kind at every size up to 32x32.
    static var cases: [(kind: Kind, width: Int, height: Int)] {
        var cases: [(Kind, Int, Int)] = []
        for h in 1...100 {
            for w in 1...100 { cases.append((Kind.allCases[(w + 2 * h) % Kind.allCases.count], w, h)) }
        }
        for h in 1...32 {
            for w in 1...32 {
                for kind in Kind.allCases where kind != Kind.allCases[(w + 2 * h) % Kind.allCases.count] {
                    cases.append((kind, w, h))
                }
            }
        }
        return cases
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for byte in bytes { h = (h ^ UInt32(byte)) &* 0x0100_0193 }
        return h
    }

    @Test(
        "hashes and drawn images are identical to thumbhash.js",
        .enabled(
            if: reference != nil && node != nil,
            "needs node on PATH and THUMBHASH_JS naming evanw/thumbhash's js/thumbhash.js (Benchmarks/thumbhash-compare): skipped"))
    func identicalToReference() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbhash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = folder.appendingPathComponent("records.bin")
        let output = folder.appendingPathComponent("reference.txt")

        // Given the generated images, written for the reference and hashed here
        let cases = Self.cases
        var ours: [(hash: [UInt8], line: String)] = []
        ours.reserveCapacity(cases.count)
        _ = FileManager.default.createFile(atPath: records.path, contents: nil)
        let handle = try FileHandle(forWritingTo: records)
        for (kind, w, h) in cases {
            let image = Self.image(kind, width: w, height: h)
            try handle.write(contentsOf: [UInt8(w), UInt8(h)] + image.pixels)
            let hash = try ThumbHash.encode(image)
            let drawn = try ThumbHash.decode(hash)
            ours.append((hash, "\(ThumbHash.base64(hash)) \(drawn.width) \(drawn.height) \(String(Self.fnv1a(drawn.pixels), radix: 16))"))
        }
        try handle.close()

        // When thumbhash.js hashes and draws the same pixels
        let process = Process()
        process.executableURL = try #require(Self.node)
        process.arguments = [
            PackageRoot.url("Benchmarks/thumbhash_reference.mjs").path,
            try #require(Self.reference), records.path, output.path,
        ]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(theirs.count == cases.count, "the reference wrote \(theirs.count) lines for \(cases.count) images")

        // Then every hash and every drawn image is the same, byte for byte
        var sameHash = 0
        var sameImage = 0
        var largestByteDifference = 0
        var mismatches: [String] = []
        for (index, (mine, line)) in zip(ours, theirs).enumerated() {
            let fields = line.split(separator: " ").map(String.init)
            let referenceHash = (try? ThumbHash.bytes(base64: fields[0])) ?? []
            if mine.hash == referenceHash {
                sameHash += 1
            } else {
                let (kind, w, h) = cases[index]
                if mismatches.count < 10 { mismatches.append("\(kind) \(w)x\(h): \(ThumbHash.base64(mine.hash)) vs \(fields[0])") }
                for (a, b) in zip(mine.hash, referenceHash) { largestByteDifference = max(largestByteDifference, abs(Int(a) - Int(b))) }
            }
            if mine.line.split(separator: " ").dropFirst().joined(separator: " ") == fields.dropFirst().joined(separator: " ") {
                sameImage += 1
            }
        }
        let summary =
            "thumbhash.js (\(ProcessInfo.processInfo.environment["THUMBHASH_NODE_VERSION"] ?? "node")): "
            + "\(sameHash)/\(cases.count) hashes identical, \(sameImage)/\(cases.count) drawn images identical, "
            + "largest byte difference \(largestByteDifference)"
        if let path = ProcessInfo.processInfo.environment["ASSETS_THUMBHASH_SUMMARY"] {
            try Data((summary + "\n" + mismatches.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(sameHash == cases.count, "\(summary)\n\(mismatches.joined(separator: "\n"))")
        #expect(sameImage == cases.count, "\(summary)")
    }
}
