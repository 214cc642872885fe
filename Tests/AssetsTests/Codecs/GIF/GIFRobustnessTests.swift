import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("GIF damage and limits")
struct GIFRobustnessTests {
    typealias F = GIFFixtures

    /// A small animation with interlacing, transparency and a local table: 4 frames, about 200 bytes.
    static func animation() throws -> [UInt8] {
        var local = F.frame(1, x: 1, y: 0, width: 3, height: 5, delay: 5, disposal: .restorePrevious, interlaced: true)
        local.colorTable = [F.blue, F.yellow]
        return try GIFEncoder(
            width: 6, height: 5, globalColorTable: F.palette, loopCount: .repeats(2), comment: "hi",
            frames: [
                GIFEncoder.Frame(width: 6, height: 5, indices: (0..<30).map { UInt8($0 % 4) }, delayCentiseconds: 10),
                local,
                F.frame(2, x: 2, y: 2, width: 2, height: 2, disposal: .restoreBackground, transparent: 2),
                F.frame(3, x: 0, y: 3, width: 6, height: 2),
            ]
        ).encode()
    }

    @Test("every prefix of an animation gives its complete frames, then a typed error, never a crash")
    func truncationAtEveryByte() throws {
        // Given a valid animation and its full decode
        let bytes = try Self.animation()
        let full = F.decode(bytes)
        #expect(full.error == nil)
        try #require(full.frames.count == 4)
        let fullHashes = full.frames.map { SHA256.hex($0.image.pixels) }
        var previousCount = 0
        for length in 0..<bytes.count {
            // When only the first `length` bytes are decoded
            let (frames, error) = F.decode(Array(bytes.prefix(length)))
            // Then the frames are the first frames of the whole file, never more as the cut moves on,
            // and a cut inside a block is a typed error naming where it happened
            #expect(frames.map { SHA256.hex($0.image.pixels) } == Array(fullHashes.prefix(frames.count)), "cut at \(length)")
            #expect(frames.count >= previousCount, "cut at \(length)")
            previousCount = frames.count
            if let error {
                #expect([.truncated, .notAnImage].contains(error.kind), "cut at \(length): \(error)")
                #expect((error.offset ?? Int.max) <= length, "cut at \(length): \(error)")
                // Past the header and the 4-entry global table (25 bytes), the error names the frame being read
                if length >= 25 { #expect(error.frame == frames.count, "cut at \(length): \(error)") }
            } else {
                // A cut exactly between blocks ends like a missing trailer: not damage
                #expect(length >= 13)
            }
        }
        // The cut before the trailer keeps every frame
        let (frames, error) = F.decode(Array(bytes.dropLast()))
        #expect(frames.count == 4 && error == nil)
    }

    @Test("seeded byte flips decode or throw, never crash", arguments: 0..<4)
    func byteFlips(seed: UInt64) throws {
        // Given the animation and a small deterministic generator
        let bytes = try Self.animation()
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<150 {
            // When one to three bytes are replaced
            var damaged = bytes
            for _ in 0...(next() % 3) { damaged[next() % damaged.count] = UInt8(truncatingIfNeeded: next()) }
            // Then decoding returns frames and maybe an error; any error is typed and placed
            let (frames, error) = F.decode(damaged, limits: DecodingLimits(maxPixels: 1 << 20))
            #expect(frames.count <= 5)
            if let error { #expect(!error.detail.isEmpty) }
            _ = try? GIFInfo(bytes: damaged, limits: DecodingLimits(maxPixels: 1 << 20))
        }
    }

    @Test("a canvas over the pixel limit is refused before anything is allocated")
    func canvasLimit() throws {
        // Given a file whose screen claims 60000x60000
        var bytes = try GIFEncoder(
            width: 2, height: 2, globalColorTable: F.palette,
            frames: [F.frame(0, width: 2, height: 2)]
        ).encode()
        bytes[6] = 0x60
        bytes[7] = 0xEA
        bytes[8] = 0x60
        bytes[9] = 0xEA
        // When it is opened with the default limits
        // Then it is a too-large error
        #expect(throws: ImageError.self) { try GIFFrameReader(bytes: bytes) }
        do {
            _ = try GIFFrameReader(bytes: bytes)
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description.contains("60000x60000"))
        }
    }

    @Test("a first frame that grows the canvas past the limit is refused")
    func grownCanvasLimit() throws {
        // Given a 2x2 screen with a 2x2 frame at (5000,5000) and a 1-megapixel limit
        let bytes = try GIFEncoder(
            width: 2, height: 2, globalColorTable: F.palette,
            frames: [F.frame(0, x: 5000, y: 5000, width: 2, height: 2)]
        ).encode()
        // Then opening it is a too-large error naming frame 0
        do {
            _ = try GIFFrameReader(bytes: bytes, limits: DecodingLimits(maxPixels: 1_000_000))
            Issue.record("expected a too-large error")
        } catch {
            #expect(error.kind == .tooLarge && error.frame == 0)
        }
    }

    @Test("more frames than the limit: the allowed frames, then a too-large error")
    func frameLimit() throws {
        // Given a three-frame animation and a limit of two frames
        let bytes = try F.threeFrames()
        // When decoded
        let (frames, error) = F.decode(bytes, limits: DecodingLimits(maxFrames: 2))
        // Then two frames come out, then the error names frame 2
        #expect(frames.count == 2)
        #expect(error?.kind == .tooLarge && error?.frame == 2)
        #expect(throws: ImageError.self) { try GIFInfo(bytes: bytes, limits: DecodingLimits(maxFrames: 2)) }
    }

    @Test("not a GIF is a not-an-image error at offset 0")
    func notAGIF() {
        // Given PNG bytes and random text
        for bytes in [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("hello".utf8)] as [[UInt8]] {
            // Then both are refused as not a GIF
            let (frames, error) = F.decode(bytes)
            #expect(frames.isEmpty)
            #expect(error?.kind == .notAnImage && error?.offset == 0)
        }
    }

    @Test("an empty image is a frame that draws nothing, as in Chromium")
    func emptyImage() throws {
        // Given a three-frame file whose second image descriptor is patched to width 0 (its data stays)
        var bytes = try F.threeFrames()
        let descriptors = bytes.indices.filter { bytes[$0] == 0x2C && $0 + 9 < bytes.count }
        // The second descriptor: left/top 1,1 and size 2x2
        let second = try #require(descriptors.first { bytes[$0 + 1] == 1 && bytes[$0 + 3] == 1 && bytes[$0 + 5] == 2 })
        bytes[second + 5] = 0
        // When decoded, composited and raw
        let (frames, error) = F.decode(bytes)
        let raw = F.decode(bytes, output: .raw)
        // Then all three frames come out; the empty one leaves the canvas as it was
        #expect(error == nil && raw.error == nil)
        try #require(frames.count == 3 && raw.frames.count == 3)
        #expect(frames[1].rectangle.width == 0)
        #expect(frames[1].image == frames[0].image)
        #expect(raw.frames[1].image.width == 0)
        #expect(F.pixel(frames[2].image, 0, 0) == F.bluePixel)
    }

    @Test("an empty image without image data is an error, as in Chromium")
    func emptyImageWithoutData() throws {
        // Given a screen, a 0x1 image descriptor and the trailer right after it (pygif's image-zero-width)
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0xF0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
        bytes += [0x2C, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0x3B]
        // When decoded
        let (frames, error) = F.decode(bytes)
        // Then no frame and a typed error for frame 0
        #expect(frames.isEmpty)
        #expect(error != nil && error?.frame == 0)
    }

    @Test("a file with no image decodes to zero frames")
    func noImage() throws {
        // Given a screen and colour table but no image
        let bytes = try GIFEncoder(width: 3, height: 2, globalColorTable: F.palette, loopCount: .forever).encode()
        // When decoded
        let reader = try GIFFrameReader(bytes: bytes)
        // Then there is no frame, no error, and the canvas is the screen
        #expect(try reader.nextFrame() == nil)
        #expect(reader.canvasWidth == 3 && reader.canvasHeight == 2)
        #expect(try GIFInfo(bytes: bytes).frames.isEmpty)
    }

    @Test("an LZW minimum code size above 8 is a corrupt error naming the value and the limit", arguments: [11, 143, 255])
    func largeCodeSize(size: Int) throws {
        // Given a one-frame file whose LZW minimum code size byte is patched (143 was giflib's catch-all before)
        var bytes = try GIFEncoder(
            width: 2, height: 2, globalColorTable: F.palette,
            frames: [F.frame(0, width: 2, height: 2)]
        ).encode()
        let descriptor = try #require(bytes.lastIndex(of: 0x2C))
        bytes[descriptor + 10] = UInt8(size)
        // When decoded
        let (frames, error) = F.decode(bytes)
        // Then no frame, and the error says why
        #expect(frames.isEmpty)
        #expect(error?.kind == .corrupt)
        #expect(error?.detail == "LZW minimum code size \(size) is above 8, the largest the GIF format allows (giflib refuses it)")
    }

    @Test("a second call after an error repeats the error")
    func errorIsSticky() throws {
        // Given a cut animation
        let bytes = Array(try F.threeFrames().dropLast(8))
        let reader = try GIFFrameReader(bytes: bytes)
        var first: ImageError?
        do { while try reader.nextFrame() != nil {} } catch { first = error }
        // Then asking again gives the same error
        let error = try #require(first)
        #expect(throws: error) { try reader.nextFrame() }
    }
}
