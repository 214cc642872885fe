/// An input read as a small program: one byte an operation, operands taken from the bytes that follow,
/// and defaults once the input runs out (`fuzz-tree`, `fuzz-sources`).
public struct FuzzProgram {
    public let bytes: [UInt8]
    public private(set) var cursor = 0

    public init(_ bytes: [UInt8], from start: Int = 0) {
        self.bytes = bytes
        cursor = min(start, bytes.count)
    }

    /// The next byte, or nil at the end of the input.
    public mutating func next() -> UInt8? {
        guard cursor < bytes.count else { return nil }
        defer { cursor += 1 }
        return bytes[cursor]
    }

    /// The next byte as a choice among `count` (0 at the end of the input).
    public mutating func choose(_ count: Int) -> Int {
        Int(next() ?? 0) % max(count, 1)
    }

    /// The next 1...12 bytes, as raw bytes: a length byte, then the bytes (`a` at the end of the input).
    public mutating func rawName() -> [UInt8] {
        let length = Int(next() ?? 1) % 12 + 1
        var raw: [UInt8] = []
        for _ in 0..<length { raw.append(next() ?? 0x61) }
        return raw
    }

    /// A file name from the input: no NUL or slash; everything else, line breaks and escapes included,
    /// built as a Swift string (so invalid UTF-8 becomes U+FFFD: names are valid UTF-8).
    public mutating func name() -> String {
        let raw = rawName().map { $0 == 0 || $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
        return String(decoding: raw, as: UTF8.self)
    }
}
