/// What the cache of files' facts keeps of a set folder: its listing (names and the types the folder gave
/// them), and its `Contents.json`'s identity and bytes, so a run over a set that did not change stats the
/// folder and its `Contents.json` instead of opening, listing and reading them.
///
/// Keyed by the set's catalog-relative path and the folder's identity (device, inode, and the times its
/// content and status changed: a folder's modification time changes when a name in it is added, removed
/// or renamed); the `Contents.json` bytes are used only while its own identity is unchanged. A folder or
/// `Contents.json` written less than a second before the run is not kept. What the listing says is judged
/// again on every run (links are vetted, names checked), as when the folder is listed.
import AssetsSupport
import AssetsCodecs

extension FileFactsCache {
    /// A set folder as a run found it: its listing, and its `Contents.json` (identity and bytes) when it is
    /// a regular file, settled and at most `maxKeptContentsBytes`.
    struct KeptSet {
        var children: [CatalogFileSystem.Listed]
        var contents: (identity: FileIdentity, bytes: [UInt8])?
    }

    /// The largest `Contents.json` whose bytes are kept (nearly every one is under 2 KiB); a larger one is
    /// read every time.
    static let maxKeptContentsBytes = 16 << 10

    /// Whether anything is kept for the set folder at `relative` (before its identity is asked: a `stat`).
    func holdsSet(at relative: String) -> Bool {
        holds(Self.setKey(relative), at: Self.position(relative))
    }

    /// The listing and `Contents.json` kept for the set folder at `relative`, with the folder's identity, asking
    /// for it (a `stat`) only when something is kept for that folder at all; nil when nothing is kept, the
    /// identity cannot be had or is not the one kept.
    func set(at relative: String, folder identity: () -> FileIdentity?) -> (identity: FileIdentity, set: KeptSet)? {
        guard let kept = kept(Self.setKey(relative), at: Self.position(relative)), let folder = identity(),
            var reader = take(kept, identity: folder), let set = Self.decodeSet(&reader)
        else { return nil }
        return (folder, set)
    }

    /// Keeps the listing and `Contents.json` of the set folder at `relative`, of identity `folder` (nothing
    /// when the folder is not settled; the bytes only when `Contents.json` is). `onlyWithContents`: nothing
    /// when the bytes are not kept (a kept listing is not written again without them).
    func record(_ set: KeptSet, at relative: String, folder: FileIdentity, onlyWithContents: Bool = false) {
        guard keeps(folder) else { return }
        var kept = set
        if let contents = kept.contents, !keeps(contents.identity) || contents.bytes.count > Self.maxKeptContentsBytes {
            kept.contents = nil
        }
        if onlyWithContents, kept.contents == nil { return }
        record(Self.encode(kept), at: Self.setKey(relative), position: Self.position(relative), identity: folder)
    }

    /// A set's key: a digest of its path behind a NUL, which no file's path holds.
    private static func setKey(_ relative: String) -> PixelDigest {
        pathDigest("\u{0}set/" + relative)
    }

    /// Each child takes at least this many bytes: a name's length, its type, its UTF-8 flag and its inode.
    private static let childBytes = 14

    static func encode(_ set: KeptSet) -> [UInt8] {
        var writer = FactsWriter()
        writer.bytes.reserveCapacity(64 + set.children.count * 32 + (set.contents?.bytes.count ?? 0))
        writer.u8(3)
        writer.u32(UInt32(set.children.count))
        for child in set.children {
            writer.string(child.name)
            writer.u8(typeNumber(child.type))
            writer.bool(child.isUTF8)
            writer.u64(child.inode)
        }
        writer.bool(set.contents != nil)
        if let contents = set.contents {
            write(contents.identity, into: &writer)
            writer.u32(UInt32(contents.bytes.count))
            writer.bytes += contents.bytes
        }
        return writer.bytes
    }

    /// The set `encode` kept; nil when the bytes are out of shape.
    static func decodeSet(_ reader: inout FactsReader) -> KeptSet? {
        // The count is checked against the bytes left before anything is allocated for it.
        guard reader.u8() == 3, let count = reader.u32(), Int(count) <= (reader.end - reader.position) / childBytes else {
            return nil
        }
        var children: [CatalogFileSystem.Listed] = []
        children.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let name = reader.string(), let type = entryType(reader.u8()), let isUTF8 = reader.bool(),
                let inode = reader.u64()
            else { return nil }
            children.append((name, type, isUTF8, inode))
        }
        guard let hasContents = reader.bool() else { return nil }
        var set = KeptSet(children: children)
        if hasContents {
            guard let identity = readIdentity(&reader), let length = reader.u32(), Int(length) <= maxKeptContentsBytes,
                let bytes = reader.take(Int(length))
            else { return nil }
            set.contents = (identity, Array(bytes))
        }
        return reader.isAtEnd ? set : nil
    }

    private static func typeNumber(_ type: CatalogFileSystem.EntryType) -> UInt8 {
        switch type {
        case .file: return 0
        case .directory: return 1
        case .symlink: return 2
        case .special: return 3
        case .other: return 4
        }
    }

    private static func entryType(_ number: UInt8?) -> CatalogFileSystem.EntryType? {
        switch number {
        case 0: return .file
        case 1: return .directory
        case 2: return .symlink
        case 3: return .special
        case 4: return .other
        default: return nil
        }
    }
}
