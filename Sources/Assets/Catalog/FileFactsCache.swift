/// What `validate` learned from each file of a catalog, kept between runs (as SwiftLint keeps its findings
/// per file), so a run over files that did not change stats each one instead of opening and reading it.
///
/// Keyed per file by its catalog-relative path and its identity (`FileIdentity`: size, device, inode, the
/// times its content and its status changed, to the nanosecond); a file written less than a second before the
/// run is not kept (two writes in one clock grain could leave the identity unchanged). The facts are the
/// header the reader found (`FileHeader`: format, dimensions, alpha, warnings, and for a small PNG or JPEG
/// its bytes' digest, which `duplicate-image` compares): only a probe that succeeded, or a PDF's or SVG's
/// check; a file that could not be read is read again every time. `--deep` does not use it (it decodes).
///
/// One file per catalog folder, off the catalog (`CacheFolder`), written atomically (`AtomicFileWriter`)
/// and only when the run learned something; its first bytes name the format, the running build (its
/// executable's identity), the reading options and the catalog, and a digest covers the entries: a file
/// of another build, other options or another catalog, or damaged, is read as empty, never trusted.
///
/// Two parts. The entries of set folders and of the files in them lie in the walk's order, in pages of about
/// 64 KiB that are read as the walk reaches them and let go of once it has passed (`+Pages.swift`): a
/// catalog's cache grows with the catalog while a run holds a few pages of it. The rest (what the catalog-wide
/// checks learn after the walk, `resolve`'s folder listings, and an entry learned after the walk had passed its
/// place) lies sorted by its key's digest, read whole and bounded by `maxEntryBytes`, and is found through an
/// index of the digests' leading bits (`SlotIndex`), then a binary search of the few slots sharing them.
///
/// It also keeps each set folder's listing and `Contents.json` bytes, keyed by the folder's identity and the
/// file's (`+Sets.swift`): a warm set costs a `stat` of its folder and one of its `Contents.json`.
import AssetsSupport
import AssetsCodecs

package final class FileFactsCache: Sendable {
    /// The file's first bytes, then the format's version.
    static let magic: [UInt8] = Array("ATFACTS\u{1A}".utf8)
    static let formatVersion: UInt32 = 5
    /// The most bytes of entries kept by their digest (the part not in pages), read or written, and a run holds
    /// in memory, the file's and those learned in the run together.
    package static let maxEntryBytes = 4 << 20
    /// A key: the path's digest (16 bytes) and the identity (40).
    static let keyBytes = 56
    /// The end of the file: the entries' length and their digest.
    static let trailerBytes = 24

    /// The cache file.
    package let file: String
    /// The start of the file's name (`init`).
    private let kind: String
    /// Whether no file's facts were found on disk (a first run: no file is stat'ed ahead of opening it).
    package let isEmpty: Bool
    let stamp: [UInt8]
    let storage: Locked<Storage>
    private let now: Int64
    private let enabled: Bool
    /// Which leading bits of the digest-keyed entries' keys the file holds, one bit each (about eight bits an
    /// entry, at most 128 KiB): a key whose bit is clear has no such entry, known without taking the lock.
    private let present: [UInt64]
    private let presentShift: UInt64

    /// The index of the git work tree holding the catalog, if any: a tracked file git saw unchanged is keyed
    /// by its content (`GitIndex.contentIdentity`), so a fresh checkout finds what a restored cache learned.
    private let gitIndex: GitIndex?

    /// Where an entry lies in `Storage.loaded` or `Storage.added`.
    struct Slot: Sendable {
        var path: PixelDigest
        var start: Int
        var count: Int
    }

    /// The entries kept by digest, read from the file and learned in this run, each in one buffer (no object per
    /// entry), and the pages (`+Pages.swift`); emptied by `save`.
    struct Storage {
        var loaded: [UInt8] = []
        var slots: [Slot] = []
        var firsts = SlotIndex()
        var used: [Bool] = []
        var added: [UInt8] = []
        var addedSlots: [Slot] = []
        /// The pages of the file and of the file being written.
        var pages = Pages()
    }

    /// The cache of the catalog whose real path is `catalog`, in `folder`, for the reading options
    /// `options` (with the build's identity). An absent, damaged or foreign file gives an empty cache,
    /// written anew when the run ends. `kind` begins the file's name: `facts` for what `validate` reads,
    /// `listings` for the folder listings `resolve`'s narrow walk keeps (`+Folders.swift`), so the two never
    /// take each other's file for a foreign one.
    package init(folder: String, catalog: String, options: String, kind: String = "facts") {
        let catalogDigest = Self.digest(Array(catalog.utf8)[...])
        self.kind = kind
        file = folder + "/" + kind + "-" + Self.hex(catalogDigest.high) + Self.hex(catalogDigest.low) + ".cache"
        var stampWriter = FactsWriter()
        let build = Self.buildStamp()
        stampWriter.string(build ?? "")
        stampWriter.string(options)
        stampWriter.string(catalog)
        stamp = stampWriter.bytes
        now = FileIdentity.now()
        // A build that cannot name itself could be another one than the build that wrote the file: no cache.
        enabled = build != nil
        // A listings cache keeps folders only, keyed by their identity (git records no folder): no index is read.
        gitIndex = build != nil && kind == "facts" ? GitIndex.covering(catalog) : nil
        var storage = Storage()
        if build != nil, let found = Self.load(file, stamp: stamp) {
            storage.loaded = found.bytes
            storage.slots = found.slots
            storage.firsts = SlotIndex(found.slots)
            storage.used = Array(repeating: false, count: found.slots.count)
            storage.pages = found.pages
        }
        isEmpty = storage.slots.isEmpty && storage.pages.isEmpty
        let bits = min(20, max(6, Int.bitWidth - storage.slots.count.leadingZeroBitCount + 3))
        var present = [UInt64](repeating: 0, count: storage.slots.isEmpty ? 0 : 1 << (bits - 6))
        presentShift = UInt64(64 - bits)
        for slot in storage.slots {
            let bit = Int(slot.path.high >> presentShift)
            present[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.present = present
        self.storage = Locked(storage)
    }

    /// How many entries were found on disk (by digest and in pages).
    package var count: Int { storage.withLock { $0.slots.count + $0.pages.entryCount } }

    /// The header kept for the file at the catalog-relative `path`, when its identity is still `identity`.
    func header(of path: String, identity: FileIdentity) -> FileHeader? {
        header(of: path, identity: { identity })
    }

    /// The header kept for the file at `path`, asking for its identity (a `stat`) only when an entry for that
    /// path is there at all: a file the cache does not know is opened and read as in a first run, not stat'ed
    /// first.
    func header(of path: String, identity: () -> FileIdentity?) -> FileHeader? {
        guard !isEmpty else { return nil }
        guard let kept = kept(Self.pathDigest(path), at: Self.position(path)), let identity = identity(),
            var reader = take(kept, identity: keyIdentity(of: path, identity))
        else { return nil }
        return Self.decode(&reader, size: identity.size)
    }

    /// Where an entry lies: its key, identity and body at `start..<end` of `bytes` (which never change, so
    /// they are read without the lock), and which entry of its part it is.
    struct Kept {
        var key: PixelDigest
        var bytes: [UInt8]
        var start: Int
        var end: Int
        var ordinal: Int
        var inPages: Bool
    }

    /// The entry kept at `key` (by digest, or in the pages at `position` when given), whatever its identity
    /// (not marked used). One kept by digest is taken first: one learned after the walk had passed its place in
    /// the pages is newer than the pages' own.
    func kept(_ key: PixelDigest, at position: [UInt8]? = nil) -> Kept? {
        guard !isEmpty else { return nil }
        let bit = Int(key.high >> presentShift)
        let byDigest = !present.isEmpty && present[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        guard byDigest || position != nil else { return nil }
        return storage.withLock { storage in
            if byDigest, let index = storage.firsts.find(key, in: storage.slots) {
                let slot = storage.slots[index]
                return Kept(
                    key: key, bytes: storage.loaded, start: slot.start, end: slot.start + slot.count, ordinal: index,
                    inPages: false)
            }
            guard let position else { return nil }
            return storage.pages.find(key, at: position)
        }
    }

    /// The body of `kept` when it was kept against `identity` (it is then used: written again by `save`).
    func take(_ kept: Kept, identity: FileIdentity) -> FactsReader? {
        var reader = FactsReader(kept.bytes, from: kept.start, to: kept.end)
        guard reader.take(16) != nil, let found = Self.readIdentity(&reader), found == identity else { return nil }
        storage.withLock { storage in
            if !kept.inPages {
                if kept.ordinal < storage.used.count { storage.used[kept.ordinal] = true }
            } else if storage.pages.use(kept.ordinal) {
                // The file being written has passed this entry's place: it is kept by its digest instead.
                Self.add(Array(kept.bytes[kept.start..<kept.end]), at: kept.key, to: &storage)
            }
        }
        return reader
    }

    /// Whether an entry is kept at `key` (in the pages, at `position` when given), whatever its identity.
    func holds(_ key: PixelDigest, at position: [UInt8]? = nil) -> Bool {
        kept(key, at: position) != nil
    }

    /// Keeps what reading the file at `path`, of identity `identity`, found (when it is kept at all:
    /// `encode`, the file settled, and room left).
    func record(_ header: FileHeader, of path: String, identity: FileIdentity) {
        // A content identity is settled: git's index vouches for the content (an entry written in the index's
        // clock grain is not taken), however recent the file.
        let key = keyIdentity(of: path, identity)
        guard enabled, key.isSettled(before: now), hasRoomInPages, let body = Self.encode(header) else { return }
        record(body, at: Self.pathDigest(path), position: Self.position(path), identity: key)
    }

    /// The identity the facts of the file at `path` are kept against: the content git recorded for it when
    /// its status is the one git recorded, else its status.
    func keyIdentity(of path: String, _ identity: FileIdentity) -> FileIdentity {
        gitIndex?.contentIdentity(of: path, identity: identity) ?? identity
    }

    /// The body of the entry kept at `key` (by digest, or in the pages at `position` when given), when its
    /// identity is still `identity` (the entry is then used: written again by `save`); nil when there is none or
    /// it was kept against another identity.
    func entry(_ key: PixelDigest, at position: [UInt8]? = nil, identity: FileIdentity) -> FactsReader? {
        guard let kept = kept(key, at: position) else { return nil }
        return take(kept, identity: identity)
    }

    /// Whether an entry may be kept against `identity`: the cache is on and the file or folder settled.
    func keeps(_ identity: FileIdentity) -> Bool {
        enabled && identity.isSettled(before: now)
    }

    /// Whether the pages have refused no entry for want of room yet (a header is then not encoded to be refused).
    private var hasRoomInPages: Bool { storage.withLock { !$0.pages.full } }

    /// Keeps `body` at `key` against `identity`: in the pages at `position` when given (an entry the walk has
    /// not passed), else by its digest when there is room left under `maxEntryBytes`.
    func record(_ body: [UInt8], at key: PixelDigest, position: [UInt8]? = nil, identity: FileIdentity) {
        // Made whole before the lock is taken: as a page holds it (its length and place first) when it has a place.
        var writer = FactsWriter()
        let head = position.map { 8 + $0.count } ?? 0
        writer.bytes.reserveCapacity(head + Self.keyBytes + body.count)
        if let position {
            writer.u32(UInt32(truncatingIfNeeded: 4 + position.count + Self.keyBytes + body.count))
            writer.u32(UInt32(truncatingIfNeeded: position.count))
            writer.bytes += position
        }
        writer.digest(key)
        Self.write(identity, into: &writer)
        writer.bytes += body
        let entry = writer.bytes
        storage.withLock { storage in
            if let position, storage.pages.accepts(position), storage.pages.add(entry, at: position, stamp: stamp, file: file) {
                return
            }
            Self.add(head == 0 ? entry : Array(entry[head...]), at: key, to: &storage)
        }
    }

    /// Keeps `entry` (key, identity and body) by its digest, when there is room under `maxEntryBytes`.
    private static func add(_ entry: [UInt8], at key: PixelDigest, to storage: inout Storage) {
        // Room beside what the file brought (a full cache learns nothing more; an entry of a changed file
        // takes the room its old one leaves at the next run).
        guard storage.loaded.count + storage.added.count + entry.count + 4 <= Self.maxEntryBytes else { return }
        storage.addedSlots.append(Slot(path: key, start: storage.added.count, count: entry.count))
        storage.added += entry
    }

    /// Writes the cache when this run learned something or found entries of files gone or changed (nothing is
    /// written after a run that only used it), and lets go of what it held. Entries no file of this run used
    /// are dropped. Failing to write changes nothing but the next run's speed: false.
    @discardableResult
    package func save() -> Bool {
        var storage = self.storage.withLock { storage in
            let taken = storage
            storage = Storage()
            return taken
        }
        guard enabled, !storage.pages.failed else { return false }
        guard
            storage.pages.isWriting || storage.pages.hasPending || storage.pages.dropsEntries
                || !storage.addedSlots.isEmpty || storage.used.contains(false)
        else { return true }
        // Every entry by digest to write, by its digest (an entry learned now first for a key both hold).
        var order: [(slot: Slot, added: Bool)] = storage.addedSlots.map { ($0, true) }
        for (index, slot) in storage.slots.enumerated() where storage.used[index] { order.append((slot, false)) }
        order.sort { Self.precedes($0.slot.path, $1.slot.path) || ($0.slot.path == $1.slot.path && $0.added && !$1.added) }
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        do {
            let (stream, pages) = try storage.pages.finish(stamp: stamp, file: file)
            try Self.stream(order, from: storage, pages: pages, to: stream)
            try stream.commit()
        } catch {
            return false
        }
        CacheFolder.prune(
            folder, named: { [kind] in $0.hasPrefix(kind + "-") && $0.hasSuffix(".cache") }, keeping: file, atMost: Self.maxCatalogs)
        return true
    }

    /// The end of the file, after its pages: the entries by digest each after its length, the pages' index, then
    /// where this part began and its digest.
    private static func stream(
        _ order: [(slot: Slot, added: Bool)], from storage: Storage, pages: (offset: Int, index: [UInt8]),
        to stream: AtomicFileStream
    ) throws {
        var kept: [(slot: Slot, added: Bool)] = []
        var payloadCount = 0
        var previous: PixelDigest?
        for entry in order where entry.slot.path != previous {
            guard payloadCount + entry.slot.count + 4 <= maxEntryBytes else { break }
            previous = entry.slot.path
            payloadCount += entry.slot.count + 4
            kept.append(entry)
        }
        var tail = FactsWriter()
        tail.bytes.reserveCapacity(payloadCount + pages.index.count + 8)
        tail.u32(UInt32(kept.count))
        for entry in kept {
            tail.u32(UInt32(entry.slot.count))
            let source = entry.added ? storage.added : storage.loaded
            tail.bytes += source[entry.slot.start..<entry.slot.start + entry.slot.count]
        }
        tail.bytes += pages.index
        var trailer = FactsWriter()
        trailer.u64(UInt64(pages.offset))
        trailer.digest(digest(tail.bytes[...]))
        try stream.append(tail.bytes)
        try stream.append(trailer.bytes)
    }

    /// At most this many catalogs' caches are kept in a folder; past it, the least recently written go.
    package static let maxCatalogs = 64

    // MARK: Reading the file

    /// The most bytes the end of the file (entries by digest and the pages' index) may take.
    static let maxTailBytes = maxEntryBytes + (8 << 20)

    /// The file's head as this build, these options and this catalog write it.
    static func head(stamp: [UInt8]) -> [UInt8] {
        var head = FactsWriter()
        head.bytes = magic
        head.u32(formatVersion)
        head.u32(UInt32(stamp.count))
        head.bytes += stamp
        return head.bytes
    }

    /// The file's entries by digest and its pages' index, when its head is this build's, options' and catalog's
    /// and its end is whole (the pages are checked one by one as they are read).
    private static func load(_ file: String, stamp: [UInt8]) -> (bytes: [UInt8], slots: [Slot], pages: Pages)? {
        guard let open = try? CatalogFileSystem.open(file), case .success(let status) = open.status(), status.type == .file
        else { return nil }
        let head = Self.head(stamp: stamp)
        let size = status.size
        guard size >= head.count + trailerBytes, let found = try? open.readFully(count: head.count, at: 0), found == head,
            let end = try? open.readFully(count: trailerBytes, at: size - trailerBytes), end.count == trailerBytes
        else { return nil }
        var trailer = FactsReader(end)
        guard let tailOffset = trailer.u64().map({ Int(truncatingIfNeeded: $0) }), let digest = trailer.digest(),
            tailOffset >= head.count, tailOffset <= size - trailerBytes, size - trailerBytes - tailOffset <= maxTailBytes,
            let bytes = try? open.readFully(count: size - trailerBytes - tailOffset, at: tailOffset),
            bytes.count == size - trailerBytes - tailOffset, Self.digest(bytes[...]) == digest
        else { return nil }
        var reader = FactsReader(bytes)
        guard let count = reader.u32(), Int(count) <= bytes.count / (keyBytes + 4) else { return nil }
        var slots: [Slot] = []
        slots.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let entryCount = reader.u32(), Int(entryCount) >= keyBytes, Int(entryCount) <= maxEntryBytes else { return nil }
            let start = reader.position
            guard reader.take(Int(entryCount)) != nil else { return nil }
            var key = FactsReader(bytes, from: start, to: start + 16)
            guard let path = key.digest() else { return nil }
            // Sorted and each key once, as `save` writes them: anything else is not this format.
            if let last = slots.last, !precedes(last.path, path) { return nil }
            slots.append(Slot(path: path, start: start, count: Int(entryCount)))
        }
        guard reader.position <= maxEntryBytes + 4,
            let pages = Pages(index: &reader, from: head.count, to: tailOffset, file: open), reader.isAtEnd
        else { return nil }
        return (bytes, slots, pages)
    }
    /// Where the slots whose paths' digests begin with each run of leading bits start, so that a lookup
    /// searches the two or three slots of its run instead of halving them all: the digests lie evenly over
    /// 64 bits, and at 12,000 entries halving probed 14 times through memory the size of the file. A file whose
    /// digests crowd into one run (it would have to be made so) costs a search of that run, no more than before.
    struct SlotIndex: Sendable {
        private var firsts: [Int32] = [0, 0]
        private var bits = 0

        init() {}

        init(_ slots: [Slot]) {
            // Two to four slots a run: 2^14 runs (64 KiB) for the 4 MiB bound's 37,000 entries, at most 2^16.
            bits = min(16, max(0, Int.bitWidth - slots.count.leadingZeroBitCount - 2))
            let runs = 1 << bits
            firsts = []
            firsts.reserveCapacity(runs + 1)
            var index = 0
            for run in 0..<runs {
                while index < slots.count, self.run(of: slots[index].path) < run { index += 1 }
                firsts.append(Int32(index))
            }
            firsts.append(Int32(slots.count))
        }

        private func run(of path: PixelDigest) -> Int {
            bits == 0 ? 0 : Int(path.high >> UInt64(64 - bits))
        }

        /// The slot of `path` in `slots` (the slots this index was made of), if there is one.
        func find(_ path: PixelDigest, in slots: [Slot]) -> Int? {
            let run = run(of: path)
            guard run + 1 < firsts.count else { return nil }
            var (low, high) = (Int(firsts[run]), min(Int(firsts[run + 1]), slots.count))
            while low < high {
                let middle = (low + high) / 2
                if FileFactsCache.precedes(slots[middle].path, path) { low = middle + 1 } else { high = middle }
            }
            return low < slots.count && slots[low].path == path ? low : nil
        }
    }

    // MARK: Keys

    static func pathDigest(_ path: String) -> PixelDigest {
        var path = path
        var hasher = StableHasher()
        path.withUTF8 { hasher.add(UnsafeRawBufferPointer($0)) }
        return hasher.finish()
    }

    /// The fixed-key digest of `bytes` (the same in every run and on every machine).
    static func digest(_ bytes: ArraySlice<UInt8>) -> PixelDigest {
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.add($0) }
        return hasher.finish()
    }

    static func precedes(_ left: PixelDigest, _ right: PixelDigest) -> Bool {
        left.high != right.high ? left.high < right.high : left.low < right.low
    }

    static func write(_ identity: FileIdentity, into writer: inout FactsWriter) {
        writer.int(identity.size)
        writer.u64(identity.device)
        writer.u64(identity.inode)
        writer.u64(UInt64(bitPattern: identity.modified))
        writer.u64(UInt64(bitPattern: identity.changed))
    }

    static func readIdentity(_ reader: inout FactsReader) -> FileIdentity? {
        guard let size = reader.int(), let device = reader.u64(), let inode = reader.u64(), let modified = reader.u64(),
            let changed = reader.u64()
        else { return nil }
        return FileIdentity(
            size: size, device: device, inode: inode, modified: Int64(bitPattern: modified), changed: Int64(bitPattern: changed))
    }

    /// The running build: its executable's identity, so a rebuilt tool reads every file again (nil when
    /// it cannot be found).
    private static func buildStamp() -> String? {
        guard let build = CacheFolder.executableIdentity() else { return nil }
        return "build \(build.size) \(build.device) \(build.inode) \(build.modified)"
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension FileFactsCache: Hashable {
    // A cache is itself: a reading plan that holds one equals only a plan holding the same.
    package static func == (lhs: FileFactsCache, rhs: FileFactsCache) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
