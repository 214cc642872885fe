import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("Frame extraction")
struct FrameExtractionTests {
    typealias F = GIFFixtures

    @Test(
        "frame ranges parse as index, inclusive range or open range",
        arguments: [
            ("3", FrameSelection(first: 3, last: 3)), ("3-7", FrameSelection(first: 3, last: 7)),
            ("0-", FrameSelection(first: 0, last: nil)), ("5-5", FrameSelection(first: 5, last: 5)),
        ])
    func parsesRanges(text: String, expected: FrameSelection) {
        #expect(FrameSelection(parsing: text) == expected)
        #expect(FrameSelection(parsing: text)?.description == text.replacingOccurrences(of: "5-5", with: "5"))
    }

    @Test("malformed ranges are refused", arguments: ["", "-", "-3", "7-3", "a", "1-2-3", "1.5", " 1"])
    func refusesRanges(text: String) {
        #expect(FrameSelection(parsing: text) == nil)
    }

    @Test("a still image is one play-once frame covering the canvas")
    func stillImage() throws {
        // Given a 2x1 image with one half-transparent pixel
        var image = RGBAImage(width: 2, height: 1)
        image.pixels = [255, 0, 0, 255, 0, 0, 255, 128]
        let source = StillFrameSource(image: image, format: .png)
        // When its frames are read
        let frame = try #require(try source.nextFrame())
        // Then there is exactly one, with the image, its rectangle and transparency
        #expect(try source.nextFrame() == nil)
        #expect(frame.image == image && frame.index == 0)
        #expect(frame.rectangle == FrameRectangle(x: 0, y: 0, width: 2, height: 1))
        #expect(frame.usesTransparency)
        #expect(source.loopCount == .playOnce && source.canvasWidth == 2)
    }

    @Test("the extractor writes a still image as frame_0000.png with a one-frame manifest")
    func extractsStill() throws {
        // Given a still image and an empty folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var image = RGBAImage(width: 3, height: 2)
        image.pixels = [UInt8](repeating: 200, count: 24)
        // When it is extracted
        let report = try FrameExtractor(folder: folder).extract(
            from: StillFrameSource(image: image, format: .jpeg),
            raw: false, sourceName: "photo.jpg")
        // Then the PNG is the encoder's and the manifest says one complete frame
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame_0000.png")))
        #expect(written == (try PNGEncoder.fast.encode(image)))
        #expect(report.frames.count == 1 && report.damage == nil)
        let manifest = try String(contentsOfFile: folder + "/frames.json", encoding: .utf8)
        #expect(manifest.contains("\"format\": \"jpeg\""))
        #expect(manifest.contains("\"loop_count\": null"))
        #expect(manifest.contains("\"plays\": 1"))
    }

    @Test("ImageFrames.open sniffs the format: GIF frames, other formats typed errors")
    func opensBySniffing() throws {
        // Given a GIF, a PNG signature and text
        let gif = try F.threeFrames()
        // Then the GIF opens, the others are typed errors
        #expect(try ImageFrames.open(bytes: gif).format == .gif)
        #expect(throws: ImageError.self) { try ImageFrames.open(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }
        do {
            _ = try ImageFrames.open(bytes: Array("plain text".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .notAnImage)
        }
    }

    @Test("the manifest escapes names as JSON strings")
    func escapesNames() {
        // Given a report for a file name with quotes, a backslash and a control character
        let report = FrameExtractionReport(
            source: "a \"b\"\\c\u{1}.gif", format: .gif, canvasWidth: 1, canvasHeight: 1,
            loopCount: .repeats(2), raw: false)
        // Then the JSON parses back to the same name
        let object = try? JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        #expect(object?["source"] as? String == "a \"b\"\\c\u{1}.gif")
        #expect(object?["plays"] as? Int == 3)
    }

    @Test("the GIF encoder refuses frames it cannot write")
    func encoderRefuses() {
        // Given a frame with the wrong number of indices, and a frame with no colour table at all
        let wrongCount = GIFEncoder(
            width: 2, height: 2, globalColorTable: F.palette,
            frames: [GIFEncoder.Frame(width: 2, height: 2, indices: [0])])
        let noTable = GIFEncoder(width: 2, height: 2, frames: [GIFEncoder.Frame.filled(0, width: 2, height: 2)])
        // Then both are typed errors
        #expect(throws: GIFEncodingError.self) { try wrongCount.encode() }
        #expect(throws: GIFEncodingError.self) { try noTable.encode() }
        #expect(throws: GIFEncodingError.invalidColorTable(0)) {
            try GIFEncoder(width: 1, height: 1, globalColorTable: [], frames: [GIFEncoder.Frame.filled(0, width: 1, height: 1)]).encode()
        }
    }

    @Test("the manifest carries what info warns about: bytes after the trailer, no trailer, a grown canvas")
    func manifestWarnings() throws {
        // Given a clean animation, the same with 5 bytes after its trailer, without its trailer, and a GIF
        // whose first frame reaches past its 4x4 screen
        let clean = try F.threeFrames()
        let grown = try GIFEncoder(
            width: 4, height: 4, globalColorTable: F.palette,
            frames: [F.frame(1, x: 6, y: 6, width: 2, height: 2)]
        ).encode()
        let cases: [(bytes: [UInt8], codes: [String])] = [
            (clean, []), (clean + Array("junk!".utf8), ["trailing-data"]), (Array(clean.dropLast()), ["missing-end"]),
            (grown, ["canvas-grown"]),
        ]
        for (bytes, codes) in cases {
            // When the frames are extracted
            let folder = try ScratchDirectory()
            let report = try FrameExtractor(folder: folder.path).extract(
                from: try GIFFrameReader(bytes: bytes), raw: false,
                sourceName: "in.gif")
            // Then the report and frames.json list the warnings info gives for the same bytes, in its words
            #expect(report.warnings.map(\.code.rawValue) == codes)
            let info = try ImageInspector.probe(bytes)
            #expect(report.warnings == info.warnings, "\(codes)")
            let manifest = try #require(try folder.files()[FrameExtractor.manifestName])
            let parsed = try JSONReader.parse(manifest)
            guard case .array(let listed)? = parsed["warnings"] else {
                Issue.record("frames.json has no warnings array")
                continue
            }
            #expect(listed.count == codes.count)
            #expect(listed.first?["code"] == codes.first.map { .string($0) })
        }
    }
}

/// A frame source that counts the frames asked of it, for "counted before the first write".
private final class CountingFrameSource: AnimationFrameSource {
    let inner: any AnimationFrameSource
    var asked = 0
    init(_ inner: any AnimationFrameSource) { self.inner = inner }
    var format: ImageFormat { inner.format }
    var canvasWidth: Int { inner.canvasWidth }
    var canvasHeight: Int { inner.canvasHeight }
    var loopCount: GIFLoopCount { inner.loopCount }
    var framesWithPixels: [Int]? { inner.framesWithPixels }
    func nextFrame() throws(ImageError) -> AnimationFrame? {
        asked += 1
        return try inner.nextFrame()
    }
}

@Suite("Frame extraction: the file budget counted before the first write")
struct FrameBudgetTests {
    @Test("a GIF with more frames than the budget holds is refused before a frame is read or written; one that fits is written")
    func countedAhead() throws {
        // Given a GIF of 40 1x1 frames, opened as extract-frames opens it (the structure walked first)
        let frames = (0..<40).map { GIFFixtures.frame(UInt8($0 % 4), width: 1, height: 1) }
        let gif = try GIFEncoder(width: 1, height: 1, globalColorTable: GIFFixtures.palette, loopCount: .forever, frames: frames).encode()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frame-budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = CountingFrameSource(try ImageFrames.open(bytes: gif))
        #expect(source.framesWithPixels?.count == 40)

        // When its frames are extracted with room for 10 files, then frames 0-8 only (nine and a manifest)
        let short = FrameExtractor(folder: folder.path + "/short", files: OutputFileBudget(limit: 10))
        #expect(throws: FrameExtractionError.self) { try short.extract(from: source, raw: false, sourceName: "many.gif") }
        let fitting = FrameExtractor(
            folder: folder.path + "/fits", selection: FrameSelection(first: 0, last: 8),
            files: OutputFileBudget(limit: 10))
        let report = try fitting.extract(from: try ImageFrames.open(bytes: gif), raw: false, sourceName: "many.gif")

        // Then the first stops before reading a frame and leaves no folder; the second writes nine frames
        #expect(source.asked == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/short"))
        #expect(report.frames.count == 9)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/fits").count == 10)
    }
}
