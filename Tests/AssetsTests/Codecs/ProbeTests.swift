import CGif
import Testing
@testable import Assets

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
        #expect(cutJPEG.warnings.map(\.code) == ["missing-end"])
        #expect(cutPNG.warnings.map(\.code) == ["missing-end"])
        #expect(try ImageInspector.probe(jpeg).warnings.isEmpty)
        #expect(try ImageInspector.probe(png).warnings.isEmpty)
    }

    /// A GIF written by giflib: `frames` 2x2 frames with delays 7, 14, ... and a NETSCAPE loop count.
    static func gif(frames: Int, loop: Int?) throws -> [UInt8] {
        var error: Int32 = 0
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        let output: OutputFunc = { file, data, count in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }
        let file = try #require(EGifOpen(context.toOpaque(), output, &error))
        var colors = [GifColorType(Red: 0, Green: 0, Blue: 0), GifColorType(Red: 255, Green: 0, Blue: 0)]
        let map = GifMakeMapObject(2, &colors)
        defer { GifFreeMapObject(map) }
        EGifSetGifVersion(file, true)
        #expect(EGifPutScreenDesc(file, 2, 2, 1, 0, map) == GIF_OK)
        if let loop {
            var name = Array("NETSCAPE2.0".utf8)
            var value: [UInt8] = [1, UInt8(loop & 0xFF), UInt8(loop >> 8)]
            EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE)
            EGifPutExtensionBlock(file, 11, &name)
            EGifPutExtensionBlock(file, 3, &value)
            EGifPutExtensionTrailer(file)
        }
        for frame in 0..<frames {
            var gce: [UInt8] = [0, UInt8((frame + 1) * 7), 0, 0]
            EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, &gce)
            #expect(EGifPutImageDesc(file, 0, 0, 2, 2, false, nil) == GIF_OK)
            var row: [GifPixelType] = [UInt8(frame & 1), 1]
            EGifPutLine(file, &row, 2)
            EGifPutLine(file, &row, 2)
        }
        EGifCloseFile(file, &error)
        return sink.bytes
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
