import Assets
@testable import AssetsCodecs
import Foundation
import Testing

/// A GIF damaged after two good frames, made with `GIFEncoder` and one changed byte (as the library's
/// `GIFDamageFixtures`): byte 28 of the third frame's LZW data set to 0xFF, a bad code after 79 of its
/// 90 pixels that giflib alone would decode around.
enum DamagedGIF {
    static func threeFrames() throws -> [UInt8] {
        var state: UInt32 = 0
        func pattern(seed: UInt32) -> [UInt8] {
            state = seed
            return (0..<90).map { _ in
                state = state &* 1_103_515_245 &+ 12345
                return UInt8((state >> 16) & 3)
            }
        }
        let frames = (0..<3).map { index in
            GIFEncoder.Frame(
                left: 0, top: 0, width: 10, height: 9, indices: pattern(seed: UInt32(index + 1)),
                delayCentiseconds: 10, disposal: .unspecified, transparentIndex: nil, interlaced: false)
        }
        return try GIFEncoder(
            width: 10, height: 9, globalColorTable: CLIFixtures.palette, loopCount: .forever,
            frames: frames
        ).encode()
    }

    static func badCodeInThirdFrame() throws -> [UInt8] {
        var bytes = try threeFrames()
        bytes[try GIFInfo(bytes: bytes).frames[2].dataOffset + 2 + 28] = 0xFF
        return bytes
    }
}

@Suite("asset-tool on GIFs damaged after good frames")
struct GIFDamageCommandTests {
    @Test("info --decode and extract-frames name the damage in the third frame with the same words")
    func sameWords() throws {
        // Given a GIF whose third frame has a bad LZW code part way
        let folder = try ScratchFolder()
        let input = try folder.write(try DamagedGIF.badCodeInThirdFrame(), to: "bad.gif")
        let expected =
            "\(input): gif corrupt at frame 2, offset 204: bad LZW code 49 (the table ends at 47) after 79 of the frame's 90 pixels"
        // When info reads its headers, info --decode decodes it, and extract-frames writes its frames
        let info = try CLIRun.run(["info", input])
        let decoded = try CLIRun.run(["info", "--decode", input])
        let extracted = try CLIRun.run(["extract-frames", input, "-o", folder.path + "/out"])
        // Then the header probe sees three sound frames (it skips the image data) ...
        #expect(info.status == 0)
        #expect(info.stdout.hasPrefix("\(input): GIF, 10x9, 3 frames"))
        // ... and info --decode fails with the line extract-frames prints, which wrote the two good frames
        #expect(decoded.status == 1)
        #expect(decoded.stderr == expected + "\n")
        #expect(extracted.status == 1)
        #expect(extracted.stderr == expected + "; wrote 2 complete frames to \(folder.path)/out\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").sorted()
        #expect(files == ["frame_0000.png", "frame_0001.png", "frames.json"])
        // And info --decode's JSON carries the same error
        let json = try CLIFixtures.json(try CLIRun.run(["info", "--decode", "--format", "json", input]).stdout)
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["kind"] as? String == "corrupt")
        #expect(error["frame"] as? Int == 2)
        #expect(error["message"] as? String == expected)
    }

    @Test("a second GIF appended is a trailing-data warning: info exits 0, the frames are the first GIF's")
    func appended() throws {
        // Given a GIF with a copy of itself appended after its trailer
        let folder = try ScratchFolder()
        let single = try DamagedGIF.threeFrames()
        let input = try folder.write(single + single, to: "twice.gif")
        // When info (with and without --decode) and extract-frames run
        let info = try CLIRun.run(["info", input])
        let decoded = try CLIRun.run(["info", "--decode", "--format", "json", input])
        let extracted = try CLIRun.run(["extract-frames", input, "-o", folder.path + "/out"])
        // Then a warning names the trailer and the extra bytes; nothing fails
        #expect(info.status == 0)
        #expect(
            info.stdout.contains(
                "  warning: \(single.count) bytes after the GIF trailer (at offset \(single.count - 1)): ignored, as browsers ignore them; the first at offset \(single.count) [trailing-data]"
            ))
        #expect(decoded.status == 0)
        let warnings = try #require(try CLIFixtures.json(decoded.stdout)["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["trailing-data"])
        #expect(warnings.first?["offset"] as? Int == single.count)
        #expect(extracted.status == 0)
        #expect(extracted.stdout.contains("wrote 3 composited frames"))
    }

    @Test("validate: the damaged GIF passes the header check and fails --deep with the decoder's words; the appended one passes both")
    func validate() throws {
        // Given a catalog with two data sets: the GIF damaged in its third frame, and a GIF with a second one appended
        let folder = try ScratchFolder()
        let single = try DamagedGIF.threeFrames()
        for (name, bytes) in [("bad", try DamagedGIF.badCodeInThirdFrame()), ("twice", single + single)] {
            let set = folder.url.appendingPathComponent("Media.xcassets/\(name).dataset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            let contents =
                #"{"data": [{"filename": "NAME.gif", "idiom": "universal", "universal-type-identifier": "com.compuserve.gif"}], "info": {"author": "xcode", "version": 1}}"#
            try Data(contents.replacingOccurrences(of: "NAME", with: name).utf8).write(to: set.appendingPathComponent("Contents.json"))
            try Data(bytes).write(to: set.appendingPathComponent("\(name).gif"))
        }
        // When validate runs, with and without --deep
        let quick = try CLIRun.run(["validate", "Media.xcassets"], in: folder.url)
        let deep = try CLIRun.run(["validate", "Media.xcassets", "--deep"], in: folder.url)
        // Then the header check finds nothing; --deep reports the damaged file alone, as extract-frames names it
        #expect(quick.status == 0, "\(quick.stdout)\(quick.stderr)")
        #expect(!quick.stdout.contains("twice.gif") && !quick.stdout.contains("bad.gif"))
        #expect(deep.status == 1)
        #expect(
            deep.stdout.contains(
                "bad.dataset/bad.gif: error: does not decode (GIF corrupt at frame 2 at byte 204): bad LZW code 49 (the table ends at 47) after 79 of the frame's 90 pixels [undecodable-image]"
            ), "\(deep.stdout)")
        #expect(!deep.stdout.contains("twice.gif"))
    }
}
