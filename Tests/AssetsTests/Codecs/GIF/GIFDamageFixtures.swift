@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// GIFs damaged by design after two good frames: `GIFEncoder` writes three 10x9 frames of varied
/// pixels, then one change of bytes damages the third. Chromium's frames for each are in
/// `GIFDamageBrowserGoldens` (made with `../shared/tools/browser-gif-frames`).
enum GIFDamageFixtures {
    /// Pseudo-random palette indices 0...3: varied enough that giflib's LZW codes grow to 6 bits.
    static func pattern(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8((state >> 16) & 3)
        }
    }

    /// Three 10x9 frames (90 pixels each), 100 ms, looping forever.
    static func threeGoodFrames() throws -> [UInt8] {
        let frames = (0..<3).map { index in
            GIFEncoder.Frame(
                left: 0, top: 0, width: 10, height: 9, indices: pattern(90, seed: UInt32(index + 1)),
                delayCentiseconds: 10, disposal: .unspecified, transparentIndex: nil, interlaced: false)
        }
        return try GIFEncoder(
            width: 10, height: 9, globalColorTable: GIFFixtures.palette, loopCount: .forever,
            frames: frames
        ).encode()
    }

    /// The third frame's descriptor and image data offsets.
    static func thirdFrame(_ bytes: [UInt8]) throws -> GIFInfo.Frame {
        try GIFInfo(bytes: bytes).frames[2]
    }

    /// The third frame's data byte 28 (of its first sub-block) set to 0xFF: an LZW code past the string
    /// table after 79 of the frame's 90 pixels. giflib alone decodes the frame whole (it substitutes a
    /// byte for the bad code); Chromium drops it.
    static func badCodeInThirdFrame() throws -> [UInt8] {
        var bytes = try threeGoodFrames()
        bytes[try thirdFrame(bytes).dataOffset + 2 + 28] = 0xFF
        return bytes
    }

    /// The file cut `count` bytes into the third frame's image data (0: just before it).
    static func cutInThirdFrame(after count: Int) throws -> [UInt8] {
        let bytes = try threeGoodFrames()
        return Array(bytes.prefix(try thirdFrame(bytes).dataOffset + count))
    }

    /// The file without its last two bytes: every pixel of the third frame is there, but not the
    /// terminator of its data blocks (nor the trailer).
    static func thirdFrameWithoutTerminator() throws -> [UInt8] {
        Array(try threeGoodFrames().dropLast(2))
    }

    /// The third frame's image separator (0x2C) replaced by 0x99, a record type that does not exist.
    static func badRecordBeforeThirdFrame() throws -> [UInt8] {
        var bytes = try threeGoodFrames()
        bytes[try thirdFrame(bytes).offset] = 0x99
        return bytes
    }

    /// The third frame's LZW minimum code size set to 143.
    static func codeSize143InThirdFrame() throws -> [UInt8] {
        var bytes = try threeGoodFrames()
        bytes[try thirdFrame(bytes).dataOffset] = 143
        return bytes
    }

    /// A second copy of the file appended after the first one's trailer.
    static func secondGIFAppended() throws -> [UInt8] {
        let bytes = try threeGoodFrames()
        return bytes + bytes
    }

    /// Every fixture by the name its Chromium golden has.
    static func all() throws -> [(name: String, bytes: [UInt8])] {
        [
            ("good.gif", try threeGoodFrames()),
            ("bad-code.gif", try badCodeInThirdFrame()),
            ("cut-0.gif", try cutInThirdFrame(after: 0)),
            ("cut-1.gif", try cutInThirdFrame(after: 1)),
            ("cut-20.gif", try cutInThirdFrame(after: 20)),
            ("no-terminator.gif", try thirdFrameWithoutTerminator()),
            ("bad-record.gif", try badRecordBeforeThirdFrame()),
            ("code-size-143.gif", try codeSize143InThirdFrame()),
            ("appended.gif", try secondGIFAppended()),
        ]
    }
}
