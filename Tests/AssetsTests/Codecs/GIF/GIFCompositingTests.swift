import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("GIF compositing")
struct GIFCompositingTests {
    typealias F = GIFFixtures

    static let disposals: [GIFDisposal] = [.unspecified, .keep, .restoreBackground, .restorePrevious]
    static let matrix: [(Int, Int)] = (0..<4).flatMap { first in (0..<4).map { (first, $0) } }

    @Test("disposal matrix: every pair of disposals for the first two frames", arguments: matrix)
    func disposalMatrix(first: Int, second: Int) throws {
        // Given red 4x4, then green 2x2 at (1,1), then blue 1x1 at (0,0), with these disposals
        let bytes = try F.threeFrames(disposals: [Self.disposals[first], Self.disposals[second], .unspecified])
        // When every frame is composited
        let (frames, error) = F.decode(bytes)
        // Then the canvas follows the browser model
        #expect(error == nil)
        try #require(frames.count == 3)
        // The area only frame 0 covered, after frame 0's disposal: kept, or cleared (background and
        // previous both lead back to the transparent start).
        let afterFirst = first >= 2 ? F.clear : F.redPixel
        #expect(F.pixel(frames[0].image, 3, 3) == F.redPixel)
        #expect(F.pixel(frames[1].image, 3, 3) == afterFirst)
        #expect(F.pixel(frames[1].image, 1, 1) == F.greenPixel)
        let afterSecond: F.Pixel
        switch second {
        case 2: afterSecond = F.clear
        case 3: afterSecond = afterFirst
        default: afterSecond = F.greenPixel
        }
        #expect(F.pixel(frames[2].image, 1, 1) == afterSecond)
        #expect(F.pixel(frames[2].image, 2, 2) == afterSecond)
        #expect(F.pixel(frames[2].image, 0, 0) == F.bluePixel)
        #expect(F.pixel(frames[2].image, 3, 3) == afterFirst)
        #expect(frames.map(\.disposal) == [Self.disposals[first], Self.disposals[second], .unspecified])
    }

    @Test("disposal 4 restores like 3 and 5 to 7 keep, as in Chromium", arguments: 4...7)
    func reservedDisposal(method: Int) throws {
        // Given the three-frame animation whose second frame has a reserved disposal method
        let bytes = try F.threeFrames(disposals: [.unspecified, GIFDisposal(method: method), .unspecified])
        // When it is composited
        let (frames, _) = F.decode(bytes)
        // Then method 4 puts back the red under the green frame, methods 5 to 7 leave the green
        try #require(frames.count == 3)
        #expect(frames[1].disposal == .reserved(method))
        #expect(F.pixel(frames[2].image, 1, 1) == (method == 4 ? F.redPixel : F.greenPixel))
    }

    @Test("the Chromium hash of the disposal-4 animation")
    func reservedDisposalBrowserGolden() throws {
        // Given the animation with disposal 4 made the same way as for the browser check (Tests/Fixtures/README.md)
        let bytes = try GIFEncoder(
            width: 4, height: 4, globalColorTable: F.palette, loopCount: .forever,
            frames: [
                F.frame(0, width: 4, height: 4), F.frame(1, x: 1, y: 1, width: 2, height: 2, disposal: .reserved(4)),
                F.frame(2, width: 1, height: 1),
            ]
        ).encode()
        // When its frames are hashed as the browser tool does
        let hashes = F.decode(bytes).frames.map { SHA256.hex($0.image.canonicalPixels) }
        // Then they are Chromium's
        #expect(
            hashes == [
                "fec0f57de0b19bc7dacb5b0fc3de7b56fc68dfdbeeebc8f9f4c506bf6e821c77",
                "2138c1c61815fd3dbec5fc36934043778aba7c96cccdf13dc4e09fff66d9eab7",
                "d4d6e4179aa5dfa067c26e41e2700eca1ded08213d9731ce4b4513f968f39083",
            ])
    }

    @Test("a transparent index leaves the canvas below it, and raw frames show it as transparent")
    func transparency() throws {
        // Given red 3x1, then a 3x1 frame blue-transparent-blue with index 3 transparent
        var second = GIFEncoder.Frame(width: 3, height: 1, indices: [2, 3, 2], transparentIndex: 3)
        second.disposal = .keep
        let bytes = try GIFEncoder(
            width: 3, height: 1, globalColorTable: F.palette,
            frames: [F.frame(0, width: 3, height: 1), second]
        ).encode()
        // When composited and raw
        let composited = F.decode(bytes)
        let raw = F.decode(bytes, output: .raw)
        // Then the red shows through the transparent pixel; the raw frame has alpha 0 there
        try #require(composited.frames.count == 2 && raw.frames.count == 2)
        let last = composited.frames[1].image
        #expect([F.pixel(last, 0, 0), F.pixel(last, 1, 0), F.pixel(last, 2, 0)] == [F.bluePixel, F.redPixel, F.bluePixel])
        #expect(F.pixel(raw.frames[1].image, 1, 0) == F.clear)
        #expect(composited.frames.map(\.usesTransparency) == [false, true])
        #expect(composited.frames[1].transparentIndex == 3)
    }

    @Test("a transparent index that no pixel uses is not reported as transparency")
    func unusedTransparentIndex() throws {
        // Given one frame marking index 3 transparent but using only index 1
        let bytes = try GIFEncoder(
            width: 2, height: 2, globalColorTable: F.palette,
            frames: [F.frame(1, width: 2, height: 2, transparent: 3)]
        ).encode()
        // When decoded
        let frames = F.decode(bytes).frames
        // Then the frame is opaque and says so
        #expect(frames.first?.usesTransparency == false)
        #expect(frames.first.map { F.pixel($0.image, 1, 1) } == F.greenPixel)
    }

    @Test("interlaced frames decode to the same pixels as progressive ones", arguments: [1, 2, 3, 5, 8, 9, 17])
    func interlacing(height: Int) throws {
        // Given a 3-pixel-wide image whose row y uses index y % 4, stored interlaced and not
        let indices = (0..<height).flatMap { y in [UInt8](repeating: UInt8(y % 4), count: 3) }
        func file(_ interlaced: Bool) throws -> [UInt8] {
            try GIFEncoder(
                width: 3, height: height, globalColorTable: F.palette,
                frames: [
                    GIFEncoder.Frame(width: 3, height: height, indices: indices, interlaced: interlaced)
                ]
            ).encode()
        }
        // When both are decoded
        let interlaced = F.decode(try file(true)).frames
        let progressive = F.decode(try file(false)).frames
        // Then every row has its own colour in both
        try #require(interlaced.count == 1 && progressive.count == 1)
        #expect(interlaced[0].interlaced && !progressive[0].interlaced)
        #expect(interlaced[0].image == progressive[0].image)
        let colours = [F.redPixel, F.greenPixel, F.bluePixel, F.yellowPixel]
        for y in 0..<height { #expect(F.pixel(interlaced[0].image, 2, y) == colours[y % 4], "row \(y)") }
    }

    @Test("sub-rectangles are placed at their offset and clipped to the canvas")
    func subRectanglesAndClipping() throws {
        // Given a 4x4 canvas: red 2x2 at (1,1), then green 4x4 at (2,2) reaching past the edge,
        // then blue 2x2 at (10,10) entirely outside
        let bytes = try GIFEncoder(
            width: 4, height: 4, globalColorTable: F.palette,
            frames: [
                F.frame(0, x: 1, y: 1, width: 2, height: 2),
                F.frame(1, x: 2, y: 2, width: 4, height: 4),
                F.frame(2, x: 10, y: 10, width: 2, height: 2),
            ]
        ).encode()
        // When composited
        let (frames, error) = F.decode(bytes)
        // Then the canvas stays 4x4, areas no frame covered are transparent, the overflow is clipped
        #expect(error == nil)
        try #require(frames.count == 3)
        #expect(frames[0].image.width == 4 && frames[0].image.height == 4)
        #expect(F.pixel(frames[0].image, 0, 0) == F.clear)
        #expect(F.pixel(frames[0].image, 1, 1) == F.redPixel)
        #expect(F.pixel(frames[1].image, 1, 1) == F.redPixel)
        #expect(F.pixel(frames[1].image, 3, 3) == F.greenPixel)
        #expect(frames[2].image == frames[1].image)
        #expect(frames[2].rectangle == FrameRectangle(x: 10, y: 10, width: 2, height: 2))
    }

    @Test("a first frame reaching past the screen grows the canvas, as in Chromium")
    func canvasGrowsForFirstFrame() throws {
        // Given a 4x4 screen whose first frame is 2x2 at (6,6)
        let bytes = try GIFEncoder(
            width: 4, height: 4, globalColorTable: F.palette,
            frames: [F.frame(1, x: 6, y: 6, width: 2, height: 2)]
        ).encode()
        // When decoded
        let reader = try GIFFrameReader(bytes: bytes)
        let frame = try reader.nextFrame()
        // Then the canvas is 8x8 with the frame in its corner (Chromium's hash, Tests/Fixtures/README.md)
        #expect(reader.screenWidth == 4 && reader.canvasWidth == 8 && reader.canvasHeight == 8)
        #expect(frame.map { F.pixel($0.image, 7, 7) } == F.greenPixel)
        #expect(
            frame.map { SHA256.hex($0.image.canonicalPixels) }
                == "43e3f9cad8a3ef78360612bef5d34ed24840a5838f01bda8a1917db098c215ed")
    }

    @Test("a local colour table wins over the global one")
    func localColorTable() throws {
        // Given a global table of red/green/blue/yellow and a frame with its own yellow-first table
        var frame = F.frame(0, width: 2, height: 1)
        frame.colorTable = [F.yellow, F.blue]
        let bytes = try GIFEncoder(
            width: 2, height: 1, globalColorTable: F.palette,
            frames: [frame, F.frame(0, x: 1, width: 1, height: 1)]
        ).encode()
        // When decoded
        let frames = F.decode(bytes).frames
        // Then the first frame uses its local table and the second the global one
        try #require(frames.count == 2)
        #expect(F.pixel(frames[0].image, 0, 0) == F.yellowPixel)
        #expect(F.pixel(frames[1].image, 1, 0) == F.redPixel)
        #expect(F.pixel(frames[1].image, 0, 0) == F.yellowPixel)
    }

    @Test("no colour table at all: opaque black, the transparent index still applies (as Chromium)")
    func missingColorTable() throws {
        // Given a 4x4 checker of indices 0 and 1 with no colour table, with and without index 1 transparent
        let checker: [UInt8] = [0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0]
        func file(transparent: Int?) throws -> [UInt8] {
            F.removingGlobalTable(
                try GIFEncoder(
                    width: 4, height: 4, globalColorTable: [F.red, F.green],
                    frames: [
                        GIFEncoder.Frame(width: 4, height: 4, indices: checker, transparentIndex: transparent)
                    ]
                ).encode(), entries: 2)
        }
        // When decoded
        let opaque = F.decode(try file(transparent: nil))
        let masked = F.decode(try file(transparent: 1))
        // Then the frames are Chromium's (Tests/Fixtures/README.md)
        #expect(opaque.error == nil && masked.error == nil)
        #expect(
            opaque.frames.map { SHA256.hex($0.image.canonicalPixels) }
                == ["20e65596fe7c15642996b35ef3054f8c93a772fc0e91f66b3174ae8ff26a2921"])
        #expect(
            masked.frames.map { SHA256.hex($0.image.canonicalPixels) }
                == ["64305b1fe2a1fcbfc35a1cc4696cbf02150dbb8d3849f7a6c560c885b6594b0d"])
        #expect(opaque.frames.first.map { F.pixel($0.image, 0, 0) } == F.blackPixel)
        #expect(try GIFInfo(bytes: try file(transparent: nil)).hasGlobalColorTable == false)
    }

    @Test("indices past the colour table are opaque black, as in Chromium")
    func indexPastTable() throws {
        // Given a 2-entry table and pixels 0, 1, 2, 3
        let bytes = F.shrinkingGlobalTableToTwo(
            try GIFEncoder(
                width: 4, height: 1, globalColorTable: F.palette,
                frames: [
                    GIFEncoder.Frame(width: 4, height: 1, indices: [0, 1, 2, 3])
                ]
            ).encode())
        // When decoded
        let frames = F.decode(bytes).frames
        // Then 2 and 3 are black, and the frame is Chromium's
        try #require(frames.count == 1)
        #expect((0..<4).map { F.pixel(frames[0].image, $0, 0) } == [F.redPixel, F.greenPixel, F.blackPixel, F.blackPixel])
        #expect(SHA256.hex(frames[0].image.canonicalPixels) == "1c86dabaed370def2b1086a78d4ecb1916f57415d382c561c22538dfe819415f")
    }

    @Test("a frame handed out stays unchanged while later frames are composited")
    func framesAreValues() throws {
        // Given the three-frame animation
        let reader = try GIFFrameReader(bytes: try F.threeFrames())
        // When the first frame is kept while the others are decoded
        let first = try #require(try reader.nextFrame())
        let copy = first.image
        while try reader.nextFrame() != nil {}
        // Then it still shows the first frame
        #expect(first.image == copy)
        #expect(F.pixel(first.image, 1, 1) == F.redPixel)
    }
}
