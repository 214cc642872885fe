/// What git's index says about the files of a catalog in a git work tree: for each tracked file, the status git
/// recorded when it last wrote or checked it, and its content's object id. A file whose status is still the one
/// recorded (and was not "racily clean" then) has that content: the cache of files' facts keys it by the object
/// id instead of its status (`contentIdentity`), so a fresh checkout on a CI machine, whose files all have new
/// inodes and times, finds what a restored cache learned from the same content elsewhere.
///
/// Read here by hand rather than through a library: no git library is in the packages this machine carries
/// (libgit2 is not a system package the build may assume, and running `git` for every validation would cost a
/// process and tie the check to a tool CI images may lack); the index format is small and documented
/// (gitformat-index: versions 2, 3 and 4, SHA-1 object ids). Anything it does not know — another version, a
/// split index (`link` extension), SHA-256 object ids, a damaged or oversized file — gives no index: every file
/// is keyed by its status, as without git.
import AssetsSupport

package struct GitIndex: Sendable {
    /// What the index recorded of one file: the low 32 bits of its status fields, as git keeps them, and its
    /// object id (20 bytes, as three words).
    struct Entry: Sendable {
        var ctimeSeconds: UInt32
        var ctimeNanoseconds: UInt32
        var mtimeSeconds: UInt32
        var mtimeNanoseconds: UInt32
        var device: UInt32
        var inode: UInt32
        var size: UInt32
        var object: (UInt64, UInt64, UInt32)

    }

    /// The entries under the catalog, by catalog-relative path.
    let entries: [String: Entry]
    /// When the index file was last written: an entry modified at or after it may have changed in the same
    /// clock grain after git looked ("racily clean") and is not trusted.
    let written: (seconds: UInt32, nanoseconds: UInt32)

    /// The largest index read (about 300,000 tracked files): a larger one gives no index.
    static let maxIndexBytes = 48 << 20
    /// How many folders up from the catalog a work tree's `.git` is looked for.
    static let maxDepth = 64
    /// A device number no `stat` gives: marks an identity made from content.
    static let contentDevice = UInt64.max

    /// The index of the git work tree holding the catalog at the real path `catalog`, with the entries under
    /// it; nil when there is none, it is not readable as the format says, or the search meets a folder others
    /// may write to (a `.git` planted there is not trusted, as `.asset-tool.json` is not).
    static func covering(_ catalog: String) -> GitIndex? {
        guard let root = RepositoryRoot.nearest(from: catalog, levels: maxDepth),
            case .success(let status) = CatalogFileSystem.targetStatus(root + "/.git"),
            let gitFolder = Self.gitFolder(root + "/.git", isFolder: status.type == .directory, workTree: root),
            !Self.usesSHA256(gitFolder)
        else { return nil }
        let prefix = catalog == root ? "" : String(catalog.dropFirst(root.count + 1)) + "/"
        return read(gitFolder + "/index", under: prefix)
    }

    /// The git folder `.git` names: itself, or the `gitdir:` a linked work tree's or submodule's `.git` file gives.
    private static func gitFolder(_ dotGit: String, isFolder: Bool, workTree: String) -> String? {
        if isFolder { return dotGit }
        guard case .success(let read) = CatalogFileSystem.read(dotGit, maxBytes: 4096),
            let text = String(validating: read.head, as: UTF8.self), text.hasPrefix("gitdir: ")
        else { return nil }
        let named = text.dropFirst("gitdir: ".count).prefix { $0 != "\n" && $0 != "\r" }
        guard !named.isEmpty else { return nil }
        return named.hasPrefix("/") ? String(named) : workTree + "/" + named
    }

    /// Whether the repository's objects are named by SHA-256 (`extensions.objectFormat = sha256` in its
    /// config, or a linked work tree's common folder's): its index entries hold 32-byte ids, not read here.
    private static func usesSHA256(_ gitFolder: String) -> Bool {
        var configs = [gitFolder + "/config"]
        if case .success(let read) = CatalogFileSystem.read(gitFolder + "/commondir", maxBytes: 4096),
            let text = String(validating: read.head, as: UTF8.self)
        {
            let common = text.prefix { $0 != "\n" && $0 != "\r" }
            configs.append(common.hasPrefix("/") ? String(common) + "/config" : gitFolder + "/" + common + "/config")
        }
        return configs.contains { config in
            guard case .success(let read) = CatalogFileSystem.read(config, maxBytes: 1 << 20) else { return false }
            let text = String(decoding: read.head, as: UTF8.self).lowercased()
            return text.contains("objectformat") && text.contains("sha256")
        }
    }

    /// Reads the index file at `path`, keeping the entries whose path starts with `prefix` (by the rest of it).
    static func read(_ path: String, under prefix: String) -> GitIndex? {
        guard let identity = FileIdentity.of(path), identity.size <= maxIndexBytes,
            case .success(let read) = CatalogFileSystem.read(path, maxBytes: maxIndexBytes), read.head.count == read.size,
            let entries = parse(read.head, under: prefix)
        else { return nil }
        let modified = identity.modified
        let seconds = modified / 1_000_000_000
        return GitIndex(
            entries: entries,
            written: (UInt32(truncatingIfNeeded: seconds), UInt32(truncatingIfNeeded: modified - seconds * 1_000_000_000)))
    }

    /// The entries of an index's bytes under `prefix`; nil when the bytes are not an index this reader knows.
    /// Every run in a git work tree reads it before any set (a CI checkout keys every file by it), so an entry
    /// outside the catalog costs no allocation, and the table is made once at its size: parsing a 12,000-file
    /// index had been a fifth of a restored-cache `validate` of the bench catalog, before its first set was read.
    static func parse(_ bytes: [UInt8], under prefix: String) -> [String: Entry]? {
        var reader = BigEndianReader(bytes)
        guard reader.matches("DIRC"), let version = reader.u32(), (2...4).contains(version),
            let count = reader.u32(), Int(count) <= bytes.count / 62
        else { return nil }
        let prefixBytes = Array(prefix.utf8)
        var kept: [(String, Entry)] = []
        // Version 4's names are the previous one's bytes less a count, then new ones: rebuilt in one buffer.
        var previous: [UInt8] = []
        for _ in 0..<count {
            let start = reader.offset
            guard let ctimeSeconds = reader.u32(), let ctimeNanoseconds = reader.u32(), let mtimeSeconds = reader.u32(),
                let mtimeNanoseconds = reader.u32(), let device = reader.u32(), let inode = reader.u32(), let mode = reader.u32(),
                reader.skip(8), let size = reader.u32(), let high = reader.u64(), let middle = reader.u64(),
                let low = reader.u32(), let flags = reader.u16()
            else { return nil }
            var extended: UInt16 = 0
            if flags & 0x4000 != 0 {
                guard version >= 3, let more = reader.u16() else { return nil }
                extended = more
            }
            let name: ArraySlice<UInt8>
            if version == 4 {
                guard let strip = reader.varint(), strip <= previous.count, let rest = reader.cString() else { return nil }
                previous.removeLast(strip)
                previous += bytes[rest]
                name = previous[...]
            } else {
                guard let rest = reader.cString() else { return nil }
                name = bytes[rest]
                // Padded with 1 to 8 NULs (one already read) to a multiple of 8 bytes from the entry's start.
                let length = reader.offset - start
                let padded = (length + 7) / 8 * 8
                guard reader.skip(padded - length) else { return nil }
            }
            // A regular file (not a link, a submodule or a sparse folder), at stage 0, not only intended to add.
            let stage = (flags >> 12) & 0x3
            guard mode & 0o170000 == 0o100000, stage == 0, extended & 0x2000 == 0, name.starts(with: prefixBytes),
                let relative = String(validating: name.dropFirst(prefixBytes.count), as: UTF8.self)
            else { continue }
            kept.append(
                (
                    relative,
                    Entry(
                        ctimeSeconds: ctimeSeconds, ctimeNanoseconds: ctimeNanoseconds, mtimeSeconds: mtimeSeconds,
                        mtimeNanoseconds: mtimeNanoseconds, device: device, inode: inode, size: size, object: (high, middle, low))
                ))
        }
        // A split index keeps most entries in another file: not read.
        while reader.remaining > 20 {
            if reader.matches("link") { return nil }
            guard reader.skip(4), let length = reader.u32(), reader.skip(Int(length)) else { return nil }
        }
        guard reader.remaining == 20 else { return nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(kept.count)
        // A name twice (never in an index git wrote): the later entry, as one table filled in order keeps.
        for (relative, entry) in kept { entries[relative] = entry }
        return entries
    }

    /// An identity made from the content git recorded for the catalog-relative `path`, when the file's `identity`
    /// is the status git recorded with it and the entry is not racily clean; nil otherwise.
    func contentIdentity(of path: String, identity: FileIdentity) -> FileIdentity? {
        guard let entry = entries[path] else { return nil }
        let (modifiedSeconds, modifiedNanoseconds) = Self.split(identity.modified)
        let (changedSeconds, changedNanoseconds) = Self.split(identity.changed)
        guard entry.size == UInt32(truncatingIfNeeded: identity.size), entry.inode == UInt32(truncatingIfNeeded: identity.inode),
            entry.device == UInt32(truncatingIfNeeded: identity.device),
            entry.mtimeSeconds == modifiedSeconds, entry.mtimeNanoseconds == modifiedNanoseconds,
            entry.ctimeSeconds == changedSeconds, entry.ctimeNanoseconds == changedNanoseconds,
            (entry.mtimeSeconds, entry.mtimeNanoseconds) < written
        else { return nil }
        return FileIdentity(
            size: identity.size, device: Self.contentDevice, inode: entry.object.0, modified: Int64(entry.object.2),
            changed: Int64(bitPattern: entry.object.1))
    }

    private static func split(_ nanoseconds: Int64) -> (UInt32, UInt32) {
        let seconds = nanoseconds / 1_000_000_000
        return (UInt32(truncatingIfNeeded: seconds), UInt32(truncatingIfNeeded: nanoseconds - seconds * 1_000_000_000))
    }
}

/// Big-endian fields off a byte buffer, each nil past its end.
private struct BigEndianReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    /// Steps over `count` bytes; false (and no step) past the end.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        offset += count
        return true
    }

    /// Steps over four bytes when they are `signature`'s (ASCII); false, and no step, otherwise or past the end.
    mutating func matches(_ signature: StaticString) -> Bool {
        guard remaining >= 4, signature.utf8CodeUnitCount == 4 else { return false }
        let expected = UnsafeBufferPointer(start: signature.utf8Start, count: 4)
        guard bytes[offset..<(offset + 4)].elementsEqual(expected) else { return false }
        offset += 4
        return true
    }

    mutating func u16() -> UInt16? {
        guard remaining >= 2 else { return nil }
        defer { offset += 2 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    mutating func u32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) { value = value << 8 | UInt32(bytes[index]) }
        offset += 4
        return value
    }

    mutating func u64() -> UInt64? {
        guard let high = u32(), let low = u32() else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// Git's offset varint (index version 4's prefix length).
    mutating func varint() -> Int? {
        guard remaining >= 1 else { return nil }
        var byte = bytes[offset]
        offset += 1
        var value = Int(byte & 0x7F)
        var steps = 0
        while byte & 0x80 != 0 {
            steps += 1
            guard steps < 5, remaining >= 1 else { return nil }
            byte = bytes[offset]
            offset += 1
            value = ((value + 1) << 7) | Int(byte & 0x7F)
        }
        return value
    }

    /// Where the bytes up to the next NUL lie (the NUL is consumed); nil when there is none.
    mutating func cString() -> Range<Int>? {
        guard let end = bytes[offset...].firstIndex(of: 0) else { return nil }
        defer { offset = end + 1 }
        return offset..<end
    }
}
