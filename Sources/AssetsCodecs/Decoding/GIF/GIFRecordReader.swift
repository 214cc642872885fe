import AssetsSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CGif

/// The header of one image in a GIF, with the graphic control extension that preceded it.
struct GIFImageHeader {
    var index: Int
    var rectangle: FrameRectangle
    var interlaced: Bool
    /// 256 RGBA entries (little-endian packed), from the local table, else the global one, else none.
    var palette: GIFPalette
    var delayCentiseconds: Int
    var disposal: GIFDisposal
    var transparentIndex: Int?
    /// Byte offset of the image descriptor.
    var offset: Int
    var hasLocalColorTable: Bool
}

/// Walks a GIF record by record with giflib's low-level API (never `DGifSlurp`), reading from memory.
///
/// giflib reports errors by code; every failure becomes an `ImageError` carrying the byte offset where
/// giflib stopped and the index of the frame being read.
final class GIFRecordReader {
    /// The bytes giflib reads through `gifInputRead`, and how far it has read: a whole file in memory, or
    /// an open file read through a 64 KiB window, so a large GIF is never held whole.
    final class Input {
        private let bytes: [UInt8]
        private let descriptor: Int32
        /// The file's length.
        let count: Int
        var position = 0
        var ranOut = false
        private var window: [UInt8] = []
        private var windowStart = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.descriptor = -1
            self.count = bytes.count
        }

        /// Reads `descriptor` (which the input now owns and closes) from offset 0; `size` is the file's length.
        init(descriptor: Int32, size: Int) {
            self.bytes = []
            self.descriptor = descriptor
            self.count = size
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// The byte at `offset`, when it is in memory (always for a whole file; the window's for a file).
        func byte(at offset: Int) -> UInt8? {
            if descriptor < 0 { return offset >= 0 && offset < bytes.count ? bytes[offset] : nil }
            let inWindow = offset - windowStart
            return inWindow >= 0 && inWindow < window.count ? window[inWindow] : nil
        }

        /// Copies up to `wanted` bytes from the current position into `target`; returns how many.
        func read(into target: UnsafeMutablePointer<UInt8>, wanted: Int) -> Int {
            let copied = min(wanted, max(count - position, 0))
            if descriptor < 0 {
                bytes.withUnsafeBufferPointer { source in
                    if copied > 0, let base = source.baseAddress { target.update(from: base + position, count: copied) }
                }
                position += copied
                return copied
            }
            var done = 0
            while done < copied {
                if position < windowStart || position >= windowStart + window.count {
                    guard refill() else { break }
                }
                let available = min(copied - done, windowStart + window.count - position)
                window.withUnsafeBufferPointer { source in
                    if let base = source.baseAddress {
                        (target + done).update(from: base + (position - windowStart), count: available)
                    }
                }
                done += available
                position += available
            }
            return done
        }

        /// Reads the 64 KiB from the current position; false at the end or on a read error.
        private func refill() -> Bool {
            let size = min(65_536, count - position)
            guard size > 0 else { return false }
            if window.count < size { window = [UInt8](repeating: 0, count: min(65_536, count)) }
            var got = 0
            window.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                while got < size {
                    let result = pread(descriptor, base + got, size - got, off_t(position + got))
                    if result < 0, errno == EINTR { continue }
                    if result <= 0 { break }
                    got += result
                }
            }
            guard got > 0 else { return false }
            if got < window.count { window.removeLast(window.count - got) }
            windowStart = position
            return true
        }
    }

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

    convenience init(bytes: [UInt8], limits: DecodingLimits) throws(ImageError) {
        try self.init(input: Input(bytes: bytes), head: Array(bytes.prefix(16)), limits: limits)
    }

    /// Reads the GIF in `file` through a small window (the reader keeps its own descriptor).
    convenience init(file: borrowing ImageFile, limits: DecodingLimits) throws(ImageError) {
        let head = try file.read(from: 0, count: 16)
        let descriptor = dup(file.fd)
        guard descriptor >= 0 else {
            throw ImageError(.unreadable, file: file.path, detail: String(cString: strerror(errno)))
        }
        try self.init(input: Input(descriptor: descriptor, size: file.size), head: head, limits: limits)
    }

    private init(input: Input, head: [UInt8], limits: DecodingLimits) throws(ImageError) {
        guard ImageFormat(sniffing: head) == .gif else {
            throw ImageError(.notAnImage, format: ImageFormat(sniffing: head), offset: 0,
                             detail: "not a GIF file (no GIF87a/GIF89a signature)")
        }
        var status: Int32 = 0
        guard let file = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), gifInputRead, &status) else {
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
            throw ImageError(.corrupt, format: .gif, offset: 6,
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
            guard DGifGetRecordType(file, &type) == GIF_OK else { throw failure() }
            switch type {
            case TERMINATE_RECORD_TYPE:
                finished = true
                return nil
            case EXTENSION_RECORD_TYPE:
                try readExtension(into: &control)
            case IMAGE_DESC_RECORD_TYPE:
                return try readImageDescriptor(control: control)
            default:
                throw ImageError(.corrupt, format: .gif, offset: input.position - 1, frame: imagesRead,
                                 detail: "unknown record type")
            }
        }
    }

    private func readImageDescriptor(control: GraphicsControlBlock?) throws(ImageError) -> GIFImageHeader {
        let offset = input.position - 1
        guard imagesRead < limits.maxFrames else {
            throw ImageError(.tooLarge, format: .gif, offset: offset, frame: imagesRead,
                             detail: "more than \(limits.maxFrames) frames")
        }
        guard DGifGetImageDesc(file) == GIF_OK else { throw failure() }
        // The low-level API still appends a SavedImage per image; drop it so memory stays flat.
        GifFreeSavedImages(file)
        file.pointee.ImageCount = 0
        let desc = file.pointee.Image
        let rectangle = FrameRectangle(x: Int(desc.Left), y: Int(desc.Top),
                                       width: Int(desc.Width), height: Int(desc.Height))
        let palette = desc.ColorMap.map(GIFPalette.init(map:)) ?? globalPalette ?? GIFPalette.missing
        let transparent = control.flatMap { $0.TransparentColor >= 0 ? Int($0.TransparentColor) : nil }
        let header = GIFImageHeader(
            index: imagesRead, rectangle: rectangle, interlaced: desc.Interlace, palette: palette,
            delayCentiseconds: Int(control?.DelayTime ?? 0),
            disposal: GIFDisposal(method: Int(control?.DisposalMode ?? 0)),
            transparentIndex: transparent, offset: offset, hasLocalColorTable: desc.ColorMap != nil)
        imagesRead += 1
        return header
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

    private static func error(code: Int32, input: Input, frame: Int?) -> ImageError {
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        let kind: ImageErrorKind
        var detail = message
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
            if input.ranOut {
                kind = .truncated
                detail = "the file ends inside a block (\(message))"
            } else {
                kind = .corrupt
                if let last = input.byte(at: input.position - 1), last > 8, last <= 12 {
                    detail = "LZW minimum code size \(last) is above 8, which giflib refuses"
                }
            }
        case D_GIF_ERR_NOT_GIF_FILE:
            kind = .notAnImage
        case D_GIF_ERR_NOT_ENOUGH_MEM:
            kind = .tooLarge
        default:
            kind = input.ranOut ? .truncated : .corrupt
        }
        return ImageError(kind, format: .gif, offset: input.position, frame: frame, detail: detail)
    }
}

private func gifInputRead(_ file: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
                          _ count: Int32) -> Int32 {
    guard let file, let user = file.pointee.UserData, let buffer, count > 0 else { return 0 }
    let input = Unmanaged<GIFRecordReader.Input>.fromOpaque(user).takeUnretainedValue()
    let copied = input.read(into: buffer, wanted: Int(count))
    if copied < Int(count) { input.ranOut = true }
    return Int32(copied)
}
