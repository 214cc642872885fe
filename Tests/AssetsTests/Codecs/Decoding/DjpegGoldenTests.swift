import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

/// JPEG fixtures made by this package's encoder (libjpeg-turbo), decoded here, and compared with the md5 of
/// what `djpeg` wrote for the same file (Tests/Fixtures/jpeg-djpeg-goldens.txt; how: Tests/Fixtures/README.md).
@Suite("JPEG fixtures against djpeg goldens")
struct DjpegGoldenTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var encoder: JPEGEncoder
        var cmyk: Bool = false
        var ycck: Bool = false
        /// The djpeg switches the golden was made with.
        var djpeg: String = ""
        var description: String { name }

        var options: DecodeOptions {
            var options = DecodeOptions(orientation: .keep)
            if djpeg.contains("-nosmooth") { options.smoothChromaUpsampling = false }
            if let range = djpeg.range(of: "-scale 1/") {
                options.scale = DecodeOptions.Scale(rawValue: Int(djpeg[range.upperBound...].prefix(1)) ?? 1) ?? .full
            }
            return options
        }
    }

    /// A 61x43 picture with gradients and hard edges, so chroma upsampling and DCT scaling both matter.
    static let picture: RGBAImage = {
        var image = RGBAImage(width: 61, height: 43)
        for y in 0..<43 {
            for x in 0..<61 {
                let i = (y * 61 + x) * 4
                let checker = ((x / 5) + (y / 5)) % 2 == 0
                image.pixels[i] = UInt8(x * 4)
                image.pixels[i + 1] = checker ? 230 : UInt8(y * 5)
                image.pixels[i + 2] = checker ? 20 : UInt8(255 - x * 3)
                image.pixels[i + 3] = 255
            }
        }
        return image
    }()

    static let cmykPixels: [UInt8] = (0..<(61 * 43)).flatMap { i -> [UInt8] in
        let x = i % 61
        let y = i / 61
        return [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2), UInt8(255 - y * 3)]
    }

    static let cases: [Case] = [
        Case(name: "baseline-420-q75", encoder: JPEGEncoder(quality: 75)),
        Case(name: "baseline-422-q90", encoder: JPEGEncoder(quality: 90, subsampling: .s422)),
        Case(name: "baseline-444-q90", encoder: JPEGEncoder(quality: 90, subsampling: .s444)),
        Case(name: "progressive-420", encoder: JPEGEncoder(quality: 80, progressive: true)),
        Case(name: "arithmetic-420", encoder: JPEGEncoder(quality: 80, arithmetic: true)),
        Case(name: "restart-420", encoder: JPEGEncoder(quality: 80, restartInterval: 3)),
        Case(name: "grayscale", encoder: JPEGEncoder(quality: 85, colorModel: .grayscale)),
        Case(name: "rgb", encoder: JPEGEncoder(quality: 85, colorModel: .rgb)),
        Case(name: "cmyk", encoder: JPEGEncoder(quality: 85), cmyk: true),
        Case(name: "ycck", encoder: JPEGEncoder(quality: 85), cmyk: true, ycck: true),
        Case(name: "baseline-420-q75", encoder: JPEGEncoder(quality: 75), djpeg: "-nosmooth"),
        Case(name: "baseline-420-q75", encoder: JPEGEncoder(quality: 75), djpeg: "-scale 1/2"),
        Case(name: "baseline-420-q75", encoder: JPEGEncoder(quality: 75), djpeg: "-scale 1/4"),
        Case(name: "baseline-420-q75", encoder: JPEGEncoder(quality: 75), djpeg: "-scale 1/8"),
        Case(name: "progressive-420", encoder: JPEGEncoder(quality: 80, progressive: true), djpeg: "-scale 1/8"),
        Case(name: "baseline-422-q90", encoder: JPEGEncoder(quality: 90, subsampling: .s422), djpeg: "-scale 1/2"),
    ]

    static func encode(_ item: Case) throws -> [UInt8] {
        item.cmyk
            ? try item.encoder.encodeCMYK(cmykPixels, width: 61, height: 43, ycck: item.ycck)
            : try item.encoder.encode(picture)
    }

    static let fixtures = PackageRoot.fixtures

    /// "name | djpeg switches" -> (md5 of the fixture, md5 of djpeg's output).
    static func goldens() throws -> [String: (fixture: String, output: String)] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("jpeg-djpeg-goldens.txt"), encoding: .utf8)
        var table: [String: (String, String)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.components(separatedBy: " | ")
            guard fields.count == 4 else { continue }
            table["\(fields[0]) | \(fields[1])"] = (fields[2], fields[3])
        }
        return table
    }

    @Test("decoded pixels equal djpeg's output file", arguments: cases)
    func matchesDjpeg(item: Case) throws {
        // Given a fixture made by libjpeg-turbo through JPEGEncoder, and djpeg's md5 for it
        let bytes = try Self.encode(item)
        let golden = try #require(try Self.goldens()["\(item.name) | \(item.djpeg)"], "no golden for \(item.name) \(item.djpeg)")
        try #require(Checksums.md5(bytes) == golden.fixture, "the encoder made a different file (another libjpeg-turbo?)")
        // When it is decoded with the same settings and written as djpeg writes PPM/PGM
        let decoded = try ImageInspector.decode(bytes, options: item.options)
        let file = decoded.info.colorModel == .gray ? ImageDumps.pgm(decoded.image) : ImageDumps.ppm(decoded.image)
        // Then the files are identical
        #expect(Checksums.md5(file) == golden.output)
    }

    @Test(
        "writes the fixtures for djpeg when ASSETS_WRITE_FIXTURES names a folder",
        .enabled(if: ProcessInfo.processInfo.environment["ASSETS_WRITE_FIXTURES"] != nil))
    func writeFixtures() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["ASSETS_WRITE_FIXTURES"])
        for item in Self.cases {
            try Data(try Self.encode(item)).write(to: URL(fileURLWithPath: folder).appendingPathComponent(item.name + ".jpg"))
        }
    }
}
