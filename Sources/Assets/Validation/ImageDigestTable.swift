/// Every image file of a catalog that could show the same pixels as another, kept once its sets are
/// dropped: what `duplicate-image` compares, inside the catalog and across a project's catalogs. A row
/// starts with what the header probe read (format, width, height, JPEG orientation: the file's `Shape`);
/// only rows whose size (copies) or shape (same pixels) another row shares get a digest (`DuplicateCandidates`;
/// a small file's byte digest comes with it from the probe, `FileHeader.bytesDigest`), so a file that
/// cannot be a duplicate is never decoded. Compact because a catalog has one row per
/// PNG and JPEG (280,000 at the scale tree's 130,000 sets): a row is a shape, a digest, the file's size, its set's
/// number and where its name lies in shared pages of UTF-8, after its set's folder (the set's own path, the
/// `String` its outline holds to the end of the run, not a copy of its bytes): 48 bytes a row and the name's bytes,
/// where a row of two `String`s cost a heap object a path, and the per-digest arrays that grouped them one more.
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
            self.format = UInt8(truncatingIfNeeded: Self.formats.firstIndex(of: format) ?? 255)
            self.orientation = UInt8(truncatingIfNeeded: orientation.rawValue)
            self.width = UInt32(clamping: width)
            self.height = UInt32(clamping: height)
        }

        /// The formats by number, made once (`allCases` makes a new array each time).
        private static let formats = ImageFormat.allCases
    }

    /// One file: 48 bytes (the digest, the size, the shape, where the path lies, the set, three flags).
    package struct Row: Sendable, Hashable {
        /// The digest's bits (meaningful when `flags` has `hasDigest`).
        private var digestBits = PixelDigest(high: 0, low: 0)
        /// The file's bytes.
        package var size: Int
        package var shape: Shape
        /// Where its catalog-relative path lies in `pages` (page number times `pageSize` plus the offset); with
        /// `inFolder`, only its name, after its set's folder (`folders`) and a "/".
        var pathStart: UInt32
        /// Its set, numbered as the sets were added (only compared for equality).
        package var set: UInt32
        var pathCount: UInt16
        private var flags: UInt8 = 0

        private static let hasDigest: UInt8 = 1, lookedFlag: UInt8 = 2, asciiFlag: UInt8 = 4, inFolderFlag: UInt8 = 8

        init(
            shape: Shape, digest: PixelDigest?, size: Int, pathStart: UInt32, pathCount: UInt16, set: UInt32, ascii: Bool,
            inFolder: Bool
        ) {
            self.size = size
            self.shape = shape
            self.pathStart = pathStart
            self.set = set
            self.pathCount = pathCount
            self.digest = digest
            self.looked = digest != nil
            if ascii { flags |= Self.asciiFlag }
            if inFolder { flags |= Self.inFolderFlag }
        }

        /// Its digest (of its bytes or pixels, as the run compares), once found (`DuplicateCandidates.resolve`,
        /// or the probe's for a small file); nil before, and for a file that
        /// does not decode (no duplicate of anything).
        package var digest: PixelDigest? {
            get { flags & Self.hasDigest != 0 ? digestBits : nil }
            set {
                digestBits = newValue ?? PixelDigest(high: 0, low: 0)
                flags = newValue == nil ? flags & ~Self.hasDigest : flags | Self.hasDigest
            }
        }

        /// Whether the digest was looked for.
        package var looked: Bool {
            get { flags & Self.lookedFlag != 0 }
            set { flags = newValue ? flags | Self.lookedFlag : flags & ~Self.lookedFlag }
        }

        /// Whether the path is all ASCII, so that its bytes sort as the `String` does.
        var ascii: Bool { flags & Self.asciiFlag != 0 }

        /// Whether `pathStart` holds only the name, in the folder of its set (`folders[set]`).
        var inFolder: Bool { flags & Self.inFolderFlag != 0 }
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
    /// The names' UTF-8 bytes (and the whole path of a file not in its set's folder), in pages of `pageSize` that
    /// never move, so growing never copies what is there.
    private var pages: [[UInt8]] = []
    private static let pageSize = 1 << 20
    /// Where bytes lie in `pages`.
    private struct Span: Sendable, Hashable {
        var start: UInt32
        var count: UInt16
    }
    /// Each set's folder, by set number ("" for none): a row of a file in it keeps only its name (at the scale
    /// tree, 288,000 paths of 59 bytes were 17 MB). The set's path as its outline holds it, so its bytes are not
    /// stored a second time (a copy of each folder in `pages` was 4 MB there).
    private var folders: [String] = []
    private var sets: UInt32 = 0
    /// Whether `rows` are in path order (`sortByPath()`, an empty table).
    package private(set) var sortedByPath = true

    package init() {}

    package var isEmpty: Bool { rows.isEmpty }
    package var count: Int { rows.count }

    /// Adds the files of one set (a set with no files adds nothing), in `folder` (the set's path, kept as given:
    /// the caller's string, not a copy; nil: the first file's path up to its last "/"). A path beyond the buffer's
    /// 4 GiB is left out, and so is a path of 64 KiB or more (no catalog the reader's limits admit comes near either).
    package mutating func add(set files: [File], folder given: String? = nil) {
        guard !files.isEmpty else { return }
        let set = sets
        sets &+= 1
        let first = files[0].path
        let folder = given ?? first.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(first[..<$0]) } ?? ""
        folders.append(folder)
        let folderCount = folder.utf8.count
        for file in files {
            let bytes = Array(file.path.utf8)
            let ascii = bytes.allSatisfy { $0 < 0x80 }
            let inFolder =
                folderCount > 0 && bytes.count > folderCount + 1 && bytes[folderCount] == UInt8(ascii: "/")
                && bytes[..<folderCount].elementsEqual(folder.utf8)
            guard let path = store(inFolder ? bytes[(folderCount + 1)...] : bytes[...]) else { continue }
            rows.append(
                Row(
                    shape: file.shape, digest: file.bytesDigest, size: file.size, pathStart: path.start, pathCount: path.count,
                    set: set, ascii: ascii, inFolder: inFolder))
            sortedByPath = false
        }
    }

    /// Writes `bytes` in the pages (nil when they are 64 KiB or more, or the pages would pass 4 GiB).
    private mutating func store(_ bytes: ArraySlice<UInt8>) -> Span? {
        guard let count = UInt16(exactly: bytes.count) else { return nil }
        if pages.isEmpty || pages[pages.count - 1].count + bytes.count > Self.pageSize {
            guard UInt32(exactly: (pages.count + 1) * Self.pageSize) != nil else { return nil }
            pages.append([])
            pages[pages.count - 1].reserveCapacity(Self.pageSize)
        }
        guard let start = UInt32(exactly: (pages.count - 1) * Self.pageSize + pages[pages.count - 1].count) else { return nil }
        pages[pages.count - 1] += bytes
        return Span(start: start, count: count)
    }

    /// Records what the digest search found for row `index`.
    package mutating func setDigest(_ digest: PixelDigest?, ofRow index: Int) {
        rows[index].digest = digest
        rows[index].looked = true
    }

    /// The catalog-relative path of row `index`.
    package func path(_ index: Int) -> String {
        String(decoding: Array(Self.pathBytes(rows[index], pages: pages, folders: folders)), as: UTF8.self)
    }

    /// Puts the rows in the order of their paths (`String`'s order), in place.
    package mutating func sortByPath() {
        guard !sortedByPath else { return }
        var sorted = rows
        rows = []
        let (pages, folders) = (pages, folders)
        sorted.sort { left, right in Self.pathPrecedes(left, right, pages: pages, folders: folders) }
        rows = sorted
        sortedByPath = true
    }

    /// `String`'s `<` on the two rows' paths: their bytes when both are ASCII (the same order; two files of
    /// one set by their names alone), else the strings.
    private static func pathPrecedes(_ left: Row, _ right: Row, pages: [[UInt8]], folders: [String]) -> Bool {
        guard left.ascii, right.ascii else {
            return String(decoding: Array(pathBytes(left, pages: pages, folders: folders)), as: UTF8.self)
                < String(decoding: Array(pathBytes(right, pages: pages, folders: folders)), as: UTF8.self)
        }
        let leftName = bytes(of: Span(start: left.pathStart, count: left.pathCount), in: pages)
        let rightName = bytes(of: Span(start: right.pathStart, count: right.pathCount), in: pages)
        if left.inFolder, right.inFolder {
            if left.set == right.set { return ByteSearch.precedes(leftName, rightName) }
            // Two sets' files: their folders decide where they differ within the shorter (compared with `memcmp`:
            // a byte at a time, sorting the rows was the slowest step left of a warm run); the same folder
            // twice, by the names. Only a folder that begins another (`a` and `a/b`) is compared byte by byte.
            let (leftFolder, rightFolder) = (folders[Int(left.set)], folders[Int(right.set)])
            let order = ByteSearch.orderOfCommonLength(leftFolder, rightFolder)
            if order != 0 { return order < 0 }
            if leftFolder.utf8.count == rightFolder.utf8.count { return ByteSearch.precedes(leftName, rightName) }
        }
        return pathBytes(left, pages: pages, folders: folders).lexicographicallyPrecedes(pathBytes(right, pages: pages, folders: folders))
    }

    /// The bytes a span covers.
    private static func bytes(of span: Span, in pages: [[UInt8]]) -> ArraySlice<UInt8> {
        let (page, offset) = (Int(span.start) / pageSize, Int(span.start) % pageSize)
        return pages[page][offset..<offset + Int(span.count)]
    }

    /// A row's whole path: its set's folder, "/" and its name, or what the row holds when it is not in it.
    private static func pathBytes(_ row: Row, pages: [[UInt8]], folders: [String]) -> PathBytes {
        let held = bytes(of: Span(start: row.pathStart, count: row.pathCount), in: pages)
        guard row.inFolder else { return PathBytes(folder: nil, name: held) }
        return PathBytes(folder: folders[Int(row.set)], name: held)
    }

    /// A path's bytes from its two pieces, read in place.
    private struct PathBytes: Sequence, IteratorProtocol {
        private var folder: String.UTF8View.Iterator?
        private var slash: Bool
        private var name: ArraySlice<UInt8>.Iterator

        init(folder: String?, name: ArraySlice<UInt8>) {
            self.folder = folder?.utf8.makeIterator()
            self.slash = folder != nil
            self.name = name.makeIterator()
        }

        mutating func next() -> UInt8? {
            if let byte = folder?.next() { return byte }
            if slash {
                slash = false
                return UInt8(ascii: "/")
            }
            return name.next()
        }
    }

    /// Whether `left`'s digest sorts before `right`'s (an arbitrary but fixed order, to group equal digests).
    package static func digestPrecedes(_ left: PixelDigest?, _ right: PixelDigest?) -> Bool {
        guard let left, let right else { return right != nil }
        return left.high != right.high ? left.high < right.high : left.low < right.low
    }
}
