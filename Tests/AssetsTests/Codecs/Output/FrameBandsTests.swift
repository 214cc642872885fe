import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("Frames compressed in bands of rows")
struct FrameBandsTests {
    /// A screen-recording-like animation: a full first frame, then small rectangles drawn over it (a
    /// cursor moving, text typed), with one frame that repaints most of the canvas. With `manyColors`,
    /// the frames bring local tables of other colours, so the canvas holds more than 256 and is RGB.
    static func recording(width: Int = 640, height: Int = 480, frames count: Int = 12, manyColors: Bool) throws -> [UInt8] {
        func palette(_ shift: Int) -> [GIFEncoder.Color] {
            (0..<256).map { GIFEncoder.Color(UInt8($0), UInt8((($0 * 7) + shift) & 255), UInt8((($0 * 13) + shift * 3) & 255)) }
        }
        let base = palette(0)
        var frames: [GIFEncoder.Frame] = []
        let background = (0..<(width * height)).map { UInt8((($0 % width) / 5 + ($0 / width) / 7) % 256) }
        frames.append(
            GIFEncoder.Frame(
                left: 0, top: 0, width: width, height: height, indices: background,
                colorTable: nil, delayCentiseconds: 5, disposal: .keep, transparentIndex: nil))
        for n in 1..<count {
            // Frame 6 repaints nearly everything: it is compressed whole.
            let (w, h) = n == 6 ? (width, height - 8) : (48, 24)
            let left = n == 6 ? 0 : (n * 53) % (width - w)
            let top = n == 6 ? 8 : (n * 37) % (height - h)
            let indices = (0..<(w * h)).map { UInt8(($0 * 3 + n * 11) % 256) }
            frames.append(
                GIFEncoder.Frame(
                    left: left, top: top, width: w, height: h, indices: indices,
                    colorTable: manyColors ? palette(n * 29) : nil, delayCentiseconds: 5,
                    disposal: .keep, transparentIndex: nil))
        }
        return try GIFEncoder(width: width, height: height, globalColorTable: base, loopCount: .forever, frames: frames).encode()
    }

    private func extract(_ gif: [UInt8], encoder: PNGEncoder, threads: Int, into folder: ScratchDirectory) throws -> [String: [UInt8]] {
        let extractor = FrameExtractor(folder: folder.path, encoder: encoder, encodingThreads: threads)
        _ = try extractor.extract(from: try GIFFrameReader(bytes: gif), raw: false, sourceName: "recording.gif")
        return try folder.files()
    }

    private static var whole: PNGEncoder {
        var encoder = PNGEncoder.fast
        encoder.bandLevels = nil
        return encoder
    }

    @Test(
        "frames written in bands are the composited canvases, the same files on any number of threads",
        arguments: [false, true])
    func sameFramesInBands(manyColors: Bool) throws {
        // Given a recording whose frames change a few rows at a time (indexed, or RGB with many colours)
        let gif = try Self.recording(manyColors: manyColors)
        // When it is extracted with bands on one thread and on three, and without bands
        let one = try ScratchDirectory()
        let three = try ScratchDirectory()
        let plain = try ScratchDirectory()
        let banded = try extract(gif, encoder: .fast, threads: 1, into: one)
        let parallel = try extract(gif, encoder: .fast, threads: 3, into: three)
        let wholeFiles = try extract(gif, encoder: Self.whole, threads: 2, into: plain)
        // Then the files are the same bytes whatever the threads
        #expect(banded.count == 13)
        #expect(parallel == banded)
        // And every frame decodes (libpng checks each chunk's CRC and zlib the Adler-32) to the canvas
        let reader = try GIFFrameReader(bytes: gif)
        var inBands = 0
        while let frame = try reader.nextFrame() {
            let name = FrameExtractor.frameName(frame.index)
            let file = try #require(banded[name])
            let decoded = try ImageInspector.decode(file)
            #expect(decoded.image == frame.image, "frame \(frame.index)")
            #expect(try ImageInspector.decode(try #require(wholeFiles[name])).image == frame.image)
            if file != wholeFiles[name] { inBands += 1 }
        }
        // And the frames that changed few rows were written in bands: all but the first (nothing before it),
        // the one that repainted the canvas, and frame 1, which brings colours the first frame lacks (indexed,
        // they renumber the palette and so most rows; with many colours it is the first RGB frame): those are
        // compressed whole, as without bands
        let whole = [0, 1, 6]
        #expect(inBands == 12 - whole.count)
        for index in whole {
            #expect(banded[FrameExtractor.frameName(index)] == wholeFiles[FrameExtractor.frameName(index)])
        }
    }

    /// Image data of `rows` rows of `rowBytes`, every byte `value`, as `PNGEncoder.prepare` lays it out.
    private func data(rows: Int, rowBytes: Int, value: UInt8) -> [UInt8] {
        [UInt8](repeating: value, count: rows * rowBytes)
    }

    private func plan(_ bands: FrameBands, _ bytes: [UInt8], rowBytes: Int, indexed: Bool = false) -> FrameBands.Plan? {
        bytes.withUnsafeBufferPointer { bands.plan(PNGEncoder.PreparedImageData(data: $0, rowBytes: rowBytes, isIndexed: indexed)) }
    }

    @Test("a band keeps its compressed form while its rows stay the same, and only changed bands are new")
    func reusesUnchangedBands() throws {
        // Given frames of 8 bands (rows of 4 KiB, 24 rows a band)
        let store = FrameBands(levels: .init(direct: 3, indexed: 6))
        let rowBytes = 4 << 10
        var frame = data(rows: 192, rowBytes: rowBytes, value: 1)
        // When the first frame is planned, then the same rows again
        #expect(plan(store, frame, rowBytes: rowBytes) == nil)
        let first = try #require(plan(store, frame, rowBytes: rowBytes))
        #expect(first.bands.count == 8 && first.level == 3)
        #expect(first.bands.last?.last == true && first.bands.dropLast().allSatisfy { !$0.last })
        #expect(first.bands.map(\.range.count) == Array(repeating: 24 * rowBytes, count: 8))
        // And then a frame that changes one byte in band 2 and one in band 7
        frame[2 * 24 * rowBytes + 100] = 9
        frame[7 * 24 * rowBytes] = 9
        let second = try #require(plan(store, frame, rowBytes: rowBytes))
        // Then those two bands are new and the other six are the same objects, compressed once for both frames
        let kept = zip(first.bands, second.bands).map { $0 === $1 }
        #expect(kept == [true, true, false, true, true, true, true, false])
        // And indexed rows are planned at the indexed level
        let indexed = FrameBands(levels: .init(direct: 3, indexed: 6))
        _ = plan(indexed, frame, rowBytes: rowBytes, indexed: true)
        #expect(plan(indexed, frame, rowBytes: rowBytes, indexed: true)?.level == 6)
    }

    @Test("a frame that changed more than half its bands, a new frame shape, or a small frame is compressed whole")
    func wholeFrames() throws {
        let store = FrameBands(levels: .init(direct: 3, indexed: 6))
        let rowBytes = 4 << 10
        _ = plan(store, data(rows: 192, rowBytes: rowBytes, value: 1), rowBytes: rowBytes)
        // Five of eight bands changed: whole
        var frame = data(rows: 192, rowBytes: rowBytes, value: 1)
        for band in 0..<5 { frame[band * 24 * rowBytes] = 2 }
        #expect(plan(store, frame, rowBytes: rowBytes) == nil)
        // The same rows after it are planned in bands again (the store kept the whole frame's rows)
        #expect(plan(store, frame, rowBytes: rowBytes) != nil)
        // Another row length starts over
        #expect(plan(store, data(rows: 96, rowBytes: 2 * rowBytes, value: 2), rowBytes: 2 * rowBytes) == nil)
        // Fewer than four bands are never banded
        let small = FrameBands(levels: .init(direct: 3, indexed: 6))
        let tiny = data(rows: 10, rowBytes: 1000, value: 3)
        _ = plan(small, tiny, rowBytes: 1000)
        #expect(plan(small, tiny, rowBytes: 1000) == nil)
    }
}
