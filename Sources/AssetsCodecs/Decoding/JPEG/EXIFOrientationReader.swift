/// Reads the Orientation tag from an EXIF block (the APP1 payload that starts "Exif\0\0"), bounds-checked,
/// in either byte order. Returns the raw value, or nil when the block has no orientation or is malformed.
import AssetsSupport

struct EXIFOrientationReader {
    /// Why a block could not be read; a malformed block becomes a warning, never an error.
    enum Problem: Error, Equatable {
        case notEXIF
        case malformed(String)
    }

    static func orientation(inAPP1 payload: ArraySlice<UInt8>) throws(Problem) -> UInt16? {
        let start = payload.startIndex
        guard payload.count >= 6, Array(payload[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else {
            throw .notEXIF
        }
        return try orientation(inTIFF: payload[(start + 6)...])
    }

    /// `tiff` starts at the TIFF header ("II*\0" or "MM\0*").
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) throws(Problem) -> UInt16? {
        let base = tiff.startIndex
        let count = tiff.count
        guard count >= 8 else { throw .malformed("TIFF header is \(count) bytes") }
        let bigEndian: Bool
        switch (tiff[base], tiff[base + 1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: throw .malformed("unknown TIFF byte order")
        }
        func u16(_ offset: Int) -> UInt16? {
            guard offset >= 0, offset + 2 <= count else { return nil }
            let a = UInt16(tiff[base + offset])
            let b = UInt16(tiff[base + offset + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ offset: Int) -> UInt32? {
            guard let high = u16(bigEndian ? offset : offset + 2), let low = u16(bigEndian ? offset + 2 : offset)
            else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }
        guard u16(2) == 42 else { throw .malformed("TIFF magic is not 42") }
        guard let ifd = u32(4), ifd >= 8, Int(ifd) <= count - 2 else { throw .malformed("IFD0 offset out of range") }
        let ifdOffset = Int(ifd)
        guard let entries = u16(ifdOffset) else { throw .malformed("IFD0 entry count out of range") }
        for index in 0..<Int(entries) {
            let entry = ifdOffset + 2 + index * 12
            guard entry + 12 <= count, let tag = u16(entry) else {
                throw .malformed("IFD0 entry \(index) runs past the block")
            }
            guard tag == 0x0112 else { continue }
            guard let type = u16(entry + 2), let valueCount = u32(entry + 4), valueCount >= 1 else {
                throw .malformed("orientation entry has no value")
            }
            switch type {
            case 3: return u16(entry + 8)  // SHORT, the standard type
            case 4: return u32(entry + 8).map { UInt16(clamping: $0) }  // LONG, seen in the wild
            default: throw .malformed("orientation has TIFF type \(type), expected SHORT")
            }
        }
        return nil
    }

    /// The orientation to use and the warning when the stored value is not 1...8.
    static func resolve(_ raw: UInt16?, offset: Int?) -> (ImageOrientation, ImageWarning?) {
        guard let raw else { return (.up, nil) }
        if let orientation = ImageOrientation(rawValue: Int(raw)) { return (orientation, nil) }
        return (
            .up,
            ImageWarning(
                code: .invalidOrientation,
                message: "EXIF orientation \(raw) is not 1...8; treated as 1", offset: offset)
        )
    }
}
