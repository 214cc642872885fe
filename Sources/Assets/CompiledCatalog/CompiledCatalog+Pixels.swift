import AssetsCodecs

/// `car extract` of an image: the pixels a rendition's `CELM` payload stores, or the crop of its packed
/// atlas that an internal reference (`INLK`) names, as straight (not premultiplied) RGBA.
///
/// The payload, as the files read here store it (Docs/car.md says where each fact comes from): tag `MLEC`,
/// version, compression, then either the data's length and the data (versions 0 and 2) or a chunk count
/// and that many `KCBC` chunks (versions 1 and 3: tag, two words, the chunk's row count, its length, its
/// data), each holding whole rows. Rows are `rowBytes` apart, at least the width's bytes (CoreUI pads them).
/// `ARGB` is premultiplied BGRA in memory, `GA8` premultiplied grey then alpha. Decompressed by libraries:
/// `zip` chunks are gzip members (libdeflate), `lzfse` ones LZFSE (the system's library, `LZFSELibrary`);
/// a `palette-img` chunk is LZFSE over a palette and indices, looked up here (a table lookup, not a codec).
/// CoreUI's own `rle` and `deepmap` encodings have no public description and are not decoded.
/// What a rendition of a compiled catalog holds, as `car extract` writes it.
public enum ExtractedRendition: Sendable, Hashable {
    /// A file stored as it was (a PDF, JPEG, SVG or data set's bytes).
    case file([UInt8])
    /// An image's pixels, straight RGBA.
    case pixels(RGBAImage)
}

extension CompiledCatalog {
    /// The rendition's pixels. Throws `.undecodable` when the rendition holds none this reader decodes
    /// (another payload, another pixel format or compression, no LZFSE library), and the reader's other
    /// errors, naming the offset, for a payload that does not hold what it claims.
    package func pixels(of rendition: CompiledRendition, limits: DecodingLimits = .default) throws(CompiledCatalogError) -> RGBAImage {
        if let link = rendition.link {
            guard let atlas = atlas(of: rendition) else {
                throw .undecodable(
                    rendition: rendition.renditionName, reason: "its packed atlas \(link.targetName ?? "") is not in the file")
            }
            let sheet = try storedPixels(of: atlas, limits: limits)
            // The crop's origin is its bottom-left corner, counted from the atlas's bottom row (Core Graphics'
            // coordinates): the rows read here run top down.
            let x = Int(link.x)
            let bottom = Int(link.y)
            let width = Int(link.width)
            let height = Int(link.height)
            guard width > 0, height > 0, x <= sheet.width - width, bottom <= sheet.height - height else {
                throw .undecodable(
                    rendition: rendition.renditionName,
                    reason: "its crop \(x),\(bottom) \(width)x\(height) lies outside its atlas's \(sheet.width)x\(sheet.height)")
            }
            let y = sheet.height - bottom - height
            var crop = RGBAImage(width: width, height: height)
            for row in 0..<height {
                let from = ((y + row) * sheet.width + x) * 4
                crop.pixels.replaceSubrange((row * width * 4)..<((row + 1) * width * 4), with: sheet.pixels[from..<(from + width * 4)])
            }
            return crop
        }
        return try storedPixels(of: rendition, limits: limits)
    }

    /// The packed atlas an internal reference crops, found by its key as the listing found its name.
    package func atlas(of rendition: CompiledRendition) -> CompiledRendition? {
        guard let link = rendition.link else { return nil }
        let key = link.targetKey(in: keyFormat)
        return renditions.first { $0.layout == 0x3EC && $0.key == key }
    }

    private func storedPixels(of rendition: CompiledRendition, limits: DecodingLimits) throws(CompiledCatalogError) -> RGBAImage {
        let name = rendition.renditionName
        guard rendition.payloadTag == "MLEC" else {
            throw .undecodable(rendition: name, reason: "it stores no pixels (payload \(rendition.payloadTag ?? "none"))")
        }
        let format = rendition.pixelFormat ?? "unknown"
        let bytesPerPixel: Int
        switch format {
        case "ARGB": bytesPerPixel = 4
        case "GA8": bytesPerPixel = 2
        default: throw .undecodable(rendition: name, reason: "pixel format \(format) is not decoded here")
        }
        let width = Int(rendition.width)
        let height = Int(rendition.height)
        guard width > 0, height > 0, width <= limits.maxDimension, height <= limits.maxDimension, width * height <= limits.maxPixels else {
            throw .countTooLarge(what: "\(name) pixels", offset: rendition.offset + 12, count: width * height, limit: limits.maxPixels)
        }
        let store = try BOMStore.open(path: path)
        let payload = try store.bytes(at: rendition.payloadOffset, length: rendition.payloadBytes, what: "\(name) pixels")
        let version = try payload.uint32(4, "version")
        let compression = try payload.uint32(8, "compression")
        let count = Int(try payload.uint32(12, "length or chunk count"))
        // Each chunk: (its rows, its stored bytes).
        var chunks: [(rows: Int, data: ArraySlice<UInt8>, offset: Int)] = []
        if version == 1 || version == 3 {
            guard count >= 1, count <= height, count <= (payload.count - 16) / 20 else {
                throw .countTooLarge(
                    what: "\(name) chunk count", offset: payload.fileOffset + 12, count: count,
                    limit: min(height, max(0, (payload.count - 16) / 20)))
            }
            var at = 16
            for _ in 0..<count {
                try payload.tag(at, is: "KCBC", "chunk")
                let rows = Int(try payload.uint32(at + 12, "chunk rows"))
                let length = Int(try payload.uint32(at + 16, "chunk length"))
                chunks.append((rows, try payload.slice(at + 20, length, "chunk data"), payload.fileOffset + at + 20))
                at += 20 + length
            }
        } else {
            chunks.append((height, try payload.slice(16, count, "data"), payload.fileOffset + 16))
        }
        guard chunks.reduce(0, { $0 + $1.rows }) == height else {
            throw .undecodable(
                rendition: name, reason: "its chunks hold \(chunks.reduce(0) { $0 + $1.rows }) rows, the image has \(height)")
        }
        // Rows are padded to at most 64 pixels more than the width (CoreUI aligns them; the files read here pad to 16 pixels).
        let widest = (width + 64) * bytesPerPixel
        var image = RGBAImage(width: width, height: height)
        var row = 0
        var firstRowBytes: Int?
        for chunk in chunks {
            let room = chunk.rows * widest
            let stored: [UInt8]
            switch compression {
            case 0:
                stored = Array(chunk.data)
            case 2:
                guard let inflated = DeflateDecompression.gzipOrZlib(chunk.data, capacity: room) else {
                    throw .undecodable(
                        rendition: name, reason: "the zip chunk at offset \(chunk.offset) does not inflate to its \(chunk.rows) rows")
                }
                stored = inflated
            case 3, 4, 8:
                if let reason = LZFSELibrary.unavailableReason {
                    throw .undecodable(rendition: name, reason: "its pixels are LZFSE-compressed and there is \(reason)")
                }
                // A palette image's chunk holds its palette too: at most 65,536 colours of 4 bytes and 16-bit indices.
                let capacity = compression == 8 ? 10 + (1 << 18) + chunk.rows * (width + 64) * 2 : room
                guard let decoded = LZFSELibrary.decode(chunk.data, capacity: capacity + 1) else {
                    throw .undecodable(
                        rendition: name, reason: "the LZFSE chunk at offset \(chunk.offset) does not decode to its \(chunk.rows) rows")
                }
                stored =
                    compression == 8
                    ? try Self.paletteRows(decoded, rows: chunk.rows, width: width, format: format, rendition: name, offset: chunk.offset)
                    : decoded
            default:
                throw .undecodable(
                    rendition: name, reason: "compression \(rendition.compression ?? "\(compression)") is CoreUI's own and not decoded here"
                )
            }
            guard chunk.rows > 0, stored.count % chunk.rows == 0, stored.count / chunk.rows >= width * bytesPerPixel,
                stored.count / chunk.rows <= widest
            else {
                throw .undecodable(
                    rendition: name,
                    reason: "the chunk at offset \(chunk.offset) holds \(stored.count) bytes, "
                        + "not \(chunk.rows) rows of \(width) \(format) pixels")
            }
            let rowBytes = stored.count / chunk.rows
            guard rowBytes % bytesPerPixel == 0, rowBytes == (firstRowBytes ?? rowBytes) else {
                throw .undecodable(
                    rendition: name,
                    reason: "the chunk at offset \(chunk.offset) holds rows of \(rowBytes) bytes, "
                        + "the image's are \(firstRowBytes ?? width * bytesPerPixel)")
            }
            firstRowBytes = rowBytes
            for line in 0..<chunk.rows {
                Self.unpremultiply(
                    stored[(line * rowBytes)..<(line * rowBytes + width * bytesPerPixel)], format: format,
                    into: &image.pixels, at: (row + line) * width * 4)
            }
            row += chunk.rows
        }
        return image
    }

    /// A `palette-img` chunk (after LZFSE) as premultiplied BGRA rows: the magic 0xCAFEF00D, version 1, a 16-bit
    /// colour count, the colours as premultiplied (alpha, red, green, blue) bytes, then each row's indices, 4 bits
    /// (high nibble first) for at most 16 colours, 8 for at most 256, else 16 (little-endian), rows padded.
    /// Read from the files (Docs/car.md): the index width is the narrowest that holds the count, and a row
    /// length that does not fit it is refused rather than guessed.
    private static func paletteRows(
        _ bytes: [UInt8], rows: Int, width: Int, format: String, rendition name: String,
        offset: Int
    ) throws(CompiledCatalogError) -> [UInt8] {
        guard format == "ARGB", bytes.count >= 10, bytes[0] == 0x0D, bytes[1] == 0xF0, bytes[2] == 0xFE, bytes[3] == 0xCA else {
            throw .undecodable(rendition: name, reason: "the palette chunk at offset \(offset) does not start with its magic")
        }
        let count = Int(bytes[8]) | Int(bytes[9]) << 8
        let bits = count <= 16 ? 4 : count <= 256 ? 8 : 16
        let indices = bytes.count - 10 - 4 * count
        let least = (width * bits + 7) / 8
        guard count > 0, indices >= 0, indices % rows == 0, indices / rows >= least, indices / rows < least + 16 else {
            throw .undecodable(
                rendition: name,
                reason: "the palette chunk at offset \(offset) holds \(count) colours and \(max(0, indices)) bytes "
                    + "of indices, not \(rows) rows of \(width) \(bits)-bit indices")
        }
        let rowBytes = indices / rows
        let start = 10 + 4 * count
        var out = [UInt8](repeating: 0, count: rows * width * 4)
        for row in 0..<rows {
            let base = start + row * rowBytes
            for x in 0..<width {
                let index: Int
                switch bits {
                case 4: index = x % 2 == 0 ? Int(bytes[base + x / 2] >> 4) : Int(bytes[base + x / 2] & 0x0F)
                case 8: index = Int(bytes[base + x])
                default: index = Int(bytes[base + 2 * x]) | Int(bytes[base + 2 * x + 1]) << 8
                }
                guard index < count else {
                    throw .undecodable(rendition: name, reason: "the palette chunk at offset \(offset) uses colour \(index) of \(count)")
                }
                let colour = 10 + 4 * index
                let at = (row * width + x) * 4
                out[at] = bytes[colour + 3]
                out[at + 1] = bytes[colour + 2]
                out[at + 2] = bytes[colour + 1]
                out[at + 3] = bytes[colour]
            }
        }
        return out
    }

    /// One row of premultiplied BGRA (`ARGB`) or grey-alpha (`GA8`) pixels as straight RGBA.
    private static func unpremultiply(_ source: ArraySlice<UInt8>, format: String, into pixels: inout [UInt8], at start: Int) {
        func straight(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
            alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
        }
        var out = start
        var index = source.startIndex
        if format == "GA8" {
            while index < source.endIndex {
                let alpha = source[index + 1]
                let grey = straight(source[index], alpha)
                pixels[out] = grey
                pixels[out + 1] = grey
                pixels[out + 2] = grey
                pixels[out + 3] = alpha
                index += 2
                out += 4
            }
        } else {
            while index < source.endIndex {
                let alpha = source[index + 3]
                pixels[out] = straight(source[index + 2], alpha)
                pixels[out + 1] = straight(source[index + 1], alpha)
                pixels[out + 2] = straight(source[index], alpha)
                pixels[out + 3] = alpha
                index += 4
                out += 4
            }
        }
    }
}
