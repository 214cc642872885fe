/// The files of a set as the catalog reader found and read them: each file's name and the type the folder
/// listing gave it, and, when the reader was asked to read files, what one read of the file found (its
/// format, its header probed by the codecs, or why it could not be read). The validator judges these
/// records; it never opens a file itself.
import AssetsSupport
import AssetsCodecs

/// One name in a set folder (a file, or a folder inside a container set), as the reader listed it.
struct AssetFile: Sendable, Hashable {
    var name: String
    /// The type the folder listing gave: `.file` (DT_REG) is opened without asking its type again;
    /// a link, or a name the listing gave no type (or a record made by hand), goes through the whole rule.
    var listedType: CatalogFileSystem.EntryType?
    /// What reading the file found, when the reader read it (files named by the set's entries).
    var header: FileHeader?

    init(name: String, listedType: CatalogFileSystem.EntryType? = nil, header: FileHeader? = nil) {
        self.name = name
        self.listedType = listedType
        self.header = header
    }

    // A record is its name: how the folder listed it and what reading it found are no part of a
    // catalog's value (a set built by hand equals the one read from disk).
    static func == (lhs: AssetFile, rhs: AssetFile) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Asset {
    /// What the reader found reading the file `name` of this set, when it read it (a search: for one name).
    func header(of name: String) -> FileHeader? {
        fileRecords.first { $0.name == name }?.header
    }
}

/// How much of each file an entry names the reader reads.
package enum SetFileReading: Sendable, Hashable {
    /// None: names only (`resolve`, a plain `AssetCatalog.read`).
    case none
    /// Head and end, and the header probed (`validate`, `report`); with a cache, a file whose identity
    /// the cache knows is stat'ed, not read, and what reading a file finds is kept in it (`FileFactsCache`).
    /// `digests`: a PNG or JPEG read whole by the probe gets its bytes' digest (`FileHeader.bytesDigest`),
    /// which only `duplicate-image` uses (and the cache keeps, so that a later run with it has it).
    case headers(DecodingLimits, cache: FileFactsCache? = nil, digests: Bool = true)
    /// Whole, the header probed and the bytes kept on the record for a full decode (`validate --deep`);
    /// a streaming read drops them once the set is checked.
    case whole(DecodingLimits)

    var limits: DecodingLimits? {
        switch self {
        case .none: return nil
        case .headers(let limits, _, _), .whole(let limits): return limits
        }
    }

    /// The cache of files' facts, when reading headers with one (never when reading whole: `--deep` decodes).
    var cache: FileFactsCache? {
        if case .headers(_, let cache, _) = self { return cache }
        return nil
    }

    /// Whether a small PNG's or JPEG's bytes are digested as the probe reads them.
    var digests: Bool {
        if case .headers(_, let cache, let digests) = self { return digests || cache != nil }
        return false
    }

    var isWhole: Bool {
        if case .whole = self { return true }
        return false
    }
}

/// A file's bytes as the reader read them: the whole file, or its head and tail when it is large.
struct FileSample: Sendable, Hashable {
    var head: [UInt8]
    var tail: [UInt8]
    var size: Int
    var isWhole: Bool { head.count == size }

    /// The header as the codecs read it from these bytes (`ImageInspector.probe`), with the end of the
    /// file checked against the tail; errors name `file` (built only for an error). Warnings are kept, not judged.
    func probe(limits: DecodingLimits, file: @autoclosure () -> String) throws(ImageError) -> ImageInfo {
        do {
            // As ImageInspector.probe(head:tail:fileSize:), for whole files and heads alike. noteMissingEnd
            // looks at the very end first, so the 4 KiB tail costs nothing more when the file ends as it should.
            var probed = try ImageInspector.probe(head, limits: limits, isWholeFile: false)
            probed.noteMissingEnd(tail: tail, fileSize: size)
            return probed
        } catch {
            throw error.naming(file: file())
        }
    }
}

/// What one read of a file found.
struct FileHeader: Sendable, Hashable {
    enum Content: Sendable, Hashable {
        /// The catalog's path rule refused to open it (a link out of the catalog, a FIFO or device, a folder).
        case refused(CatalogRoot.Refusal)
        /// Opened, but reading failed.
        case unreadable(SystemError)
        /// Its bytes are no image format this package knows.
        case unknownFormat
        /// A Git LFS pointer (`version https://git-lfs.github.com/spec/v1`, the object's id and size): the
        /// checkout has the pointer, not the file (`git lfs pull` was not run).
        case lfsPointer
        /// Its bytes are an image format Xcode takes that nothing here reads (`otherImageFormat`: PSD, TIFF, BMP, OpenEXR).
        case otherFormat(String)
        /// PNG, JPEG, GIF: the header probe, or why it failed. Kept out of line: a header travels with its
        /// file's record through the reader, the set's model and the validator, and every copy of an
        /// `ImageInfo` inline moved some 200 bytes and retained each of its arrays and strings.
        indirect case raster(ImageFormat, Result<ImageInfo, ImageError>)
        /// PDF, SVG: nil when sound, else what is wrong (`VectorFileCheck`).
        case vector(ImageFormat, problem: String?)
        /// HEIC, WebP: not decoded here; the structure of their boxes or chunks, and the size they declare
        /// (`HEIFStructureCheck`, `WebPStructureCheck`).
        case structure(ImageFormat, HEIFStructureCheck.Outcome)
    }

    var content: Content
    var size: Int = 0
    /// The whole file, kept only when read for a full decode (`SetFileReading.whole`, PNG, JPEG, GIF).
    var bytes: [UInt8]?
    /// The digest of the whole file's bytes (`DuplicateCandidates.bytesDigest`), when the probe read a PNG or
    /// JPEG whole (at most `probeHead` bytes) without `bytes` being kept: `duplicate-image` then compares
    /// copies without opening the file again.
    var bytesDigest: PixelDigest?

    /// The sniffed format, when the bytes are one.
    var format: ImageFormat? {
        switch content {
        case .raster(let format, _), .vector(let format, _), .structure(let format, _): return format
        case .refused, .unreadable, .unknownFormat, .lfsPointer, .otherFormat: return nil
        }
    }
}

extension CatalogReader {
    /// When probing, only this much of a file's head (and 4 KiB of its tail) is read at first.
    /// Two pages: the headers of nearly every PNG and JPEG fit, and most catalog images are read whole in
    /// one call, no slower than one page plus a tail read. A JPEG whose headers run past it, or a PNG
    /// whose chunks before the image data do, is read again with `ImageInspector.headerWindow`, then whole.
    static let probeHead = 8 << 10

    /// A probe first reads the last 16 bytes: a sound PNG ends with its 12-byte IEND chunk, a sound JPEG
    /// with FF D9. Anything else gets the whole window `ImageInfo.noteMissingEnd` searches.
    static let endBytes = 16

    /// Whether the file's last bytes settle the end check (`ImageInfo.noteMissingEnd`) on their own.
    static func endsSoundly(_ last: [UInt8]) -> Bool {
        if last.count >= 2, last[last.count - 2] == 0xFF, last[last.count - 1] == 0xD9 { return true }
        return ImageInfo.endsWithIEND(last)
    }

    /// The records of the files the set's entries name, each once, in the order first named: the files a
    /// reader reads and the validator checks. A name must be plain and in the folder; names compare as
    /// Unicode text (a composed "é" equals a decomposed one), as on APFS, where Xcode finds such a file.
    static func namedFiles(of asset: Asset) -> [Int] {
        guard asset.readsEntryFiles else { return [] }
        let lookup = FileLookup(asset.fileRecords)
        // A set names a handful of files: the list found so far is searched; many are hashed (an empty
        // set allocates nothing).
        let hashed = asset.entries.count > 32
        var seen = Set<Int>()
        var named: [Int] = []
        named.reserveCapacity(asset.entries.count)
        for entry in asset.entries {
            guard let filename = entry.filename, CatalogRoot.isPlainName(filename), let index = lookup.index(of: filename),
                hashed ? seen.insert(index).inserted : !named.contains(index)
            else { continue }
            named.append(index)
        }
        return named
    }

    /// Reads the files the set's entries name that `reading` asks for and the records lack, from the set
    /// folder `folder` (opened here from the catalog root when nil).
    static func readFiles(of asset: inout Asset, root: CatalogRoot, folder given: OpenFolder?, reading: SetFileReading) {
        guard let limits = reading.limits else { return }
        let wanted = namedFiles(of: asset).filter { index in
            guard let header = asset.fileRecords[index].header else { return true }
            if reading.isWhole, case .raster = header.content, header.bytes == nil { return true }
            return false
        }
        guard !wanted.isEmpty else { return }
        readFiles(
            wanted, of: &asset, root: root, folder: given, whole: reading.isWhole, limits: limits, cache: reading.cache,
            digests: reading.digests)
    }

    /// `folder` nil: the set folder is opened from the catalog root before the first file that must be read
    /// (a set whose files the cache knows, and whose listing it kept, is never opened).
    private static func readFiles(
        _ wanted: [Int], of asset: inout Asset, root: CatalogRoot, folder given: OpenFolder?,
        whole: Bool, limits: DecodingLimits, cache: FileFactsCache?, digests: Bool
    ) {
        let setPath = asset.path
        var folder = given
        var triedOpening = given != nil
        // Only a regular file the folder listed is looked up (one `fstatat`, or a `stat` of its path when the
        // folder is not open), and only when the cache holds an entry for its path: a first run, and a file the
        // cache does not know, stat nothing more than a run without a cache.
        let lookingUp = cache.map { !$0.isEmpty } ?? false
        // The set folder's path from here, for a file stat'ed by path: made once for the set.
        let absoluteSet = lookingUp && folder == nil ? CatalogReader.slashJoined(root.path, setPath) : ""
        for index in wanted {
            // The file's catalog-relative path is built only where it is used: a link on the way, a probe's error.
            let (name, listed) = (asset.fileRecords[index].name, asset.fileRecords[index].listedType)
            if lookingUp, listed == .file, let cache,
                let kept = cache.header(
                    of: CatalogReader.slashJoined(setPath, name),
                    identity: { folder != nil ? folder?.identity(of: name) : FileIdentity.of(CatalogReader.slashJoined(absoluteSet, name)) }
                )
            {
                asset.fileRecords[index].header = kept
                continue
            }
            if !triedOpening {
                folder = CatalogFileSystem.openFolder(root.path + "/" + setPath)
                triedOpening = true
            }
            let opened: Result<OpenFile, CatalogRoot.Refusal>
            switch folder {
            case .some(let folder): opened = root.openFile(named: name, in: folder, relative: "\(setPath)/\(name)", listed: listed)
            case .none: opened = root.openFile("\(setPath)/\(name)")
            }
            switch opened {
            case .failure(let refusal):
                asset.fileRecords[index].header = FileHeader(content: .refused(refusal))
            case .success(let file):
                let header = readHeader(file, name: name, path: "\(setPath)/\(name)", whole: whole, limits: limits, digests: digests)
                asset.fileRecords[index].header = header
                if let cache, listed == .file, let identity = file.identity {
                    cache.record(header, of: "\(setPath)/\(name)", identity: identity)
                }
            }
        }
    }

    /// One read of an open file: its bytes sniffed, and the header of a PNG, JPEG or GIF probed. A probe
    /// reads the head and the last bytes; GIFs (frame count) and SVGs (XML parse) are read whole, and so
    /// is every file when `whole`. When the headers run past the head, more is read from the same descriptor.
    /// The size the open found, when it did, is not asked again (`OpenFile.knownSize`).
    static func readHeader(
        _ file: OpenFile, name: String, path: @autoclosure () -> String, whole: Bool,
        limits: DecodingLimits, digests: Bool = true
    ) -> FileHeader {
        let claimed = ImageFormat(fileExtension: fileExtension(name) ?? "")
        let wholeFile = whole || claimed == .gif || claimed == .svg
        var sample: FileSample
        let read =
            wholeFile
            ? file.read(tail: ImageInfo.endWindow)
            : file.read(head: probeHead, tail: endBytes, widerTail: (ImageInfo.endWindow, endsSoundly))
        switch read {
        case .failure(let error): return FileHeader(content: .unreadable(error))
        case .success(let read): sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        guard let format = ImageFormat(sniffing: sample.head) else {
            if isLFSPointer(sample.head) { return FileHeader(content: .lfsPointer, size: sample.size) }
            return FileHeader(content: otherImageFormat(sample.head).map { .otherFormat($0) } ?? .unknownFormat, size: sample.size)
        }
        if !sample.isWhole, format == .svg || format == .gif,
            case .success(let read) = file.read(tail: ImageInfo.endWindow)
        {
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        if !sample.isWhole, format == .pdf, sample.tail.count < ImageInfo.endWindow,
            case .success(let read) = file.read(head: 0, tail: ImageInfo.endWindow)
        {
            // The %%EOF search looks further back than the bytes a PNG or JPEG ends with.
            sample.tail = read.tail
        }
        if !sample.isWhole, format == .heic, sample.head.count < ImageInspector.headerWindow,
            case .success(let read) = file.read(head: ImageInspector.headerWindow, tail: 0)
        {
            // A HEIF's `meta` box, with the image's size, may reach past the first pages.
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        if !sample.isWhole, format == .png, !PNGHeaderScan.reachesImageData(sample.head),
            case .success(let read) = file.read(head: ImageInspector.headerWindow, tail: ImageInfo.endWindow)
        {
            // Chunks before the image data (a large colour profile, text) run past the head: read more of it.
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        switch format {
        case .png, .jpeg, .gif:
            let probed: Result<ImageInfo, ImageError>
            do throws(ImageError) {
                probed = .success(try probe(&sample, file: file, path: path(), limits: limits))
            } catch {
                probed = .failure(error)
            }
            var header = FileHeader(content: .raster(format, probed), size: sample.size, bytes: whole && sample.isWhole ? sample.head : nil)
            if digests, !whole, format != .gif, sample.isWhole, sample.size <= probeHead {
                header.bytesDigest = DuplicateCandidates.bytesDigest(sample.head, format: format)
            }
            return header
        case .pdf:
            return FileHeader(content: .vector(.pdf, problem: VectorFileCheck.pdfProblem(sample)), size: sample.size)
        case .svg:
            return FileHeader(content: .vector(.svg, problem: VectorFileCheck.svgProblem(sample.head)), size: sample.size)
        case .heic:
            return FileHeader(content: .structure(.heic, HEIFStructureCheck.check(sample)), size: sample.size)
        case .webp:
            return FileHeader(content: .structure(.webp, WebPStructureCheck.check(sample)), size: sample.size)
        }
    }

    /// Image formats Xcode takes in a set (ImageIO reads them) that `ImageFormat` does not sniff because
    /// nothing here decodes them, named for messages: Photoshop, TIFF (macOS apps' multi-resolution images),
    /// BMP, OpenEXR.
    /// Git LFS's pointer file: its first line, as the LFS specification writes it (a pointer is under 1 KiB).
    static func isLFSPointer(_ head: [UInt8]) -> Bool {
        let magic = Array("version https://git-lfs.github.com/spec/v1".utf8)
        return head.count < 1024 && head.count >= magic.count && head.prefix(magic.count).elementsEqual(magic)
    }

    static func otherImageFormat(_ head: [UInt8]) -> String? {
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && head.prefix(magic.count).elementsEqual(magic) }
        if starts(Array("8BPS".utf8)) { return "Photoshop (PSD)" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0x76, 0x2F, 0x31, 0x01]) { return "OpenEXR" }
        // BMP: "BM", the file size, then four reserved bytes that are zero.
        if starts(Array("BM".utf8)), head.count >= 14, head[6..<10].allSatisfy({ $0 == 0 }) { return "BMP" }
        return nil
    }

    /// Probes the header; when only the head was read and the headers reach past it (large metadata
    /// before the frame header), reads 64 KiB and tries again, then the whole file.
    private static func probe(
        _ sample: inout FileSample, file: OpenFile, path: @autoclosure () -> String,
        limits: DecodingLimits
    ) throws(ImageError) -> ImageInfo {
        do {
            return try sample.probe(limits: limits, file: path())
        } catch {
            guard error.kind == .truncated, !sample.isWhole else { throw error }
            if sample.head.count < ImageInspector.headerWindow,
                case .success(let read) = file.read(head: ImageInspector.headerWindow, tail: ImageInfo.endWindow)
            {
                sample = FileSample(head: read.head, tail: read.tail, size: read.size)
                do {
                    return try sample.probe(limits: limits, file: path())
                } catch  where error.kind == .truncated && !sample.isWhole {
                    // Still inside the headers: read it all, below.
                }
            }
            guard case .success(let read) = file.read(tail: ImageInfo.endWindow) else { throw error }
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
            return try sample.probe(limits: limits, file: path())
        }
    }
}

/// Finds a file record by name as Unicode text: a handful of names are searched in order, many are hashed.
struct FileLookup {
    private let records: [AssetFile]
    private let table: [String: Int]?

    init(_ records: [AssetFile]) {
        self.records = records
        guard records.count > 32 else {
            table = nil
            return
        }
        var table: [String: Int] = [:]
        for (index, record) in records.enumerated() where table[record.name] == nil { table[record.name] = index }
        self.table = table
    }

    func index(of name: String) -> Int? {
        if let table { return table[name] }
        return records.firstIndex { $0.name == name }
    }
}
