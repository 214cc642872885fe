import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing

@Suite("asset-tool info for JPEG and PNG")
struct ImageInfoCommandTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("info-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func image(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[i] = UInt8(i % 251)
            image.pixels[i + 3] = 255
        }
        return image
    }

    @Test("text output names format, size, model and orientation; a bad file exits 1 with one stderr line")
    func text() throws {
        // Given a progressive JPEG with orientation 6, a PNG named .jpg, and a truncated JPEG
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try JPEGEncoder(progressive: true, exifOrientation: 6).encode(Self.image(width: 30, height: 20))
        try Data(jpeg).write(to: dir.appendingPathComponent("photo.jpg"))
        // (zlib's encoder writes RGBA whatever the alpha; `.fast` would write this opaque image as RGB)
        try Data(try PNGEncoder(compressionLevel: 6).encode(Self.image(width: 5, height: 4))).write(
            to: dir.appendingPathComponent("icon.jpg"))
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: dir.appendingPathComponent("cut.jpg"))
        // When info runs over them, decoding pixels too
        let result = try CLIRun.run(["info", "photo.jpg", "icon.jpg", "cut.jpg", "--decode"], in: dir)
        // Then each readable file gets its facts, the damaged one a single error line, and the exit is 1
        #expect(result.stdout.contains("photo.jpg: JPEG, 30x20, ycbcr 4:2:0, 8-bit, progressive, orientation 6 (shown 20x30)"))
        #expect(result.stdout.contains("icon.jpg: PNG, 5x4, rgba, 8-bit, alpha"))
        #expect(result.stdout.contains("named .jpg but the bytes are png [extension-mismatch]"))
        #expect(result.stderr == "cut.jpg: jpeg truncated at offset \(jpeg.count / 2): libjpeg: Premature end of JPEG file\n")
        #expect(result.status == 1)
    }

    @Test("json output is one object for one file, an array for several")
    func json() throws {
        // Given a grayscale JPEG
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try JPEGEncoder(colorModel: .grayscale).encode(Self.image(width: 9, height: 7))
        try Data(jpeg).write(to: dir.appendingPathComponent("gray.jpeg"))
        try Data([0x47, 0x49]).write(to: dir.appendingPathComponent("junk.gif"))
        // When info runs with --format json on it alone, and with a second, unreadable file
        let one = try CLIRun.run(["info", "gray.jpeg", "--format", "json"], in: dir)
        let two = try CLIRun.run(["info", "gray.jpeg", "junk.gif", "--format", "json"], in: dir)
        // Then the reports carry the facts as typed values, and the failure as a typed error
        let info = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        #expect(info["file"] as? String == "gray.jpeg")
        #expect(info["format"] as? String == "jpeg")
        #expect(info["width"] as? Int == 9 && info["height"] as? Int == 7)
        #expect(info["color_model"] as? String == "gray")
        #expect(info["progressive"] as? Bool == false)
        #expect(one.status == 0)
        let both = try #require(try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [[String: Any]])
        #expect(both.count == 2)
        #expect((both.last?["error"] as? [String: Any])?["kind"] as? String == "not-an-image")
        #expect(two.status == 1)
        #expect(two.stderr.hasPrefix("junk.gif: not-an-image"))
    }

    @Test("no files is a usage error")
    func usage() throws {
        let result = try CLIRun.run(["info"])
        #expect(result.status == 64)
    }
}

@Suite("asset-tool extract-frames for JPEG and PNG")
struct StillExtractFramesTests {
    @Test("a JPEG becomes one upright PNG frame", arguments: ["photo.jpg", "photo.png"])
    func still(name: String) throws {
        // Given a 30x20 image stored with orientation 6 (JPEG), or a plain PNG
        let dir = try ImageInfoCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = ImageInfoCommandTests.image(width: 30, height: 20)
        let bytes = name.hasSuffix(".jpg") ? try JPEGEncoder(exifOrientation: 6).encode(image) : try PNGEncoder.fast.encode(image)
        try Data(bytes).write(to: dir.appendingPathComponent(name))
        // When its frames are extracted
        let result = try CLIRun.run(["extract-frames", name, "-o", "out"], in: dir)
        // Then one PNG frame holds the decoded, upright pixels
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try ImageInspector.decode(file: dir.appendingPathComponent("out/frame_0000.png").path)
        let expected = try ImageInspector.decode(bytes)
        #expect(frame.image == expected.image)
        #expect(frame.image.width == (name.hasSuffix(".jpg") ? 20 : 30))
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        #expect(listing == ["frame_0000.png", "frames.json"])
    }
}
