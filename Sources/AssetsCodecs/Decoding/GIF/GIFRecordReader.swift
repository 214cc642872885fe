import AssetsSupport
internal import CGif

/// Walks a GIF record by record with giflib's low-level API (never `DGifSlurp`), reading from memory.
///
/// giflib reports errors by code; every failure becomes an `ImageError` carrying the byte offset where
/// giflib stopped and the index of the frame being read. This type is the one place where GIF damage is
/// classified (`truncated`, `corrupt`, `too-large`, with the same words), so `info`, `info --decode`,
/// `extract-frames` and `validate --deep` name the same damage the same way.
///
/// Two checks come before giflib, because giflib's own answer would be wrong or mute:
/// - the LZW minimum code size byte is read first: giflib refuses a size above 8 with its catch-all
///   "Failed to read from given file";
/// - `checkCodes` reads each frame's LZW codes with giflib's `DGifGetLZCodes` before its rows are
///   decoded: giflib does not reject a code past the end of its string table (it substitutes a byte and
///   goes on), so a frame whose data turns invalid part way would come out whole with made-up pixels,
///   where Chromium drops the frame. Only the table's size and each entry's length are tracked there (to
///   know when the frame's pixels are complete, after which browsers ignore the rest); giflib decodes
///   every pixel.
final class GIFRecordReader {
    private let input: Input
    private let file: UnsafeMutablePointer<GifFileType>
    private let limits: DecodingLimits
    let screenWidth: Int
    let screenHeight: Int
    let backgroundIndex: Int
    private let globalPalette: GIFPalette?
    var hasGlobalColorTable: Bool { globalPalette != nil }
    private(set) var loopCount: GIFLoopCount = .playOnce
    private(set) var imagesRead = 0
    private(set) var finished = false
    /// Offset of the trailer byte (0x3B) once the walk has reached it; nil before that, and for a file
    /// that ends between records without one.
    private(set) var trailerOffset: Int?
    /// The file's length in bytes.
    var fileSize: Int { input.count }
    /// The length of each string-table entry, for `checkCodes`.
    private var entryLengths = [Int](repeating: 1, count: 4096)

    convenience init(bytes: [UInt8], limits: DecodingLimits) throws(ImageError) {
        try self.init(input: Input(bytes: bytes), head: Array(bytes.prefix(16)), limits: limits)
    }

    /// Reads the GIF in `file` through a small window (the reader keeps its own descriptor).
    convenience init(file: borrowing ImageFile, limits: DecodingLimits) throws(ImageError) {
        let head = try file.read(from: 0, count: 16)
        let own: OpenFile
        do {
            own = try file.file.duplicate()
        } catch {
            throw ImageError(.unreadable, file: file.path, detail: error.description)
        }
        try self.init(input: Input(file: own, size: file.size), head: head, limits: limits)
    }

    private init(input: Input, head: [UInt8], limits: DecodingLimits) throws(ImageError) {
        guard ImageFormat(sniffing: head) == .gif else {
            throw ImageError(
                .notAnImage, format: ImageFormat(sniffing: head), offset: 0,
                detail: "not a GIF file (no GIF87a/GIF89a signature)")
        }
        var status: Int32 = 0
        guard let file = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), gifInputRead, &status) else {
            if status == D_GIF_ERR_NO_SCRN_DSCR, input.ranOut, let cut = GIFRecordReader.cutInScreen(head: head, size: input.count) {
                throw ImageError(.truncated, format: .gif, offset: input.count, detail: cut)
            }
            throw GIFRecordReader.error(code: status, input: input, frame: nil)
        }
        self.input = input
        self.file = file
        self.limits = limits
        screenWidth = Int(file.pointee.SWidth)
        screenHeight = Int(file.pointee.SHeight)
        backgroundIndex = Int(file.pointee.SBackGroundColor)
        globalPalette = file.pointee.SColorMap.map(GIFPalette.init(map:))
        guard screenWidth > 0, screenHeight > 0 else {
            throw ImageError(
                .corrupt, format: .gif, offset: 6,
                detail: "the logical screen is \(screenWidth)x\(screenHeight)")
        }
    }

    deinit {
        DGifCloseFile(file, nil)
    }

    /// Reads records up to the next image descriptor and returns its header, or nil at the trailer.
    ///
    /// A file that ends cleanly between records (a missing trailer) ends like one with a trailer, as in
    /// browsers. After the header the caller must read all rows with `readRow` or call `skipPixels`.
    func nextImage() throws(ImageError) -> GIFImageHeader? {
        guard !finished else { return nil }
        var control: GraphicsControlBlock?
        while true {
            if input.position >= input.count {
                finished = true
                return nil
            }
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(file, &type) == GIF_OK else {
                guard file.pointee.Error == D_GIF_ERR_WRONG_RECORD else { throw failure() }
                let at = input.position - 1
                throw ImageError(
                    .corrupt, format: .gif, offset: at, frame: imagesRead,
                    detail: "unknown record type"
                        + (input.peek(at: at).map { " 0x" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) } ?? "")
                        + " where an image, an extension or the trailer should start")
            }
            switch type {
            case TERMINATE_RECORD_TYPE:
                finished = true
                trailerOffset = input.position - 1
                return nil
            case EXTENSION_RECORD_TYPE:
                try readExtension(into: &control)
            case IMAGE_DESC_RECORD_TYPE:
                return try readImageDescriptor(control: control)
            default:
                throw ImageError(
                    .corrupt, format: .gif, offset: input.position - 1, frame: imagesRead,
                    detail: "unknown record type where an image, an extension or the trailer should start")
            }
        }
    }

    private func readImageDescriptor(control: GraphicsControlBlock?) throws(ImageError) -> GIFImageHeader {
        let offset = input.position - 1
        guard imagesRead < limits.maxFrames else {
            throw ImageError(
                .tooLarge, format: .gif, offset: offset, frame: imagesRead,
                detail: "more than \(limits.maxFrames) frames")
        }
        // The LZW minimum code size follows the descriptor's 9 bytes and its local colour table. giflib
        // refuses a size above 8 with its catch-all "Failed to read from given file": say what is wrong.
        // (0 and 1 are below the specification's 2...8, but Chromium and giflib decode them.)
        var dataOffset = offset + 10
        if let flags = input.peek(at: offset + 9), flags & 0x80 != 0 { dataOffset += 3 << (Int(flags & 7) + 1) }
        if let codeSize = input.peek(at: dataOffset), codeSize > 8 {
            throw ImageError(
                .corrupt, format: .gif, offset: dataOffset, frame: imagesRead,
                detail: "LZW minimum code size \(codeSize) is above 8, the largest the GIF format allows (giflib refuses it)")
        }
        // A file that ends just before that byte: giflib 5.2.1 (Debian's) fails leaving its error code at 0,
        // 5.2.2 and 6.x (Homebrew's) with D_GIF_ERR_READ_FAILED; the same words whichever is linked.
        if dataOffset == input.count {
            throw ImageError(.truncated, format: .gif, offset: dataOffset, frame: imagesRead, detail: "the file ends inside a block")
        }
        guard DGifGetImageDesc(file) == GIF_OK else { throw failure() }
        // The low-level API still appends a SavedImage per image; drop it so memory stays flat.
        GifFreeSavedImages(file)
        file.pointee.ImageCount = 0
        let desc = file.pointee.Image
        let rectangle = FrameRectangle(
            x: Int(desc.Left), y: Int(desc.Top),
            width: Int(desc.Width), height: Int(desc.Height))
        let palette = desc.ColorMap.map(GIFPalette.init(map:)) ?? globalPalette ?? GIFPalette.missing
        let transparent = control.flatMap { $0.TransparentColor >= 0 ? Int($0.TransparentColor) : nil }
        let header = GIFImageHeader(
            index: imagesRead, rectangle: rectangle, interlaced: desc.Interlace, palette: palette,
            delayCentiseconds: Int(control?.DelayTime ?? 0),
            disposal: GIFDisposal(method: Int(control?.DisposalMode ?? 0)),
            transparentIndex: transparent, offset: offset, dataOffset: dataOffset,
            hasLocalColorTable: desc.ColorMap != nil)
        imagesRead += 1
        return header
    }

    /// Checks the LZW codes of the image `nextImage` just returned, then rewinds so that `readRow` decodes
    /// it from its start (see the type's comment). Throws `corrupt` for a code past the string table, for
    /// an end code or an end of the data before the frame's pixels are complete, and giflib's errors
    /// (`truncated` when the file ends) otherwise, naming the frame and how many of its pixels came first.
    func checkCodes(_ header: GIFImageHeader) throws(ImageError) {
        let total = header.rectangle.width * header.rectangle.height
        guard total > 0, let codeSize = input.peek(at: header.dataOffset) else { return }
        let clear = 1 << Int(codeSize)
        for literal in 0..<min(clear, entryLengths.count) { entryLengths[literal] = 1 }
        var next = clear + 2
        var previous = -1
        var decoded = 0
        while decoded < total {
            var read: Int32 = 0
            guard DGifGetLZCodes(file, &read) == GIF_OK else {
                // The only image defect giflib finds while reading codes: the data blocks end early.
                if file.pointee.Error == D_GIF_ERR_IMAGE_DEFECT, !input.ranOut {
                    throw ImageError(
                        .corrupt, format: .gif, offset: input.position, frame: header.index,
                        detail: "the image data ends after \(decoded) of the frame's \(total) pixels, without an end code")
                }
                throw failure(frame: header.index)
            }
            if read < 0 {
                throw ImageError(
                    .corrupt, format: .gif, offset: input.position, frame: header.index,
                    detail: "the LZW end code comes after \(decoded) of the frame's \(total) pixels")
            }
            let code = Int(read)
            if code == clear {
                next = clear + 2
                previous = -1
                continue
            }
            let length: Int
            if code < clear {
                length = 1
            } else if previous >= 0, code < next {
                length = entryLengths[code]
            } else if previous >= 0, code == next {
                length = entryLengths[previous] + 1
            } else {
                throw ImageError(
                    .corrupt, format: .gif, offset: input.position, frame: header.index,
                    detail: "bad LZW code \(code) (the table ends at \(next - 1)) after \(decoded) of the frame's \(total) pixels")
            }
            if previous >= 0, next < entryLengths.count {
                entryLengths[next] = entryLengths[previous] + 1
                next += 1
            }
            decoded += length
            previous = code
        }
        // Back to the descriptor: giflib reads it again and starts decoding afresh.
        input.position = header.offset + 1
        guard DGifGetImageDesc(file) == GIF_OK else { throw failure(frame: header.index) }
        GifFreeSavedImages(file)
        file.pointee.ImageCount = 0
    }

    /// Decodes the next stored row of the current image into `row` (its width in bytes).
    func readRow(_ row: UnsafeMutablePointer<UInt8>, width: Int) throws(ImageError) {
        guard DGifGetLine(file, row, Int32(width)) == GIF_OK else { throw failure(frame: imagesRead - 1) }
    }

    /// Skips the compressed data of the current image without decoding it.
    func skipPixels() throws(ImageError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(file, &codeSize, &block) == GIF_OK else { throw failure(frame: imagesRead - 1) }
        while block != nil {
            guard DGifGetCodeNext(file, &block) == GIF_OK else { throw failure(frame: imagesRead - 1) }
        }
    }

    private func readExtension(into control: inout GraphicsControlBlock?) throws(ImageError) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(file, &code, &block) == GIF_OK else { throw failure() }
        var first = true
        var applicationIsLoop = false
        while let current = block {
            let length = Int(current[0])
            let data = UnsafeBufferPointer(start: current + 1, count: length)
            if code == GRAPHICS_EXT_FUNC_CODE, first {
                var parsed = GraphicsControlBlock()
                // A GCE whose block is not 4 bytes long is ignored.
                if length == 4, DGifExtensionToGCB(4, current + 1, &parsed) == GIF_OK { control = parsed }
            } else if code == APPLICATION_EXT_FUNC_CODE {
                if first {
                    let identifier = Array(data)
                    applicationIsLoop = identifier == Array("NETSCAPE2.0".utf8) || identifier == Array("ANIMEXTS1.0".utf8)
                } else if applicationIsLoop, length >= 3, data[0] == 1 {
                    loopCount = GIFLoopCount(stored: Int(data[1]) | Int(data[2]) << 8)
                }
            }
            first = false
            guard DGifGetExtensionNext(file, &block) == GIF_OK else { throw failure() }
        }
    }

    private func failure(frame: Int? = nil) -> ImageError {
        GIFRecordReader.error(code: file.pointee.Error, input: input, frame: frame ?? imagesRead)
    }
}
