import Foundation
import Testing
import Assets

/// `asset-tool hash` and `asset-tool render-hash` end to end: real images made with the package's encoders,
/// the shipped catalog, bad input.
@Suite("asset-tool hash and render-hash")
struct HashCommandTests {
    static let shippedCatalog = SchemaConformanceTests.shippedCatalog

    static func picture(width: Int, height: Int, alpha: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                image.pixels[i] = UInt8(x * 255 / max(width - 1, 1))
                image.pixels[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                image.pixels[i + 2] = UInt8((x + y) % 256)
                image.pixels[i + 3] = alpha ? UInt8((x * 7 + y) % 256) : 255
            }
        }
        return image
    }

    @Test("hash FILE prints the hashes of the pixels decode writes, for PNG and JPEG")
    func hashesFiles() throws {
        // Given a PNG with alpha, a JPEG and a GIF written by the package's encoders
        let scratch = try ScratchFolder()
        let image = Self.picture(width: 150, height: 90, alpha: true)
        let png = try scratch.write(try PNGEncoder().encode(image), to: "a.png")
        let jpeg = try scratch.write(try JPEGEncoder(quality: 90).encode(Self.picture(width: 300, height: 200)), to: "b.jpg")
        // When hashed as JSON
        let result = try CLIRun.run(["hash", png, jpeg, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        // Then each hash equals the library's hash of the pixels `decode --output x.png` writes
        for (file, name) in [(png, "a"), (jpeg, "b")] {
            let decodedPNG = scratch.url.appendingPathComponent("\(name)-decoded.png").path
            #expect(try CLIRun.run(["decode", file, "-o", decodedPNG]).status == 0)
            let pixels = try ImageInspector.decode(file: decodedPNG).image
            let blur = try BlurHash.encode(pixels)
            let thumb = ThumbHash.base64(try ThumbHash.encode(pixels))
            #expect(result.stdout.contains("\"blurhash\": \"\(blur)\""), "\(file)")
            #expect(result.stdout.contains("\"thumbhash\": \"\(thumb)\""), "\(file)")
        }
        #expect(result.stdout.contains("\"width\": 150"))
        #expect(result.stdout.contains("\"height\": 200"))
    }

    @Test("--components changes the BlurHash; a bad value is a usage error")
    func components() throws {
        let scratch = try ScratchFolder()
        let png = try scratch.write(try PNGEncoder().encode(Self.picture(width: 40, height: 30)), to: "a.png")
        let result = try CLIRun.run(["hash", png, "--components", "9x2"])
        #expect(result.status == 0)
        let expected = try BlurHash.encode(Self.picture(width: 40, height: 30), components: try BlurHash.Components(x: 9, y: 2))
        #expect(result.stdout.contains("blurhash \(expected) "))
        for bad in ["10x3", "0x1", "4", "axb"] {
            let failure = try CLIRun.run(["hash", png, "--components", bad])
            #expect(failure.status == 64, "\(bad)")
            #expect(failure.stderr.contains("--components"), "\(bad)")
        }
    }

    @Test("an undecodable file is reported and the others are still hashed, exit 1")
    func badFileAmongGood() throws {
        let scratch = try ScratchFolder()
        let good = try scratch.write(try PNGEncoder().encode(Self.picture(width: 20, height: 20)), to: "good.png")
        let bad = try scratch.write(Array("not an image".utf8), to: "bad.png")
        let result = try CLIRun.run(["hash", bad, good, scratch.url.appendingPathComponent("missing.png").path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("good.png: 20x20 blurhash "))
        #expect(result.stderr.contains("bad.png"))
        #expect(result.stderr.contains("missing.png"))
        #expect(result.stderr.split(separator: "\n").count == 2)
    }

    @Test("a folder hashes every image under it, sorted; --fast hashes a JPEG's DCT-scaled decode")
    func folderAndFast() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        _ = try scratch.write(try JPEGEncoder(quality: 90).encode(Self.picture(width: 800, height: 600)), to: "sub/big.jpg")
        _ = try scratch.write(try PNGEncoder().encode(Self.picture(width: 20, height: 10)), to: "a.png")
        _ = try scratch.write(Array("notes".utf8), to: "notes.txt")
        let exact = try CLIRun.run(["hash", scratch.path])
        #expect(exact.status == 0, "\(exact.stderr)")
        let lines = exact.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(scratch.path + "/a.png: 20x10 ") == true)
        #expect(lines.last?.hasPrefix(scratch.path + "/sub/big.jpg: 800x600 ") == true)
        // The fast mode decodes at 1/8 (100x75), and reports the full size
        let fast = try CLIRun.run(["hash", scratch.path + "/sub/big.jpg", "--fast"])
        #expect(fast.stdout.contains(": 800x600 "))
        var options = DecodeOptions()
        options.scale = .eighth
        let small = try ImageInspector.decode(file: scratch.path + "/sub/big.jpg", options: options).image
        #expect(small.width == 100)
        #expect(fast.stdout.contains("blurhash \(try BlurHash.encode(small)) "))
    }

    @Test("hash CATALOG --output writes a manifest by asset name that render-hash draws back")
    func catalogManifest() throws {
        let scratch = try ScratchFolder()
        let manifest = scratch.url.appendingPathComponent("placeholder-hashes.json").path
        let result = try CLIRun.run(["hash", Self.shippedCatalog, "--output", manifest, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.contains("\"Photos/sample_landscape\": {"))
        #expect(text.contains("sample_landscape.imageset/"))
        // Both outputs conform to the schema
        let schema = try SchemaConformanceTests.schema("hash")
        #expect(try schema.errors(in: try SchemaJSON.parse(text)).isEmpty)
        #expect(try schema.errors(in: try SchemaJSON.parse(result.stdout)).isEmpty)
        // No overwrite without --force
        let again = try CLIRun.run(["hash", Self.shippedCatalog, "--output", manifest])
        #expect(again.status == 1)
        #expect(try CLIRun.run(["hash", Self.shippedCatalog, "--output", manifest, "--force"]).status == 0)
        // The manifest's hashes draw back as PNGs
        guard case .object(let top) = try SchemaJSON.parse(text), case .object(let images)? = top["images"],
            case .object(let photo)? = images["Photos/sample_landscape"],
            case .string(let blur)? = photo["blurhash"], case .string(let thumb)? = photo["thumbhash"]
        else {
            Issue.record("no Photos/sample_landscape in the manifest")
            return
        }
        let blurPNG = scratch.url.appendingPathComponent("blur.png").path
        let thumbPNG = scratch.url.appendingPathComponent("thumb.png").path
        #expect(try CLIRun.run(["render-hash", "--blurhash", blur, "--size", "40x30", "-o", blurPNG]).status == 0)
        #expect(try CLIRun.run(["render-hash", "--thumbhash", thumb, "-o", thumbPNG]).status == 0)
        let drawn = try ImageInspector.decode(file: blurPNG).image
        #expect(drawn.width == 40 && drawn.height == 30)
        #expect(drawn == (try BlurHash.decode(blur, width: 40, height: 30)))
        #expect(try ImageInspector.decode(file: thumbPNG).image == (try ThumbHash.decode(try ThumbHash.bytes(base64: thumb))))
    }

    @Test(
        "render-hash: an invalid hash is one line and exit 1",
        arguments: [
            (["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdn"], "27 characters, its first character asks for 28"),
            (["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdn\""], "not a base-83 character"),
            (["--blurhash", "LEHV6n"], "asks for"),
            (["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "--size", "5000x10"], "outside 1...4096"),
            (["--thumbhash", "3OcRJYB4d3h/iIeHeEh3eIhw+j2w!"], "not standard base64"),
            (["--thumbhash", "3OcRJYB4d3h/iIeHeEh3eIhw"], "bytes, its header asks for"),
            (["--thumbhash", "AAAA"], "at least 5"),
        ])
    func invalidHash(arguments: [String], message: String) throws {
        let scratch = try ScratchFolder()
        let result = try CLIRun.run(["render-hash"] + arguments + ["-o", scratch.url.appendingPathComponent("x.png").path])
        #expect(result.status == 1, "\(arguments)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("x.png").path))
    }

    @Test("resolve --hash shows the resolved image's hashes; its JSON conforms to resolve.schema.json")
    func resolveHash() throws {
        let text = try CLIRun.run(["resolve", "Photos/sample_landscape", "--catalog", Self.shippedCatalog, "--hash"])
        #expect(text.status == 0)
        let file = Self.shippedCatalog + "/Photos/sample_landscape.imageset/sample_landscape.jpg"
        let expected = try ImageHasher().hash(file: file)
        #expect(text.stdout.contains("while loading: blurhash \(expected.blurHash) thumbhash \(expected.thumbHashBase64) "))
        let json = try SchemaConformanceTests.expectConforms(
            ["resolve", "Photos/sample_landscape", "--catalog", Self.shippedCatalog, "--hash", "--format", "json"], to: "resolve")
        guard case .object(let top) = json, case .object(let hash)? = top["hash"] else {
            Issue.record("no hash object")
            return
        }
        #expect(hash["blurhash"] == .string(expected.blurHash))
        #expect(try CLIRun.run(["resolve", "--state", "loading", "--catalog", Self.shippedCatalog, "--hash"]).status == 64)
    }

    @Test("report --hash-previews adds each image set's BlurHash and ThumbHash previews")
    func reportPreviews() throws {
        let scratch = try ScratchFolder()
        let page = scratch.url.appendingPathComponent("report.html").path
        #expect(try CLIRun.run(["report", Self.shippedCatalog, "-o", page, "--hash-previews"]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let expected = try ImageHasher().hash(file: Self.shippedCatalog + "/Photos/sample_landscape.imageset/sample_landscape.jpg")
        #expect(html.contains(">\(expected.blurHash)</span>"))
        #expect(html.contains(">\(expected.thumbHashBase64)</span>"))
        #expect(html.components(separatedBy: "alt=\"ThumbHash preview\"").count - 1 == 5)
        let plain = scratch.url.appendingPathComponent("plain.html").path
        #expect(try CLIRun.run(["report", Self.shippedCatalog, "-o", plain]).status == 0)
        #expect(!(try String(contentsOfFile: plain, encoding: .utf8)).contains("hash-previews"))
    }
}
