/// Walks a GIF's block structure (screen descriptor, extensions, image descriptors) without LZW decoding:
/// data sub-blocks are skipped by their length bytes. Counts frames, reads the loop count and each delay.
struct GIFStructureScan {
    var info: ImageInfo

    init<Bytes: RandomAccessCollection>(_ bytes: Bytes, limits: DecodingLimits) throws(ImageError)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        info = ImageInfo(format: .gif)
        let start = bytes.startIndex
        let end = bytes.endIndex
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        guard bytes.count >= 13 else {
            throw ImageError(.truncated, format: .gif, offset: 0, detail: "file ends inside the logical screen descriptor")
        }
        info.width = u16(start + 6)
        info.height = u16(start + 8)
        let flags = Int(bytes[start + 10])
        info.colorModel = .indexed
        info.bitDepth = ((flags >> 4) & 7) + 1
        var i = start + 13
        if flags & 0x80 != 0 { i += 3 << ((flags & 7) + 1) }

        var frames = 0
        var delays: [Int] = []
        var pendingDelay: Int?
        var transparent = false
        var interlaced = false

        /// Skips data sub-blocks from `i` to the block terminator; false when the file ends first.
        func skipSubBlocks(_ i: inout Int) -> Bool {
            while i < end {
                let size = Int(bytes[i])
                i += 1
                if size == 0 { return true }
                i += size
            }
            return false
        }
        func ended(_ what: String, at offset: Int) {
            info.warnings.append(ImageWarning(code: "truncated", message: "file ends inside \(what)", offset: offset - start))
        }

        scan: while true {
            guard i < end else {
                info.warnings.append(ImageWarning(code: "missing-trailer", message: "no GIF trailer (0x3B)", offset: i - start))
                break
            }
            let blockOffset = i
            switch bytes[i] {
            case 0x3B:
                break scan
            case 0x21:
                guard i + 2 <= end else { ended("an extension", at: blockOffset); break scan }
                let label = bytes[i + 1]
                i += 2
                if label == 0xF9, i + 6 <= end, bytes[i] >= 4 {
                    let gceFlags = Int(bytes[i + 1])
                    pendingDelay = u16(i + 2)
                    if gceFlags & 1 != 0 { transparent = true }
                } else if label == 0xFF, i + 12 <= end, bytes[i] == 11 {
                    let name = String(decoding: bytes[(i + 1)..<(i + 12)], as: UTF8.self)
                    if name == "NETSCAPE2.0" || name == "ANIMEXTS1.0" {
                        let sub = i + 12
                        if sub + 4 <= end, bytes[sub] >= 3, bytes[sub + 1] == 1 {
                            info.loopCount = u16(sub + 2)
                        }
                    }
                }
                guard skipSubBlocks(&i) else { ended("an extension", at: blockOffset); break scan }
            case 0x2C:
                guard i + 10 <= end else { ended("an image descriptor", at: blockOffset); break scan }
                let imageFlags = Int(bytes[i + 9])
                if imageFlags & 0x40 != 0 { interlaced = true }
                i += 10
                if imageFlags & 0x80 != 0 { i += 3 << ((imageFlags & 7) + 1) }
                guard i < end else { ended("frame \(frames)", at: blockOffset); break scan }
                i += 1 // LZW minimum code size
                guard skipSubBlocks(&i) else { ended("frame \(frames)'s image data", at: blockOffset); break scan }
                frames += 1
                delays.append(pendingDelay ?? 0)
                pendingDelay = nil
                if frames > limits.maxFrames {
                    throw ImageError(.tooLarge, format: .gif, offset: blockOffset - start, frame: frames - 1,
                                     detail: "more than \(limits.maxFrames) frames")
                }
            default:
                throw ImageError(.corrupt, format: .gif, offset: blockOffset - start,
                                 detail: "unknown block introducer \(bytes[i]) (expected 0x21, 0x2C or 0x3B)")
            }
        }
        info.frameCount = frames
        info.delays = delays
        info.hasAlpha = transparent
        info.interlaced = interlaced
        if frames == 0 {
            info.warnings.append(ImageWarning(code: "no-frames", message: "the file holds no image"))
        }
    }
}
