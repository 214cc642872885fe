import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing frames when the output cannot be written: a clean error naming the file, no partial frame
/// or temporary file left behind, and files already there untouched.
@Suite("Outputs: unwritable folder, full disk, a file in the way")
struct OutputFailureTests {
    /// Three 160x160 frames: two flat ones (PNGs under 1 KB), then noise (a PNG over 25 KB).
    static func growingGIF() throws -> [UInt8] {
        let palette: [GIFEncoder.Color] = (0..<256).map { (i: Int) -> GIFEncoder.Color in
            let level = UInt8(i)
            return GIFEncoder.Color(level, 255 - level, level &* 7)
        }
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(160 * 160)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try GIFEncoder(
            width: 160, height: 160, globalColorTable: palette,
            frames: [
                .filled(1, width: 160, height: 160),
                .filled(2, width: 160, height: 160),
                .init(width: 160, height: 160, indices: noise),
            ]
        ).encode()
    }

    static var isRoot: Bool { geteuid() == 0 }

    @Test("a full disk: the run fails naming the frame, and no frame or temporary is left, other files kept")
    func fullDisk() throws {
        // Given a GIF whose third frame is much larger than the first two, and a file-size limit between
        // them (`ulimit -f` with SIGXFSZ ignored: write() then fails with EFBIG, as on a full disk)
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try Self.growingGIF())
        let output = folder.path + "/frames"
        try folder.write("frames/notes.txt", "kept")

        // When frames are extracted under that limit (16 blocks of 512 or 1024 bytes)
        let run = try BoundedRun.run(
            [input, output],
            shell: "trap '' XFSZ; ulimit -f 16 && exec \"$TOOL\" extract-frames \"$1\" --output \"$2\"")

        // Then the command fails cleanly, naming the frame it could not write in the output folder
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(output + "/frame_0002.png: "), "\(run.stderr)")
        // And the output is whole or absent: absent, the file already there untouched, nothing temporary beside it
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["notes.txt"])
        #expect(try String(contentsOfFile: output + "/notes.txt", encoding: .utf8) == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frames", "grow.gif"])
    }

    @Test("a full disk while replacing frames with --force: the old frame stays whole")
    func fullDiskKeepsOldFrames() throws {
        // Given frames from an earlier run, and a limit that lets only the small frames through
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try Self.growingGIF())
        let output = folder.path + "/frames"
        let first = try BoundedRun.run(["extract-frames", input, "--output", output])
        try #require(first.ending == .exited(0), "\(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: output + "/frame_0002.png"))

        // When they are extracted again with --force under the limit
        let run = try BoundedRun.run(
            [input, output],
            shell: "trap '' XFSZ; ulimit -f 16 && exec \"$TOOL\" extract-frames \"$1\" --output \"$2\" --force")

        // Then it fails on frame 2, and every earlier file is still there, byte for byte, with nothing beside it
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderr.contains("frame_0002.png"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/frame_0002.png")) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(names == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frames.json"], "\(names)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frames", "grow.gif"])
    }

    @Test("a file in the way of the output folder: one line naming it, exit 1, the file untouched")
    func fileInTheWay() throws {
        // Given an output path that is a file, and one whose parent is a file
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try Self.growingGIF())
        let blocker = try folder.write("frames", "not a folder")

        for output in [blocker, blocker + "/inner"] {
            // When frames are extracted there
            let run = try BoundedRun.run(["extract-frames", input, "--output", output])

            // Then one line names the path, exit 1, and the file is unchanged
            #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains(blocker), "\(run.stderr)")
            #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "not a folder")
        }
    }

    @Test("a folder where a frame or the manifest goes: refused, with and without --force")
    func folderInTheWay() throws {
        for name in ["frame_0001.png", "frames.json"] {
            // Given an output folder holding a folder with that name (with a file inside)
            let folder = try TemporaryFolder()
            let input = try folder.write("grow.gif", try Self.growingGIF())
            let output = folder.path + "/frames"
            try folder.write("frames/\(name)/inside.txt", "kept")

            for force in [false, true] {
                // When frames are extracted
                let run = try BoundedRun.run(["extract-frames", input, "--output", output] + (force ? ["--force"] : []))

                // Then it fails with one line naming that entry, and the folder and its file stay
                #expect(run.ending == .exited(1), "\(name) force=\(force): \(run.ending): \(run.stderr)")
                #expect(run.stderrLines.count == 1, "\(run.stderr)")
                #expect(run.stderr.contains(name), "\(run.stderr)")
                #expect(try String(contentsOfFile: "\(output)/\(name)/inside.txt", encoding: .utf8) == "kept")
                let names = try FileManager.default.contentsOfDirectory(atPath: output)
                #expect(names.filter { $0.hasPrefix(".") }.isEmpty, "temporary files left: \(names)")
            }
        }
    }

    @Test(
        "a read-only output folder: one line naming it, exit 1, nothing written",
        .enabled(if: !isRoot, "root ignores folder permissions; see the tmpfs and /proc checks in Docs/guarantees.md"))
    func readOnlyFolder() throws {
        // Given a folder without write permission
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try Self.growingGIF())
        let output = try folder.folder("locked")
        chmod(output, 0o555)
        defer { chmod(output, 0o755) }

        // When frames are extracted into it
        let run = try BoundedRun.run(["extract-frames", input, "--output", output])

        // Then it fails cleanly and the folder stays empty
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains(output), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).isEmpty)
    }

    @Test(
        "a folder no one may write, even root (/proc): one line, exit 1",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func procFolder() throws {
        // Given an output folder inside /proc, where no process may create files
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try Self.growingGIF())

        // When frames are extracted there
        let run = try BoundedRun.run(["extract-frames", input, "--output", "/proc/self/frames"])

        // Then the tool fails cleanly with one line naming the folder
        #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("/proc/self/frames"), "\(run.stderr)")
    }

    @Test("AtomicFileWriter: a failing write leaves neither the destination nor a temporary file")
    func atomicWriterFailure() throws {
        // Given a destination inside a folder that is removed (its path then leads nowhere)
        let folder = try TemporaryFolder()
        let gone = try folder.folder("gone")
        try FileManager.default.removeItem(atPath: gone)

        // When bytes are written there
        let error = #expect(throws: OutputError.self) {
            try AtomicFileWriter().write([1, 2, 3], to: gone + "/frame_0000.png")
        }

        // Then the error names the file and nothing exists
        #expect(error?.description.hasPrefix(gone + "/frame_0000.png: ") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("decode on a full disk: one line naming the output, exit 1, no partial file, an old file kept")
    func decodeFullDisk() throws {
        // Given a 160x160 noise frame as a GIF (its PPM is 76 KB), an old output file, and a file-size
        // limit of 16 blocks with SIGXFSZ ignored
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try Self.growingGIF())
        let old = try folder.write("old.ppm", "old")

        // When it is decoded to a new file, and over the old one with --force
        let fresh = try BoundedRun.run(
            [input, folder.path + "/new.ppm"],
            shell: "trap '' XFSZ; ulimit -f 16 && exec \"$TOOL\" decode \"$1\" --output \"$2\"")
        let forced = try BoundedRun.run(
            [input, old],
            shell: "trap '' XFSZ; ulimit -f 16 && exec \"$TOOL\" decode \"$1\" --output \"$2\" --force")

        // Then both fail with one line naming their output, nothing partial is left, the old file is whole
        for (run, output) in [(fresh, folder.path + "/new.ppm"), (forced, old)] {
            #expect(run.ending == .exited(1), "\(run.ending): \(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix(output), "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["grow.gif", "old.ppm"])
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old")
    }
}
