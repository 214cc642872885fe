/// Where each line of a Swift source starts, read off its bytes: the line and column of a byte offset, as
/// swift-syntax's `SourceLocationConverter` gives them for the tree parsed from those bytes (a line ends at
/// `\n`, `\r` or `\r\n`, as the Swift grammar's line break; the column counts UTF-8 bytes from 1), without
/// walking the tree's tokens and trivia to find the line breaks or copying its text.
/// `#sourceLocation` does not change a position here, as it does not change `SourceLocation.line`.
struct SourceLines {
    /// The offset after each line break, in order.
    private var lineEnds: [Int] = []
    let byteCount: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        byteCount = bytes.count
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                lineEnds.append(index)
            } else if byte == 0x0D {
                if index < count, bytes[index] == 0x0A { index += 1 }
                lineEnds.append(index)
            }
        }
    }

    /// How many lines the source has: one more than its line breaks (the end of a source ending in a line
    /// break is on a line of its own).
    var count: Int { lineEnds.count + 1 }

    /// The line and column of a byte offset (clamped to the source).
    func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, byteCount))
        // The first line end past the offset: the line is the number of line ends at or before it, plus one.
        var low = 0
        var high = lineEnds.count
        while low < high {
            let middle = (low + high) / 2
            if lineEnds[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : lineEnds[low - 1]
        return (low + 1, offset - lineStart + 1)
    }
}
