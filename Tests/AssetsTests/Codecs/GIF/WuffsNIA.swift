@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// wuffs' NIA rendering of an animation (see ../shared/corpus/README.md, "NIA checksums") and its
/// CRC-32, to compare with the checksums wuffs publishes for its test files.
enum WuffsNIA {
    static func crc32Hex(frames: [AnimationFrame], canvasWidth: Int, canvasHeight: Int, loopCount: GIFLoopCount) -> String {
        var crc = CRC32()
        crc.update([0x6E, 0xC3, 0xAF, 0x41, 0xFF, 0x62, 0x6E, 0x34])
        crc.update(le32(canvasWidth) + le32(canvasHeight))
        var flicks: UInt64 = 0
        for frame in frames {
            flicks += UInt64(frame.delayCentiseconds) * 7_056_000
            crc.update((0..<8).map { UInt8(truncatingIfNeeded: flicks >> (UInt64($0) * 8)) })
            crc.update([0x6E, 0xC3, 0xAF, 0x45, 0xFF, 0x62, 0x6E, 0x34])
            crc.update(le32(frame.image.width) + le32(frame.image.height))
            var bgra = frame.image.pixels
            var index = 0
            while index < bgra.count {
                if bgra[index + 3] == 0 {
                    bgra[index] = 0
                    bgra[index + 1] = 0
                    bgra[index + 2] = 0
                } else {
                    bgra.swapAt(index, index + 2)
                }
                index += 4
            }
            crc.update(bgra)
            if frame.image.width % 2 == 1, frame.image.height % 2 == 1 { crc.update([0, 0, 0, 0]) }
        }
        var loops: Int
        switch loopCount {
        case .playOnce: loops = 1
        case .forever: loops = 0
        case .repeats(let count): loops = count + 1
        }
        if frames.count <= 1 { loops = 0 }
        crc.update(le32(loops) + [0, 0, 0, 0x80])
        let value = String(crc.value, radix: 16)
        return String(repeating: "0", count: 8 - value.count) + value
    }

    private static func le32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

/// CRC-32/IEEE, table driven.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { byte in
        var c = UInt32(byte)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
    private var state: UInt32 = 0xFFFF_FFFF

    var value: UInt32 { state ^ 0xFFFF_FFFF }

    @_optimize(speed)
    mutating func update(_ bytes: [UInt8]) {
        var c = state
        Self.table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { input in
                for byte in input { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            }
        }
        state = c
    }
}
