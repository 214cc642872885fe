import AssetsSupport
internal import CGif

/// Writes GIF files through giflib's encoder (EGif), in memory.
///
/// Small and literal on purpose: every field of the file is the caller's choice, so tests and the
/// example generator can build exactly the GIF they need (sub-rectangles, interlacing, disposal,
/// transparency, local or missing colour tables, loop extensions).
public struct GIFEncoder: Sendable, Hashable {
    /// One palette entry.
    public struct Color: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// One image of the file with its graphic control extension.
    public struct Frame: Sendable, Hashable {
        public var left: Int
        public var top: Int
        public var width: Int
        public var height: Int
        /// `width * height` palette indices, row-major, in display order (the encoder interlaces them).
        public var indices: [UInt8]
        /// The local colour table, if any (2 to 256 entries; padded to a power of two).
        public var colorTable: [Color]?
        public var delayCentiseconds: Int
        public var disposal: GIFDisposal
        public var transparentIndex: Int?
        public var interlaced: Bool
        /// Whether to write a graphic control extension before the image (GIF87a files have none).
        public var writesControlBlock: Bool

        public init(
            left: Int = 0, top: Int = 0, width: Int, height: Int, indices: [UInt8],
            colorTable: [Color]? = nil, delayCentiseconds: Int = 0, disposal: GIFDisposal = .unspecified,
            transparentIndex: Int? = nil, interlaced: Bool = false, writesControlBlock: Bool = true
        ) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.indices = indices
            self.colorTable = colorTable
            self.delayCentiseconds = delayCentiseconds
            self.disposal = disposal
            self.transparentIndex = transparentIndex
            self.interlaced = interlaced
            self.writesControlBlock = writesControlBlock
        }

        /// A frame filled with one palette index.
        public static func filled(
            _ index: UInt8, left: Int = 0, top: Int = 0, width: Int, height: Int
        ) -> Frame {
            Frame(
                left: left, top: top, width: width, height: height,
                indices: [UInt8](repeating: index, count: width * height))
        }
    }

    /// Where the loop extension goes.
    public enum LoopExtension: String, Sendable, Hashable {
        case netscape = "NETSCAPE2.0"
        case animexts = "ANIMEXTS1.0"
    }

    public var width: Int
    public var height: Int
    /// The global colour table, if any (2 to 256 entries; padded to a power of two).
    public var globalColorTable: [Color]?
    public var backgroundIndex: Int
    /// `.playOnce` writes no loop extension.
    public var loopCount: GIFLoopCount
    public var loopExtension: LoopExtension
    /// A comment written before the first image.
    public var comment: String?
    public var frames: [Frame]

    public init(
        width: Int, height: Int, globalColorTable: [Color]? = nil, backgroundIndex: Int = 0,
        loopCount: GIFLoopCount = .playOnce, loopExtension: LoopExtension = .netscape,
        comment: String? = nil, frames: [Frame] = []
    ) {
        self.width = width
        self.height = height
        self.globalColorTable = globalColorTable
        self.backgroundIndex = backgroundIndex
        self.loopCount = loopCount
        self.loopExtension = loopExtension
        self.comment = comment
        self.frames = frames
    }

    /// Encodes the file.
    public func encode() throws(GIFEncodingError) -> [UInt8] {
        for (index, frame) in frames.enumerated() {
            guard frame.width >= 0, frame.height >= 0, frame.indices.count == frame.width * frame.height else {
                throw .invalidFrame(index, "\(frame.indices.count) indices for a \(frame.width)x\(frame.height) frame")
            }
            if frame.colorTable == nil, globalColorTable == nil {
                // giflib's encoder refuses images without any colour table; such files are made by hand.
                throw .invalidFrame(index, "giflib cannot write an image with no colour table")
            }
        }
        let sink = GIFByteSink()
        var status: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifSinkWrite, &status) else {
            throw .library(Self.message(status))
        }
        var closed = false
        defer { if !closed { EGifCloseFile(file, nil) } }
        func check(_ result: Int32) throws(GIFEncodingError) {
            if result != GIF_OK { throw .library(Self.message(file.pointee.Error)) }
        }
        EGifSetGifVersion(file, true)
        let global = try Self.makeColorMap(globalColorTable)
        defer { if let global { GifFreeMapObject(global) } }
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, Int32(backgroundIndex), global))
        if let stored = loopCount.storedValue {
            let identifier = Array(loopExtension.rawValue.utf8)
            let value = UInt16(clamping: stored)
            let block: [UInt8] = [1, UInt8(value & 0xFF), UInt8(value >> 8)]
            try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
            try check(EGifPutExtensionBlock(file, Int32(identifier.count), identifier))
            try check(EGifPutExtensionBlock(file, Int32(block.count), block))
            try check(EGifPutExtensionTrailer(file))
        }
        if let comment {
            let text = Array(comment.utf8.prefix(255))
            try check(EGifPutExtension(file, COMMENT_EXT_FUNC_CODE, Int32(text.count), text))
        }
        for frame in frames {
            if frame.writesControlBlock {
                var control = GraphicsControlBlock(
                    DisposalMode: Int32(frame.disposal.method), UserInputFlag: false,
                    DelayTime: Int32(frame.delayCentiseconds),
                    TransparentColor: Int32(frame.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
                var bytes = [UInt8](repeating: 0, count: 4)
                let length = EGifGCBToExtension(&control, &bytes)
                try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes))
            }
            let local = try Self.makeColorMap(frame.colorTable)
            defer { if let local { GifFreeMapObject(local) } }
            if local == nil, let previous = file.pointee.Image.ColorMap {
                // giflib 5.2 keeps a copy of the last local table and, given none, overwrites the pointer
                // without freeing it (found by the fuzzing harness's leak check): free it first.
                GifFreeMapObject(previous)
                file.pointee.Image.ColorMap = nil
            }
            try check(
                EGifPutImageDesc(
                    file, Int32(frame.left), Int32(frame.top), Int32(frame.width),
                    Int32(frame.height), frame.interlaced, local))
            var row = [UInt8](repeating: 0, count: max(frame.width, 1))
            for y in GIFInterlace.rowOrder(height: frame.height, interlaced: frame.interlaced) {
                let start = y * frame.width
                for x in 0..<frame.width { row[x] = frame.indices[start + x] }
                try check(EGifPutLine(file, &row, Int32(frame.width)))
            }
        }
        closed = true
        var closeStatus: Int32 = 0
        guard EGifCloseFile(file, &closeStatus) == GIF_OK else { throw .library(Self.message(closeStatus)) }
        return sink.bytes
    }

    private static func makeColorMap(_ colors: [Color]?) throws(GIFEncodingError) -> UnsafeMutablePointer<ColorMapObject>? {
        guard let colors else { return nil }
        guard (1...256).contains(colors.count) else { throw .invalidColorTable(colors.count) }
        var size = 2
        while size < colors.count { size *= 2 }
        var padded = colors.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        padded += [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), padded) else { throw .library("out of memory") }
        return map
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// Collects what giflib writes.
private final class GIFByteSink {
    var bytes: [UInt8] = []
}

private func gifSinkWrite(
    _ file: UnsafeMutablePointer<GifFileType>?, _ data: UnsafePointer<GifByteType>?,
    _ count: Int32
) -> Int32 {
    guard let file, let user = file.pointee.UserData, let data, count >= 0 else { return 0 }
    let sink = Unmanaged<GIFByteSink>.fromOpaque(user).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
    return count
}
