import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// Chromium's frames for `GIFDamageFixtures`, from `../shared/tools/browser-gif-frames` run with each
/// frame decoded on its own: the hashes of the frames it shows; `damagedFrame` when decoding the next
/// frame failed ("Unexpected end of image"), nil when Chromium counted no further frame and gave no error.
enum GIFDamageBrowserGoldens {
    static let first = "a8067946ec781fd957901c242409186fef9df3767f41240b4af8083ace06c60f"
    static let second = "cf5f0468b6ce5f3180515ad06316a89fc4bb57a9623fcca96bacb7a52b8a66a3"
    static let third = "ae6ed8a0179740c66dcbf9fda3b61390411ae13936889044bf49d1dac056d10b"

    static let results: [String: (frames: [String], damagedFrame: Int?)] = [
        "good.gif": ([first, second, third], nil),
        "bad-code.gif": ([first, second], 2),
        "cut-0.gif": ([first, second], 2),
        "cut-1.gif": ([first, second], 2),
        "cut-20.gif": ([first, second], 2),
        "no-terminator.gif": ([first, second], 2),
        "bad-record.gif": ([first, second], nil),
        "code-size-143.gif": ([first, second], 2),
        "appended.gif": ([first, second, third], nil),
    ]
}

@Suite("GIF damage after good frames, as Chromium shows it")
struct GIFDamageTests {
    typealias F = GIFDamageFixtures

    @Test(
        "each damaged file gives exactly Chromium's frames: those before the damaged frame, never the damaged one",
        arguments: GIFDamageBrowserGoldens.results.keys.sorted())
    func matchesChromium(name: String) throws {
        // Given a fixture and what Chromium shows for it
        let bytes = try #require(try F.all().first { $0.name == name }).bytes
        let expected = try #require(GIFDamageBrowserGoldens.results[name])
        // When every frame is decoded
        let (frames, error) = GIFFixtures.decode(bytes)
        // Then the frames handed out are Chromium's, and damage is reported at the frame Chromium fails on
        #expect(frames.map { SHA256.hex($0.image.canonicalPixels) } == expected.frames)
        switch (expected.damagedFrame, name) {
        case (let damaged?, _):
            #expect(error?.frame == damaged, "\(String(describing: error))")
        case (nil, "bad-record.gif"):
            // Chromium stops silently at a record it does not know; we stop there too and say why
            #expect(error?.kind == .corrupt && error?.frame == 2)
        case (nil, _):
            #expect(error == nil)
        }
    }

    @Test("a bad LZW code after 79 of a frame's 90 pixels: the frame is dropped and the damage named")
    func badCodePartWay() throws {
        // Given three frames, the third's data damaged after 79 of its 90 pixels (giflib alone decodes it whole)
        let bytes = try F.badCodeInThirdFrame()
        // When it is decoded
        let (frames, error) = GIFFixtures.decode(bytes)
        // Then only the two good frames come out, and the error names the frame, the code and the pixels
        #expect(frames.count == 2)
        let damage = try #require(error)
        #expect(damage.kind == .corrupt)
        #expect(damage.frame == 2)
        #expect(damage.detail == "bad LZW code 49 (the table ends at 47) after 79 of the frame's 90 pixels")
        #expect(try #require(damage.offset) > F.thirdFrame(bytes).dataOffset)
        // And raw frames stop at the same place
        let raw = GIFFixtures.decode(bytes, output: .raw)
        #expect(raw.frames.count == 2 && raw.error == damage)
    }

    @Test("extract-frames writes only the frames complete before the damage and reports it")
    func extractionStopsBeforeDamagedFrame() throws {
        // Given the file with a bad code in its third frame
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-damage-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reader = try GIFFrameReader(bytes: try F.badCodeInThirdFrame())
        // When its frames are extracted
        let report = try FrameExtractor(folder: folder, encodingThreads: 1).extract(from: reader, raw: false, sourceName: "bad-code.gif")
        // Then two frames are written and counted, the manifest says incomplete and names the damage
        #expect(report.frames.map(\.file) == ["frame_0000.png", "frame_0001.png"])
        #expect(report.frameCount == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["frame_0000.png", "frame_0001.png", "frames.json"])
        let manifest = try String(contentsOfFile: folder + "/frames.json", encoding: .utf8)
        #expect(manifest.contains("\"complete\": false"))
        #expect(manifest.contains("bad-code.gif: gif corrupt at frame 2"))
    }

    @Test("an LZW minimum code size of 143 is named, with its offset, before giflib's catch-all")
    func codeSize143() throws {
        // Given the third frame's code size byte set to 143
        let bytes = try F.codeSize143InThirdFrame()
        // When it is decoded, and when its structure is read
        let (frames, error) = GIFFixtures.decode(bytes)
        // Then two frames come out and the error says what is wrong and where
        #expect(frames.count == 2)
        let expected = ImageError(
            .corrupt, format: .gif, offset: try F.thirdFrame(try F.threeGoodFrames()).dataOffset, frame: 2,
            detail: "LZW minimum code size 143 is above 8, the largest the GIF format allows (giflib refuses it)")
        #expect(error == expected)
        #expect(throws: expected) { try GIFInfo(bytes: bytes) }
        #expect(!(error?.description.contains("Failed to read") ?? true))
    }

    @Test("a file cut just before a frame's code size byte is truncated, in words")
    func cutBeforeCodeSize() throws {
        let (frames, error) = GIFFixtures.decode(try F.cutInThirdFrame(after: 0))
        #expect(frames.count == 2)
        #expect(error?.kind == .truncated)
        #expect(error?.detail == "the file ends inside a block")
    }

    @Test(
        "a file cut inside its screen descriptor or global colour table says which, not giflib's 'No screen descriptor'",
        arguments: [
            (9, "the file ends at byte 9, inside the 13 bytes of signature and logical screen descriptor"),
            (20, "the file ends at byte 20, inside the global colour table (4 colours, bytes 13 to 25)"),
        ])
    func cutInScreen(length: Int, detail: String) throws {
        // Given a GIF with a 4-colour global table, cut at `length`
        let bytes = Array(try F.threeGoodFrames().prefix(length))
        // When the frames are read
        let error = try #require(GIFFixtures.decode(bytes).error)
        // Then it is truncated at the end of the file, in words
        #expect(error == ImageError(.truncated, format: .gif, offset: length, detail: detail))
    }

    @Test(
        "info --decode, validate --deep and extract-frames classify each damage with the same error",
        arguments: ["bad-code.gif", "cut-0.gif", "cut-1.gif", "cut-20.gif", "no-terminator.gif", "bad-record.gif", "code-size-143.gif"])
    func oneClassification(name: String) throws {
        // Given a damaged fixture
        let bytes = try #require(try F.all().first { $0.name == name }).bytes
        // When the frame reader (extract-frames), the whole-file check (info --decode) and the validator's
        // deep decode each read it
        let fromFrames = try #require(GIFFixtures.decode(bytes).error)
        let fromCheck = try #require(throws: ImageError.self) { try ImageInspector.check(bytes) }
        let sample = FileSample(head: bytes, tail: Array(bytes.suffix(ImageInfo.endWindow)), size: bytes.count)
        let fromValidator = try #require(throws: ImageError.self) {
            try CodecImageChecker().decode(sample, format: .gif, file: name)
        }
        // Then all three give the same kind, frame, offset and words
        #expect(fromCheck == fromFrames)
        #expect(fromValidator == fromFrames.naming(file: name))
    }

    @Test("damage after the first frame is found by the whole-file check, which info --decode uses")
    func checkFindsLaterDamage() throws {
        // Given damage only in the third frame's LZW data (the structure is sound)
        let bytes = try F.badCodeInThirdFrame()
        // When the headers are probed, and when the whole file is checked
        let probed = try ImageInspector.probe(bytes)
        // Then the probe sees three frames and no damage; the check finds the damage in frame 2
        #expect(probed.frameCount == 3)
        #expect(throws: GIFFixtures.decode(bytes).error!) { try ImageInspector.check(bytes) }
        // And a sound file checks with its frame count
        let (info, warnings) = try ImageInspector.check(try F.threeGoodFrames())
        #expect(info.frameCount == 3 && warnings.isEmpty)
    }
}

@Suite("Bytes after the GIF trailer")
struct GIFTrailingDataTests {
    typealias F = GIFDamageFixtures

    @Test("a second GIF appended is a trailing-data warning at the byte after the trailer, not damage")
    func appendedGIF() throws {
        // Given a GIF with a copy of itself appended
        let single = try F.threeGoodFrames()
        let bytes = try F.secondGIFAppended()
        // When it is probed, checked and decoded
        let info = try ImageInspector.probe(bytes)
        // Then the probe warns once, naming the trailer, and nothing calls it damaged
        let warning = try #require(info.warnings.first { $0.code == .trailingData })
        #expect(info.trailerOffset == single.count - 1)
        #expect(warning.offset == single.count)
        #expect(
            warning.message
                == "\(single.count) bytes after the GIF trailer (at offset \(single.count - 1)): ignored, as browsers ignore them; the first"
        )
        #expect(!info.warnings.contains { $0.code.isDamage })
        #expect(info.frameCount == 3)
        #expect(try ImageInspector.check(bytes).1.map(\.code) == [.trailingData])
        // And the validator's quick and deep checks pass it
        let sample = FileSample(head: bytes, tail: Array(bytes.suffix(ImageInfo.endWindow)), size: bytes.count)
        #expect(try CodecImageChecker().probe(sample, format: .gif, file: "a.gif").frameCount == 3)
        #expect(try CodecImageChecker().decode(sample, format: .gif, file: "a.gif").frameCount == 3)
        // And the frames are the first GIF's
        #expect(GIFFixtures.decode(bytes).frames.count == 3 && GIFFixtures.decode(bytes).error == nil)
    }

    @Test("junk after the trailer that does not end in 0x3B is trailing data, not a missing end")
    func appendedJunk() throws {
        let bytes = try F.threeGoodFrames() + Array("PK\u{3}\u{4}junk".utf8)
        let codes = try ImageInspector.probe(bytes).warnings.map(\.code)
        #expect(codes == [.trailingData])
    }

    @Test("the trailer is found in a head-only probe too, against the file's full size")
    func headOnly() throws {
        let bytes = try F.threeGoodFrames()
        let info = try ImageInspector.probe(head: bytes, tail: [0, 0], fileSize: bytes.count + 100)
        #expect(info.warnings.map(\.code) == [.trailingData])
        #expect(info.warnings.first?.offset == bytes.count)
    }

    @Test("a GIF with no trailer still gets missing-end; one ending at its trailer gets no warning")
    func missingTrailer() throws {
        let bytes = try F.threeGoodFrames()
        #expect(try ImageInspector.probe(Array(bytes.dropLast())).warnings.map(\.code) == [.missingEnd])
        #expect(try ImageInspector.probe(bytes).warnings.isEmpty)
    }
}

@Suite("A GIF with no image")
struct GIFNoImageTests {
    @Test("extract-frames says the file holds no image, not that --frames selects nothing")
    func noImage() throws {
        // Given a GIF with a screen and a trailer but no image (GIFEncoder with no frames)
        let bytes = try GIFEncoder(width: 4, height: 4, globalColorTable: GIFFixtures.palette).encode()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-empty-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // When its frames are extracted
        let extractor = FrameExtractor(folder: folder, encodingThreads: 1)
        #expect {
            _ = try extractor.extract(from: try GIFFrameReader(bytes: bytes), raw: false, sourceName: "empty.gif")
        } throws: { error in
            // Then the error says why, in the words of info's no-frames warning
            "\(error)" == "empty.gif: the file holds no image, so there is no frame to write"
        }
        #expect(try ImageInspector.probe(bytes).warnings.map(\.message) == ["the file holds no image"])
    }
}
