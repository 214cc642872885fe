import Assets
import Foundation
import Testing

/// Memory a run may use: under an address-space limit (`ulimit -v`) or `--max-memory`, extraction
/// fits its threads to the memory or refuses the file with one clear line; it never aborts.
@Suite("Limits: memory and threads")
struct MemoryLimitTests {
    /// A GIF of a few hundred bytes: `frames` one-pixel frames on a `width` x `height` canvas, each of
    /// which composites to the whole canvas.
    static func wideGIF(width: UInt16, height: UInt16, frames: Int) -> [UInt8] {
        var bytes = HostileFiles.gifHeader(width: width, height: height)
        for _ in 0..<frames { bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00] }
        bytes.append(0x3B)
        return bytes
    }

    @Test("a 65535x1525 canvas under a 700 MB address-space limit: one too-large line, exit 1, nothing written")
    func refusedUnderUlimit() throws {
        // Given the GIF (40 frames on a canvas of 400 MB) and a 700 MB address-space limit, which
        // cannot hold the canvas and the frame handed out (800 MB)
        let folder = try TemporaryFolder()
        let input = try folder.write("wide.gif", Self.wideGIF(width: 65_535, height: 1_525, frames: 40))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)).count < 1_000)

        // When its frames are extracted under `ulimit -v`
        let run = try BoundedRun.run(
            [input, folder.path + "/frames"],
            shell: "ulimit -v 700000 && exec \"$TOOL\" extract-frames \"$1\" --output \"$2\" --threads 8")

        // Then it is refused before allocating, with one line naming the file, the need and the limit
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix(input), "\(run.stderr)")
        #expect(
            run.stderr.contains("too-large") && run.stderr.contains("763 MB of memory") && run.stderr.contains("ulimit -v"),
            "\(run.stderr)")
        // And nothing is left: no folder, no temporary, no lock
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["wide.gif"])
    }

    @Test("an 8192x4096 canvas under a 500 MB limit with --threads 4: fitted to one thread, all frames written")
    func fittedUnderUlimit() throws {
        // Given three frames on a 128 MB canvas: four encoding threads would need about 1 GB, one fits
        let folder = try TemporaryFolder()
        let input = try folder.write("mid.gif", Self.wideGIF(width: 8_192, height: 4_096, frames: 3))

        // When its frames are extracted with four threads under `ulimit -v 500000`
        let run = try BoundedRun.run(
            [input, folder.path + "/frames"],
            shell: "ulimit -v 500000 && exec \"$TOOL\" extract-frames \"$1\" --output \"$2\" --threads 4")

        // Then it completes (it aborted with "failed to allocate" before threads were fitted to memory)
        #expect(run.ending == .exited(0), "\(run.ending): \(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/frames").sorted()
        #expect(names == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frames.json"])
        let frame = try ImageInspector.probe(file: folder.path + "/frames/frame_0002.png")
        #expect(frame.width == 8_192 && frame.height == 4_096)
    }

    @Test("--max-memory: decode, extract-frames and info --decode refuse what does not fit; info alone reads headers")
    func maxMemoryFlag() throws {
        // Given a 2000x2000 PNG (16 MB as RGBA, 32 MB with its copy)
        let folder = try TemporaryFolder()
        let input = try folder.write("big.png", try PNGEncoder.fast.encode(RGBAImage(width: 2_000, height: 2_000)))

        // When it is decoded, extracted and inspected with --max-memory 20M
        let decode = try BoundedRun.run(["decode", input, "--output", folder.path + "/out.ppm", "--max-memory", "20M"])
        let extract = try BoundedRun.run(["extract-frames", input, "--output", folder.path + "/frames", "--max-memory", "20M"])
        let deep = try BoundedRun.run(["info", input, "--decode", "--max-memory", "20M"])
        let headers = try BoundedRun.run(["info", input, "--max-memory", "20M"])

        // Then the three that hold pixels refuse it in one line naming the need and the budget
        for run in [decode, extract, deep] {
            #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.contains("needs 31 MB of memory, more than the 20 MB"), "\(run.stderr)")
        }
        // And reading headers needs no pixels
        #expect(headers.ending == .exited(0), "\(headers.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.png"])
    }

    @Test("the encoding threads fit the budget: canvas copies, the copy frames in bands keep, and one copy and a reserve per thread")
    func threadsFitting() {
        // Given a 100 MB canvas (5000x5000) and eight threads asked for
        let canvas = 5_000 * 5_000 * 4
        let reserve = 72 << 20
        func fitted(_ budget: Int?, encoder: PNGEncoder = .fast) -> Int {
            FrameExtractor(folder: "unused", encoder: encoder, encodingThreads: 8, memoryBudget: budget)
                .threadsFitting(width: 5_000, height: 5_000)
        }
        // Then without a budget all eight run; with room for exactly three, three; with too little, one
        #expect(fitted(nil) == 8)
        #expect(fitted(3 * canvas + 3 * (canvas + reserve)) == 3)
        #expect(fitted(3 * canvas + 3 * (canvas + reserve) - 1) == 2)
        #expect(fitted(canvas) == 1)
        // And an encoder that compresses frames whole keeps no copy for bands
        #expect(fitted(2 * canvas + 3 * (canvas + reserve), encoder: .smallestOnAnyContent) == 3)
        #expect(fitted(2 * canvas + 3 * (canvas + reserve) - 1, encoder: .smallestOnAnyContent) == 2)
    }
}
