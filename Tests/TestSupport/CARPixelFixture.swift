import Foundation

/// A compiled catalog whose images hold pixels the tests know: an 8x6 ARGB atlas in two uncompressed chunks
/// of three rows, a 4x3 member cropped from it, a 5x2 grey-alpha image stored flat, and an 8x6 image in
/// one gzip chunk (made by the system's `gzip`). Rows are padded to 16 pixels, as CoreUI stores them.
package enum CARPixelFixture {
    /// A premultiplied BGRA pixel of the atlas at (x, y), rows top down: a pattern every pixel of which differs.
    package static func atlasPixel(_ x: Int, _ y: Int) -> [UInt8] {
        let alpha = UInt8(255 - 20 * y)
        func premultiplied(_ value: Int) -> UInt8 { UInt8((value * Int(alpha) + 127) / 255) }
        return [premultiplied(10 * x), premultiplied(200 - 10 * y), premultiplied(30 + 20 * x), alpha]
    }

    package static func straight(_ premultiplied: [UInt8]) -> [UInt8] {
        let alpha = Int(premultiplied[3])
        func value(_ channel: UInt8) -> UInt8 { UInt8(min(255, (Int(channel) * 255 + alpha / 2) / alpha)) }
        return [value(premultiplied[2]), value(premultiplied[1]), value(premultiplied[0]), premultiplied[3]]
    }

    /// Rows of `width` pixels padded to 16 pixels, as CoreUI stores them.
    package static func rows(_ range: Range<Int>, width: Int) -> [UInt8] {
        range.flatMap { y in (0..<16).flatMap { x in x < width ? atlasPixel(x, y) : [0, 0, 0, 0] } }
    }

    package static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// An 8x6 atlas in two uncompressed chunks of three rows, a 4x3 member cropped at (2, 1) from the
    /// bottom-left corner, a 5x2 grey-alpha image stored flat, and an 8x6 image in one gzip chunk.
    package static func catalog(atlasChunks: [(rows: Int, data: [UInt8])]? = nil, crop: (x: UInt32, y: UInt32) = (2, 1)) throws -> [UInt8] {
        typealias F = CARFixture
        var car = CARFixture()
        car.named(
            "CARHEADER",
            Array("RATC".utf8) + F.le32(689) + F.le32(17) + F.le32(0) + F.le32(4) + F.fixed("CoreUI", 128)
                + F.fixed("Xcode", 256) + [UInt8](repeating: 0, count: 16) + F.le32(0) + F.le32(2) + F.le32(1) + F.le32(2))
        car.named("KEYFORMAT", Array("tmfk".utf8) + F.le32(0) + F.le32(UInt32(F.keyFormat.count)) + F.keyFormat.flatMap(F.le32))
        car.tree(
            "FACETKEYS",
            [
                (Array("Icon".utf8), F.facet(identifier: 10)), (Array("Shade".utf8), F.facet(identifier: 20)),
                (Array("Photo".utf8), F.facet(identifier: 30)),
            ])
        func celm(version: UInt32, compression: UInt32, chunks: [(rows: Int, data: [UInt8])]) -> [UInt8] {
            var bytes: [UInt8] = Array("MLEC".utf8)
            bytes += F.le32(version) + F.le32(compression) + F.le32(UInt32(chunks.count))
            for chunk in chunks {
                bytes += Array("KCBC".utf8) + F.le32(0) + F.le32(0)
                bytes += F.le32(UInt32(chunk.rows)) + F.le32(UInt32(chunk.data.count))
                bytes += chunk.data
            }
            return bytes
        }
        let chunks = atlasChunks ?? [(3, rows(0..<3, width: 8)), (3, rows(3..<6, width: 8))]
        let atlas = F.rendition(
            name: "ZZZZPackedAsset-2.0.0-gamut0", layout: 0x3EC, width: 8, height: 6, scale: 200,
            payload: celm(version: 1, compression: 0, chunks: chunks))
        var inlk: [UInt8] = Array("KLNI".utf8)
        inlk += F.le32(0) + F.le32(crop.x) + F.le32(crop.y) + F.le32(4) + F.le32(3)
        inlk += F.le16(12) + F.le32(20)
        for value: UInt16 in [1, 9, 2, 181, 12, 2, 15, 1] { inlk += F.le16(value) }
        inlk += F.le32(0)
        let member = F.rendition(name: "icon@2x.png", layout: 0x3EB, width: 4, height: 3, scale: 200, tlvs: [(0x3F2, inlk)], payload: [])
        // Grey 0x40 at alpha 0x80 (premultiplied), padded to 16 pixels a row.
        var greyRows: [UInt8] = []
        for _ in 0..<2 {
            for x in 0..<16 { greyRows += x < 5 ? [0x40, 0x80] : [0, 0] }
        }
        let shade = F.rendition(
            name: "shade.png", layout: 12, width: 5, height: 2, scale: 100, pixelFormat: "GA8 ",
            payload: Array("MLEC".utf8) + F.le32(2) + F.le32(0) + F.le32(UInt32(greyRows.count)) + greyRows)
        let photo = F.rendition(
            name: "photo@2x.png", layout: 12, width: 8, height: 6, scale: 200,
            payload: celm(version: 1, compression: 2, chunks: [(6, try gzip(rows(0..<6, width: 8)))]))
        car.tree(
            "RENDITIONS",
            [
                (F.key(scale: 2, idiom: 1, identifier: 0, element: 9, part: 181), atlas),
                (F.key(scale: 2, idiom: 1, identifier: 10), member),
                (F.key(scale: 1, idiom: 0, identifier: 20), shade),
                (F.key(scale: 2, idiom: 0, identifier: 30), photo),
            ])
        return car.bytes()
    }
}
