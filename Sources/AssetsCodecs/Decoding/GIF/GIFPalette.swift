import AssetsSupport
internal import CGif

/// A GIF colour table as 256 packed RGBA pixels (byte order R, G, B, A in memory).
struct GIFPalette {
    /// Always 256 entries; indices past the table's own size map to `GIFPalette.outOfRange`.
    var entries: [UInt32]
    /// The number of colours the file stored.
    var storedCount: Int

    init(map: UnsafeMutablePointer<ColorMapObject>) {
        let count = max(0, min(Int(map.pointee.ColorCount), 256))
        var entries = [UInt32](repeating: GIFPalette.outOfRange, count: 256)
        if let colors = map.pointee.Colors {
            for index in 0..<count {
                let color = colors[index]
                entries[index] = GIFPalette.pack(color.Red, color.Green, color.Blue, 255)
            }
        }
        self.entries = entries
        self.storedCount = count
    }

    private init(entries: [UInt32], storedCount: Int) {
        self.entries = entries
        self.storedCount = storedCount
    }

    /// What an index past the colour table shows: opaque black, as in Chromium.
    static let outOfRange: UInt32 = pack(0, 0, 0, 255)

    /// With no local and no global colour table every index is opaque black, as in Chromium (the
    /// transparent index still applies).
    static let missing = GIFPalette(entries: [UInt32](repeating: outOfRange, count: 256), storedCount: 0)

    static func pack(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) -> UInt32 {
        (UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24).littleEndian
    }
}
