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
/// of another build, other options or another catalog, or damaged, or longer than `maxFileBytes`, is read
/// as empty, never trusted. Entries lie sorted by their path's digest and are found by a binary search.
import AssetsSupport
import AssetsCodecs

package final class FileFactsCache: Sendable {
    /// The file's first bytes, then the format's version.
    static let magic: [UInt8] = Array("ATFACTS\u{1A}".utf8)
    static let formatVersion: UInt32 = 1
    /// The largest cache file read or written (about 600,000 images).
    package static let maxFileBytes = 64 << 20
    /// A key: the path's digest (16 bytes) and the identity (40).
    static let keyBytes = 56

    /// The cache file.
    package let file: String
    private let stamp: [UInt8]
    private let loaded: [UInt8]
    private let slots: [Slot]
    private let used: Locked<[Bool]>
    private let added: Locked<[Added]>
    private let now: Int64
    private let enabled: Bool

    /// Where an entry read from the file lies in `loaded`.
    private struct Slot: Sendable {
        var path: PixelDigest
        var start: Int
        var count: Int
    }

    /// An entry learned in this run.
    private struct Added: Sendable {
        var path: PixelDigest
        var bytes: [UInt8]
    }

    /// The cache of the catalog whose real path is `catalog`, in `folder`, for the reading options
    /// `options` (with the build's identity: `stamp(options:)`). An absent, damaged or foreign file gives an
    /// empty cache, written anew when the run ends.
    package init(folder: String, catalog: String, options: String) {
        let catalogDigest = Self.digest(Array(catalog.utf8)[...])
        file = folder + "/facts-" + Self.hex(catalogDigest.high) + Self.hex(catalogDigest.low) + ".cache"
        var stampWriter = FactsWriter()
        let build = Self.buildStamp()
        stampWriter.string(build ?? "")
        stampWriter.string(options)
        stampWriter.string(catalog)
        stamp = stampWriter.bytes
        now = FileIdentity.now()
        // A build that cannot name itself could be another one than the build that wrote the file: no cache.
        enabled = build != nil
        let (bytes, slots) = (build == nil ? nil : Self.load(file, stamp: stamp)) ?? ([], [])
        loaded = bytes
        self.slots = slots
        used = Locked(Array(repeating: false, count: slots.count))
        added = Locked([])
    }

    /// How many files' facts were found on disk.
    package var count: Int { slots.count }

    /// Whether no file's facts were found on disk (a first run: no file is stat'ed ahead of opening it).
    package var isEmpty: Bool { slots.isEmpty }

    /// The header kept for the file at the catalog-relative `path`, when its identity is still `identity`.
    func header(of path: String, identity: FileIdentity) -> FileHeader? {
        let digest = Self.pathDigest(path)
        guard let index = find(digest) else { return nil }
        let slot = slots[index]
        var reader = FactsReader(loaded, from: slot.start, to: slot.start + slot.count)
        guard reader.take(16) != nil, let kept = Self.readIdentity(&reader), kept == identity,
            let header = Self.decode(&reader, size: identity.size)
        else { return nil }
        used.withLock { $0[index] = true }
        return header
    }

    /// Keeps what reading the file at `path`, of identity `identity`, found (when it is kept at all:
    /// `encode`, and the file settled).
    func record(_ header: FileHeader, of path: String, identity: FileIdentity) {
        guard enabled, identity.isSettled(before: now), let body = Self.encode(header) else { return }
        var writer = FactsWriter()
        let digest = Self.pathDigest(path)
        writer.digest(digest)
        Self.write(identity, into: &writer)
        writer.bytes += body
        let entry = Added(path: digest, bytes: writer.bytes)
        added.withLock { $0.append(entry) }
    }

    /// Writes the cache when this run learned something or found entries of files gone or changed (nothing is
    /// written after a run that only used it). Entries no file of this run used are dropped. Failing to write
    /// changes nothing but the next run's speed: false.
    @discardableResult
    package func save() -> Bool {
        let added = self.added.withLock { $0 }
        let used = self.used.withLock { $0 }
        guard enabled, !added.isEmpty || used.contains(false) else { return true }
        var entries: [(path: PixelDigest, bytes: ArraySlice<UInt8>)] = added.map { ($0.path, $0.bytes[...]) }
        for (index, slot) in slots.enumerated() where used[index] {
            entries.append((slot.path, loaded[slot.start..<slot.start + slot.count]))
        }
        entries.sort { Self.precedes($0.path, $1.path) }
        var payload: [UInt8] = []
        var count: UInt32 = 0
        var previous: PixelDigest?
        for entry in entries where entry.path != previous {
            guard payload.count + entry.bytes.count + 4 + stamp.count + 64 <= Self.maxFileBytes else { break }
            previous = entry.path
            withUnsafeBytes(of: UInt32(entry.bytes.count).littleEndian) { payload += $0 }
            payload += entry.bytes
            count += 1
        }
        var writer = FactsWriter()
        writer.bytes = Self.magic
        writer.u32(Self.formatVersion)
        writer.u32(UInt32(stamp.count))
        writer.bytes += stamp
        writer.u32(count)
        writer.u64(UInt64(payload.count))
        writer.digest(Self.digest(payload[...]))
        writer.bytes += payload
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        do {
            if !folder.isEmpty { try AtomicFileWriter.makeDirectory(folder) }
            try AtomicFileWriter(overwrite: true).write(writer.bytes, to: file)
            CacheFolder.prune(folder, named: { $0.hasPrefix("facts-") && $0.hasSuffix(".cache") }, keeping: file, atMost: Self.maxCatalogs)
            return true
        } catch {
            return false
        }
    }

    /// At most this many catalogs' caches are kept in a folder; past it, the least recently written go.
    package static let maxCatalogs = 64

    // MARK: Reading the file

    /// The file's entries, when it is whole and of this build, options and catalog.
    private static func load(_ file: String, stamp: [UInt8]) -> ([UInt8], [Slot])? {
        guard case .success(let read) = CatalogFileSystem.read(file, maxBytes: maxFileBytes), read.head.count == read.size
        else { return nil }
        let bytes = read.head
        var reader = FactsReader(bytes)
        guard let magic = reader.take(Self.magic.count), magic.elementsEqual(Self.magic), reader.u32() == formatVersion,
            let stampCount = reader.u32(), let found = reader.take(Int(stampCount)), found.elementsEqual(stamp),
            let count = reader.u32(), let payloadCount = reader.u64(), let digest = reader.digest(),
            payloadCount == UInt64(bytes.count - reader.position),
            Int(count) <= Int(payloadCount) / (keyBytes + 4)
        else { return nil }
        let payloadStart = reader.position
        guard Self.digest(bytes[payloadStart...]) == digest else { return nil }
        var slots: [Slot] = []
        slots.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let entryCount = reader.u32(), Int(entryCount) >= keyBytes else { return nil }
            let start = reader.position
            guard reader.take(Int(entryCount)) != nil else { return nil }
            var key = FactsReader(bytes, from: start, to: start + 16)
            guard let path = key.digest() else { return nil }
            // Sorted and each path once, as `save` writes them: anything else is not this format.
            if let last = slots.last, !precedes(last.path, path) { return nil }
            slots.append(Slot(path: path, start: start, count: Int(entryCount)))
        }
        guard reader.isAtEnd else { return nil }
        return (bytes, slots)
    }

    private func find(_ path: PixelDigest) -> Int? {
        var (low, high) = (0, slots.count)
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(slots[middle].path, path) { low = middle + 1 } else { high = middle }
        }
        return low < slots.count && slots[low].path == path ? low : nil
    }

    // MARK: Keys

    private static func pathDigest(_ path: String) -> PixelDigest {
        digest(Array(path.utf8)[...])
    }

    /// The fixed-key digest of `bytes` (the same in every run and on every machine).
    private static func digest(_ bytes: ArraySlice<UInt8>) -> PixelDigest {
        bytes.withUnsafeBytes { PixelDigest.ofBytes($0, tag: 0) }
    }

    private static func precedes(_ left: PixelDigest, _ right: PixelDigest) -> Bool {
        left.high != right.high ? left.high < right.high : left.low < right.low
    }

    private static func write(_ identity: FileIdentity, into writer: inout FactsWriter) {
        writer.int(identity.size)
        writer.u64(identity.device)
        writer.u64(identity.inode)
        writer.u64(UInt64(bitPattern: identity.modified))
        writer.u64(UInt64(bitPattern: identity.changed))
    }

    private static func readIdentity(_ reader: inout FactsReader) -> FileIdentity? {
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
