import Foundation
import Testing
@testable import Assets
import TestSupport

/// `car extract`'s pixels: a rendition's `CELM` payload decoded to straight RGBA (uncompressed and gzip
/// chunks everywhere, LZFSE where the system has a library), and an internal reference's crop of its atlas.
@Suite("Compiled catalog pixels")
struct CompiledCatalogPixelTests {
    static func withCatalog<T>(_ bytes: [UInt8], _ body: (CompiledCatalog) throws -> T) throws -> T {
        let path = CompiledCatalogTests.scratchPath()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(try CompiledCatalog.read(at: path))
    }

    @Test("an atlas member is its atlas's crop, counted from the bottom-left corner, as straight RGBA")
    func atlasCrop() throws {
        // Given an 8x6 atlas in two chunks and a 4x3 member at (2, 1) from the bottom-left corner
        let image = try Self.withCatalog(try CARPixelFixture.catalog()) { car in
            // When the member's pixels are read
            try car.pixels(of: try #require(car.renditions.first { $0.renditionName == "icon@2x.png" }))
        }
        // Then they are rows 2-4 (top down: 6 - 1 - 3 = 2), columns 2-5 of the atlas, unpremultiplied
        #expect(image.width == 4 && image.height == 3)
        let expected = (2..<5).flatMap { y in (2..<6).flatMap { x in CARPixelFixture.straight(CARPixelFixture.atlasPixel(x, y)) } }
        #expect(image.pixels == expected)
    }

    @Test("grey-alpha pixels stored flat, and RGBA pixels in a gzip chunk")
    func flatAndZip() throws {
        let (shade, photo) = try Self.withCatalog(try CARPixelFixture.catalog()) { car in
            (
                try car.pixels(of: try #require(car.renditions.first { $0.renditionName == "shade.png" })),
                try car.pixels(of: try #require(car.renditions.first { $0.renditionName == "photo@2x.png" }))
            )
        }
        // Then the grey 0x40 premultiplied by 0x80 is 0x80 straight, on every pixel of the 5x2 image
        #expect(shade.width == 5 && shade.height == 2)
        #expect(shade.pixels == [UInt8]((0..<10).flatMap { _ in [0x80, 0x80, 0x80, 0x80] as [UInt8] }))
        // And the gzip chunk holds the atlas's pattern, row padding dropped
        #expect(
            photo.pixels == (0..<6).flatMap { y in (0..<8).flatMap { x in CARPixelFixture.straight(CARPixelFixture.atlasPixel(x, y)) } })
    }

    @Test("pixels that do not add up are typed errors naming the rendition, never a crash")
    func hostile() throws {
        func error(_ bytes: [UInt8], _ name: String) throws -> CompiledCatalogError? {
            try Self.withCatalog(bytes) { car -> CompiledCatalogError? in
                let rendition = try #require(car.renditions.first { $0.renditionName == name })
                do {
                    _ = try car.pixels(of: rendition)
                    return nil
                } catch {
                    return error as? CompiledCatalogError
                }
            }
        }
        // A chunk that claims more rows than it holds
        let short = try error(
            try CARPixelFixture.catalog(atlasChunks: [
                (4, CARPixelFixture.rows(0..<3, width: 8)), (2, CARPixelFixture.rows(3..<5, width: 8)),
            ]), "icon@2x.png")
        guard case .undecodable(let rendition, let reason)? = short else {
            Issue.record("\(String(describing: short))")
            return
        }
        #expect(rendition == "ZZZZPackedAsset-2.0.0-gamut0" && reason.contains("holds rows of 64 bytes, the image's are 48"))
        // Chunks whose rows do not add up to the image
        let rows = try error(try CARPixelFixture.catalog(atlasChunks: [(3, CARPixelFixture.rows(0..<3, width: 8))]), "icon@2x.png")
        guard case .undecodable(_, let rowsReason)? = rows else {
            Issue.record("\(String(describing: rows))")
            return
        }
        #expect(rowsReason.contains("hold 3 rows, the image has 6"))
        // A crop outside its atlas
        let outside = try error(try CARPixelFixture.catalog(crop: (6, 4)), "icon@2x.png")
        guard case .undecodable(_, let cropReason)? = outside else {
            Issue.record("\(String(describing: outside))")
            return
        }
        #expect(cropReason.contains("lies outside its atlas's 8x6"))
        // Every prefix of a chunked payload, and every byte flipped: an error or pixels, no crash
        let whole = try CARPixelFixture.catalog()
        for cut in stride(from: whole.count - 1, to: 600, by: -97) {
            _ = try? Self.withCatalog(Array(whole.prefix(cut))) { car in car.renditions.map { try? car.pixels(of: $0) } }
        }
        for index in stride(from: 0, to: whole.count, by: 53) {
            var flipped = whole
            flipped[index] ^= 0xFF
            _ = try? Self.withCatalog(flipped) { car in car.renditions.map { try? car.pixels(of: $0) } }
        }
    }

    @Test("LZFSE pixels decode where the system has the library, and say why not where it has none")
    func lzfse() throws {
        // Given the shared fixture's logo: LZFSE-compressed bytes that are not a valid stream
        let outcome = try Self.withCatalog(CARFixture.catalog()) { car -> CompiledCatalogError? in
            let logo = try #require(car.renditions.first { $0.renditionName == "logo@2x.png" })
            do {
                _ = try car.pixels(of: logo)
                return nil
            } catch {
                return error as? CompiledCatalogError
            }
        }
        guard case .undecodable(_, let reason)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        if let missing = LZFSELibrary.unavailableReason {
            #expect(reason.contains(missing))
        } else {
            #expect(reason.contains("does not decode to its 32 rows"))
        }
    }

    /// ghuntley/ServiceNSW.app ships actool's own copy of each app icon beside its car (`AppIcon60x60@2x.png`, an
    /// Apple-optimised CgBI PNG). A separate script decoded those files (raw deflate, BGRA, premultiplied) and
    /// found the car's four crops pixel-identical to them; the facts below are that script's, for the 120x120 one.
    @Test(
        "an app icon cropped from an LZFSE atlas is actool's own copy of it",
        .enabled(if: CARSamples.folder != nil, "ASSETS_CAR_SAMPLES is not set: no real Assets.car files to read"),
        .enabled(if: LZFSELibrary.unavailableReason == nil, "no LZFSE library on this system"))
    func realAppIcon() throws {
        let path = URL(fileURLWithPath: try #require(CARSamples.folder)).appendingPathComponent("ghuntley+ServiceNSW.app--Assets.car").path
        try #require(FileManager.default.fileExists(atPath: path), "the ServiceNSW sample is not in ASSETS_CAR_SAMPLES")
        // When the 60pt @2x app icon is read from the car
        let car = try CompiledCatalog.read(at: path)
        let icon = try car.pixels(of: try #require(car.renditions.first { $0.renditionName == "app-icon-iphone-60pt@2x.png" }))
        // Then it is the 120x120 opaque image actool copied next to the car
        #expect(icon.width == 120 && icon.height == 120)
        #expect(stride(from: 3, to: icon.pixels.count, by: 4).allSatisfy { icon.pixels[$0] == 255 })
        #expect(icon.pixels.reduce(0) { $0 + Int($1) } == 12_534_475)
        #expect(Array(icon.pixels[((60 * 120 + 60) * 4)..<((60 * 120 + 61) * 4)]) == [255, 255, 255, 255])
    }

    /// HFSEpayment/EpaySDK.xcframework keeps its SVGs as LZFSE-compressed raw data (`RAWD` version 1).
    @Test(
        "an SVG stored as LZFSE-compressed raw data inflates to the SVG",
        .enabled(if: CARSamples.folder != nil, "ASSETS_CAR_SAMPLES is not set: no real Assets.car files to read"),
        .enabled(if: LZFSELibrary.unavailableReason == nil, "no LZFSE library on this system"))
    func realSVG() throws {
        let file = "HFSEpayment+EpaySDK.xcframework--ios-arm64_EpaySDK.framework_Assets.car"
        let path = URL(fileURLWithPath: try #require(CARSamples.folder)).appendingPathComponent(file).path
        try #require(FileManager.default.fileExists(atPath: path), "the EpaySDK sample is not in ASSETS_CAR_SAMPLES")
        let car = try CompiledCatalog.read(at: path)
        let svg = try #require(car.renditions.first { $0.renditionName == "installment.svg" && $0.payloadTag == "DWAR" })
        #expect(svg.compression == "lzfse")
        // When its file is read
        let bytes = try #require(try car.storedFile(of: svg))
        // Then it is the 5,869-byte SVG of a 68x14 drawing
        #expect(bytes.count == 5_869)
        #expect(
            String(decoding: bytes.prefix(80), as: UTF8.self).hasPrefix(
                "<svg id=\"vector\" xmlns=\"http://www.w3.org/2000/svg\" width=\"68\" height=\"14\""))
    }

    /// radzo73/Mojave-Appearances' AppKit catalog keeps `Synchronize` as a palette image (LZFSE over 230
    /// colours and 8-bit indices). The facts are a separate script's, which decoded the same chunk itself.
    @Test(
        "a palette image is its palette looked up by its indices",
        .enabled(if: CARSamples.folder != nil, "ASSETS_CAR_SAMPLES is not set: no real Assets.car files to read"),
        .enabled(if: LZFSELibrary.unavailableReason == nil, "no LZFSE library on this system"))
    func realPalette() throws {
        let path = URL(fileURLWithPath: try #require(CARSamples.folder)).appendingPathComponent("radzo73+Mojave-Appearances--Assets.car")
            .path
        try #require(FileManager.default.fileExists(atPath: path), "the Mojave sample is not in ASSETS_CAR_SAMPLES")
        let car = try CompiledCatalog.read(at: path)
        let arrow = try #require(
            car.renditions.first { $0.renditionName == "sync arrow.pdf" && $0.width == 150 && $0.payloadTag == "MLEC" })
        #expect(arrow.compression == "palette-img")
        // When its pixels are read
        let image = try car.pixels(of: arrow)
        // Then its alpha is the script's: 4,001 opaque pixels, 1,114,036 in all
        let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) }
        #expect(image.width == 150 && image.height == 150)
        #expect(alphas.filter { $0 == 255 }.count == 4_001)
        #expect(alphas.reduce(0, +) == 1_114_036)
    }
}
