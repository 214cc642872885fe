/// The APP1 payload that carries an EXIF orientation: "Exif\0\0", a TIFF header and IFD0 with one entry.
import AssetsSupport

enum EXIFOrientationBlock {
    static func make(orientation: UInt16, bigEndian: Bool) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            let big = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
            return bigEndian ? big : big.reversed()
        }
        var bytes = Array("Exif".utf8) + [0, 0]
        bytes += bigEndian ? Array("MM".utf8) : Array("II".utf8)
        bytes += u16(42) + u32(8)  // TIFF header, IFD0 at offset 8
        bytes += u16(1)  // one entry
        bytes += u16(0x0112) + u16(3) + u32(1)  // Orientation, SHORT, count 1
        bytes += u16(orientation) + [0, 0]  // value, left-justified in the 4-byte field
        bytes += u32(0)  // no next IFD
        return bytes
    }
}
