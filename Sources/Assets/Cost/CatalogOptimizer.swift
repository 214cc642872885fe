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
    static let imageFolders: Set<String> = [
        "imageset", "appiconset", "iconset", "stickersiconset", "launchimage", "stickerpack", "sticker",
    ]

    /// The file `optimize` writes at the top of every output folder it makes (a hidden name, which the
    /// catalog's readers and Xcode pass over): an existing folder is replaced only when it holds this
    /// file, so `--force` never removes a folder this tool did not write.
    package static let markerName = ".asset-tool-optimized"
    package static let marker = Array(
        "asset-tool optimize output: this folder is replaced whole by the next `asset-tool optimize --output` here with --force\n".utf8)

    /// Writes the optimised catalog at `output`; with `inPlace` (and `overwrite`), `output` is the catalog
    /// itself, replaced once every file is written. Refused: an output that is the catalog without
    /// `inPlace`, a folder inside the catalog or one that holds it, and an existing folder that holds
    /// anything but a marked earlier output (`markerName`).
    public func optimize(
        catalogAt catalog: String, output: String, overwrite: Bool, inPlace: Bool = false
    ) throws(CatalogOptimizationError) -> CatalogOptimization {
        try CatalogOptimizer.checkOutput(output, catalog: catalog, inPlace: inPlace)
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
                    throw CatalogOptimizationError(
                        path: relative, message: "is a link or a special file; optimize copies only folders and files")
                }
            }
        }
        // The marker of an earlier output is written anew, not copied.
        if !inPlace { files.removeAll { $0 == CatalogOptimizer.markerName } }
        let staged: StagedOutputFolder
        do {
            staged = try StagedOutputFolder(
                output, overwrite: overwrite, holdsFolders: true,
                folderMarker: inPlace ? nil : .init(name: CatalogOptimizer.markerName, bytes: CatalogOptimizer.marker),
                isOwnOutput: { _ in true })
        } catch {
            throw CatalogOptimizationError(path: output, message: "\(error)")
        }
        for folder in folders.sorted() {
            do {
                // After a signal the clean-up empties the staging folder: make nothing more in it.
                guard !InterruptCleanup.isInterrupted else { throw OutputError(path: output, reason: .interrupted) }
                try AtomicFileWriter.makeDirectory("\(staged.staging)/\(folder)")
            } catch {
                staged.discard()
                throw CatalogOptimizationError(path: folder, message: "\(error)")
            }
        }
        let limits = self.limits
        let staging = staged.staging
        let results: [Result<(CatalogOptimization.File?, Int, Bool), CatalogOptimizationError>] = ParallelWork.map(
            count: files.count, chunk: 1, width: catalogLimits.workers
        ) { index in
            let relative = files[index]
            guard case .success(let read) = CatalogFileSystem.read("\(catalog)/\(relative)", maxBytes: 1 << 30),
                read.head.count == read.size
            else {
                return .failure(CatalogOptimizationError(path: relative, message: "cannot be read whole"))
            }
            var bytes = read.head
            var rewritten: CatalogOptimization.File?
            let parent = relative.split(separator: "/").dropLast().last.map(String.init) ?? ""
            let folderKind = parent.split(separator: ".").last.map(String.init) ?? ""
            let isImage = CatalogOptimizer.imageFolders.contains(folderKind)
            if isImage, let format = ImageFormat(sniffing: bytes), format == .png || format == .jpeg,
                let rewrite = try? LosslessOptimizer.rewrite(bytes, format: format, limits: limits)
            {
                rewritten = CatalogOptimization.File(
                    path: relative, before: bytes.count, after: rewrite.bytes.count, change: rewrite.change)
                bytes = rewrite.bytes
            }
            do {
                guard !InterruptCleanup.isInterrupted else { throw OutputError(path: relative, reason: .interrupted) }
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
        if !inPlace {
            do {
                try AtomicFileWriter(overwrite: false).write(CatalogOptimizer.marker, to: "\(staging)/\(CatalogOptimizer.markerName)")
            } catch {
                staged.discard()
                throw CatalogOptimizationError(path: output, message: "\(error)")
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

extension CatalogOptimizer {
    /// Where `optimize` may write, decided on real paths (links and `..` resolved) before anything is made.
    static func checkOutput(_ output: String, catalog: String, inPlace: Bool) throws(CatalogOptimizationError) {
        guard let realCatalog = CatalogFileSystem.realPath(catalog) else {
            throw CatalogOptimizationError(path: catalog, message: "cannot be read")
        }
        let realOutput = realPathOfOutput(output)
        if inPlace {
            guard realOutput == realCatalog else {
                throw CatalogOptimizationError(path: output, message: "is not the catalog; --in-place writes the catalog itself")
            }
            return
        }
        guard let realOutput else { return }
        if realOutput == realCatalog {
            throw CatalogOptimizationError(path: output, message: "is the catalog itself; to replace it, use --in-place --force")
        }
        if realOutput.hasPrefix(realCatalog.hasSuffix("/") ? realCatalog : realCatalog + "/") {
            throw CatalogOptimizationError(path: output, message: "is inside the catalog \(catalog); give a folder outside it")
        }
        if realCatalog.hasPrefix(realOutput.hasSuffix("/") ? realOutput : realOutput + "/") {
            throw CatalogOptimizationError(path: output, message: "holds the catalog \(catalog); replacing it would remove the input")
        }
        // An existing folder is replaced only when it is an earlier output of this command (marked) or empty.
        if case .success(let names) = CatalogFileSystem.list(output), !names.isEmpty,
            !OwnOutput.isOwn(output + "/" + markerName, marker: marker)
        {
            throw CatalogOptimizationError(
                path: output,
                message: "exists and holds files asset-tool optimize did not write (no \(markerName) in it); give a new or empty folder")
        }
    }

    /// The real path `output` has or would have: its own when it exists, else its parent's real path and its name.
    private static func realPathOfOutput(_ output: String) -> String? {
        if let real = CatalogFileSystem.realPath(output) { return real }
        var trimmed = output
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let (folder, name) = OwnOutput.split(trimmed)
        guard !name.isEmpty, name != ".", name != "..", let parent = CatalogFileSystem.realPath(folder) else { return nil }
        return parent == "/" ? "/" + name : parent + "/" + name
    }
}

extension CatalogOptimization {
    /// The repository bytes the JPEG rewrites saved: the part of the saving the app may see, as actool stores a
    /// catalog's JPEGs as they are (it re-encodes PNGs, so their saving is the repository's: Docs/cost.md).
    package var jpegBytesSaved: Int {
        rewritten.filter { CatalogCostReport.savesAppBytes(.compressibleImage, path: $0.path) }.reduce(0) { $0 + $1.before - $1.after }
    }

    package var json: JSONValue {
        .record([
            "bytes_before": .int(bytesBefore),
            "bytes_after": .int(bytesAfter),
            "app_saving": .int(jpegBytesSaved),
            "rewritten": .array(
                rewritten.map { file in
                    .record([
                        "path": .string(file.path), "before": .int(file.before), "after": .int(file.after), "change": .string(file.change),
                    ])
                }),
            "unchanged": .int(unchanged),
            "copied": .int(copied),
        ])
    }
}
