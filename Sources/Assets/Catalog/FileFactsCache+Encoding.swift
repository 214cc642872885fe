/// The cache file's bytes: little-endian integers, strings as a length and UTF-8, optionals behind a flag
/// byte. Reading checks every length against the bytes left and gives nil for anything out of shape, so a
/// damaged or crafted file is a miss, never a crash or a wrong fact.
import AssetsSupport
import AssetsCodecs

/// Appends the cache's values to a buffer.
struct FactsWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { u64(UInt64(value), count: 4) }
    mutating func u64(_ value: UInt64) { u64(value, count: 8) }
    /// The low `count` bytes of `value`, least significant first (a byte at a time: no generic append).
    private mutating func u64(_ value: UInt64, count: Int) {
        for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index))) }
    }
    mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }
    mutating func bool(_ value: Bool) { u8(value ? 1 : 0) }
    mutating func string(_ value: String) {
        let count = min(value.utf8.count, Int(UInt32.max))
        u32(UInt32(count))
        bytes.append(contentsOf: value.utf8.prefix(count))
    }
    mutating func optionalInt(_ value: Int?) {
        bool(value != nil)
        if let value { int(value) }
    }
    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
    mutating func digest(_ value: PixelDigest) {
        u64(value.high)
        u64(value.low)
    }
}

/// Reads the cache's values from a buffer, within `start..<end`; every read is nil past the end.
struct FactsReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.position = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    var isAtEnd: Bool { position == end }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= end - position else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }
    mutating func u8() -> UInt8? { take(1)?.first }
    mutating func u32() -> UInt32? {
        guard position >= 0, 4 <= end - position else { return nil }
        defer { position += 4 }
        return bytes.withUnsafeBytes { [position] in UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt32.self)) }
    }
    mutating func u64() -> UInt64? {
        guard position >= 0, 8 <= end - position else { return nil }
        defer { position += 8 }
        return bytes.withUnsafeBytes { [position] in UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
    }
    mutating func int() -> Int? { u64().map { Int(truncatingIfNeeded: Int64(bitPattern: $0)) } }
    mutating func bool() -> Bool? {
        switch u8() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }
    mutating func string() -> String? {
        guard let count = u32(), let slice = take(Int(count)) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }
    /// `.some(nil)` for an absent value, nil for bytes out of shape.
    mutating func optionalInt() -> Int?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = int() else { return nil }
        return .some(value)
    }
    mutating func optionalString() -> String?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }
    mutating func digest() -> PixelDigest? {
        guard let high = u64(), let low = u64() else { return nil }
        return PixelDigest(high: high, low: low)
    }
}

extension FileFactsCache {
    /// What a file's facts are kept as: a PNG, JPEG or GIF whose header probed (with its bytes' digest when
    /// the probe read it whole), or a PDF or SVG and what is wrong with it. Nil for anything else (a file that
    /// could not be read, a probe that failed, HEIC and WebP): those are read again on every run.
    static func encode(_ header: FileHeader) -> [UInt8]? {
        var writer = FactsWriter()
        writer.bytes.reserveCapacity(128)
        switch header.content {
        case .raster(let format, .success(let info)):
            writer.u8(1)
            writer.u8(formatNumber(format))
            writer.bool(header.bytesDigest != nil)
            if let digest = header.bytesDigest { writer.digest(digest) }
            encode(info, into: &writer)
        case .vector(let format, let problem):
            writer.u8(2)
            writer.u8(formatNumber(format))
            writer.optionalString(problem)
        default:
            return nil
        }
        return writer.bytes
    }

    /// The header `encode` kept, for a file of `size` bytes; nil when the bytes are out of shape.
    static func decode(_ reader: inout FactsReader, size: Int) -> FileHeader? {
        guard let kind = reader.u8(), let format = format(reader.u8()) else { return nil }
        switch kind {
        case 1:
            guard let hasDigest = reader.bool() else { return nil }
            var digest: PixelDigest?
            if hasDigest {
                guard let found = reader.digest() else { return nil }
                digest = found
            }
            guard let info = decodeInfo(&reader), reader.isAtEnd else { return nil }
            var header = FileHeader(content: .raster(format, .success(info)), size: size)
            header.bytesDigest = digest
            return header
        case 2:
            guard let problem = reader.optionalString(), reader.isAtEnd else { return nil }
            return FileHeader(content: .vector(format, problem: problem), size: size)
        default:
            return nil
        }
    }

    /// The formats by number, made once (`allCases` makes a new array each time it is asked, and this is
    /// asked of every file a warm run meets).
    private static let formats = ImageFormat.allCases

    private static func formatNumber(_ format: ImageFormat) -> UInt8 {
        UInt8(truncatingIfNeeded: formats.firstIndex(of: format) ?? 255)
    }

    private static func format(_ number: UInt8?) -> ImageFormat? {
        guard let number, Int(number) < formats.count else { return nil }
        return formats[Int(number)]
    }

    private static func encode(_ info: ImageInfo, into writer: inout FactsWriter) {
        writer.u8(formatNumber(info.format))
        writer.u8(info.extensionMismatch.map(formatNumber) ?? 255)
        writer.bool(info.isDecodable)
        writer.int(info.width)
        writer.int(info.height)
        writer.optionalString(info.colorModel?.rawValue)
        writer.optionalInt(info.bitDepth)
        writer.bool(info.hasAlpha)
        writer.bool(info.progressive)
        writer.bool(info.interlaced)
        writer.bool(info.arithmeticCoded)
        writer.optionalString(info.chromaSubsampling)
        writer.int(info.orientation.rawValue)
        writer.optionalInt(info.frameCount)
        writer.optionalInt(info.loopCount)
        writer.bool(info.delays != nil)
        if let delays = info.delays {
            writer.int(delays.count)
            for delay in delays { writer.int(delay) }
        }
        writer.optionalInt(info.trailerOffset)
        writer.int(info.warnings.count)
        for warning in info.warnings {
            writer.string(warning.code.rawValue)
            writer.string(warning.message)
            writer.optionalInt(warning.offset)
        }
    }

    private static func decodeInfo(_ reader: inout FactsReader) -> ImageInfo? {
        guard let format = format(reader.u8()), let mismatch = reader.u8(), let isDecodable = reader.bool(),
            let width = reader.int(), let height = reader.int(), let colorModelName = reader.optionalString(),
            let bitDepth = reader.optionalInt(), let hasAlpha = reader.bool(), let progressive = reader.bool(),
            let interlaced = reader.bool(), let arithmeticCoded = reader.bool(),
            let chromaSubsampling = reader.optionalString(), let orientationNumber = reader.int(),
            let orientation = ImageOrientation(rawValue: orientationNumber), let frameCount = reader.optionalInt(),
            let loopCount = reader.optionalInt(), let hasDelays = reader.bool()
        else { return nil }
        var info = ImageInfo(format: format, width: width, height: height)
        if mismatch != 255 {
            guard let claimed = self.format(mismatch) else { return nil }
            info.extensionMismatch = claimed
        }
        info.isDecodable = isDecodable
        if let colorModelName {
            guard let model = ImageInfo.ColorModel(rawValue: colorModelName) else { return nil }
            info.colorModel = model
        }
        info.bitDepth = bitDepth
        info.hasAlpha = hasAlpha
        info.progressive = progressive
        info.interlaced = interlaced
        info.arithmeticCoded = arithmeticCoded
        info.chromaSubsampling = chromaSubsampling
        info.orientation = orientation
        info.frameCount = frameCount
        info.loopCount = loopCount
        if hasDelays {
            // Each delay takes 8 bytes: a count the bytes left cannot hold is refused before any allocation.
            guard let count = reader.int(), count >= 0, count <= (reader.end - reader.position) / 8 else { return nil }
            var delays: [Int] = []
            delays.reserveCapacity(count)
            for _ in 0..<count {
                guard let delay = reader.int() else { return nil }
                delays.append(delay)
            }
            info.delays = delays
        }
        guard let trailerOffset = reader.optionalInt(), let warningCount = reader.int(), warningCount >= 0,
            warningCount <= (reader.end - reader.position) / 9
        else { return nil }
        info.trailerOffset = trailerOffset
        for _ in 0..<warningCount {
            guard let codeName = reader.string(), let code = ImageWarningCode(rawValue: codeName),
                let message = reader.string(), let offset = reader.optionalInt()
            else { return nil }
            info.warnings.append(ImageWarning(code: code, message: message, offset: offset))
        }
        return info
    }
}
