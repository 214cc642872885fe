import Foundation
import Testing
import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// Fixtures for `asset-tool decode`, made with the project's own encoders.
enum DecodeFixtures {
    /// A colourful 40x30 picture (not a flat gradient, so JPEG chroma and DCT scaling matter).
    static func picture(width: Int = 40, height: Int = 30, alpha: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                image.pixels[i] = UInt8((x * 255) / max(width - 1, 1))
                image.pixels[i + 1] = UInt8((y * 255) / max(height - 1, 1))
                image.pixels[i + 2] = UInt8(((x / 5 + y / 5) % 2) * 200 + 20)
                image.pixels[i + 3] = alpha ? UInt8((x * 7 + y * 3) % 256) : 255
            }
        }
        return image
    }

    /// The RGB bytes of a PPM written from `image` (alpha dropped).
    static func rgb(_ image: RGBAImage) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(image.width * image.height * 3)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[i..<i + 3] }
        return bytes
    }

    /// The PPM a decode of `image` must write: djpeg's header, then RGB rows.
    static func ppm(_ image: RGBAImage) -> [UInt8] {
        Array("P6\n\(image.width) \(image.height)\n255\n".utf8) + rgb(image)
    }
}

@Suite("asset-tool decode")
struct DecodeCommandTests {
    @Test(
        "JPEG to PPM: djpeg's header and the decoder's pixels, at every scale and for progressive and CMYK files",
        arguments: [
            ("1/1", false, false), ("1/2", false, false), ("1/4", true, false), ("1/8", false, false),
            ("1/1", true, false), ("1/1", false, true), ("1/2", false, true),
        ])
    func jpegToPPM(_ scale: String, _ progressive: Bool, _ cmyk: Bool) throws {
        // Given a JPEG (baseline, progressive, or Adobe CMYK)
        let folder = try ScratchFolder()
        let picture = DecodeFixtures.picture()
        let jpeg: [UInt8]
        if cmyk {
            let inverted = picture.pixels.enumerated().map { $0.offset % 4 == 3 ? UInt8(200) : 255 - $0.element }
            jpeg = try JPEGEncoder(quality: 92).encodeCMYK(inverted, width: 40, height: 30, ycck: false)
        } else {
            jpeg = try JPEGEncoder(quality: 92, progressive: progressive).encode(picture)
        }
        let input = try folder.write(jpeg, to: "photo.jpg")
        // When it is decoded to PPM (streamed row by row)
        let result = try CLIRun.run(["decode", input, "--output", folder.path + "/out.ppm", "--scale", scale])
        // Then the file is the header plus exactly the library's full decode, alpha dropped
        let scaleValue: DecodeOptions.Scale = ["1/1": .full, "1/2": .half, "1/4": .quarter, "1/8": .eighth][scale] ?? .full
        let expected = try ImageInspector.decode(jpeg, options: DecodeOptions(scale: scaleValue)).image
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == "\(input): wrote \(expected.width)x\(expected.height) PPM to \(folder.path)/out.ppm\n")
        #expect(expected.width == (40 + scaleValue.rawValue - 1) / scaleValue.rawValue)
        #expect(try folder.bytes("out.ppm") == DecodeFixtures.ppm(expected))
    }

    @Test("PNG with alpha to PPM keeps the colour and drops the alpha; to PNG keeps everything")
    func pngInput() throws {
        // Given an RGBA PNG with varying alpha
        let folder = try ScratchFolder()
        let picture = DecodeFixtures.picture(width: 17, height: 9, alpha: true)
        let input = try folder.write(try PNGEncoder.fast.encode(picture), to: "icon.png")
        // When it is decoded to PPM and to PNG
        let ppm = try CLIRun.run(["decode", input, "--output", folder.path + "/icon.ppm"])
        let png = try CLIRun.run(["decode", input, "-o", folder.path + "/copy.PNG"])
        // Then the PPM holds the RGB of every pixel and the PNG decodes to the same RGBA pixels
        #expect(ppm.status == 0 && png.status == 0)
        #expect(try folder.bytes("icon.ppm") == DecodeFixtures.ppm(picture))
        #expect(try ImageInspector.decode(try folder.bytes("copy.PNG")).image == picture)
        #expect(png.stdout == "\(input): wrote 17x9 PNG to \(folder.path)/copy.PNG\n")
    }

    @Test("EXIF orientation 6 is turned upright unless --keep-orientation")
    func orientation() throws {
        // Given a 40x30 JPEG whose EXIF orientation says: rotate 90° clockwise
        let folder = try ScratchFolder()
        let jpeg = try JPEGEncoder(quality: 92, exifOrientation: 6).encode(DecodeFixtures.picture())
        let input = try folder.write(jpeg, to: "turned.jpg")
        // When it is decoded with and without turning
        let upright = try CLIRun.run(["decode", input, "--output", folder.path + "/up.ppm"])
        let stored = try CLIRun.run(["decode", input, "--output", folder.path + "/stored.ppm", "--keep-orientation"])
        // Then the upright file is 30x40 (the library's turned pixels) and the kept one 40x30 as stored
        #expect(upright.stdout == "\(input): wrote 30x40 PPM, turned upright to \(folder.path)/up.ppm\n")
        #expect(try folder.bytes("up.ppm") == DecodeFixtures.ppm(try ImageInspector.decode(jpeg).image))
        let kept = try ImageInspector.decode(jpeg, options: DecodeOptions(orientation: .keep)).image
        #expect(stored.status == 0)
        #expect(try folder.bytes("stored.ppm") == DecodeFixtures.ppm(kept))
    }

    @Test("an existing output is kept without --force and replaced with it")
    func force() throws {
        // Given an output file already there
        let folder = try ScratchFolder()
        let input = try folder.write(try JPEGEncoder().encode(DecodeFixtures.picture()), to: "a.jpg")
        let output = try folder.write(Array("old".utf8), to: "a.ppm")
        // When the image is decoded onto it, without and then with --force
        let refused = try CLIRun.run(["decode", input, "--output", output])
        let untouched = try folder.bytes("a.ppm")
        let forced = try CLIRun.run(["decode", input, "--output", output, "--force"])
        // Then the first run refuses and leaves the file, the second replaces it; no temporaries remain
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(output): already exists (use --force to overwrite)\n")
        #expect(untouched == Array("old".utf8))
        #expect(forced.status == 0)
        #expect(try folder.bytes("a.ppm").starts(with: Array("P6\n40 30\n255\n".utf8)))
        #expect(try folder.names() == ["a.jpg", "a.ppm"])
    }

    @Test("a truncated JPEG fails naming the file and leaves no output and no temporary file")
    func truncated() throws {
        // Given the first half of a JPEG
        let folder = try ScratchFolder()
        let jpeg = try JPEGEncoder().encode(DecodeFixtures.picture(width: 64, height: 64))
        let input = try folder.write(Array(jpeg.prefix(jpeg.count / 2)), to: "cut.jpg")
        // When it is decoded
        let result = try CLIRun.run(["decode", input, "--output", folder.path + "/cut.ppm"])
        // Then one line on stderr names the file and the truncation; nothing else is in the folder
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(input): jpeg truncated"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try folder.names() == ["cut.jpg"])
    }

    @Test("not an image, or a missing file: exit 1 naming the file")
    func badInput() throws {
        // Given a text file
        let folder = try ScratchFolder()
        let input = try folder.write(Array("hello".utf8), to: "note.jpg")
        // When it, and a missing file, are decoded
        let junk = try CLIRun.run(["decode", input, "--output", folder.path + "/x.ppm"])
        let missing = try CLIRun.run(["decode", folder.path + "/none.jpg", "--output", folder.path + "/y.ppm"])
        // Then both fail on their input
        #expect(junk.status == 1 && junk.stderr.hasPrefix(input + ":"))
        #expect(missing.status == 1 && missing.stderr.hasPrefix(folder.path + "/none.jpg:"))
        #expect(try folder.names() == ["note.jpg"])
    }

    @Test("usage errors exit 64", arguments: [["--output", "out.bmp"], ["--output", "out.ppm", "--scale", "1/3"]])
    func usage(_ options: [String]) throws {
        // Given a JPEG
        let folder = try ScratchFolder()
        let input = try folder.write(try JPEGEncoder().encode(DecodeFixtures.picture()), to: "a.jpg")
        // When decode gets an unknown output format or scale
        let result = try CLIRun.run(["decode", input] + options, in: folder.url)
        // Then it is a usage error and nothing is written
        #expect(result.status == 64)
        #expect(try folder.names() == ["a.jpg"])
    }
}
