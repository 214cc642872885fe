import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing

/// Inputs found by the fuzzing harnesses (Fuzz/, Scripts/fuzz), kept as regression tests. Where each
/// came from is listed in Tests/Fixtures/README.md ("Hardening").
@Suite("Fuzzing regressions")
struct FuzzRegressionTests {
    @Test("GIF encoder: a frame without a local table after one with (giflib leaked the old table)")
    func encoderLocalTableThenNone() throws {
        // Given a two-colour global table, a frame with its own four-colour table, then one without
        let global = [GIFEncoder.Color(10, 20, 30), GIFEncoder.Color(200, 100, 50)]
        let local = [GIFEncoder.Color(1, 2, 3), GIFEncoder.Color(4, 5, 6), GIFEncoder.Color(7, 8, 9), GIFEncoder.Color(90, 91, 92)]
        let bytes = try GIFEncoder(
            width: 2, height: 1, globalColorTable: global,
            frames: [
                .init(width: 2, height: 1, indices: [3, 0], colorTable: local),
                .init(width: 2, height: 1, indices: [1, 0]),
            ]
        ).encode()

        // When it is decoded
        let reader = try GIFFrameReader(bytes: bytes)
        let first = try #require(try reader.nextFrame())
        let second = try #require(try reader.nextFrame())

        // Then the first frame used its own table and the second the global one (under
        // Scripts/sanitize this test also shows no leak)
        #expect(first.image.pixels == [90, 91, 92, 255, 1, 2, 3, 255])
        #expect(second.image.pixels == [200, 100, 50, 255, 10, 20, 30, 255])
        #expect(try reader.nextFrame() == nil)
    }
}
