/// A structural check of a HEIF/HEIC file (ISO/IEC 23008-12 on the ISO base media file format), the way
/// PDFs and SVGs get one: no codec here decodes HEVC, but the boxes can be walked, which finds a file cut
/// short and gives the image's size for the scale checks. Hand-written: the box layout is a size and a
/// four-character type per box, and libheif is not among the libraries this package may use.
import AssetsSupport
import AssetsCodecs

enum HEIFStructureCheck {
    /// What the walk found: the image's size in pixels when its properties were within the bytes read, or
    /// why the file is not sound.
    enum Outcome: Sendable, Hashable {
        case sound(width: Int?, height: Int?)
        case damaged(String)
    }

    /// The most boxes one walk looks at: a file of a million empty boxes is not worth reading to the end.
    static let boxLimit = 4096

    /// Walks the top-level boxes (each must end within the file) and the image properties in `meta`.
    /// The size is the largest `ispe` (image spatial extent) property: a grid image's own extent is the
    /// whole picture, its tiles and a thumbnail are smaller; an `irot` of 90 or 270 degrees swaps it.
    static func check(_ sample: FileSample) -> Outcome {
        let bytes = sample.head
        var offset = 0
        var boxes = 0
        var sawMeta = false
        var extent: (width: Int, height: Int)?
        var rotated = false
        while offset < sample.size, boxes < boxLimit {
            guard let box = header(in: bytes, at: offset, end: sample.size) else {
                // A header past the bytes read (after a large `mdat`) is not looked at.
                if !sample.isWhole, offset + 16 > bytes.count, offset + 8 <= sample.size { break }
                return .damaged("has a box header cut short or smaller than a header at byte \(offset)")
            }
            boxes += 1
            guard box.end <= sample.size else {
                return .damaged(
                    "box '\(box.type)' at byte \(offset) runs past the end of the file (\(box.end) of \(sample.size) bytes): the file is cut short"
                )
            }
            if box.type == "meta" {
                sawMeta = true
                // `meta` is a full box: a version and flags precede its children.
                walkProperties(
                    in: bytes, from: box.body + 4, to: min(box.end, bytes.count), depth: 0,
                    extent: &extent, rotated: &rotated, boxes: &boxes)
            }
            offset = box.end
        }
        if !sawMeta, sample.isWhole { return .damaged("has no 'meta' box, so it names no image") }
        guard let extent else { return .sound(width: nil, height: nil) }
        return rotated ? .sound(width: extent.height, height: extent.width) : .sound(width: extent.width, height: extent.height)
    }

    /// One box's type, where its body starts and where it ends; nil when the header is not all there.
    private static func header(in bytes: [UInt8], at offset: Int, end: Int) -> (type: String, body: Int, end: Int)? {
        guard offset >= 0, offset + 8 <= bytes.count else { return nil }
        let size32 = readUInt32(bytes, offset)
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        switch size32 {
        case 0:
            return (type, offset + 8, end)
        case 1:
            guard offset + 16 <= bytes.count else { return nil }
            let size64 = (UInt64(readUInt32(bytes, offset + 8)) << 32) | UInt64(readUInt32(bytes, offset + 12))
            guard size64 >= 16, size64 <= UInt64(Int.max - offset) else { return nil }
            return (type, offset + 16, offset + Int(size64))
        default:
            guard size32 >= 8 else { return nil }
            return (type, offset + 8, offset + Int(size32))
        }
    }

    /// Looks for `iprp` → `ipco` → `ispe`/`irot` among the children of `meta`, within the bytes read.
    private static func walkProperties(
        in bytes: [UInt8], from start: Int, to end: Int, depth: Int,
        extent: inout (width: Int, height: Int)?, rotated: inout Bool, boxes: inout Int
    ) {
        guard depth < 3 else { return }
        var offset = start
        while offset + 8 <= end, boxes < boxLimit {
            guard let box = header(in: bytes, at: offset, end: end), box.end <= end else { return }
            boxes += 1
            switch box.type {
            case "iprp", "ipco":
                walkProperties(in: bytes, from: box.body, to: box.end, depth: depth + 1, extent: &extent, rotated: &rotated, boxes: &boxes)
            case "ispe" where box.body + 12 <= box.end:
                // A full box: version and flags, then the width and height as 32-bit integers.
                let width = Int(readUInt32(bytes, box.body + 4))
                let height = Int(readUInt32(bytes, box.body + 8))
                let area = UInt64(width) * UInt64(height)
                if area > 0, area > (extent.map { UInt64($0.width) * UInt64($0.height) } ?? 0) {
                    extent = (width, height)
                }
            case "irot" where box.body < box.end:
                rotated = bytes[box.body] & 0x03 == 1 || bytes[box.body] & 0x03 == 3
            default:
                break
            }
            offset = box.end
        }
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (UInt32(bytes[offset]) << 24) | (UInt32(bytes[offset + 1]) << 16) | (UInt32(bytes[offset + 2]) << 8) | UInt32(bytes[offset + 3])
    }
}
