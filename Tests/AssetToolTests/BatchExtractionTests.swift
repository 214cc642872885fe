import Foundation
import Testing
import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// A longer animation for the parallel-encoding tests: 24 frames of 48x40, moving and nested rectangles
/// with every disposal, local colour tables and transparency, so frames differ and take real work.
enum BusyAnimation {
    static func make(frames: Int = 24, seed: UInt8 = 1) throws -> [UInt8] {
        let palette: [GIFEncoder.Color] = (0..<16).map { (i: Int) -> GIFEncoder.Color in
            let red = UInt8(i * 16)
            let green = UInt8(255 - i * 12)
            let blue = UInt8((i * 37) & 255)
            return GIFEncoder.Color(red, green, blue)
        }
        var list: [GIFEncoder.Frame] = []
        let disposals: [GIFDisposal] = [.keep, .restoreBackground, .restorePrevious, .unspecified]
        for n in 0..<frames {
            let width = n == 0 ? 48 : 8 + (n * 5) % 30
            let height = n == 0 ? 40 : 6 + (n * 7) % 26
            let left = n == 0 ? 0 : (n * 3) % (48 - width + 1)
            let top = n == 0 ? 0 : (n * 2) % (40 - height + 1)
            let indices: [UInt8] = (0..<(width * height)).map { (i: Int) -> UInt8 in UInt8((i / 3 + n + Int(seed)) % 16) }
            let local: [GIFEncoder.Color]? = n % 3 == 1 ? Array(palette.reversed()) : nil
            list.append(
                GIFEncoder.Frame(
                    left: left, top: top, width: width, height: height, indices: indices,
                    colorTable: local, delayCentiseconds: 5,
                    disposal: disposals[n % 4], transparentIndex: n % 2 == 1 ? 5 : nil,
                    interlaced: n % 5 == 2))
        }
        return try GIFEncoder(width: 48, height: 40, globalColorTable: palette, loopCount: .forever, frames: list).encode()
    }
}

@Suite("asset-tool extract-frames over many inputs")
struct BatchExtractionTests {
    @Test("several files: one folder per input, named after the file, every frame the library's bytes")
    func severalFiles() throws {
        // Given two different animations
        let folder = try ScratchFolder()
        let spin = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        let busy = try folder.write(try BusyAnimation.make(), to: "busy.anim.gif")
        // When both are extracted in one command
        let result = try CLIRun.run(["extract-frames", spin, busy, "--output", folder.path + "/out"])
        // Then each has its own folder with its frames and manifest, and one summary line each, in input order
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                \(spin): wrote 3 composited frames (4x4, plays 3 times) and frames.json to \(folder.path)/out/spin
                \(busy): wrote 24 composited frames (48x40, plays forever) and frames.json to \(folder.path)/out/busy.anim

                """)
        #expect(try folder.names("out") == ["busy.anim", "spin"])
        let expected = try CLIFixtures.expectedPNGs()
        #expect(try folder.names("out/spin") == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frames.json"])
        for (index, png) in expected.enumerated() {
            #expect(try folder.bytes("out/spin/" + FrameExtractor.frameName(index)) == png)
        }
        #expect(try folder.names("out/busy.anim").count == 25)
        let manifest = try CLIFixtures.json(String(decoding: try folder.bytes("out/busy.anim/frames.json"), as: UTF8.self))
        #expect((manifest["frames"] as? [Any])?.count == 24)
    }

    @Test("a folder: its .gif files (any case, hidden ones skipped), sorted; other files ignored")
    func folderInput() throws {
        // Given a folder with two GIFs, a hidden GIF and a text file
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/in", withIntermediateDirectories: true)
        _ = try folder.write(try CLIFixtures.animation(), to: "in/b.GIF")
        _ = try folder.write(try BusyAnimation.make(frames: 3), to: "in/a.gif")
        _ = try folder.write(try CLIFixtures.animation(), to: "in/.hidden.gif")
        _ = try folder.write(Array("notes".utf8), to: "in/readme.txt")
        // When the folder is extracted
        let result = try CLIRun.run(["extract-frames", folder.path + "/in", "--output", folder.path + "/out"])
        // Then a and b get folders, in name order
        #expect(result.status == 0)
        #expect(try folder.names("out") == ["a", "b"])
        #expect(result.stdout.split(separator: "\n").map { $0.hasPrefix(folder.path + "/in/a.gif: wrote 3") } == [true, false])
        #expect(try folder.names("out/b").count == 4)
    }

    @Test("a single folder argument is a batch even with one GIF inside; a single file writes into OUT itself")
    func singleFolderIsBatch() throws {
        // Given a folder holding one GIF
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/in", withIntermediateDirectories: true)
        let spin = try folder.write(try CLIFixtures.animation(), to: "in/spin.gif")
        // When the folder, then the file, is extracted
        let batch = try CLIRun.run(["extract-frames", folder.path + "/in", "--output", folder.path + "/batch"])
        let single = try CLIRun.run(["extract-frames", spin, "--output", folder.path + "/single"])
        // Then the folder gives OUT/spin/…, the file gives OUT/frame_…
        #expect(batch.status == 0 && single.status == 0)
        #expect(try folder.names("batch") == ["spin"])
        #expect(try folder.names("single").first == "frame_0000.png")
    }

    @Test("two inputs with the same name would share a folder: a usage error naming both, nothing written")
    func clash() throws {
        // Given a.gif in two folders
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/x", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/y", withIntermediateDirectories: true)
        let first = try folder.write(try CLIFixtures.animation(), to: "x/a.gif")
        let second = try folder.write(try CLIFixtures.animation(), to: "y/a.gif")
        // When both are extracted together
        let result = try CLIRun.run(["extract-frames", first, second, "--output", folder.path + "/out"])
        // Then the command refuses with exit 64 and writes nothing
        #expect(result.status == 64)
        #expect(result.stderr.contains(first) && result.stderr.contains(second))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    @Test("a bad input among good ones: the others are extracted, the bad one named on stderr, exit 1")
    func badInputAmongGood() throws {
        // Given a GIF, a file that is not an image and a missing file
        let folder = try ScratchFolder()
        let good = try folder.write(try CLIFixtures.animation(), to: "good.gif")
        let junk = try folder.write(Array("not a gif".utf8), to: "junk.gif")
        let missing = folder.path + "/missing.gif"
        // When all three are extracted
        let result = try CLIRun.run(["extract-frames", good, junk, missing, "--output", folder.path + "/out"])
        // Then good's frames are written, and each failure is one line naming its file
        #expect(result.status == 1)
        #expect(try folder.names("out/good").count == 4)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(junk) == true)
        #expect(lines.last?.hasPrefix(missing) == true)
        #expect(result.stdout.hasPrefix(good + ": wrote 3"))
    }

    @Test("existing output in one input's folder is refused without --force and replaced with it")
    func force() throws {
        // Given a batch extracted once
        let folder = try ScratchFolder()
        let spin = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        let busy = try folder.write(try BusyAnimation.make(frames: 2), to: "busy.gif")
        #expect(try CLIRun.run(["extract-frames", spin, busy, "--output", folder.path + "/out"]).status == 0)
        // When it is extracted again, without and with --force
        let again = try CLIRun.run(["extract-frames", spin, busy, "--output", folder.path + "/out"])
        let forced = try CLIRun.run(["extract-frames", spin, busy, "--output", folder.path + "/out", "--force"])
        // Then the first run names the existing manifests, the second succeeds
        #expect(again.status == 1)
        #expect(again.stderr.contains("\(folder.path)/out/spin/frames.json: already exists"))
        #expect(again.stderr.contains("\(folder.path)/out/busy/frames.json: already exists"))
        #expect(forced.status == 0)
    }

    @Test("--format json over a batch prints an array with one report per input")
    func json() throws {
        // Given two animations
        let folder = try ScratchFolder()
        let spin = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        let busy = try folder.write(try BusyAnimation.make(frames: 5), to: "busy.gif")
        // When they are extracted with --format json
        let result = try CLIRun.run(["extract-frames", spin, busy, "--output", folder.path + "/out", "--format", "json"])
        // Then stdout is a JSON array of the two manifests, in input order
        #expect(result.status == 0)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["source"] as? String } == [spin, busy])
        #expect(reports.map { ($0["frames"] as? [Any])?.count } == [3, 5])
    }

    @Test("--threads 1 and --threads 4 write the same bytes")
    func threadsGiveSameBytes() throws {
        // Given a busy animation
        let folder = try ScratchFolder()
        let input = try folder.write(try BusyAnimation.make(), to: "busy.gif")
        // When it is extracted with one and with four threads
        let one = try CLIRun.run(["extract-frames", input, "--output", folder.path + "/one", "--threads", "1"])
        let four = try CLIRun.run(["extract-frames", input, "--output", folder.path + "/four", "--threads", "4"])
        // Then every file is identical
        #expect(one.status == 0 && four.status == 0)
        let names = try folder.names("one")
        #expect(names.count == 25)
        #expect(try folder.names("four") == names)
        for name in names {
            #expect(try folder.bytes("one/" + name) == folder.bytes("four/" + name), "\(name)")
        }
    }

    @Test("--smallest writes the same pixels in no more bytes than the fast default")
    func smallest() throws {
        // Given a busy animation
        let folder = try ScratchFolder()
        let input = try folder.write(try BusyAnimation.make(frames: 6), to: "busy.gif")
        // When it is extracted fast and smallest
        #expect(try CLIRun.run(["extract-frames", input, "--output", folder.path + "/fast"]).status == 0)
        #expect(try CLIRun.run(["extract-frames", input, "--output", folder.path + "/small", "--smallest"]).status == 0)
        // Then each frame decodes to the same pixels and is no larger
        for index in 0..<6 {
            let name = FrameExtractor.frameName(index)
            let fast = try folder.bytes("fast/" + name)
            let small = try folder.bytes("small/" + name)
            #expect(small.count <= fast.count)
            #expect(try ImageInspector.decode(small).image == ImageInspector.decode(fast).image)
            #expect(small == (try PNGEncoder.smallestOnAnyContent.encode(ImageInspector.decode(fast).image)))
        }
    }

    @Test("usage errors exit 64", arguments: [["--threads", "0"], [] as [String]])
    func usage(_ extra: [String]) throws {
        // Given an animation (or none)
        let folder = try ScratchFolder()
        let input = try folder.write(try CLIFixtures.animation(), to: "spin.gif")
        // When the command gets a bad option or no input
        let arguments =
            extra.isEmpty
            ? ["extract-frames", "--output", folder.path + "/out"]
            : ["extract-frames", input, "--output", folder.path + "/out"] + extra
        let result = try CLIRun.run(arguments)
        // Then it is a usage error
        #expect(result.status == 64)
        #expect(!result.stderr.isEmpty)
    }
}
