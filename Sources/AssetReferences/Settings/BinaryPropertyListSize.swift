/// How many values a binary property list (`bplist00`) expands to when read: a file may name one object
/// from many places (a DAG), so 458 bytes can stand for 2^24 values, and `PropertyListSerialization` builds
/// every one of them. Counted on the file's own offset table and object references, each object once
/// (memoised, with a stack of its own, no recursion), before anything is decoded.
enum BinaryPropertyListSize {
    enum Verdict: Equatable {
        /// Not a binary property list (or one this count cannot follow): the reader decides.
        case notBinary
        case values(Int)
        /// More values than the limit.
        case tooLarge
        /// A reference out of the table or back into itself: the file is damaged.
        case malformed(String)
    }

    /// The values the file expands to, counted up to `limit`.
    static func count(_ bytes: [UInt8], limit: Int) -> Verdict {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return .notBinary }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let objects = number(bytes, at: trailer + 8, size: 8), let top = number(bytes, at: trailer + 16, size: 8),
            let table = number(bytes, at: trailer + 24, size: 8)
        else { return .malformed("has a damaged trailer") }
        guard objects > 0, objects <= bytes.count, top < objects, table >= 8,
            table <= trailer, objects <= (trailer - table) / offsetSize
        else { return .malformed("has an object table that does not fit the file") }
        func offset(_ object: Int) -> Int? { number(bytes, at: table + object * offsetSize, size: offsetSize) }
        /// The objects a container refers to (nil: a value with none).
        func children(_ object: Int) -> [Int]? {
            guard let start = offset(object), start >= 8, start < table else { return nil }
            let marker = bytes[start]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            var at = start + 1
            if count == 0x0F {
                guard at < table, bytes[at] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[at] & 0x0F)
                guard size <= 8, let long = number(bytes, at: at + 1, size: size) else { return nil }
                count = long
                at += 1 + size
            }
            let references = kind == 0xD ? count * 2 : count
            guard count <= bytes.count, references <= (table - at) / referenceSize else { return nil }
            var found: [Int] = []
            found.reserveCapacity(references)
            for index in 0..<references {
                guard let reference = number(bytes, at: at + index * referenceSize, size: referenceSize) else { return nil }
                found.append(reference)
            }
            return found
        }
        // Each object's expanded count, once; `visiting` marks the objects on the stack (a cycle).
        var counted = [Int](repeating: -1, count: objects)
        var visiting = [Bool](repeating: false, count: objects)
        var stack: [(object: Int, children: [Int], next: Int, sum: Int)] = []
        func push(_ object: Int) -> Verdict? {
            guard object < objects else { return .malformed("refers to object \(object) of \(objects)") }
            guard !visiting[object] else { return .malformed("has an object that contains itself") }
            guard let found = children(object) else { return .malformed("has object \(object) out of its table") }
            visiting[object] = true
            stack.append((object, found, 0, 1))
            return nil
        }
        if let failed = push(top) { return failed }
        while let last = stack.last {
            if last.next < last.children.count {
                let child = last.children[last.next]
                stack[stack.count - 1].next += 1
                guard child < objects else { return .malformed("refers to object \(child) of \(objects)") }
                if counted[child] >= 0 {
                    stack[stack.count - 1].sum = min(limit + 1, last.sum + counted[child])
                } else if let failed = push(child) {
                    return failed
                }
                continue
            }
            stack.removeLast()
            visiting[last.object] = false
            counted[last.object] = last.sum
            if let parent = stack.indices.last { stack[parent].sum = min(limit + 1, stack[parent].sum + last.sum) }
        }
        let total = counted[top]
        return total > limit ? .tooLarge : .values(total)
    }

    /// A big-endian unsigned number of `size` bytes at `at`, nil past the end or too large for an `Int`.
    private static func number(_ bytes: [UInt8], at: Int, size: Int) -> Int? {
        guard at >= 0, size <= 8, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[at..<(at + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
