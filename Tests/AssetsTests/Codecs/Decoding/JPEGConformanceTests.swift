import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// libjpeg-turbo's md5 statements, wuffs' NIA checksums, the EXIF orientation set and the bad/ files.
@Suite("JPEG conformance (../shared/corpus)", .enabled(if: ImageDumps.corpusPresent, "corpus folder absent: skipped"))
struct JPEGConformanceTests {
    /// wuffs' checksums are of libjpeg-turbo >= 3.0.1; for these files 2.1.5 differs (corpus README: block
    /// smoothing of incomplete progressive scans changed in 3.0.1, and 182.jpg differs between wuffs and djpeg).
    static let versionDiffers: Set<String> = [
        "jpeg/wuffs/peacock.progressive.scan000.jpeg", "jpeg/wuffs/peacock.progressive.scan001.jpeg",
        "jpeg/wuffs/peacock.progressive.scan002.jpeg", "jpeg/wuffs/peacock.progressive.scan003.jpeg",
        "jpeg/wuffs/peacock.progressive.scan004.jpeg", "jpeg/wuffs/peacock.progressive.scan005.jpeg",
        "jpeg/wuffs/peacock.progressive.scan006.jpeg", "jpeg/wuffs/peacock.progressive.scan007.jpeg",
        "jpeg/wuffs/peacock.progressive.scan008.jpeg", "jpeg/blink/cs-uma-ycbcr-420-non-interleaved.jpg",
        "jpeg/blink/182.jpg",
    ]

    static let niaEntries = JPEGCorpusEntry.jpeg().filter { $0.wuffs != nil && !$0.path.hasPrefix("bad/") }

    @Test("decodes to wuffs' NIA checksum (djpeg 2.1.5's where the corpus says versions differ)", arguments: niaEntries)
    func nia(entry: JPEGCorpusEntry) throws {
        // Given a corpus JPEG wuffs decodes
        let bytes = try ImageDumps.read(entry.path)
        let wuffs = try #require(entry.wuffs)
        // When it is decoded with stored orientation (NIA renders stored pixels)
        let decoded = try ImageInspector.decode(bytes, file: entry.path, options: DecodeOptions(orientation: .keep))
        // Then the checksum matches the statement for this libjpeg-turbo version
        let expected =
            Self.versionDiffers.contains(entry.path)
            ? (entry.observedDjpeg?["nia_crc32_of_output"] as? String ?? "missing") : wuffs.crc
        #expect(wuffs.ok)
        #expect(ImageDumps.niaCRC32(decoded.image) == expected, "\(entry.path)")
    }

    /// djpeg switches this decoder reproduces: default (islow DCT, fancy upsampling), -nosmooth, -scale M/8, -rgb.
    static func options(for args: String) -> DecodeOptions? {
        var options = DecodeOptions(orientation: .keep)
        var words = args.replacingOccurrences(of: "(writes PGM)", with: "").split(separator: " ").map(String.init)
        if args.hasPrefix("example decompress (libjpeg default") { return options }
        while let word = words.first {
            words.removeFirst()
            switch word {
            case "-dct":
                guard words.first == "int" else { return nil }
                words.removeFirst()
            case "-nosmooth": options.smoothChromaUpsampling = false
            case "-ppm", "-rgb": break
            case "-scale":
                guard let value = words.first else { return nil }
                words.removeFirst()
                let parts = value.split(separator: "/").compactMap { Int($0) }
                guard parts.count == 2, parts[1] != 0, (parts[0] * 8) % parts[1] == 0 else { return nil }
                options.scaleEighths = parts[0] * 8 / parts[1]
            default: return nil
            }
        }
        return options
    }

    /// Every md5 statement (current and historical) as "path | switches | md5".
    static let md5Statements: [String] = JPEGCorpusEntry.jpeg().flatMap { entry in
        entry.md5Statements.map { "\(entry.path) | \($0.args) | \($0.md5)" }
    }
    static let md5Supported = md5Statements.filter { options(for: $0.components(separatedBy: " | ")[1]) != nil }

    @Test("the md5 statements this decoder supports are the ones Docs/inspect.md lists")
    func md5Coverage() {
        // Given every md5 statement in the manifest
        // When the ones with switches this decoder supports are picked
        // Then 15 of the 33 qualify: the default decode, 12 scales, and the grey file as PGM and with -rgb
        #expect(Self.md5Statements.count == 33)
        #expect(Self.md5Supported.count == 15)
    }

    @Test("libjpeg-turbo md5 statements for the switches supported", arguments: md5Supported)
    func md5(statement: String) throws {
        let parts = statement.components(separatedBy: " | ")
        let (path, args, md5) = (parts[0], parts[1], parts[2])
        // Given a statement whose switches this decoder supports
        let options = try #require(Self.options(for: args))
        // When the file is decoded and written as djpeg writes it
        let decoded = try ImageInspector.decode(try ImageDumps.read(path), file: path, options: options)
        let gray = decoded.info.colorModel == .gray && !args.contains("-rgb")
        let file = gray ? ImageDumps.pgm(decoded.image) : ImageDumps.ppm(decoded.image)
        // Then the whole output file has the stated md5
        #expect(Checksums.md5(file) == md5, "\(path) \(args)")
    }
}
