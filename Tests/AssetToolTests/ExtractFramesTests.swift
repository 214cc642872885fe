import Foundation
import Testing
import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// A scratch folder for one test, removed at the end.
final class ScratchFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("extract-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    func names(_ sub: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(sub).path).sorted()
    }
}

/// The animation the CLI tests extract: 4x4, red, green 2x2 at (1,1) restored to background, blue
/// 1x1 with its own transparent index unused; NETSCAPE loop 2; delays 0, 20 and 30 cs.
enum CLIFixtures {
    static let palette = [
        GIFEncoder.Color(255, 0, 0), GIFEncoder.Color(0, 255, 0), GIFEncoder.Color(0, 0, 255), GIFEncoder.Color(255, 255, 0),
    ]

    static func animation() throws -> [UInt8] {
        func frame(_ index: UInt8, x: Int = 0, y: Int = 0, size: Int, delay: Int, disposal: GIFDisposal = .keep) -> GIFEncoder.Frame {
            GIFEncoder.Frame(
                left: x, top: y, width: size, height: size, indices: [UInt8](repeating: index, count: size * size),
                delayCentiseconds: delay, disposal: disposal, transparentIndex: index == 1 ? 3 : nil)
        }
        return try GIFEncoder(
            width: 4, height: 4, globalColorTable: palette, loopCount: .repeats(2),
            frames: [
                frame(0, size: 4, delay: 0), frame(1, x: 1, y: 1, size: 2, delay: 20, disposal: .restoreBackground),
                frame(2, size: 1, delay: 30),
            ]
        ).encode()
    }

    /// What the library makes of the animation, encoded as the CLI encodes frames.
    static func expectedPNGs(raw: Bool = false) throws -> [[UInt8]] {
        let reader = try GIFFrameReader(bytes: try animation(), output: raw ? .raw : .composited)
        var pngs: [[UInt8]] = []
        while let frame = try reader.nextFrame() { pngs.append(try PNGEncoder.fast.encode(frame.image)) }
        return pngs
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Width and height from a PNG's IHDR.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int) {
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}

@Suite("asset-tool extract-frames")
struct ExtractFramesTests {
    @Test("writes every composited frame and frames.json, prints one summary line")
    func extractsAll() throws {
        // Given the animation
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When its frames are extracted
        let result = try CLIRun.run(["extract-frames", input, "--output", folder.path + "/out"])
        // Then the frames are the library's, byte for byte, and the manifest describes them
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == "\(input): wrote 3 composited frames (4x4, plays 3 times) and frames.json to \(folder.path)/out\n")
        #expect(try folder.names("out") == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frames.json"])
        let expected = try CLIFixtures.expectedPNGs()
        for index in 0..<3 { #expect(try folder.bytes("out/frame_000\(index).png") == expected[index]) }
        let manifest = try CLIFixtures.json(String(decoding: try folder.bytes("out/frames.json"), as: UTF8.self))
        #expect(manifest["canvas"] as? [String: Int] == ["width": 4, "height": 4])
        #expect(manifest["loop_count"] as? Int == 2)
        #expect(manifest["plays"] as? Int == 3)
        #expect(manifest["complete"] as? Bool == true)
        let frames = try #require(manifest["frames"] as? [[String: Any]])
        #expect(frames.map { $0["file"] as? String } == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
        #expect(frames.map { $0["delay_cs"] as? Int } == [0, 20, 30])
        #expect(frames.map { $0["delay_ms"] as? Int } == [100, 200, 300])
        #expect(frames.map { $0["disposal"] as? String } == ["keep", "background", "keep"])
        #expect(frames.map { $0["transparency"] as? Bool } == [false, false, false])
        #expect(frames[1]["rect"] as? [String: Int] == ["x": 1, "y": 1, "width": 2, "height": 2])
    }

    @Test("--raw writes each frame's own rectangle")
    func raw() throws {
        // Given the animation
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When raw frames are extracted
        let result = try CLIRun.run(["extract-frames", input, "-o", folder.path, "--raw"])
        // Then each PNG has its frame's size and the library's raw pixels
        #expect(result.status == 0)
        let sizes = try (0..<3).map { CLIFixtures.pngSize(try folder.bytes("frame_000\($0).png")) }
        #expect(sizes.map(\.0) == [4, 2, 1] && sizes.map(\.1) == [4, 2, 1])
        let expected = try CLIFixtures.expectedPNGs(raw: true)
        #expect(try folder.bytes("frame_0001.png") == expected[1])
        #expect(result.stdout.contains("3 raw frames"))
        #expect(String(decoding: try folder.bytes("frames.json"), as: UTF8.self).contains("\"mode\": \"raw\""))
    }

    @Test("--frames writes only the chosen range, numbered by frame index")
    func range() throws {
        // Given the animation
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When frames 1 to 2 are asked for
        let result = try CLIRun.run(["extract-frames", input, "--output", folder.path, "--frames", "1-2"])
        // Then only those are written, and they are composited over frame 0
        #expect(result.status == 0)
        #expect(try folder.names().filter { $0.hasSuffix(".png") } == ["frame_0001.png", "frame_0002.png"])
        #expect(try folder.bytes("frame_0002.png") == (try CLIFixtures.expectedPNGs())[2])
        #expect(result.stdout.contains("wrote 2 of 3 composited frames"))
    }

    @Test("never overwrites without --force, and writes nothing when it refuses")
    func force() throws {
        // Given a folder that already holds a frame from an earlier run
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        _ = try folder.write([1, 2, 3], to: "frame_0002.png")
        // When extracting into it without --force
        let refused = try CLIRun.run(["extract-frames", input, "--output", folder.path])
        // Then it refuses with one line naming the file, and nothing was written or changed
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(folder.path)/frame_0002.png: already exists (use --force to overwrite)\n")
        #expect(try folder.names() == ["frame_0002.png", "spin.gif"])
        #expect(try folder.bytes("frame_0002.png") == [1, 2, 3])
        // And with --force it replaces it
        let forced = try CLIRun.run(["extract-frames", input, "--output", folder.path, "--force"])
        #expect(forced.status == 0)
        #expect(try folder.bytes("frame_0002.png") == (try CLIFixtures.expectedPNGs())[2])
    }

    @Test("--format json prints the manifest it wrote")
    func jsonOutput() throws {
        // Given the animation
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When extracting with --format json
        let result = try CLIRun.run(["extract-frames", input, "--output", folder.path, "--format", "json"])
        // Then stdout is frames.json
        #expect(result.status == 0)
        #expect(result.stdout == String(decoding: try folder.bytes("frames.json"), as: UTF8.self))
        #expect(try CLIFixtures.json(result.stdout)["frames_decoded"] as? Int == 3)
    }

    @Test("a truncated GIF: the complete frames are written, one line on stderr, exit 1")
    func truncated() throws {
        // Given the animation cut inside its last frame
        let folder = try ScratchFolder()
        let input = try folder.write(Array(try CLIFixtures.animation().dropLast(4)), to: "cut.gif")
        // When its frames are extracted
        let result = try CLIRun.run(["extract-frames", input, "--output", folder.path + "/out"])
        // Then frames 0 and 1 are written, and stderr names the file, the damage and the count
        #expect(result.status == 1)
        #expect(try folder.names("out") == ["frame_0000.png", "frame_0001.png", "frames.json"])
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.hasPrefix("\(input): gif truncated at frame 2, offset "))
        #expect(result.stderr.hasSuffix("; wrote 2 complete frames to \(folder.path)/out\n"))
        let manifest = try CLIFixtures.json(String(decoding: try folder.bytes("out/frames.json"), as: UTF8.self))
        #expect(manifest["complete"] as? Bool == false)
        #expect((manifest["error"] as? String)?.contains("truncated") == true)
    }

    @Test(
        "not an image, a missing file, a bad range: one line, the right exit code, nothing written",
        arguments: [
            (
                ["extract-frames", "{dir}/notes.txt", "--output", "{dir}/out"], Int32(1),
                "{dir}/notes.txt: not-an-image at offset 0: not a GIF, JPEG or PNG file\n"
            ),
            (["extract-frames", "{dir}/missing.gif", "--output", "{dir}/out"], Int32(1), "{dir}/missing.gif: unreadable: no such file\n"),
            (["extract-frames", "{dir}/spin.gif", "--output", "{dir}/out", "--frames", "7-3"], Int32(64), nil),
            (
                ["extract-frames", "{dir}/spin.gif", "--output", "{dir}/out", "--frames", "9"], Int32(1),
                "{dir}/spin.gif: --frames 9 selects none of its 3 frames\n"
            ),
        ])
    func failures(arguments: [String], status: Int32, stderr: String?) throws {
        // Given a folder with a text file and the animation
        let folder = try ScratchFolder()
        _ = try folder.write(Array("hello\n".utf8), to: "notes.txt")
        _ = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When the command runs
        let result = try CLIRun.run(arguments.map { $0.replacingOccurrences(of: "{dir}", with: folder.path) })
        // Then it fails with the expected status and message, and wrote no frame
        #expect(result.status == status)
        if let stderr { #expect(result.stderr == stderr.replacingOccurrences(of: "{dir}", with: folder.path)) }
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
        #expect(((try? folder.names("out")) ?? []).isEmpty)
    }
}

@Suite("asset-tool info on GIFs")
struct GIFInfoCommandTests {
    @Test("describes a GIF in text and JSON")
    func describes() throws {
        // Given the animation
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When info runs in both formats
        let text = try CLIRun.run(["info", input])
        let json = try CLIRun.run(["info", input, "--format", "json"])
        // Then both describe the canvas, frames, loop and delays
        #expect(text.status == 0 && json.status == 0)
        #expect(text.stdout == "\(input): GIF, 4x4, 3 frames, plays 3 times\ndelays: 100 ms, 200 ms, 300 ms (total 600 ms)\n")
        let object = try CLIFixtures.json(json.stdout)
        #expect(object["frame_count"] as? Int == 3)
        #expect(object["loop_count"] as? Int == 2)
        #expect(object["delays_cs"] as? [Int] == [0, 20, 30])
        #expect(object["delays_ms"] as? [Int] == [100, 200, 300])
        #expect(object["width"] as? Int == 4)
    }

    @Test("a damaged GIF is one line on stderr and exit 1")
    func damaged() throws {
        // Given the animation cut inside its second frame's block structure
        let folder = try ScratchFolder()
        let input = try folder.write(Array(try CLIFixtures.animation().prefix(60)), to: "cut.gif")
        // When info runs
        let result = try CLIRun.run(["info", input])
        // Then it names the file and the damage
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(input): gif truncated at frame"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
