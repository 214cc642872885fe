/// The part of the cache of files' facts that grows with the catalog: the entries of set folders and of the files
/// in them, in the order the walk meets them, in pages of about 64 KiB. A run reads a page when the walk reaches
/// its first entry and holds at most `residentPages` of them, so a catalog of any size is cached whole while a run
/// holds a few hundred KiB of its cache (a cache read whole, bounded to keep memory small, held a sixth of the
/// scale tree's 130,000 sets, and a warm run there cost what a run without the cache did).
///
/// **Order.** An entry's place is its catalog-relative path with each `/` made 0 (`position`): byte order is
/// then the walk's, which lists each folder's names in byte order and reads a folder whole before its next
/// sibling, and a set folder's files come right after it. Nothing depends on the order but speed: a page is
/// found by its first and last place (a binary search of the index), an entry in it by its key's digest.
///
/// **Writing while the walk goes on.** What a run learns waits in memory, sorted by place when it passes
/// `pendingLimit`; its first three quarters are then merged with the entries the old file holds up to the same
/// place that this run used (each old entry's use is a bit), and written as pages to the new file, so a first
/// run over the scale tree's 100,000-set catalog holds about 1 MiB of what it learned, not the 102 MB it writes.
/// Sets are read in the walk's order on every core, so an entry may come after the file has passed its place (its
/// set was still being read, or was reached through a link after the walk): it is kept by its digest instead,
/// with the entries the catalog-wide checks learn. (At the scale tree none comes that late: the quarter left
/// waiting covers the set the other core is reading.) A run that only used the cache writes nothing; one that
/// learned something or used less than the file held writes the whole file anew (an old page's entries are
/// copied as they lie, not decoded).
///
/// **Trust.** The file's end (entries by digest and the pages' index: where each page lies, its first and last
/// place, its entry count and its digest) is checked whole when the cache is opened; a page is checked against
/// its digest when it is read, its entries must lie within the page, in order and within its places. A page
/// that fails is not used (its files are read as in a first run), and the next write leaves it out.
import AssetsSupport
import AssetsCodecs

extension FileFactsCache {
    /// About this many bytes make a page (a page ends with the entry that reaches it).
    static let pageBytes = 64 << 10
    /// The most bytes one entry in a page may take, its place included (a larger one is kept by its digest, if
    /// there is room there).
    static let maxPagedEntryBytes = 1 << 20
    /// The most bytes a catalog's pages hold (about 300,000 of the scale tree's sets); past it, nothing more is
    /// kept in pages.
    static let maxPagedBytes = 256 << 20
    /// Pages held read at once (two cores read sets next to each other in the walk's order).
    static let residentPages = 4
    /// Bytes of entries learned and not yet written past which three quarters of them are written.
    static let pendingLimit = 1 << 20

    /// The place of the catalog-relative `path` in the pages' order: its UTF-8 with each `/` made 0.
    static func position(_ path: String) -> [UInt8] {
        var bytes = Array(path.utf8)
        for index in bytes.indices where bytes[index] == 0x2F { bytes[index] = 0 }
        return bytes
    }

    /// A page as the file's index gives it (its first and last places lie in `Pages.bounds`).
    struct Page {
        var offset: Int
        var byteCount: Int
        var entryCount: Int
        var digest: PixelDigest
        var first: Range<Int>
        var last: Range<Int>
        /// The number of its first entry among all the file's paged entries.
        var ordinal: Int
        /// Whether reading it failed (it is not read again).
        var failed = false
    }

    /// A page read and checked: its bytes, its entries in order (where each begins, with its length; where its
    /// key begins; where it ends) and, by key digest, the entries' numbers.
    struct ReadPage {
        var number: Int
        var bytes: [UInt8]
        var entries: [(start: Int, key: Int, end: Int)]
        var byKey: [(key: PixelDigest, entry: Int32)]

        /// An entry's place.
        func position(_ entry: Int) -> ArraySlice<UInt8> {
            bytes[entries[entry].start + 8..<entries[entry].key]
        }

        /// The entry at `key`, if the page holds one; `base`: the number of the page's first entry.
        func kept(_ key: PixelDigest, base: Int) -> Kept? {
            var (low, high) = (0, byKey.count)
            while low < high {
                let middle = (low + high) / 2
                if FileFactsCache.precedes(byKey[middle].key, key) { low = middle + 1 } else { high = middle }
            }
            guard low < byKey.count, byKey[low].key == key else { return nil }
            let entry = Int(byKey[low].entry)
            return Kept(
                key: key, bytes: bytes, start: entries[entry].key, end: entries[entry].end, ordinal: base + entry, inPages: true)
        }
    }

    /// The new file as it is written: its head and pages so far, and its index. (A class: the page being made
    /// grows in place, never copied by a copy of `Pages`.)
    final class Writer {
        let stream: AtomicFileStream
        /// Bytes written to the file.
        var offset: Int
        var page: [UInt8] = []
        var pageEntries = 0
        /// Where the page's last entry begins (its place, like every entry's, lies in the page).
        var lastEntry = 0
        var index = FactsWriter()
        var indexCount = 0
        /// Every place up to this one is written: an entry learned for one of them is kept by its digest.
        var upTo: [UInt8]?
        /// The old file's next entry to merge: its page, its entry in the page, and its number.
        var cursor = 0
        var cursorEntry = 0
        var cursorOrdinal = 0

        init(stream: AtomicFileStream, offset: Int) {
            self.stream = stream
            self.offset = offset
        }
    }

    /// Writing the new file failed.
    struct WriteFailed: Error {}

    /// The old file's pages, those read, which of their entries this run used, and what it learned for the pages.
    struct Pages {
        private var file: OpenFile?
        private var index: [Page] = []
        /// The pages' first and last places, one after the other.
        private var bounds: [UInt8] = []
        /// The page the last lookup found (most lookups find the same one as the one before).
        private var recent = 0
        private(set) var entryCount = 0
        private var used: [UInt64] = []
        private var usedCount = 0
        private var resident: [ReadPage] = []
        /// What this run learned and has not written: each entry after its length and its place, in one buffer.
        private var pendingBytes: [UInt8] = []
        private var pending: [(start: Int, count: Int, positionCount: Int)] = []
        private var writer: Writer?
        /// Bytes of pages written.
        private var written = 0
        /// Whether nothing more is kept in pages: the bound is reached, or writing failed.
        private(set) var full = false
        /// Whether writing the new file failed (nothing is saved).
        private(set) var failed = false

        init() {}

        var isEmpty: Bool { index.isEmpty }
        var isWriting: Bool { writer != nil }
        var hasPending: Bool { !pending.isEmpty }
        /// Whether the file holds entries this run did not use (the next file leaves them out).
        var dropsEntries: Bool { usedCount < entryCount }

        /// The pages' index from the end of the file (after the entries by digest), for pages lying one after
        /// the other from `start` to `end`, in order of their places; nil when it is out of shape.
        init?(index reader: inout FactsReader, from start: Int, to end: Int, file: OpenFile) {
            // An index entry takes at least 40 bytes, and no more pages than the bound on their bytes makes (each
            // but the last reaches `pageBytes`): the count is checked before anything is allocated for it.
            guard let count = reader.u32(), Int(count) <= (reader.end - reader.position) / 40,
                Int(count) <= maxPagedBytes / pageBytes + 1
            else { return nil }
            index.reserveCapacity(Int(count))
            var offset = start
            var ordinal = 0
            for _ in 0..<count {
                guard let at = reader.u64(), Int(truncatingIfNeeded: at) == offset, let byteCount = reader.u32(),
                    let entryCount = reader.u32(), entryCount > 0, Int(byteCount) <= maxPagedEntryBytes + pageBytes,
                    Int(entryCount) <= Int(byteCount) / (keyBytes + 8), let digest = reader.digest(),
                    let firstCount = reader.u32(), let first = reader.take(Int(firstCount)), let lastCount = reader.u32(),
                    let last = reader.take(Int(lastCount)), ByteSearch.order(first, last) <= 0
                else { return nil }
                if let previous = index.last, ByteSearch.order(bounds[previous.last], first) >= 0 { return nil }
                let firstRange = bounds.count..<bounds.count + first.count
                bounds += first
                let lastRange = bounds.count..<bounds.count + last.count
                bounds += last
                index.append(
                    Page(
                        offset: offset, byteCount: Int(byteCount), entryCount: Int(entryCount), digest: digest,
                        first: firstRange, last: lastRange, ordinal: ordinal))
                offset += Int(byteCount)
                ordinal += Int(entryCount)
                guard offset - start <= maxPagedBytes + maxPagedEntryBytes + pageBytes else { return nil }
            }
            guard offset == end else { return nil }
            entryCount = ordinal
            used = [UInt64](repeating: 0, count: (ordinal + 63) / 64)
            self.file = count > 0 ? file : nil
        }

        // MARK: Finding

        /// The entry at `key` in the page holding `position`, reading that page when it is not held.
        mutating func find(_ key: PixelDigest, at position: [UInt8]) -> Kept? {
            guard !index.isEmpty else { return nil }
            var number = recent
            if !holds(number, position) {
                var (low, high) = (0, index.count)
                while low < high {
                    let middle = (low + high) / 2
                    if order(bounds: index[middle].first, position) <= 0 { low = middle + 1 } else { high = middle }
                }
                guard low > 0, order(bounds: index[low - 1].last, position) >= 0 else { return nil }
                number = low - 1
                recent = number
            }
            guard let slot = read(number) else { return nil }
            return resident[slot].kept(key, base: index[number].ordinal)
        }

        /// Whether page `number`'s places reach from its first to its last around `position`.
        private func holds(_ number: Int, _ position: [UInt8]) -> Bool {
            number < index.count && order(bounds: index[number].first, position) <= 0
                && order(bounds: index[number].last, position) >= 0
        }

        /// How the place at `range` of `bounds` orders against `position` (negative when it comes first).
        private func order(bounds range: Range<Int>, _ position: [UInt8]) -> Int {
            bounds.withUnsafeBufferPointer { bounds in
                position.withUnsafeBufferPointer { ByteSearch.order(UnsafeBufferPointer(rebasing: bounds[range]), $0) }
            }
        }

        /// Marks the entry numbered `ordinal` used; true when this is its first use and the new file has already
        /// passed its place (it must then be kept by its digest, or it would be lost).
        mutating func use(_ ordinal: Int) -> Bool {
            guard ordinal >= 0, ordinal < entryCount else { return false }
            let bit: UInt64 = 1 << UInt64(ordinal & 63)
            guard used[ordinal >> 6] & bit == 0 else { return false }
            used[ordinal >> 6] |= bit
            usedCount += 1
            return writer.map { ordinal < $0.cursorOrdinal } ?? false
        }

        private func isUsed(_ ordinal: Int) -> Bool {
            used[ordinal >> 6] & (1 << UInt64(ordinal & 63)) != 0
        }

        /// Where page `number`, read and checked, is held (among the last `residentPages` read); nil when it fails.
        private mutating func read(_ number: Int) -> Int? {
            if let held = resident.lastIndex(where: { $0.number == number }) { return held }
            let page = index[number]
            guard !page.failed, let file, let bytes = try? file.readFully(count: page.byteCount, at: page.offset),
                bytes.count == page.byteCount, FileFactsCache.digest(bytes[...]) == page.digest,
                let read = Self.entries(of: bytes, page: page, first: bounds[page.first], last: bounds[page.last], number: number)
            else {
                index[number].failed = true
                return nil
            }
            if resident.count >= residentPages { resident.removeFirst() }
            resident.append(read)
            return resident.count - 1
        }

        /// A page's entries, each after its length and its place, in order of their places and within the
        /// page's first and last; nil when they are out of shape.
        private static func entries(
            of bytes: [UInt8], page: Page, first: ArraySlice<UInt8>, last: ArraySlice<UInt8>, number: Int
        ) -> ReadPage? {
            var reader = FactsReader(bytes)
            var read = ReadPage(number: number, bytes: bytes, entries: [], byKey: [])
            read.entries.reserveCapacity(page.entryCount)
            for entry in 0..<page.entryCount {
                let start = reader.position
                guard let length = reader.u32(), Int(length) >= 4 + keyBytes, let positionCount = reader.u32(),
                    Int(positionCount) <= Int(length) - 4 - keyBytes, let position = reader.take(Int(positionCount))
                else { return nil }
                let key = reader.position
                guard let digest = reader.digest(), reader.take(Int(length) - 4 - Int(positionCount) - 16) != nil else { return nil }
                if entry == 0 {
                    guard ByteSearch.order(position, first) == 0 else { return nil }
                } else {
                    guard ByteSearch.order(read.position(entry - 1), position) < 0 else { return nil }
                }
                read.entries.append((start, key, reader.position))
                read.byKey.append((digest, Int32(entry)))
            }
            guard reader.isAtEnd, !read.entries.isEmpty,
                ByteSearch.order(read.position(read.entries.count - 1), last) == 0
            else { return nil }
            read.byKey.sort { FileFactsCache.precedes($0.key, $1.key) }
            return read
        }

        // MARK: Learning

        /// Whether an entry at `position` can still go in a page (the new file has not passed its place).
        func accepts(_ position: [UInt8]) -> Bool {
            guard let upTo = writer?.upTo else { return true }
            return ByteSearch.order(position[...], upTo[...]) > 0
        }

        /// Keeps `entry` (its length, its place `position`, key, identity and body, as a page holds it), writing
        /// pages when enough waits; false when it is not kept (too large for a page, or the pages' bound is reached).
        mutating func add(_ entry: [UInt8], at position: [UInt8], stamp: [UInt8], file path: String) -> Bool {
            let count = entry.count
            guard !full, count <= maxPagedEntryBytes else { return false }
            guard written + pendingBytes.count + count <= maxPagedBytes else {
                full = true
                return false
            }
            if pending.isEmpty { pendingBytes.reserveCapacity(pendingLimit + pageBytes) }
            pending.append((pendingBytes.count, count, position.count))
            pendingBytes += entry
            if pendingBytes.count >= pendingLimit { flush(all: false, stamp: stamp, file: path) }
            return true
        }

        /// An entry's place in `pendingBytes`.
        private func pendingPosition(_ entry: (start: Int, count: Int, positionCount: Int)) -> ArraySlice<UInt8> {
            pendingBytes[entry.start + 8..<entry.start + 8 + entry.positionCount]
        }

        /// Writes what waits (`all`), or its first three quarters by place, merged with the old file's entries
        /// up to the same place that this run used; a later entry learned for the same place wins.
        private mutating func flush(all: Bool, stamp: [UInt8], file path: String) {
            guard !failed else { return }
            if writer == nil { start(stamp: stamp, file: path) }
            guard writer != nil else { return }
            // By place, and for one place in the order they were learned (the buffer's order).
            let bytes = pendingBytes
            pending.sort { left, right in
                let order = ByteSearch.order(
                    bytes[left.start + 8..<left.start + 8 + left.positionCount],
                    bytes[right.start + 8..<right.start + 8 + right.positionCount])
                return order != 0 ? order < 0 : left.start < right.start
            }
            var cut = all ? pending.count : pending.count * 3 / 4
            if !all {
                guard cut > 0 else { return }
                while cut < pending.count, ByteSearch.order(pendingPosition(pending[cut]), pendingPosition(pending[cut - 1])) == 0 {
                    cut += 1
                }
            }
            let limit: [UInt8]? = all ? nil : Array(pendingPosition(pending[cut - 1]))
            var next = 0
            while !failed {
                var learned: ArraySlice<UInt8>?
                if next < cut {
                    while next + 1 < cut, ByteSearch.order(pendingPosition(pending[next]), pendingPosition(pending[next + 1])) == 0 {
                        next += 1
                    }
                    learned = pendingPosition(pending[next])
                }
                let old = nextOld(upTo: limit)
                guard learned != nil || old != nil else { break }
                if let old, let learnedPlace = learned {
                    let order = ByteSearch.order(old.page.position(old.entry), learnedPlace)
                    if order < 0 {
                        emitOld(old.page, old.entry)
                        continue
                    }
                    if order == 0 { passOld() }
                } else if let old {
                    emitOld(old.page, old.entry)
                    continue
                }
                let entry = pending[next]
                emit(pendingBytes[entry.start..<entry.start + entry.count])
                next += 1
            }
            if let limit { writer?.upTo = limit }
            // What is left waits, in a buffer of its own (the written part's room is given back).
            let rest = pending[cut...]
            var kept: [UInt8] = []
            kept.reserveCapacity(all ? 0 : pendingLimit + pageBytes)
            var keptEntries: [(start: Int, count: Int, positionCount: Int)] = []
            keptEntries.reserveCapacity(rest.count)
            for entry in rest {
                keptEntries.append((kept.count, entry.count, entry.positionCount))
                kept += pendingBytes[entry.start..<entry.start + entry.count]
            }
            pendingBytes = kept
            pending = keptEntries
        }

        /// The old file's next entry this run used, at or before `limit` (any, when nil), skipping those it did not.
        private mutating func nextOld(upTo limit: [UInt8]?) -> (page: ReadPage, entry: Int)? {
            guard let writer else { return nil }
            while writer.cursor < index.count {
                let number = writer.cursor
                guard let slot = read(number) else {
                    writer.cursor += 1
                    writer.cursorEntry = 0
                    writer.cursorOrdinal = number + 1 < index.count ? index[number + 1].ordinal : entryCount
                    continue
                }
                let page = resident[slot]
                if writer.cursorEntry >= page.entries.count {
                    writer.cursor += 1
                    writer.cursorEntry = 0
                    continue
                }
                if let limit, ByteSearch.order(page.position(writer.cursorEntry), limit[...]) > 0 { return nil }
                let ordinal = index[number].ordinal + writer.cursorEntry
                if isUsed(ordinal) { return (page, writer.cursorEntry) }
                writer.cursorEntry += 1
                writer.cursorOrdinal = ordinal + 1
            }
            return nil
        }

        /// Moves past the old file's next entry (the one `nextOld` gave).
        private func passOld() {
            guard let writer else { return }
            writer.cursorOrdinal = index[writer.cursor].ordinal + writer.cursorEntry + 1
            writer.cursorEntry += 1
        }

        /// Copies the old file's entry into the new file, and moves past it.
        private mutating func emitOld(_ page: ReadPage, _ entry: Int) {
            let (start, _, end) = page.entries[entry]
            emit(page.bytes[start..<end])
            passOld()
        }

        /// Appends an entry (its length, place, key, identity and body) to the page being made.
        private mutating func emit(_ entry: ArraySlice<UInt8>) {
            guard let writer else { return }
            // Old entries merged in count too: past the bound, nothing more is kept.
            guard written + writer.page.count + entry.count <= maxPagedBytes else {
                full = true
                return
            }
            if writer.page.isEmpty { writer.page.reserveCapacity(pageBytes + 4096) }
            writer.lastEntry = writer.page.count
            writer.page += entry
            writer.pageEntries += 1
            if writer.page.count >= pageBytes { finishPage() }
        }

        /// Writes the page being made, and notes it in the index.
        private mutating func finishPage() {
            guard let writer, !writer.page.isEmpty else { return }
            do {
                try writer.stream.append(writer.page)
            } catch {
                writer.stream.discard()
                self.writer = nil
                (failed, full) = (true, true)
                return
            }
            writer.index.u64(UInt64(writer.offset))
            writer.index.u32(UInt32(writer.page.count))
            writer.index.u32(UInt32(writer.pageEntries))
            writer.index.digest(FileFactsCache.digest(writer.page[...]))
            for start in [0, writer.lastEntry] {
                // The first and last entries' places, as they lie in the page (after each one's two lengths).
                var reader = FactsReader(writer.page, from: start + 4)
                let count = Int(reader.u32() ?? 0)
                writer.index.u32(UInt32(count))
                writer.index.bytes += writer.page[start + 8..<start + 8 + count]
            }
            writer.indexCount += 1
            writer.offset += writer.page.count
            written += writer.page.count
            writer.page.removeAll(keepingCapacity: true)
            writer.pageEntries = 0
        }

        /// Starts the new file beside the old (its folder made when missing), with its head.
        private mutating func start(stamp: [UInt8], file path: String) {
            let head = FileFactsCache.head(stamp: stamp)
            do {
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                if !folder.isEmpty { try AtomicFileWriter.makeDirectory(folder) }
                let stream = try AtomicFileStream(path: path, overwrite: true, durable: false)
                try stream.append(head)
                writer = Writer(stream: stream, offset: head.count)
            } catch {
                (failed, full) = (true, true)
            }
        }

        /// Writes every page of the new file (starting it when nothing was written yet); gives its stream, where
        /// its end goes, and the pages' index. Throws when writing failed.
        mutating func finish(stamp: [UInt8], file path: String) throws -> (AtomicFileStream, (offset: Int, index: [UInt8])) {
            flush(all: true, stamp: stamp, file: path)
            finishPage()
            guard !failed, let writer else { throw WriteFailed() }
            var index = FactsWriter()
            index.u32(UInt32(writer.indexCount))
            index.bytes += writer.index.bytes
            return (writer.stream, (writer.offset, index.bytes))
        }
    }
}
