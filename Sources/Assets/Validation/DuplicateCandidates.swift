/// `duplicate-image` without decoding, or even reading, what cannot be a duplicate.
///
/// By bytes (`validate`, with or without `--deep`): two files are copies only when their headers agree and
/// their sizes are equal, both read already; a file whose (header, size) no other file shares is never opened
/// again. A file of at most 8 KiB comes with its digest (the probe read it whole: `FileHeader.bytesDigest`);
/// the others are read whole on every core and their bytes hashed (`PixelDigest.ofBytes`, fixed-key), or, when the
/// catalog's cache of files' facts kept the digest of the file with its identity unchanged, stat'ed and not read
/// (`FileFactsCache.bytesDigest`; a digest found by reading is kept there for the next run).
///
/// By pixels (`size`, `report --deep`): two files show the same pixels only when their
/// headers agree on format, width, height and orientation (`ImageDigestTable.Shape`); only files whose
/// shape another file shares are decoded for their pixel digest (`LosslessOptimizer.digest`), and equal
/// bytes are decoded once per run.
import AssetsSupport
import AssetsCodecs

package enum DuplicateCandidates {
    /// What two files must share to be reported as duplicates.
    package enum Evidence: Sendable {
        /// The same bytes: a copy of the file.
        case bytes
        /// The same decoded pixels, colour profile and orientation, whatever the encoding.
        case pixels

        /// How a finding says it: "... as the kept file".
        var words: String { self == .bytes ? "has the same bytes as" : "shows the same pixels as" }
    }

    /// What must be equal before two files are compared at all.
    private struct Key: Hashable {
        var shape: ImageDigestTable.Shape
        /// The file's size (by bytes), or -1 (by pixels: re-encoded files differ in size).
        var size: Int

        /// An arbitrary but fixed order, to bring equal keys together.
        func precedes(_ other: Key) -> Bool {
            let mine = (shape.format, shape.orientation, shape.width, shape.height, size)
            let theirs = (other.shape.format, other.shape.orientation, other.shape.width, other.shape.height, other.size)
            return mine < theirs
        }
    }

    /// The digest of a whole file's bytes, as `duplicate-image` compares copies (tagged with the format, as
    /// `ImageDigestTable.Shape` numbers it).
    package static func bytesDigest(_ bytes: [UInt8], format: ImageFormat) -> PixelDigest {
        let tag = ImageDigestTable.Shape(format: format, orientation: .up, width: 0, height: 0).format
        return bytes.withUnsafeBytes { PixelDigest.ofBytes($0, tag: tag) }
    }

    /// Finds the digest of every row of `tables` whose key another row (of any table) shares and that has
    /// not been looked at yet. `roots[i]` is the folder of `tables[i]`'s catalog; `caches[i]`, when there is one,
    /// its cache of files' facts, which keeps the byte digests (by bytes only).
    package static func resolve(
        _ tables: inout [ImageDigestTable], roots: [String], by evidence: Evidence,
        limits: DecodingLimits, workers: Int = ParallelWork.processorCount, caches: [FileFactsCache?] = []
    ) {
        guard tables.count == roots.count else { return }
        // Equal bytes are equal headers, so a copy shares the shape too.
        func key(_ row: ImageDigestTable.Row) -> Key { Key(shape: row.shape, size: evidence == .bytes ? row.size : -1) }
        // Every row by key (row numbers sorted, not a dictionary of 280,000 keys at the scale tree): a run of
        // two or more rows shares its key.
        var byKey: [(table: Int32, row: Int32)] = []
        byKey.reserveCapacity(tables.reduce(0) { $0 + $1.count })
        for (tableIndex, table) in tables.enumerated() {
            guard let tableNumber = Int32(exactly: tableIndex) else { break }
            for rowIndex in table.rows.indices {
                guard let rowNumber = Int32(exactly: rowIndex) else { break }
                byKey.append((tableNumber, rowNumber))
            }
        }
        byKey.sort { left, right in
            key(tables[Int(left.table)].rows[Int(left.row)]).precedes(key(tables[Int(right.table)].rows[Int(right.row)]))
        }
        var wanted: [(table: Int32, row: Int32)] = []
        var runStart = 0
        for position in byKey.indices {
            let file = byKey[position]
            let next = position + 1 < byKey.count ? byKey[position + 1] : nil
            let fileKey = key(tables[Int(file.table)].rows[Int(file.row)])
            guard next.map({ key(tables[Int($0.table)].rows[Int($0.row)]) != fileKey }) ?? true else { continue }
            // `byKey[runStart ... position]` is one key's run.
            if position > runStart {
                // A small file's bytes were digested as the probe read them whole (`FileHeader.bytesDigest`).
                wanted += byKey[runStart...position].filter { !tables[Int($0.table)].rows[Int($0.row)].looked }
            }
            runStart = position + 1
        }
        byKey = []
        guard !wanted.isEmpty else { return }
        // In table and path order, as the files lie in their folders.
        wanted.sort { $0.table != $1.table ? $0.table < $1.table : $0.row < $1.row }
        let digests = Self.digests(
            of: wanted, in: tables, roots: roots, by: evidence, limits: limits, workers: workers,
            caches: evidence == .bytes ? caches : [])
        for (index, digest) in digests.enumerated() {
            tables[Int(wanted[index].table)].setDigest(digest, ofRow: Int(wanted[index].row))
        }
    }

    /// The digests of the rows `wanted` of `tables` (read only: the caller's tables are not copied), on `workers` cores.
    private static func digests(
        of wanted: [(table: Int32, row: Int32)], in tables: [ImageDigestTable], roots: [String],
        by evidence: Evidence, limits: DecodingLimits, workers: Int, caches: [FileFactsCache?]
    ) -> [PixelDigest?] {
        let catalogRoots = roots.map { CatalogRoot(path: $0) ?? CatalogRoot(path: $0, real: $0) }
        let formats = ImageFormat.allCases
        // Bytes decoded in this run, by their digest: a copy of a file is decoded once.
        let decoded = Locked<[PixelDigest: PixelDigest?]>([:])
        return ParallelWork.map(count: wanted.count, chunk: 8, width: workers) { index -> PixelDigest? in
            let (tableIndex, rowIndex) = (Int(wanted[index].table), Int(wanted[index].row))
            let row = tables[tableIndex].rows[rowIndex]
            guard Int(row.shape.format) < formats.count else { return nil }
            let format = formats[Int(row.shape.format)]
            let path = tables[tableIndex].path(rowIndex)
            let cache = tableIndex < caches.count ? caches[tableIndex] : nil
            // A file the cache knows unchanged is stat'ed (by path, as the reader stats a file of a set folder it
            // did not open), not read.
            if let cache, let identity = FileIdentity.of(CatalogReader.slashJoined(catalogRoots[tableIndex].path, path)),
                let kept = cache.bytesDigest(of: path, identity: identity)
            {
                return kept
            }
            guard case .success(let file) = catalogRoots[tableIndex].openFile(path),
                case .success(let read) = file.read(), read.head.count == read.size
            else { return nil }
            let bytes = read.head
            let content = bytes.withUnsafeBytes { PixelDigest.ofBytes($0, tag: row.shape.format) }
            guard evidence == .pixels else {
                if let cache, let identity = file.identity { cache.recordBytesDigest(content, of: path, identity: identity) }
                return content
            }
            if let seen = decoded.withLock({ $0[content] }) { return seen }
            let orientation = ImageOrientation(rawValue: Int(row.shape.orientation)) ?? .up
            let digest = LosslessOptimizer.digest(bytes, format: format, orientation: orientation, limits: limits)
            decoded.withLock { $0[content] = .some(digest) }
            return digest
        }
    }
}
