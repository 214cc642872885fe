import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("Header probes")
struct ProbeTests {
    @Test("a JPEG probe needs only the bytes up to SOF")
    func jpegPrefix() throws {
        // Given a JPEG with EXIF, and the offset just past its SOF segment
        let bytes = try JPEGEncoder(exifOrientation: 8).encode(JPEGEncoderTests.gradient(width: 50, height: 30))
        let sof = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        let end = sof + 2 + (Int(bytes[sof + 2]) << 8 | Int(bytes[sof + 3]))
        // When the prefix ending there and one byte shorter are probed
        let info = try ImageInspector.probe(Array(bytes.prefix(end)), isWholeFile: false)
        let short = #expect(throws: ImageError.self) { try ImageInspector.probe(Array(bytes.prefix(end - 1)), isWholeFile: false) }
        // Then the first gives size and orientation, the second is truncated
        #expect(info.width == 50 && info.height == 30 && info.orientation == .left)
        #expect(info.warnings.isEmpty)
        #expect(short?.kind == .truncated)
    }

    @Test("a PNG probe reads IHDR from 33 bytes")
    func pngPrefix() throws {
        // Given an interlaced 16-bit grey+alpha PNG
        let bytes = try PNGFixture(colorType: 4, depth: 16, interlaced: true, transparency: false).encode()
        // When its first 33 bytes are probed
        let info = try ImageInspector.probe(Array(bytes.prefix(33)), isWholeFile: false)
        // Then the header facts are there
        #expect(info.format == .png && info.width == 13 && info.height == 7)
        #expect(info.colorModel == .grayAlpha && info.bitDepth == 16 && info.interlaced && info.hasAlpha)
    }

    @Test("a whole file without its end marker gets a missing-end warning")
    func missingEnd() throws {
        // Given a JPEG and a PNG cut short
        let jpeg = try JPEGEncoder().encode(JPEGEncoderTests.gradient(width: 16, height: 16))
        let png = try PNGEncoder.fast.encode(JPEGEncoderTests.gradient(width: 16, height: 16))
        // When they are probed as whole files
        let cutJPEG = try ImageInspector.probe(Array(jpeg.dropLast(10)))
        let cutPNG = try ImageInspector.probe(Array(png.dropLast(4)))
        // Then both are flagged, and the intact ones are not
        #expect(cutJPEG.warnings.map(\.code.rawValue) == ["missing-end"])
        #expect(cutPNG.warnings.map(\.code.rawValue) == ["missing-end"])
        #expect(try ImageInspector.probe(jpeg).warnings.isEmpty)
        #expect(try ImageInspector.probe(png).warnings.isEmpty)
    }

    /// A GIF written by the package's encoder (giflib): `frames` 2x2 frames with delays 7, 14, ... and a
    /// NETSCAPE loop count when `loop` is given.
    static func gif(frames: Int, loop: Int?) throws -> [UInt8] {
        let images = (0..<frames).map { frame in
            GIFEncoder.Frame(
                width: 2, height: 2, indices: [UInt8(frame & 1), 1, UInt8(frame & 1), 1],
                delayCentiseconds: (frame + 1) * 7)
        }
        return try GIFEncoder(
            width: 2, height: 2, globalColorTable: [.init(0, 0, 0), .init(255, 0, 0)],
            loopCount: loop.map(GIFLoopCount.init(stored:)) ?? .playOnce, frames: images
        ).encode()
    }

    @Test("GIF frames, delays and loop count come from the block structure", arguments: [(1, nil), (3, 0), (5, 4)] as [(Int, Int?)])
    func gifStructure(frames: Int, loop: Int?) throws {
        // Given a GIF giflib wrote
        let bytes = try Self.gif(frames: frames, loop: loop)
        // When it is probed
        let info = try ImageInspector.probe(bytes, file: "a.gif")
        // Then frames, delays and loop are read without decoding
        #expect(info.format == .gif && info.width == 2 && info.height == 2)
        #expect(info.frameCount == frames)
        #expect(info.delays == (0..<frames).map { ($0 + 1) * 7 })
        #expect(info.loopCount == loop)
        #expect(info.warnings.isEmpty)
    }

    @Test("a cut GIF is reported, never a crash, for every prefix")
    func gifPrefixes() throws {
        // Given a 3-frame GIF
        let bytes = try Self.gif(frames: 3, loop: 0)
        for length in 0..<bytes.count {
            // When each prefix is probed
            let result = Result { () throws(ImageError) in try ImageInspector.probe(Array(bytes.prefix(length))) }
            // Then it fails, or counts at most the frames it holds and warns that the file ends early
            if case .success(let info) = result {
                #expect((info.frameCount ?? 0) <= 3)
                #expect(!info.warnings.isEmpty)
            }
        }
    }

    @Test("PDF and SVG are recognised but not decoded")
    func recognised() throws {
        // Given a PDF header and an SVG document
        let pdf = Array("%PDF-1.7\n".utf8)
        let svg = Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        // When they are probed and decoded
        let pdfInfo = try ImageInspector.probe(pdf)
        let error = #expect(throws: ImageError.self) { try ImageInspector.decode(svg, file: "a.svg") }
        // Then the format is named, not decodable, and decoding says unsupported
        #expect(pdfInfo.format == .pdf && !pdfInfo.isDecodable)
        #expect(try ImageInspector.probe(svg).format == .svg)
        #expect(error?.kind == .unsupported)
    }
}

@Suite("GIF through the image API")
struct GIFStillTests {
    @Test("decode gives the first composited frame; probe the structure")
    func firstFrame() throws {
        // Given a 3-frame GIF
        let bytes = try ProbeTests.gif(frames: 3, loop: 0)
        // When it is decoded as a still and read frame by frame
        let still = try ImageInspector.decode(bytes, file: "a.gif")
        let first = try #require(try GIFFrameReader(bytes: bytes).nextFrame())
        // Then the still is the first frame
        #expect(still.image == first.image)
        #expect(still.info.frameCount == 3 && still.info.loopCount == 0)
        #expect(still.image[0, 0] == (0, 0, 0, 255) && still.image[1, 0] == (255, 0, 0, 255))
    }
}

@Suite("Probing files on disk")
struct FileProbeTests {
    @Test("a large JPEG is probed from its head and tail; its end marker is still checked")
    func largeFile() throws {
        // Given a JPEG bigger than the 64 KiB header window, whole and cut short, written to disk
        var image = RGBAImage(width: 300, height: 300)
        var generator = SeededGenerator(seed: 7)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &generator) }
        let bytes = try JPEGEncoder(quality: 100, exifOrientation: 3).encode(image)
        try #require(bytes.count > ImageInspector.headerWindow)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jpg").path
        let cut = folder.appendingPathComponent("cut.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: whole))
        try Data(bytes.dropLast(100)).write(to: URL(fileURLWithPath: cut))
        // When both are probed from disk
        let wholeInfo = try ImageInspector.probe(file: whole)
        let cutInfo = try ImageInspector.probe(file: cut)
        // Then both give the header facts; the cut one is flagged, and so is its wrong extension
        #expect(wholeInfo == (try ImageInspector.probe(bytes, file: whole)))
        #expect(wholeInfo.width == 300 && wholeInfo.orientation == .down && wholeInfo.warnings.isEmpty)
        #expect(Set(cutInfo.warnings.map(\.code.rawValue)) == ["missing-end", "extension-mismatch"])
        #expect(cutInfo.warnings.first { $0.code == .missingEnd }?.offset == bytes.count - 100)
    }

    @Test("a missing file and a folder are unreadable, named")
    func unreadable() throws {
        // Given a path that does not exist and a folder
        // When they are probed
        let missing = #expect(throws: ImageError.self) { try ImageInspector.probe(file: "/nonexistent/a.png") }
        let folder = #expect(throws: ImageError.self) { try ImageInspector.probe(file: NSTemporaryDirectory()) }
        // Then both are unreadable errors naming the path
        #expect(missing?.kind == .unreadable && missing?.file == "/nonexistent/a.png")
        #expect(folder?.kind == .unreadable)
    }
}

@Suite("Probing from a head and a tail")
struct HeadTailProbeTests {
    @Test("head and tail give the same facts as the whole file; a cut file is flagged")
    func headAndTail() throws {
        // Given a PNG, and the same PNG without its IEND
        let bytes = try PNGFixture(colorType: 3, depth: 8, interlaced: false, transparency: true, width: 200, height: 100).encode()
        let cut = Array(bytes.dropLast(12))
        // When each is probed from its first 200 bytes (past PLTE and tRNS) and last 20 bytes
        let info = try ImageInspector.probe(head: Array(bytes.prefix(200)), tail: Array(bytes.suffix(20)), fileSize: bytes.count)
        let cutInfo = try ImageInspector.probe(head: Array(cut.prefix(200)), tail: Array(cut.suffix(20)), fileSize: cut.count)
        // Then the facts equal the whole-file probe, and the cut file gets missing-end
        #expect(info == (try ImageInspector.probe(bytes)))
        #expect(cutInfo.warnings.map(\.code.rawValue) == ["missing-end"])
    }
}

@Suite("Probe limits")
struct ProbeLimitTests {
    @Test("a probe refuses sizes past the limits, as decoding would")
    func limits() throws {
        // Given a 50x30 JPEG and a 13x7 PNG
        let jpeg = try JPEGEncoder().encode(JPEGEncoderTests.gradient(width: 50, height: 30))
        let png = try PNGFixture(colorType: 2, depth: 8, interlaced: false, transparency: false).encode()
        let limits = DecodingLimits(maxPixels: 90)
        // When they are probed under a 90-pixel limit
        let jpegError = #expect(throws: ImageError.self) { try ImageInspector.probe(jpeg, file: "a.jpg", limits: limits) }
        let pngError = #expect(throws: ImageError.self) { try ImageInspector.probe(png, file: "a.png", limits: limits) }
        // Then both are too large, and the JPEG passes under a limit it fits
        #expect(jpegError?.kind == .tooLarge && jpegError?.file == "a.jpg")
        #expect(pngError?.kind == .tooLarge)
        #expect(try ImageInspector.probe(jpeg, limits: DecodingLimits(maxPixels: 1500)).width == 50)
    }
}
