import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("GIFs read from a file through a window")
struct GIFFileReadingTests {
    /// About 200 KiB: three 256x256 frames of noise (LZW cannot shrink them), so the 64 KiB window refills.
    static func largeAnimation() throws -> [UInt8] {
        let palette: [GIFEncoder.Color] = (0..<256).map { (i: Int) -> GIFEncoder.Color in
            GIFEncoder.Color(UInt8(i), UInt8(255 - i), UInt8((i * 7) & 255))
        }
        var state: UInt32 = 12345
        let frames: [GIFEncoder.Frame] = (0..<3).map { (n: Int) -> GIFEncoder.Frame in
            let size = n == 0 ? 256 : 200
            var indices = [UInt8](repeating: 0, count: size * size)
            for i in indices.indices {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                indices[i] = UInt8(truncatingIfNeeded: state)
            }
            return GIFEncoder.Frame(
                left: n * 20, top: n * 10, width: size, height: size, indices: indices,
                delayCentiseconds: 3, disposal: n == 1 ? .restorePrevious : .keep,
                transparentIndex: n == 2 ? 7 : nil, interlaced: n == 1)
        }
        return try GIFEncoder(width: 256, height: 256, globalColorTable: palette, loopCount: .forever, frames: frames).encode()
    }

    /// Every frame (or the error that ended the frames) from a reader.
    static func frames(of reader: GIFFrameReader) -> ([AnimationFrame], ImageError?) {
        var frames: [AnimationFrame] = []
        do {
            while let frame = try reader.nextFrame() { frames.append(frame) }
            return (frames, nil)
        } catch {
            return (frames, error)
        }
    }

    @Test("a file gives the same frames as its bytes", arguments: [false, true])
    func sameFrames(_ large: Bool) throws {
        // Given a GIF on disk (small, or larger than the window)
        let folder = try ScratchDirectory()
        let bytes = large ? try Self.largeAnimation() : try ParallelEncodingTests.animation()
        #expect(!large || bytes.count > 3 * 65_536)
        let path = folder.path + "/a.gif"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // When it is read from memory and from the file
        let (fromBytes, bytesError) = Self.frames(of: try GIFFrameReader(bytes: bytes))
        let (fromFile, fileError) = Self.frames(of: try GIFFrameReader(file: path))
        // Then the frames are identical
        #expect(bytesError == nil && fileError == nil)
        #expect(fromFile == fromBytes)
        #expect(fromFile.count == (large ? 3 : 30))
    }

    @Test("every cut of a file fails or ends exactly as the same cut in memory does")
    func truncation() throws {
        // Given the large GIF cut at 60 places, including inside and at the edges of the window
        let folder = try ScratchDirectory()
        let bytes = try Self.largeAnimation()
        var cuts = Array(stride(from: 1, to: bytes.count, by: bytes.count / 50))
        cuts += [13, 65_535, 65_536, 65_537, 131_072, bytes.count - 1]
        for cut in cuts {
            let prefix = Array(bytes.prefix(cut))
            let path = folder.path + "/cut.gif"
            try Data(prefix).write(to: URL(fileURLWithPath: path))
            // When it is read both ways
            let memory: ([AnimationFrame], ImageError?)
            do {
                memory = Self.frames(of: try GIFFrameReader(bytes: prefix))
            } catch {
                memory = ([], error)
            }
            let file: ([AnimationFrame], ImageError?)
            do {
                file = Self.frames(of: try GIFFrameReader(file: path))
            } catch {
                file = ([], error)
            }
            // Then the same frames come out and the same error, apart from the file name
            #expect(file.0 == memory.0, "cut at \(cut)")
            var named = memory.1
            if file.1?.file != nil { named = named?.naming(file: path) }
            #expect(file.1 == named, "cut at \(cut)")
        }
    }

    @Test("ImageFrames.open(file:) names the file when it is missing or not an image")
    func openErrors() throws {
        // Given a missing path and a text file
        let folder = try ScratchDirectory()
        let text = folder.path + "/note.gif"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        // When they are opened as frames
        // Then each error names its file and says what is wrong
        #expect { _ = try ImageFrames.open(file: folder.path + "/none.gif") } throws: { error in
            (error as? ImageError)?.kind == .unreadable && (error as? ImageError)?.file == folder.path + "/none.gif"
        }
        #expect { _ = try ImageFrames.open(file: text) } throws: { error in
            (error as? ImageError)?.kind == .notAnImage && (error as? ImageError)?.file == text
        }
    }
}
