/// Every image file of a catalog that could show the same pixels as another, kept once its sets are
/// dropped: what `duplicate-image` compares, inside the catalog and across a project's catalogs. A row
/// starts with what the header probe read (format, width, height, JPEG orientation: the file's `Shape`);
/// only rows whose size (copies) or shape (same pixels) another row shares get a digest (`DuplicateCandidates`;
/// a small file's byte digest comes with it from the probe, `FileHeader.bytesDigest`), so a file that
/// cannot be a duplicate is never decoded. Compact because a catalog has one row per
/// PNG and JPEG (280,000 at the scale tree's 130,000 sets): a row is a shape, a digest, the file's size, its set's
/// number and where its path lies in one shared UTF-8 buffer (56 bytes a row and the path's bytes), where
/// a row of two `String`s cost a heap object a path, and the per-digest arrays that grouped them one more.
/// Groups are found by sorting row numbers by digest (no dictionary of arrays).
import AssetsSupport
import AssetsCodecs

package struct ImageDigestTable: Sendable, Hashable {
    /// What two files showing the same pixels must share, read from their headers: equal pixel digests
    /// need the same format, width, height and (JPEG) orientation.
    package struct Shape: Sendable, Hashable {
        package var format: UInt8
        package var orientation: UInt8
        package var width: UInt32
        package var height: UInt32

        package init(format: ImageFormat, orientation: ImageOrientation, width: Int, height: Int) {
            self.format = UInt8(truncatingIfNeeded: ImageFormat.allCases.firstIndex(of: format) ?? 255)
            self.orientation = UInt8(truncatingIfNeeded: orientation.rawValue)
            self.width = UInt32(clamping: width)
            self.height = UInt32(clamping: height)
        }
    }

    /// One file.
    package struct Row: Sendable, Hashable {
        package var shape: Shape
        /// Its digest (of its bytes or pixels, as the run compares), once found (`DuplicateCandidates.resolve`,
        /// or the probe's for a small file); nil before, and for a file that
        /// does not decode (no duplicate of anything).
        package var digest: PixelDigest?
        /// Whether the digest was looked for.
        package var looked = false
        /// The file's bytes.
        package var size: Int
        /// Where its catalog-relative path lies in `utf8`.
        var pathStart: UInt32
        var pathCount: UInt32
        /// Its set, numbered as the sets were added (only compared for equality).
        package var set: UInt32
        /// Whether the path is all ASCII, so that its bytes sort as the `String` does.
        var ascii: Bool
    }

    /// One file of a set, as the set's check found it.
    package struct File: Sendable, Hashable {
        package var shape: Shape
        /// Catalog-relative.
        package var path: String
        package var size: Int
        /// The digest of its bytes, when the probe read it whole (compared by bytes only).
        package var bytesDigest: PixelDigest? = nil
    }

    package private(set) var rows: [Row] = []
    private var utf8: [UInt8] = []
    private var sets: UInt32 = 0
    /// Whether `rows` are in path order (`sortByPath()`, an empty table).
    package private(set) var sortedByPath = true

    package init() {}

    package var isEmpty: Bool { rows.isEmpty }
    package var count: Int { rows.count }

    /// Adds the files of one set (a set with no files adds nothing). A path beyond the buffer's 4 GiB is
    /// left out (no catalog the reader's limits admit comes near it).
    package mutating func add(set files: [File]) {
        guard !files.isEmpty else { return }
        let set = sets
        sets &+= 1
        for file in files {
            let bytes = file.path.utf8
            guard let start = UInt32(exactly: utf8.count), let count = UInt32(exactly: bytes.count),
                UInt32(exactly: utf8.count + bytes.count) != nil
            else { continue }
            utf8 += bytes
            rows.append(
                Row(
                    shape: file.shape, digest: file.bytesDigest, looked: file.bytesDigest != nil, size: file.size, pathStart: start,
                    pathCount: count, set: set,
                    ascii: bytes.allSatisfy { $0 < 0x80 }))
            sortedByPath = false
        }
    }

    /// Records what the digest search found for row `index`.
    package mutating func setDigest(_ digest: PixelDigest?, ofRow index: Int) {
        rows[index].digest = digest
        rows[index].looked = true
    }

    /// The catalog-relative path of row `index`.
    package func path(_ index: Int) -> String {
        let row = rows[index]
        return String(decoding: utf8[Int(row.pathStart)..<Int(row.pathStart) + Int(row.pathCount)], as: UTF8.self)
    }

    /// Puts the rows in the order of their paths (`String`'s order), in place.
    package mutating func sortByPath() {
        guard !sortedByPath else { return }
        var sorted = rows
        rows = []
        utf8.withUnsafeBufferPointer { buffer in
            sorted.sort { Self.pathPrecedes($0, $1, in: buffer) }
        }
        rows = sorted
        sortedByPath = true
    }

    /// `String`'s `<` on the two rows' paths: their bytes when both are ASCII (the same order), else the strings.
    private static func pathPrecedes(_ left: Row, _ right: Row, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let leftBytes = UnsafeBufferPointer(rebasing: buffer[Int(left.pathStart)..<Int(left.pathStart) + Int(left.pathCount)])
        let rightBytes = UnsafeBufferPointer(rebasing: buffer[Int(right.pathStart)..<Int(right.pathStart) + Int(right.pathCount)])
        guard left.ascii, right.ascii else {
            return String(decoding: leftBytes, as: UTF8.self) < String(decoding: rightBytes, as: UTF8.self)
        }
        return leftBytes.lexicographicallyPrecedes(rightBytes)
    }

    /// Whether `left`'s digest sorts before `right`'s (an arbitrary but fixed order, to group equal digests).
    package static func digestPrecedes(_ left: PixelDigest?, _ right: PixelDigest?) -> Bool {
        guard let left, let right else { return right != nil }
        return left.high != right.high ? left.high < right.high : left.low < right.low
    }
}
