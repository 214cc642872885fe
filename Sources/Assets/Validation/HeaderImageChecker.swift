/// Checks images from their container structure alone: the PNG signature, IHDR and IEND; the JPEG
/// markers up to the frame header, and the end-of-image marker; the GIF screen, and its block chain
/// (which counts frames without decompressing them). Every read is bounds-checked.
struct HeaderImageChecker: ImageChecking {
    var limits: DecodingLimits = .default

    func decode(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        try probe(sample, format: format, file: file)
    }

    func probe(_ sample: FileSample, format: ImageFormat, file: String) throws(ImageError) -> ImageFacts {
        let facts: ImageFacts
        switch format {
        case .png: facts = try png(sample, file: file)
        case .jpeg: facts = try jpeg(sample, file: file)
        case .gif: facts = try gif(sample, file: file)
        default: return ImageFacts(format: format)
        }
        if let width = facts.width, let height = facts.height {
            do {
                try limits.check(width: width, height: height, format: format)
            } catch {
                throw error.naming(file: file)
            }
        }
        return facts
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private func png(_ sample: FileSample, file: String) throws(ImageError) -> ImageFacts {
        let bytes = sample.head
        guard bytes.count >= 33 else {
            throw ImageError(.truncated, format: .png, file: file, offset: bytes.count, detail: "the file ends inside the PNG header")
        }
        guard HeaderImageChecker.bigEndian32(bytes, 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageError(.corrupt, format: .png, file: file, offset: 8, detail: "the first chunk is not a 13-byte IHDR")
        }
        let width = HeaderImageChecker.bigEndian32(bytes, 16)
        let height = HeaderImageChecker.bigEndian32(bytes, 20)
        guard width > 0, height > 0 else {
            throw ImageError(.corrupt, format: .png, file: file, offset: 16, detail: "zero size \(width)x\(height)")
        }
        let depth = bytes[24]
        let colorType = bytes[25]
        let allowed: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard allowed[colorType]?.contains(depth) == true else {
            throw ImageError(.corrupt, format: .png, file: file, offset: 24,
                             detail: "bit depth \(depth) with colour type \(colorType) is not a PNG combination")
        }
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        let end = sample.isWhole ? sample.head : sample.tail
        if end.count >= 12, !end.suffix(12).elementsEqual(iend), !HeaderImageChecker.contains(end.suffix(64), iend) {
            throw ImageError(.truncated, format: .png, file: file, offset: sample.size, detail: "no IEND chunk at the end of the file")
        }
        return ImageFacts(format: .png, width: width, height: height)
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        let hay = Array(haystack)
        guard hay.count >= needle.count else { return false }
        for start in 0...(hay.count - needle.count) where hay[start] == needle[0] {
            if Array(hay[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    private func jpeg(_ sample: FileSample, file: String) throws(ImageError) -> ImageFacts {
        let bytes = sample.head
        var at = 2
        var dimensions: (Int, Int)?
        while dimensions == nil {
            guard at + 1 < bytes.count else {
                if sample.isWhole {
                    throw ImageError(.truncated, format: .jpeg, file: file, offset: at, detail: "the file ends before the frame header")
                }
                return ImageFacts(format: .jpeg)
            }
            guard bytes[at] == 0xFF else {
                throw ImageError(.corrupt, format: .jpeg, file: file, offset: at, detail: "expected a marker, found byte \(bytes[at])")
            }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            if marker == 0xD9 || marker == 0xDA {
                throw ImageError(.corrupt, format: .jpeg, file: file, offset: at, detail: "scan data or end of image before any frame header")
            }
            guard at + 3 < bytes.count else {
                if sample.isWhole { throw ImageError(.truncated, format: .jpeg, file: file, offset: at, detail: "the file ends inside a marker") }
                return ImageFacts(format: .jpeg)
            }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else {
                throw ImageError(.corrupt, format: .jpeg, file: file, offset: at + 2, detail: "marker length \(length) is below 2")
            }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard length >= 8, at + 9 <= bytes.count else {
                    throw ImageError(.truncated, format: .jpeg, file: file, offset: at, detail: "the frame header is cut short")
                }
                let height = Int(bytes[at + 5]) << 8 | Int(bytes[at + 6])
                let width = Int(bytes[at + 7]) << 8 | Int(bytes[at + 8])
                guard width > 0, height > 0 else {
                    throw ImageError(.corrupt, format: .jpeg, file: file, offset: at + 5, detail: "zero size \(width)x\(height)")
                }
                dimensions = (width, height)
            }
            at += 2 + length
        }
        let end = sample.isWhole ? sample.head.suffix(1024) : sample.tail.suffix(1024)
        if !HeaderImageChecker.contains(end, [0xFF, 0xD9]) {
            throw ImageError(.truncated, format: .jpeg, file: file, offset: sample.size, detail: "no end-of-image marker: the file is cut short")
        }
        return ImageFacts(format: .jpeg, width: dimensions?.0, height: dimensions?.1)
    }

    private func gif(_ sample: FileSample, file: String) throws(ImageError) -> ImageFacts {
        let bytes = sample.head
        guard bytes.count >= 13 else {
            throw ImageError(.truncated, format: .gif, file: file, offset: bytes.count, detail: "the file ends inside the GIF header")
        }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        guard sample.isWhole else { return ImageFacts(format: .gif, width: width, height: height) }
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 0x07) + 1) }
        var frames = 0
        func skipSubBlocks(_ at: inout Int) throws(ImageError) {
            while true {
                guard at < bytes.count else {
                    throw ImageError(.truncated, format: .gif, file: file, offset: at, frame: frames, detail: "the file ends inside a data block")
                }
                let length = Int(bytes[at])
                at += 1 + length
                if length == 0 { return }
            }
        }
        while true {
            guard at < bytes.count else {
                throw ImageError(.truncated, format: .gif, file: file, offset: at, frame: frames, detail: "no trailer: the file is cut short")
            }
            switch bytes[at] {
            case 0x3B:
                guard frames > 0 else {
                    throw ImageError(.corrupt, format: .gif, file: file, offset: at, detail: "no image in the file")
                }
                return ImageFacts(format: .gif, width: width, height: height, frameCount: frames)
            case 0x21:
                at += 2
                try skipSubBlocks(&at)
            case 0x2C:
                guard at + 10 <= bytes.count else {
                    throw ImageError(.truncated, format: .gif, file: file, offset: at, frame: frames, detail: "the file ends inside an image descriptor")
                }
                let flags = bytes[at + 9]
                at += 10
                if flags & 0x80 != 0 { at += 3 << (Int(flags & 0x07) + 1) }
                at += 1
                try skipSubBlocks(&at)
                frames += 1
                guard frames <= limits.maxFrames else {
                    throw ImageError(.tooLarge, format: .gif, file: file, frame: frames, detail: "more than \(limits.maxFrames) frames")
                }
            default:
                throw ImageError(.corrupt, format: .gif, file: file, offset: at, frame: frames,
                                 detail: "unknown block type 0x\(String(bytes[at], radix: 16))")
            }
        }
    }
}
