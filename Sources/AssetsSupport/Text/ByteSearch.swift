#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a run of bytes occurs in a file's bytes, found with the C library's `memchr` and `memcmp` (the
/// generic `firstRange(of:)` on `[UInt8]` and `String.contains` through Foundation cost a few per cent of a
/// whole `refs` run when asked of every source file).
package enum ByteSearch {
    /// Whether `needle` occurs in `bytes`; an empty needle occurs everywhere.
    package static func contains(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { contains(needle, in: $0) }
    }

    /// Whether `needle` occurs in `text`'s UTF-8 (a path's `.brandassets`, asked of every set checked).
    package static func contains(_ needle: [UInt8], in text: String) -> Bool {
        var text = text
        return text.withUTF8 { contains(needle, in: $0) }
    }

    /// How the first `min(a.count, b.count)` bytes of `a` and `b` order (`memcmp`'s sign: negative when `a`'s
    /// come first, zero when they are the same).
    package static func orderOfCommonLength(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int32 {
        a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in
                let count = min(left.count, right.count)
                guard count > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return 0 }
                return memcmp(leftBase, rightBase, count)
            }
        }
    }

    /// How `a` and `b` order byte by byte, the shorter first when one begins the other: negative when `a` comes
    /// first, zero when they are the same (the cache's pages, asked of every file a warm run meets).
    package static func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let count = min(a.count, b.count)
        if count > 0, let left = a.baseAddress, let right = b.baseAddress {
            let common = memcmp(left, right, count)
            if common != 0 { return Int(common) }
        }
        return a.count - b.count
    }

    /// `orderOfCommonLength` of two strings' UTF-8, read in place (the digest table's set folders).
    package static func orderOfCommonLength(_ a: String, _ b: String) -> Int32 {
        var (a, b) = (a, b)
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let count = min(left.count, right.count)
                guard count > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return 0 }
                return memcmp(leftBase, rightBase, count)
            }
        }
    }

    /// Whether `a` sorts before `b` byte by byte (`lexicographicallyPrecedes`, with `memcmp`).
    package static func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        order(a, b) < 0
    }

    /// `order` of two runs of an array's bytes, read in place.
    package static func order(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { order(left, $0) } }
    }

    private static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        return needle.withUnsafeBufferPointer { wanted in
            guard let base = haystack.baseAddress, let wantedBase = wanted.baseAddress else { return false }
            var offset = 0
            let last = haystack.count - wanted.count
            while offset <= last {
                guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, wantedBase, wanted.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }

    /// Whether `needle` occurs in `bytes`.
    package static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        contains(needle, in: bytes[...])
    }
}
