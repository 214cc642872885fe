/// A 128-bit digest that is the same on every run, machine and platform: what `duplicate-image` compares.
/// Made by `StableHasher`, a fixed-key hash (two 64-bit multiply-rotate lanes over little-endian words,
/// MurmurHash3's finaliser), never by Swift's `Hasher`, whose seed changes with each process.
///
/// Written here by hand because none of the libraries the package links has a 128-bit non-cryptographic
/// hash (zlib and libdeflate give 32-bit checksums, too short for 280,000 files a catalog may hold) and
/// Foundation on Linux has no digest API; a cryptographic hash would cost several times as much per byte
/// for no gain. Not cryptographic: equal digests mean equal input for files a team keeps in its catalog,
/// not for input built to collide.

/// The digest of what an image shows (``LosslessOptimizer/digest(_:format:orientation:limits:)``): equal
/// digests, same pixels (and profile, gamma, orientation). Stable across runs and machines.
public struct PixelDigest: Sendable, Hashable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The stable digest of `bytes` as they are (a file's content, for the digest cache's key).
    package static func ofBytes(_ bytes: UnsafeRawBufferPointer, tag: UInt8) -> PixelDigest {
        var hasher = StableHasher()
        withUnsafeBytes(of: tag) { hasher.add($0) }
        hasher.add(bytes)
        return hasher.finish()
    }
}

/// The fixed-key streaming hash behind ``PixelDigest``: bytes may come in pieces of any size (rows of a
/// decode); the digest depends only on their concatenation.
package struct StableHasher: Sendable {
    private var first: UInt64 = 0x5A17_0001_C0DE_F00D
    private var second: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var length: UInt64 = 0
    /// Bytes not yet a whole word, little-endian in the low bits.
    private var pending: UInt64 = 0
    private var pendingCount = 0

    package init() {}

    private static let multiplierA: UInt64 = 0x87C3_7B91_1142_53D5
    private static let multiplierB: UInt64 = 0x4CF5_AD43_2745_937F

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        first = ((first ^ word) &* Self.multiplierA)
        first = (first << 31) | (first >> 33)
        second = ((second &+ word) ^ (word >> 29)) &* Self.multiplierB
        second = (second << 27) | (second >> 37)
    }

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var index = 0
        let count = bytes.count
        while pendingCount > 0, pendingCount < 8, index < count {
            pending |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
        }
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
        while index + 8 <= count {
            mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < count {
            pending |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
        }
    }

    package mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    private static func finalise(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    package func finish() -> PixelDigest {
        var copy = self
        if copy.pendingCount > 0 { copy.mix(copy.pending | (UInt64(copy.pendingCount) << 56)) }
        let a = Self.finalise(copy.first ^ copy.length)
        let b = Self.finalise(copy.second ^ (copy.length &* Self.multiplierA))
        return PixelDigest(high: a ^ (b >> 7), low: Self.finalise(b &+ a))
    }
}
