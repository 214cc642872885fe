import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("GIF timing, loop counts and info")
struct GIFTimingTests {
    typealias F = GIFFixtures

    @Test("stored delays of 10 ms or less play as 100 ms", arguments: [(0, 100), (1, 100), (2, 20), (5, 50), (10, 100), (65535, 655_350)])
    func effectiveDelay(stored: Int, expected: Int) throws {
        // Given a one-frame GIF with this stored delay
        let bytes = try GIFEncoder(
            width: 1, height: 1, globalColorTable: F.palette,
            frames: [F.frame(0, width: 1, height: 1, delay: stored)]
        ).encode()
        // When read both ways
        let frame = try #require(F.decode(bytes).frames.first)
        let info = try GIFInfo(bytes: bytes)
        // Then the stored and the effective delay are reported
        #expect(frame.delayCentiseconds == stored && frame.effectiveDelayMilliseconds == expected)
        #expect(info.frames.first?.effectiveDelayMilliseconds == expected)
    }

    static let loops: [(GIFLoopCount, GIFEncoder.LoopExtension)] = [
        (.playOnce, .netscape), (.forever, .netscape), (.repeats(3), .netscape), (.repeats(65535), .netscape),
        (.forever, .animexts), (.repeats(2), .animexts),
    ]

    @Test("the loop count comes from NETSCAPE2.0 or ANIMEXTS1.0; absent means play once", arguments: loops)
    func loopCount(loop: GIFLoopCount, kind: GIFEncoder.LoopExtension) throws {
        // Given a GIF written with this loop extension
        let bytes = try GIFEncoder(
            width: 1, height: 1, globalColorTable: F.palette, loopCount: loop,
            loopExtension: kind, comment: "skipped",
            frames: [F.frame(0, width: 1, height: 1)]
        ).encode()
        // When read
        let reader = try GIFFrameReader(bytes: bytes)
        while try reader.nextFrame() != nil {}
        // Then the loop count is the one written
        #expect(reader.loopCount == loop)
        #expect(try GIFInfo(bytes: bytes).loopCount == loop)
    }

    @Test("loop counts in words: stored value and number of plays")
    func loopCountValues() {
        #expect(GIFLoopCount.playOnce.storedValue == nil && GIFLoopCount.playOnce.plays == 1)
        #expect(GIFLoopCount(stored: 0) == .forever && GIFLoopCount.forever.plays == nil)
        #expect(GIFLoopCount(stored: 2) == .repeats(2) && GIFLoopCount.repeats(2).plays == 3)
    }

    @Test("info reads sizes, rectangles, disposals and delays without decoding pixels")
    func info() throws {
        // Given the three-frame animation
        let info = try GIFInfo(bytes: try F.threeFrames(disposals: [.keep, .restoreBackground, .restorePrevious]))
        // Then its structure is reported
        #expect(info.canvasWidth == 4 && info.canvasHeight == 4 && info.loopCount == .forever)
        #expect(
            info.frames.map(\.rectangle) == [
                FrameRectangle(x: 0, y: 0, width: 4, height: 4), FrameRectangle(x: 1, y: 1, width: 2, height: 2),
                FrameRectangle(x: 0, y: 0, width: 1, height: 1),
            ])
        #expect(info.frames.map(\.disposal) == [.keep, .restoreBackground, .restorePrevious])
        #expect(info.frames.map(\.delayCentiseconds) == [10, 20, 30])
        #expect(info.durationMilliseconds == 600)
        #expect(info.text(file: "a.gif") == "a.gif: GIF, 4x4, 3 frames, plays forever\ndelays: 100 ms, 200 ms, 300 ms (total 600 ms)")
    }
}
