import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing

/// Files that declare far more pixels or frames than they hold are refused by `DecodingLimits` with a
/// `too-large` error before the canvas is allocated (a 65535x65535 RGBA canvas would be 17 GB: had it
/// been allocated, these tests would die of memory instead of passing).
@Suite("Limits: decompression bombs")
struct DecompressionBombTests {
    static let bombs: [(name: String, make: @Sendable () throws -> [UInt8])] = [
        ("canvas-65535.gif", { try HostileFiles.gifHugeCanvas() }),
        ("frame-65535.gif", { HostileFiles.gifHugeFrame() }),
        ("sof-65535.jpg", { try HostileFiles.jpegDeclaring(width: 65_535, height: 65_535) }),
        ("sof-65535-progressive.jpg", { try HostileFiles.jpegDeclaring(width: 65_535, height: 65_535, progressive: true) }),
        ("ihdr-huge.png", { try HostileFiles.pngDeclaring(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF) }),
        ("ihdr-100000.png", { try HostileFiles.pngDeclaring(width: 100_000, height: 100_000) }),
    ]

    @Test(
        "a huge declared canvas is a too-large error from decode, naming the file",
        arguments: bombs.map(\.name))
    func decodeRefuses(name: String) throws {
        // Given a small file declaring a huge image
        let bytes = try #require(Self.bombs.first { $0.name == name }).make()
        #expect(bytes.count < 4096)

        // When it is decoded with the default limits
        let error = #expect(throws: ImageError.self) {
            _ = try ImageInspector.decode(bytes, file: name)
        }

        // Then it is refused as too large, with the file named
        #expect(error?.kind == .tooLarge)
        #expect(error?.file == name)
        #expect(error?.description.hasPrefix("\(name): ") == true)
    }

    @Test("the header probe refuses what decoding refuses, GIF screens included", arguments: bombs.map(\.name))
    func probeRefuses(name: String) throws {
        // Given a small file declaring a huge image
        let bytes = try #require(Self.bombs.first { $0.name == name }).make()

        // When only its headers are read (info, validate without --deep)
        let error = #expect(throws: ImageError.self) {
            _ = try ImageInspector.probe(bytes, file: name)
        }

        // Then it is refused as too large, as decode refuses it
        #expect(error?.kind == .tooLarge)
        #expect(error?.file == name)
    }

    @Test("GIF frames: a huge canvas is refused when the reader opens or at the first frame")
    func gifFramesRefuse() throws {
        // Given the two GIF bombs
        for bytes in [try HostileFiles.gifHugeCanvas(), HostileFiles.gifHugeFrame()] {
            // When their frames are read
            let error = #expect(throws: ImageError.self) {
                let reader = try GIFFrameReader(bytes: bytes)
                while try reader.nextFrame() != nil {}
            }

            // Then the limit refuses them
            #expect(error?.kind == .tooLarge)
        }
    }

    @Test("the limits are configurable: a tighter side limit refuses what the default accepts")
    func configurable() throws {
        // Given a 300x2 PNG, well inside the defaults
        let bytes = try PNGEncoder.fast.encode(RGBAImage(width: 300, height: 2))
        #expect(try ImageInspector.decode(bytes).image.width == 300)

        // When the side limit is 256, or the pixel limit 500
        let bySide = #expect(throws: ImageError.self) {
            _ = try ImageInspector.decode(bytes, options: DecodeOptions(limits: DecodingLimits(maxDimension: 256)))
        }
        let byPixels = #expect(throws: ImageError.self) {
            _ = try ImageInspector.decode(bytes, options: DecodeOptions(limits: DecodingLimits(maxPixels: 500)))
        }

        // Then both refuse it as too large, saying which limit
        #expect(bySide?.kind == .tooLarge && bySide?.detail.contains("256") == true)
        #expect(byPixels?.kind == .tooLarge && byPixels?.detail.contains("500") == true)
    }

    @Test("a frame-count bomb stops at the frame limit, in the decoder and in the structure scan")
    func frameBomb() throws {
        // Given a GIF with 150,000 one-pixel frames (2.2 MB)
        let bytes = HostileFiles.gifManyFrames(150_000)

        // When the structure is scanned with the default limit (100,000 frames)
        let scan = #expect(throws: ImageError.self) { _ = try GIFInfo(bytes: bytes) }
        let probe = #expect(throws: ImageError.self) { _ = try ImageInspector.probe(bytes, file: "frames.gif") }

        // Then both stop as too large at frame 100,000
        #expect(scan?.kind == .tooLarge)
        #expect(scan?.frame == 100_000)
        #expect(probe?.kind == .tooLarge)
        #expect(probe?.file == "frames.gif")

        // And the frame reader hands out exactly the allowed frames under a tighter limit, then refuses
        let reader = try GIFFrameReader(bytes: bytes, limits: DecodingLimits(maxFrames: 1_000))
        var count = 0
        let error = #expect(throws: ImageError.self) {
            while try reader.nextFrame() != nil { count += 1 }
        }
        #expect(count == 1_000)
        #expect(error?.kind == .tooLarge)
        #expect(error?.frame == 1_000)
    }

    @Test(
        "asset-tool refuses each bomb with one line naming the file and exit 1, in bounded time",
        arguments: bombs.map(\.name) + ["frames-150000.gif"])
    func commandLine(name: String) throws {
        // Given the bomb on disk
        let folder = try TemporaryFolder()
        let bytes =
            name == "frames-150000.gif"
            ? HostileFiles.gifManyFrames(150_000) : try #require(Self.bombs.first { $0.name == name }).make()
        let path = try folder.write(name, bytes)

        // When info --decode and extract-frames read it
        let info = try BoundedRun.run(["info", "--decode", path])
        let extract = try BoundedRun.run(["extract-frames", path, "--output", folder.path + "/frames"])

        // Then each exits 1 with one too-large line naming the file, and nothing is written
        for run in [info, extract] {
            #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(run.stderr)")
            #expect(run.stderrLines.first?.hasPrefix(path) == true, "\(run.stderr)")
            #expect(run.stderr.contains("too-large"), "\(run.stderr)")
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/frames")) ?? []
        #expect(written.isEmpty, "\(written)")
    }
    @Test("many frames on a large canvas: refused by the whole-animation pixel limit before any frame is written")
    func canvasTimesFrames() throws {
        // Given a 1.2 KB GIF: a 10000x10000 canvas (at the pixel limit) and 41 one-pixel frames, which
        // composited would hand out 4.1 billion pixels (about a minute of PNG encoding each 25 frames)
        var bytes = HostileFiles.gifHeader(width: 10_000, height: 10_000)
        for _ in 0..<41 { bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00] }
        bytes.append(0x3B)
        let folder = try TemporaryFolder()
        let path = try folder.write("wide-and-long.gif", bytes)

        // When frames are extracted
        let run = try BoundedRun.run(["extract-frames", path, "--output", folder.path + "/frames"])

        // Then the command refuses it at once, naming the limit, and writes nothing
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix(path), "\(run.stderr)")
        #expect(run.stderr.contains("too-large") && run.stderr.contains("whole animation"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/frames"))
    }

    @Test("the frame reader stops handing out composited frames at the whole-animation limit")
    func readerAnimationLimit() throws {
        // Given a 2x2 GIF with five frames, and a limit of 10 pixels for the whole animation
        let palette = [GIFEncoder.Color(0, 0, 0), GIFEncoder.Color(255, 255, 255)]
        let bytes = try GIFEncoder(
            width: 2, height: 2, globalColorTable: palette,
            frames: Array(repeating: .filled(1, width: 2, height: 2), count: 5)
        ).encode()
        let reader = try GIFFrameReader(bytes: bytes, limits: DecodingLimits(maxAnimationPixels: 10))

        // When frames are read
        var count = 0
        let error = #expect(throws: ImageError.self) {
            while try reader.nextFrame() != nil { count += 1 }
        }

        // Then two frames (8 pixels) come out, and the third (12) is refused as too large
        #expect(count == 2)
        #expect(error?.kind == .tooLarge)
        #expect(error?.frame == 2)

        // And raw frames count their own rectangles against the same limit (LZW expands a few bytes
        // to thousands of pixels, so the file's size does not bound them)
        let raw = try GIFFrameReader(bytes: bytes, limits: DecodingLimits(maxAnimationPixels: 10), output: .raw)
        var rawCount = 0
        let rawError = #expect(throws: ImageError.self) {
            while try raw.nextFrame() != nil { rawCount += 1 }
        }
        #expect(rawCount == 2)
        #expect(rawError?.kind == .tooLarge && rawError?.frame == 2)
    }

    @Test("--raw: a GIF whose small frames add up past the whole-animation limit is refused before any frame")
    func rawAnimationLimit() throws {
        // Given 40 frames of 1000x1000, each a few hundred bytes of LZW, and a limit of 10 million pixels
        let folder = try TemporaryFolder()
        let palette = [GIFEncoder.Color(0, 0, 0), GIFEncoder.Color(255, 255, 255)]
        let bytes = try GIFEncoder(
            width: 1000, height: 1000, globalColorTable: palette,
            frames: Array(repeating: .filled(1, width: 1000, height: 1000), count: 40)
        ).encode()
        let path = try folder.write("raw-bomb.gif", bytes)

        // When its raw frames are extracted under that limit
        let run = try BoundedRun.run([
            "extract-frames", path, "--raw", "--output", folder.path + "/frames",
            "--max-animation-pixels", "10000000",
        ])

        // Then it is refused as too large before anything is written, naming the file and the limit
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix(path), "\(run.stderr)")
        #expect(run.stderr.contains("too-large") && run.stderr.contains("10000000"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/frames"))
    }
}
