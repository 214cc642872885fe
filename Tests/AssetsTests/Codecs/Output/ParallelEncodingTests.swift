import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("Parallel frame encoding and reusable PNG buffers")
struct ParallelEncodingTests {
    /// A 30-frame 40x32 animation with partial frames, every disposal and local tables.
    static func animation() throws -> [UInt8] {
        let palette: [GIFEncoder.Color] = (0..<8).map { (i: Int) -> GIFEncoder.Color in
            let red = UInt8(i * 32)
            let green = UInt8(255 - i * 30)
            let blue = UInt8(i * 17)
            return GIFEncoder.Color(red, green, blue)
        }
        let disposals: [GIFDisposal] = [.keep, .restoreBackground, .restorePrevious, .unspecified]
        let frames = (0..<30).map { n -> GIFEncoder.Frame in
            let size = n == 0 ? 40 : 5 + n % 20
            let height = n == 0 ? 32 : 4 + n % 18
            let left = n == 0 ? 0 : n % (40 - size + 1)
            let top = n == 0 ? 0 : (n * 3) % (32 - height + 1)
            let indices: [UInt8] = (0..<(size * height)).map { (i: Int) -> UInt8 in UInt8((i * 3 / 7 + n) % 8) }
            let local: [GIFEncoder.Color]? = n % 4 == 3 ? Array(palette.reversed()) : nil
            return GIFEncoder.Frame(
                left: left, top: top, width: size, height: height, indices: indices,
                colorTable: local, delayCentiseconds: 4,
                disposal: disposals[n % 4], transparentIndex: n % 3 == 0 ? 2 : nil)
        }
        return try GIFEncoder(width: 40, height: 32, globalColorTable: palette, loopCount: .forever, frames: frames).encode()
    }

    private func extract(threads: Int, encoder: PNGEncoder = .fast, into folder: ScratchDirectory) throws -> [String: [UInt8]] {
        let source = try GIFFrameReader(bytes: try Self.animation())
        let extractor = FrameExtractor(folder: folder.path, encoder: encoder, encodingThreads: threads)
        let report = try extractor.extract(from: source, raw: false, sourceName: "busy.gif")
        #expect(report.frames.count == 30)
        return try folder.files()
    }

    @Test("frames encoded on several threads are the same files as frames encoded one after another", arguments: [2, 3, 8])
    func sameBytes(_ threads: Int) throws {
        // Given the animation extracted on one thread
        let one = try ScratchDirectory()
        let many = try ScratchDirectory()
        let sequential = try extract(threads: 1, into: one)
        // When it is extracted on several
        let parallel = try extract(threads: threads, into: many)
        // Then every file is byte for byte the same, and each frame is the PNG of the composited canvas
        #expect(sequential.count == 31)
        #expect(parallel == sequential)
        let reader = try GIFFrameReader(bytes: try Self.animation())
        while let frame = try reader.nextFrame() {
            #expect(parallel[FrameExtractor.frameName(frame.index)] == (try PNGEncoder.fast.encode(frame.image)))
        }
    }

    @Test("with an encoder that needs the pixels themselves (zlib, adaptive filters), threads give the same files too")
    func sameBytesWithZlib() throws {
        // Given the animation extracted on one thread with the smallest-output encoder
        let one = try ScratchDirectory()
        let many = try ScratchDirectory()
        let sequential = try extract(threads: 1, encoder: .smallestOnAnyContent, into: one)
        // When it is extracted on three
        let parallel = try extract(threads: 3, encoder: .smallestOnAnyContent, into: many)
        // Then the files are the same, each the encode of its composited frame
        #expect(parallel == sequential)
        let reader = try GIFFrameReader(bytes: try Self.animation())
        while let frame = try reader.nextFrame() {
            #expect(parallel[FrameExtractor.frameName(frame.index)] == (try PNGEncoder.smallestOnAnyContent.encode(frame.image)))
        }
    }

    @Test("an output failure on a worker thread is reported and stops the extraction")
    func outputFailure() throws {
        // Given a folder holding a directory where frame 5 should go
        let folder = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/frame_0005.png", withIntermediateDirectories: false)
        // When the frames are extracted with --force on four threads
        let source = try GIFFrameReader(bytes: try Self.animation())
        let extractor = FrameExtractor(folder: folder.path, overwrite: true, encodingThreads: 4)
        // Then the failure names frame 5's path and no manifest is written
        #expect {
            _ = try extractor.extract(from: source, raw: false, sourceName: "busy.gif")
        } throws: { error in
            "\(error)".hasPrefix(folder.path + "/frame_0005.png:")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/frames.json"))
        #expect(try folder.files().keys.allSatisfy { !$0.hasPrefix(".") })
    }

    @Test("a reused buffer gives the same bytes as a fresh encode, for a large then a small image")
    func reusedBuffer() throws {
        // Given one buffer
        let buffer = PNGEncodingBuffer()
        let large = DecodeTestImages.noise(width: 64, height: 48, seed: 3)
        let small = DecodeTestImages.noise(width: 5, height: 3, seed: 9)
        // When a large then a small image are encoded into it
        let first = try PNGEncoder.fast.encode(large, into: buffer) { Array($0) }
        let second = try PNGEncoder.fast.encode(small, into: buffer) { Array($0) }
        // Then each equals its own fresh encode and decodes back
        #expect(first == (try PNGEncoder.fast.encode(large)))
        #expect(second == (try PNGEncoder.fast.encode(small)))
        #expect(try ImageInspector.decode(second).image == small)
    }

    @Test("smallerOfNoneAndAdaptive keeps whichever of the two is smaller", arguments: [true, false])
    func smallerOfTwo(_ photographic: Bool) throws {
        // Given flat blocks or a smooth gradient
        let image =
            photographic
            ? DecodeTestImages.gradient(width: 96, height: 64)
            : DecodeTestImages.blocks(width: 96, height: 64)
        // When it is encoded each way at level 9
        let none = try PNGEncoder(compressionLevel: 9, filter: .none, opaqueAsRGB: true, indexedWhenFewColors: true).encode(image)
        let adaptive = try PNGEncoder(compressionLevel: 9, filter: .adaptive, opaqueAsRGB: true, indexedWhenFewColors: true)
            .encode(image)
        let best = try PNGEncoder.smallestOnAnyContent.encode(image)
        // Then the result is the smaller of the two, byte for byte, and decodes back
        #expect(best == (none.count <= adaptive.count ? none : adaptive))
        #expect(try ImageInspector.decode(best).image == image)
    }

    @Test("a streamed atomic write that fails midway leaves neither the file nor a temporary")
    func streamFailure() throws {
        // Given a folder
        let folder = try ScratchDirectory()
        struct Stop: Error {}
        // When a streamed write appends, then throws
        #expect(throws: Stop.self) {
            try AtomicFileWriter().write(to: folder.path + "/out.bin") { stream in
                try stream.append([1, 2, 3])
                throw Stop()
            }
        }
        // Then nothing is left; a write that finishes leaves exactly its bytes
        #expect(try folder.files().isEmpty)
        try AtomicFileWriter().write(to: folder.path + "/out.bin") { stream in
            try stream.append([1, 2, 3])
            try stream.append([4])
        }
        #expect(try folder.files() == ["out.bin": [1, 2, 3, 4]])
    }
}

/// A scratch folder for one library test, removed at the end.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("perf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Every file in the folder (hidden ones too) with its bytes.
    func files() throws -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory), isDirectory.boolValue { continue }
            found[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
        }
        return found
    }
}

/// Deterministic test pictures.
enum DecodeTestImages {
    static func noise(width: Int, height: Int, seed: UInt32) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var state = seed &* 2_654_435_761 | 1
        for i in image.pixels.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            image.pixels[i] = UInt8(truncatingIfNeeded: state)
        }
        return image
    }

    static func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                image.pixels[i] = UInt8(x * 255 / (width - 1))
                image.pixels[i + 1] = UInt8(y * 255 / (height - 1))
                image.pixels[i + 2] = UInt8((x + y) * 255 / (width + height - 2))
                image.pixels[i + 3] = 255
            }
        }
        return image
    }

    static func blocks(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let on = (x / 16 + y / 16) % 2 == 0
                image.pixels[i] = on ? 250 : 10
                image.pixels[i + 1] = on ? 40 : 200
                image.pixels[i + 2] = 90
                image.pixels[i + 3] = 255
            }
        }
        return image
    }
}
