import Assets
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An extract-frames run's folder appears whole or not at all: no stale frames beside new ones, no
/// hidden temporaries after a kill, no mix of two runs, nothing written outside the output folder.
@Suite("Outputs: whole per run")
struct WholeOutputTests {
    static func gif(frames: Int, level: UInt8 = 1) throws -> [UInt8] {
        let palette = [GIFEncoder.Color(0, 0, 0), GIFEncoder.Color(255, 255, 255), GIFEncoder.Color(255, 0, 0)]
        return try GIFEncoder(
            width: 8, height: 8, globalColorTable: palette,
            frames: Array(repeating: .filled(level, width: 8, height: 8), count: frames)
        ).encode()
    }

    static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @Test("--force over an earlier run of a longer GIF: its extra frames and its manifest go, all at once")
    func forceReplacesWhole() throws {
        // Given the output of a five-frame GIF
        let folder = try TemporaryFolder()
        let five = try folder.write("five.gif", try Self.gif(frames: 5))
        let two = try folder.write("two.gif", try Self.gif(frames: 2, level: 2))
        let output = folder.path + "/frames"
        let first = try BoundedRun.run(["extract-frames", five, "--output", output])
        try #require(first.ending == .exited(0), "\(first.stderr)")

        // When a two-frame GIF is extracted over it, without and then with --force
        let refused = try BoundedRun.run(["extract-frames", two, "--output", output])
        #expect(refused.ending == .exited(1) && refused.stderr.contains("already exists"), "\(refused.stderr)")
        #expect(Self.names(output).count == 6)
        let forced = try BoundedRun.run(["extract-frames", two, "--output", output, "--force"])

        // Then the folder holds exactly the new run: two frames and a manifest naming two.gif
        #expect(forced.ending == .exited(0), "\(forced.stderr)")
        #expect(Self.names(output) == ["frame_0000.png", "frame_0001.png", "frames.json"])
        let manifest = try String(contentsOfFile: output + "/frames.json", encoding: .utf8)
        #expect(manifest.contains("two.gif") && !manifest.contains("five.gif"))
        #expect(Self.names(folder.path) == ["five.gif", "frames", "two.gif"])
    }

    @Test("a folder holding other files keeps them: --force replaces only the tool's own files, stale ones go")
    func otherFilesKept() throws {
        // Given an output folder with someone's notes in it, and the frames of a five-frame GIF beside them
        let folder = try TemporaryFolder()
        let five = try folder.write("five.gif", try Self.gif(frames: 5))
        let two = try folder.write("two.gif", try Self.gif(frames: 2, level: 2))
        let output = folder.path + "/frames"
        try folder.write("frames/notes.txt", "kept")
        try #require(try BoundedRun.run(["extract-frames", five, "--output", output]).ending == .exited(0))
        #expect(Self.names(output).count == 7)

        // When a two-frame GIF is extracted there, without and with --force
        let refused = try BoundedRun.run(["extract-frames", two, "--output", output])
        let forced = try BoundedRun.run(["extract-frames", two, "--output", output, "--force"])

        // Then the first is refused naming the manifest; the second leaves the notes, two frames and the new manifest
        #expect(refused.ending == .exited(1) && refused.stderr.hasPrefix(output + "/frames.json: already exists"), "\(refused.stderr)")
        #expect(forced.ending == .exited(0), "\(forced.stderr)")
        #expect(Self.names(output) == ["frame_0000.png", "frame_0001.png", "frames.json", "notes.txt"])
        #expect(try String(contentsOfFile: output + "/notes.txt", encoding: .utf8) == "kept")
        #expect(try String(contentsOfFile: output + "/frames.json", encoding: .utf8).contains("two.gif"))
        #expect(Self.names(folder.path) == ["five.gif", "frames", "two.gif"])
    }

    @Test("another run holding the folder's lock: the second run fails at once and changes nothing")
    func lockedByAnotherRun() throws {
        // Given an earlier output, and its lock held (as a running extract-frames holds it)
        let folder = try TemporaryFolder()
        let input = try folder.write("two.gif", try Self.gif(frames: 2))
        let output = folder.path + "/frames"
        try #require(try BoundedRun.run(["extract-frames", input, "--output", output]).ending == .exited(0))
        let lock = open(folder.path + "/.frames.asset-tool-lock", O_RDWR | O_CREAT, 0o600)
        try #require(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        defer { close(lock) }

        // When a run with --force starts
        let run = try BoundedRun.run(["extract-frames", input, "--output", output, "--force"])

        // Then it fails with one line saying another run is writing the folder, which stays as it was
        #expect(run.ending == .exited(1), "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("another asset-tool run is writing"), "\(run.stderr)")
        #expect(Self.names(output) == ["frame_0000.png", "frame_0001.png", "frames.json"])
    }

    @Test("two real runs into one folder with --force: one writes its frames, the other fails, no mix")
    func concurrentRuns() throws {
        // Given a GIF that takes a few seconds (three frames on an 8192x4096 canvas) and a small one
        let folder = try TemporaryFolder()
        let slow = try folder.write("slow.gif", MemoryLimitTests.wideGIF(width: 8_192, height: 4_096, frames: 3))
        let quick = try folder.write("quick.gif", try Self.gif(frames: 5))
        let output = folder.path + "/frames"

        // When the slow one starts, and the quick one starts once the first holds the lock
        let script = """
            "$TOOL" extract-frames "$1" --output "$3" --force --threads 1 > /dev/null 2> "$4.first" & first=$!
            i=0; while [ ! -e "$4/.frames.asset-tool-lock" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done
            "$TOOL" extract-frames "$2" --output "$3" --force > /dev/null 2> "$4.second"; second=$?
            wait $first; echo "$? $second"
            """
        let run = try BoundedRun.run([slow, quick, output, folder.path], shell: script, deadline: 120)

        // Then the first exits 0 and the second 1, and the folder holds the slow GIF's three frames only
        let statuses = run.stdout.split(whereSeparator: \.isWhitespace)
        #expect(statuses == ["0", "1"], "\(run.stdout) \(run.stderr)")
        let second = (try? String(contentsOfFile: folder.path + ".second", encoding: .utf8)) ?? ""
        #expect(second.contains("another asset-tool run is writing"), "\(second)")
        #expect(Self.names(output) == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frames.json"])
        #expect(try String(contentsOfFile: output + "/frames.json", encoding: .utf8).contains("slow.gif"))
        try? FileManager.default.removeItem(atPath: folder.path + ".first")
        try? FileManager.default.removeItem(atPath: folder.path + ".second")
    }

    @Test("SIGINT, SIGTERM or SIGHUP mid-run: no temporary, no lock, the earlier output untouched", arguments: ["INT", "TERM", "HUP"])
    func interrupted(signal: String) throws {
        // Given an earlier output, and a GIF that takes a few seconds to extract
        let folder = try TemporaryFolder()
        let earlier = try folder.write("two.gif", try Self.gif(frames: 2))
        let slow = try folder.write("slow.gif", MemoryLimitTests.wideGIF(width: 8_192, height: 4_096, frames: 3))
        let output = folder.path + "/frames"
        try #require(try BoundedRun.run(["extract-frames", earlier, "--output", output]).ending == .exited(0))
        let before = try Data(contentsOf: URL(fileURLWithPath: output + "/frames.json"))

        // When the slow one is extracted over it with --force, and the signal comes once its temporary folder exists
        let script = """
            "$TOOL" extract-frames "$1" --output "$2" --force --threads 1 > /dev/null 2>&1 & pid=$!
            i=0; while ! ls -a "$3" | grep -q asset-tool-tmp && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done
            kill -\(signal) $pid; wait $pid; echo $?
            """
        let run = try BoundedRun.run([slow, output, folder.path], shell: script, deadline: 120)

        // Then the tool ended by that signal, and left the folder and its parent as they were
        let expected = ["INT": "130", "TERM": "143", "HUP": "129"][signal] ?? ""
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(run.stdout) \(run.stderr)")
        #expect(Self.names(folder.path) == ["frames", "slow.gif", "two.gif"])
        #expect(Self.names(output) == ["frame_0000.png", "frame_0001.png", "frames.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/frames.json")) == before)
    }

    @Test("temporaries of a killed run (SIGKILL) are removed by the next run into the same folder")
    func staleTemporariesRemoved() throws {
        // Given what a killed run leaves: a staging folder, a folder set aside once its replacement was in
        // place (marked so), a lock file, and a
        // temporary frame file inside the output (as older versions left)
        let folder = try TemporaryFolder()
        let input = try folder.write("two.gif", try Self.gif(frames: 2))
        let output = folder.path + "/frames"
        try #require(try BoundedRun.run(["extract-frames", input, "--output", output]).ending == .exited(0))
        try folder.write(".frames.asset-tool-tmp-AbC123/frame_0000.png", "partial")
        try folder.write(".frames.asset-tool-tmp-AbC123/.frame_0001.png.tmp-XyZ789", "partial")
        try folder.write(".frames.asset-tool-old-QwE456/frames.json", "{}")
        try folder.write(".frames.asset-tool-old-QwE456/.asset-tool-superseded", "replaced by a complete output\n")
        try folder.write(".frames.asset-tool-lock", "")
        try folder.write("frames/.frame_0007.png.tmp-Rty012", "partial")

        // When the next run replaces the output
        let run = try BoundedRun.run(["extract-frames", input, "--output", output, "--force"])

        // Then only the new output is left
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(Self.names(folder.path) == ["frames", "two.gif"])
        #expect(Self.names(output) == ["frame_0000.png", "frame_0001.png", "frames.json"])
    }

    @Test("an output path that is a symbolic link is refused, and the folder it leads to is untouched")
    func symlinkOutput() throws {
        // Given a link to a folder holding an earlier output
        let folder = try TemporaryFolder()
        let input = try folder.write("two.gif", try Self.gif(frames: 2))
        try #require(try BoundedRun.run(["extract-frames", input, "--output", folder.path + "/real"]).ending == .exited(0))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: folder.path + "/real")

        // When frames are extracted through the link with --force
        let run = try BoundedRun.run(["extract-frames", input, "--output", folder.path + "/link", "--force"])

        // Then one line says it is a link, and both the link and the folder stay
        #expect(run.ending == .exited(1), "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("is a symbolic link"), "\(run.stderr)")
        #expect(Self.names(folder.path + "/real") == ["frame_0000.png", "frame_0001.png", "frames.json"])
        #expect(Self.names(folder.path) == ["link", "real", "two.gif"])
    }

    @Test("an input named ...gif gets a folder inside the output folder, not its parent")
    func dotsName() throws {
        // Given two GIFs, one named "...gif" (its name without the extension is "..")
        let folder = try TemporaryFolder()
        let dots = try folder.write("in/...gif", try Self.gif(frames: 1))
        let plain = try folder.write("in/a.gif", try Self.gif(frames: 1))

        // When both are extracted into out/
        let run = try BoundedRun.run(["extract-frames", dots, plain, "--output", folder.path + "/out"])

        // Then each has its own folder inside out/, and nothing is written beside out/
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(Self.names(folder.path + "/out") == ["_...gif", "a"])
        #expect(Self.names(folder.path + "/out/_...gif") == ["frame_0000.png", "frames.json"])
        #expect(Self.names(folder.path) == ["in", "out"])
        #expect(FrameExtractionBatch.folderName(for: "x/...gif") == "_...gif")
        #expect(FrameExtractionBatch.folderName(for: "..") == "_..")
        #expect(FrameExtractionBatch.folderName(for: "spin.gif") == "spin")
    }
}
