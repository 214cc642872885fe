/// `asset-tool optimize`: the catalog written again with every PNG and JPEG of its image sets (and app
/// icon, icon and sticker sets) rewritten losslessly where that is smaller and proven
/// (`LosslessOptimizer.rewrite`: decoded pixels, colour profile, gamma and orientation the same), every
/// other file copied byte for byte. The output folder appears whole or not at all (`StagedOutputFolder`);
/// with `inPlace` the catalog itself is that folder, replaced only once every file is written.
import AssetsSupport
import AssetsCodecs

public struct CatalogOptimization: Sendable, Hashable {
    public struct File: Sendable, Hashable {
        /// Catalog-relative.
        public var path: String
        public var before: Int
        public var after: Int
        public var change: String
    }

    /// The files rewritten, by path.
    public var rewritten: [File]
    /// Image files left as they were (nothing smaller, or not provable).
    public var unchanged: Int
    /// Files copied as they were (everything else).
    public var copied: Int
    public var bytesBefore: Int
    public var bytesAfter: Int
}

/// Why a catalog could not be optimised.
public struct CatalogOptimizationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

public struct CatalogOptimizer: Sendable {
    public var limits: DecodingLimits
    public var catalogLimits: CatalogLimits

    public init(limits: DecodingLimits = .default, catalogLimits: CatalogLimits = .default) {
        self.limits = limits
        self.catalogLimits = catalogLimits
    }

    /// The most files and folders a catalog may hold for `optimize`.
    static let maximumEntries = 2_000_000

    /// Folder kinds whose PNGs and JPEGs are images the app shows (not a data set's bytes).
    static let imageFolders: Set<String> = ["imageset", "appiconset", "iconset", "stickersiconset", "launchimage", "stickerpack", "sticker"]

    /// Writes the optimised catalog at `output` (or over `catalog` when `output` is the catalog, with `overwrite`).
    public func optimize(catalogAt catalog: String, output: String, overwrite: Bool) throws(CatalogOptimizationError) -> CatalogOptimization {
        // The tree first: folders and regular files; a link, a FIFO or a device stops the run (a copy would
        // change what it is, and an in-place rewrite must not drop it).
        var folders: [String] = []
        var files: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? catalog : "\(catalog)/\(folder)"
            guard case .success(let entries) = CatalogFileSystem.listTyped(absolute) else {
                throw CatalogOptimizationError(path: absolute, message: "cannot be listed")
            }
            if folders.count + files.count + entries.count > CatalogOptimizer.maximumEntries {
                throw CatalogOptimizationError(path: catalog, message: "holds more than \(CatalogOptimizer.maximumEntries) entries")
            }
            if folder.split(separator: "/").count > catalogLimits.maxDepth {
                throw CatalogOptimizationError(path: folder, message: "is nested more than \(catalogLimits.maxDepth) folders deep")
            }
            for entry in entries {
                let relative = folder.isEmpty ? entry.name : "\(folder)/\(entry.name)"
                guard entry.isUTF8 else { throw CatalogOptimizationError(path: relative, message: "has a name that is not UTF-8") }
                var type = entry.type
                if type == .other, case .success(let status) = CatalogFileSystem.linkStatus("\(catalog)/\(relative)") { type = status.type }
                switch type {
                case .directory:
                    folders.append(relative)
                    pending.append(relative)
                case .file:
                    files.append(relative)
                default:
                    throw CatalogOptimizationError(path: relative, message: "is a link or a special file; optimize copies only folders and files")
                }
            }
        }
        // An existing output is replaced only when it is a catalog (or empty): never a folder of other things.
        if case .success(let names) = CatalogFileSystem.list(output), !names.isEmpty, !names.contains("Contents.json"), !output.hasSuffix(".xcassets") {
            throw CatalogOptimizationError(path: output, message: "exists and is not a catalog (no Contents.json); give another folder")
        }
        let staged: StagedOutputFolder
        do {
            staged = try StagedOutputFolder(output, overwrite: overwrite, holdsFolders: true, isOwnOutput: { _ in true })
        } catch {
            throw CatalogOptimizationError(path: output, message: "\(error)")
        }
        for folder in folders.sorted() {
            do {
                try AtomicFileWriter.makeDirectory("\(staged.staging)/\(folder)")
            } catch {
                staged.discard()
                throw CatalogOptimizationError(path: folder, message: "\(error)")
            }
        }
        let limits = self.limits
        let staging = staged.staging
        let results: [Result<(CatalogOptimization.File?, Int, Bool), CatalogOptimizationError>] = ParallelWork.map(count: files.count, chunk: 1, width: catalogLimits.workers) { index in
            let relative = files[index]
            guard case .success(let read) = CatalogFileSystem.read("\(catalog)/\(relative)", maxBytes: 1 << 30), read.head.count == read.size else {
                return .failure(CatalogOptimizationError(path: relative, message: "cannot be read whole"))
            }
            var bytes = read.head
            var rewritten: CatalogOptimization.File?
            let parent = relative.split(separator: "/").dropLast().last.map(String.init) ?? ""
            let folderKind = parent.split(separator: ".").last.map(String.init) ?? ""
            let isImage = CatalogOptimizer.imageFolders.contains(folderKind)
            if isImage, let format = ImageFormat(sniffing: bytes), format == .png || format == .jpeg,
               let rewrite = try? LosslessOptimizer.rewrite(bytes, format: format, limits: limits) {
                rewritten = CatalogOptimization.File(path: relative, before: bytes.count, after: rewrite.bytes.count, change: rewrite.change)
                bytes = rewrite.bytes
            }
            do {
                try AtomicFileWriter(overwrite: false).write(bytes, to: "\(staging)/\(relative)")
            } catch {
                return .failure(CatalogOptimizationError(path: relative, message: "\(error)"))
            }
            let isCandidate = isImage && ImageFormat(sniffing: read.head).map { $0 == .png || $0 == .jpeg } == true
            return .success((rewritten, read.size, isCandidate))
        }
        var report = CatalogOptimization(rewritten: [], unchanged: 0, copied: 0, bytesBefore: 0, bytesAfter: 0)
        for result in results {
            switch result {
            case .failure(let error):
                staged.discard()
                throw error
            case .success(let (file, size, candidate)):
                report.bytesBefore += size
                if let file {
                    report.rewritten.append(file)
                    report.bytesAfter += file.after
                } else {
                    report.bytesAfter += size
                    if candidate { report.unchanged += 1 } else { report.copied += 1 }
                }
            }
        }
        do {
            try staged.commit()
        } catch {
            throw CatalogOptimizationError(path: output, message: "\(error)")
        }
        report.rewritten.sort { $0.path < $1.path }
        return report
    }
}

extension CatalogOptimization {
    package var json: JSONValue {
        .record([
            "bytes_before": .int(bytesBefore),
            "bytes_after": .int(bytesAfter),
            "rewritten": .array(rewritten.map { file in
                .record(["path": .string(file.path), "before": .int(file.before), "after": .int(file.after), "change": .string(file.change)])
            }),
            "unchanged": .int(unchanged),
            "copied": .int(copied),
        ])
    }
}
