/// The deepest nesting of brackets in a file, counted on its bytes before it is parsed (literals and
/// comments included, so it is an upper bound): whether the parser's nesting limit cut the file. And the
/// longest chain of constructs the parser recurses through without counting them in that limit (`try`,
/// `await`, `else if`, `->` and the other prefix words), per bracket level: a run grows while each comes on
/// the same statement (a new line at the same level ends it unless it goes on with `else`, `->`, `.`).
enum BracketDepth {
    struct Measure {
        var brackets = 0
        var bracketsLine: Int?
        var chain = 0
        var chainLine: Int?
        /// The longest postfix chain (`a.b.c`, `f()()`, `a?.b!`) with no blank between its parts (a new
        /// line before a `.` goes on with it).
        var postfix = 0
        var postfixLine: Int?
    }

    static let chainWords: Set<[UInt8]> = Set(
        [
            "try", "await", "else", "repeat", "each", "consume", "copy", "some", "any",
            "inout", "throw", "borrowing", "consuming", "sending", "isolated",
        ].map { Array($0.utf8) })

    /// `chainWords` by length (3 to 9 bytes), so a word is compared with no array made for it.
    static let chainWordsByLength: [[[UInt8]]] = (0...9).map { length in
        chainWords.filter { $0.count == length }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether `bytes[start..<end]` is one of `chainWords`.
    static func isChainWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard length <= 9 else { return false }
        for word in chainWordsByLength[length] where word[0] == bytes[start] && bytes[start..<end].elementsEqual(word) { return true }
        return false
    }

    static func maximum(in bytes: [UInt8]) -> Int { measure(bytes).brackets }

    static func measure(_ bytes: [UInt8]) -> Measure {
        bytes.withUnsafeBufferPointer { measure($0) }
    }

    /// `measure` on the bytes in place (no bounds check per byte in a release build).
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> Measure {
        var result = Measure()
        var depth = 0
        var line = 1
        // The chain counted at each open bracket level, and their sum (the run below and at this level).
        var runs: [Int] = [0]
        var total = 0
        var newLine = false
        var index = 0
        let count = bytes.count
        var postfix = 0
        var previous: UInt8 = 0x20
        // The end of the run of blanks the index is in, once found (every blank of a run looks past it alike).
        var blanksEnd = 0
        func extend() {
            postfix += 1
            if postfix > result.postfix {
                result.postfix = postfix
                result.postfixLine = line
            }
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
        }
        func grow() {
            runs[runs.count - 1] += 1
            total += 1
            if total > result.chain {
                result.chain = total
                result.chainLine = line
            }
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x2E, 0x21, 0x3F: extend()
            case 0x28: extend()  // every call nests its callee
            case 0x5B where previous == 0x29 || previous == 0x5D: extend()  // a subscript of a call or subscript (not an array literal)
            case 0x3C where isWordByte(previous): grow()  // `A<B<…`: generic arguments nest
            case 0x20, 0x09, 0x0D, 0x0A:
                if index >= blanksEnd {
                    var next = index + 1
                    while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0D || bytes[next] == 0x0A {
                        next += 1
                    }
                    blanksEnd = next
                }
                if blanksEnd < count, bytes[blanksEnd] != 0x2E { postfix = 0 }
            case 0x2C, 0x3B, 0x3D, 0x7B, 0x7D: postfix = 0
            default: break
            }
            previous = byte
            switch byte {
            case 0x0A:
                line += 1
                newLine = true
                index += 1
                continue
            case 0x20, 0x09, 0x0D:
                index += 1
                continue
            default: break
            }
            let continues: Bool
            if byte == 0x23, index + 2 < count, bytes[index + 1] == 0x69, bytes[index + 2] == 0x66,
                index + 3 == count || !isWordByte(bytes[index + 3])
            {
                // `#if` nests as a bracket does (the parser counts it); `#endif` closes it.
                newLine = false
                depth += 1
                runs.append(0)
                if depth > result.brackets {
                    result.brackets = depth
                    result.bracketsLine = line
                }
                index += 3
                continue
            }
            if byte == 0x23, index + 5 < count, bytes[(index + 1)...(index + 5)].elementsEqual("endif".utf8) {
                newLine = false
                if depth > 0 {
                    depth -= 1
                    total -= runs.removeLast()
                }
                index += 6
                continue
            }
            if isWordByte(byte) {
                var end = index
                while end < count, isWordByte(bytes[end]) { end += 1 }
                let isChainWord = isChainWord(bytes, index, end)
                continues = isChainWord && bytes[index] == UInt8(ascii: "e")  // `else` goes on over a new line
                if newLine, !continues {
                    total -= runs[runs.count - 1]
                    runs[runs.count - 1] = 0
                }
                newLine = false
                if isChainWord { grow() }
                index = end
                continue
            }
            continues = byte == 0x2E || byte == 0x2D  // `.member`, `-> T` on the next line
            if newLine, !continues {
                total -= runs[runs.count - 1]
                runs[runs.count - 1] = 0
            }
            newLine = false
            switch byte {
            case 0x28, 0x5B, 0x7B:
                depth += 1
                runs.append(0)
                if depth > result.brackets {
                    result.brackets = depth
                    result.bracketsLine = line
                }
            case 0x29, 0x5D, 0x7D:
                if depth > 0 {
                    depth -= 1
                    total -= runs.removeLast()
                }
            case 0x3B:
                total -= runs[runs.count - 1]
                runs[runs.count - 1] = 0
            case 0x2D where index + 1 < count && bytes[index + 1] == 0x3E:
                grow()
                index += 1
            default: break
            }
            index += 1
        }
        return result
    }
}
