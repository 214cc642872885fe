import AssetsSupport
import AssetsCodecs
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to check, and the entries of its set that list it.
struct FileJob: Sendable {
    var kind: AssetKind
    var entryIndices: [Int]
    /// Catalog-relative.
    var path: String
    /// The file's name within its set folder.
    var filename: String
}

/// What checking one file found.
struct FileOutcome: Sendable {
    var facts: ImageFacts?
    var diagnostics: [CatalogDiagnostic] = []
}

/// The checks that read files: listed files that are missing, files nobody lists, and the images
/// themselves (format, damage, animation), in parallel.
extension CatalogValidator {
    func planFiles(of asset: Asset) -> ([CatalogDiagnostic], [FileJob]) {
        if asset.kind.holdsSets { return (planFolders(of: asset), []) }
        let isIconSet = asset.kind == .iconSet
        guard asset.contents == .read || isIconSet, asset.kind.holdsFiles || asset.kind == .colorSet else { return ([], []) }
        var found: [CatalogDiagnostic] = []
        // A set lists a handful of files: arrays searched in order beat hashing every name. Large sets
        // (an app icon set, a data set of many files) get hashed lookups.
        let large = asset.files.count > 32 || asset.entries.count > 32
        let present = large ? Set(asset.files) : []
        var jobIndex: [String: Int] = [:]
        var jobs: [FileJob] = []
        var listed: [String] = []
        listed.reserveCapacity(asset.entries.count)
        let key = asset.kind.entriesKey ?? "images"
        for (entryIndex, entry) in asset.entries.enumerated() {
            guard let filename = entry.filename else { continue }
            func keyPath() -> String { "\(key)[\(entryIndex)].filename" }
            listed.append(filename)
            if filename.isEmpty {
                found.append(CatalogDiagnostic(.invalidJSON, path: contentsPath(of: asset), keyPath: keyPath(), message: "is an empty file name"))
                continue
            }
            if !CatalogRoot.isPlainName(filename) {
                found.append(CatalogDiagnostic(.unsafePath, path: contentsPath(of: asset), keyPath: keyPath(),
                                               message: "\"\(filename)\" reaches outside the set folder; a filename must be a plain name"))
                continue
            }
            // Names compare as Unicode text (a composed "é" equals a decomposed one), as on APFS, where Xcode
            // finds such a file; the file is then opened by its own spelling on disk, which on Linux may
            // differ byte for byte from the one in Contents.json (hardening H-6).
            let stored = large ? present.firstIndex(of: filename).map { present[$0] } : asset.files.first { $0 == filename }
            guard let stored else {
                found.append(CatalogDiagnostic(.missingFile, path: contentsPath(of: asset), keyPath: keyPath(),
                                               message: "lists \"\(filename)\", which is not in \(asset.path)"))
                continue
            }
            if let index = large ? jobIndex[filename] : jobs.firstIndex(where: { $0.filename == filename }) {
                jobs[index].entryIndices.append(entryIndex)
            } else {
                if large { jobIndex[filename] = jobs.count }
                jobs.append(FileJob(kind: asset.kind, entryIndices: [entryIndex], path: "\(asset.path)/\(stored)", filename: stored))
            }
        }
        let listedSet = large ? Set(listed) : []
        for file in asset.files where !(large ? listedSet.contains(file) : listed.contains(file)) {
            found.append(CatalogDiagnostic(.unlistedFile, path: "\(asset.path)/\(file)", message: isIconSet
                ? "is not an icon set file name (icon_16x16.png, icon_16x16@2x.png ... icon_512x512@2x.png), so iconutil and Xcode skip it"
                : "is in the set folder but no entry of Contents.json lists it"))
        }
        return (found, jobs)
    }

    /// A container set (image stack, brand assets, complication set, ...): the folders its entries name
    /// must be there, of a kind it may hold, and each set folder in it should be listed.
    func planFolders(of asset: Asset) -> [CatalogDiagnostic] {
        guard asset.contents == .read, let key = asset.kind.entriesKey, let allowed = asset.kind.childKinds else { return [] }
        var found: [CatalogDiagnostic] = []
        var listed: Set<String> = []
        for (index, entry) in asset.entries.enumerated() {
            guard let filename = entry.filename, !filename.isEmpty else { continue }
            listed.insert(filename)
            let keyPath = "\(key)[\(index)].filename"
            if !CatalogRoot.isPlainName(filename) {
                found.append(CatalogDiagnostic(.unsafePath, path: contentsPath(of: asset), keyPath: keyPath,
                                               message: "\"\(filename)\" reaches outside the set folder; a filename must be a plain name"))
            } else if !asset.files.contains(filename) {
                found.append(CatalogDiagnostic(.missingFile, path: contentsPath(of: asset), keyPath: keyPath,
                                               message: "lists \"\(filename)\", which is not in \(asset.path)"))
            } else if let ext = CatalogReader.split(filename).ext, let kind = AssetKind(rawValue: ext), !allowed.contains(kind) {
                found.append(CatalogDiagnostic(.unknownValue, path: contentsPath(of: asset), keyPath: keyPath,
                                               message: "names \(kind.article), which \(asset.kind.article) does not hold (it holds \(allowed.map(\.displayName).sorted().joined(separator: ", ")))"))
            }
        }
        for file in asset.files where !listed.contains(file) {
            guard let ext = CatalogReader.split(file).ext, let kind = AssetKind(rawValue: ext), allowed.contains(kind) else { continue }
            found.append(CatalogDiagnostic(.unlistedFile, path: "\(asset.path)/\(file)",
                                           message: "is in \(asset.kind.article) but no entry of its Contents.json lists it"))
        }
        return found
    }

    /// Everything checked about one set, apart from the catalog-wide checks (duplicate names, placeholders).
    struct SetOutcome: Sendable {
        var diagnostics: [CatalogDiagnostic] = []
        /// How many files the set's entries name and the folder holds.
        var fileCount = 0
    }

    /// Checks one set: entry values, then its files through one descriptor for its folder, then scales.
    /// `folder` is the set folder's descriptor when the caller holds it open; else it is opened here.
    func checkSet(_ asset: Asset, root: CatalogRoot, folder given: Int32?) -> SetOutcome {
        var outcome = checkSetUnplaced(asset, root: root, folder: given)
        // Every finding about a key of the set's Contents.json points at where its value was written.
        asset.contentsPositions.table.place(&outcome.diagnostics, path: contentsPath(of: asset))
        return outcome
    }

    private func checkSetUnplaced(_ asset: Asset, root: CatalogRoot, folder given: Int32?) -> SetOutcome {
        var outcome = SetOutcome()
        outcome.diagnostics = checkValues(of: asset)
        let (found, jobs) = planFiles(of: asset)
        outcome.diagnostics += found
        outcome.fileCount = jobs.count
        guard !jobs.isEmpty else { return outcome }
        let opened = given == nil ? CatalogFileSystem.openFolder(root.path + "/" + asset.path) : nil
        defer { if let opened { CatalogFileSystem.closeFolder(opened) } }
        let folder = given ?? opened
        var facts: [Int: ImageFacts] = [:]
        for job in jobs {
            let checked = check(job, root: root, folder: folder)
            outcome.diagnostics += checked.diagnostics
            if let found = checked.facts {
                for entry in job.entryIndices { facts[entry] = found }
            }
        }
        if !facts.isEmpty {
            outcome.diagnostics += scaleMismatches(of: asset, facts: facts)
            outcome.diagnostics += iconSizeMismatches(of: asset, facts: facts)
        }
        return outcome
    }

    /// When probing, only this much of a file's head (and 4 KiB of its tail) is read at first.
    /// Two pages: the headers of nearly every PNG and JPEG fit, and most catalog images are read whole in
    /// one call (measured against one page plus a tail read: the same time). A JPEG whose headers run past it, or a PNG
    /// whose chunks before the image data do, is read again with `ImageInspector.headerWindow`, then whole.
    static let probeHead = 8 << 10

    /// A probe first reads the last 16 bytes: a sound PNG ends with its 12-byte IEND chunk, a sound JPEG
    /// with FF D9. Anything else gets the whole window `ImageInfo.noteMissingEnd` searches.
    static let endBytes = 16

    /// Whether the file's last bytes settle the end check (`ImageInfo.noteMissingEnd`) on their own.
    static func endsSoundly(_ last: [UInt8]) -> Bool {
        if last.count >= 2, last[last.count - 2] == 0xFF, last[last.count - 1] == 0xD9 { return true }
        return last.count >= ImageInfo.iend.count && ImageInfo.containsIEND(last.suffix(ImageInfo.iend.count))
    }

    /// Checks one file, opened under the catalog's path rule by name from the set's folder descriptor
    /// `folder` when there is one, else by its catalog-relative path.
    private func check(_ job: FileJob, root: CatalogRoot, folder: Int32?) -> FileOutcome {
        var outcome = FileOutcome()
        func report(_ code: CatalogDiagnostic.Code, _ message: String) {
            outcome.diagnostics.append(CatalogDiagnostic(code, path: job.path, message: message))
        }
        let opened = folder.map { root.openFile(named: job.filename, in: $0, relative: job.path) } ?? root.openFile(job.path)
        let fd: Int32
        switch opened {
        case .success(let descriptor):
            fd = descriptor
        case .failure(.linkOutside):
            report(.unsafePath, CatalogRoot.Refusal.linkOutside.description)
            return outcome
        case .failure(let refusal):
            report(.undecodableImage, "cannot be read: \(refusal)")
            return outcome
        }
        defer { close(fd) }
        let location = fd
        let filename = job.filename
        let ext = CatalogReader.split(filename).ext ?? ""
        let claimed = ImageFormat(fileExtension: ext)
        // GIFs (frame count) and SVGs (XML parse) are read whole at once; other probes read a head.
        let wholeFile = options.deep || claimed == .gif || claimed == .svg
        var sample: FileSample
        let read = wholeFile
            ? CatalogFileSystem.read(descriptor: location, tail: ImageInfo.endWindow)
            : CatalogFileSystem.read(descriptor: location, head: CatalogValidator.probeHead, tail: CatalogValidator.endBytes,
                                     widerTail: (ImageInfo.endWindow, CatalogValidator.endsSoundly))
        switch read {
        case .failure(let error):
            report(.undecodableImage, "cannot be read: \(error)")
            return outcome
        case .success(let read):
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        let sniffed = ImageFormat(sniffing: sample.head)
        let isData = job.kind == .dataSet
        guard let format = sniffed else {
            if let other = CatalogValidator.otherImageFormat(sample.head) {
                // An image format Xcode's ImageIO reads but this tool does not decode (a Photoshop file saved
                // as .png builds and shows): not damage, but a misnamed or unchecked file.
                if let claimed {
                    report(.formatMismatch, "is named .\(ext) (\(claimed.rawValue.uppercased())) but holds \(other) data")
                }
                if !isData { report(.unsupportedFormat, "cannot be checked: \(other) is not a format this tool decodes") }
            } else if let claimed {
                report(.undecodableImage, "is named .\(ext) but its bytes are not \(claimed.rawValue.uppercased()) nor any image format")
            } else if !isData {
                report(.unsupportedFormat, "cannot be checked: its bytes are not an image format this tool reads")
            }
            return outcome
        }
        if let claimed, claimed != format {
            report(.formatMismatch, "is named .\(ext) (\(claimed.rawValue.uppercased())) but holds \(format.rawValue.uppercased()) data")
        }
        if !sample.isWhole, format == .svg || format == .gif {
            if case .success(let read) = CatalogFileSystem.read(descriptor: location, tail: ImageInfo.endWindow) {
                sample = FileSample(head: read.head, tail: read.tail, size: read.size)
            }
        }
        if !sample.isWhole, format == .pdf, sample.tail.count < ImageInfo.endWindow,
           case .success(let read) = CatalogFileSystem.read(descriptor: location, head: 0, tail: ImageInfo.endWindow) {
            // The %%EOF search looks further back than the bytes a PNG or JPEG ends with.
            sample.tail = read.tail
        }
        if !sample.isWhole, format == .heic, sample.head.count < ImageInspector.headerWindow,
           case .success(let read) = CatalogFileSystem.read(descriptor: location, head: ImageInspector.headerWindow, tail: 0) {
            // A HEIF's `meta` box, with the image's size, may reach past the first pages.
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        if !sample.isWhole, format == .png, !PNGHeaderScan.reachesImageData(sample.head),
           case .success(let read) = CatalogFileSystem.read(descriptor: location, head: ImageInspector.headerWindow,
                                                             tail: ImageInfo.endWindow) {
            // Chunks before the image data (a large colour profile, text) run past the head: read more of it.
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        switch format {
        case .png, .jpeg, .gif:
            do {
                let facts = try inspect(&sample, format: format, job: job, location: location)
                outcome.facts = facts
                if job.kind == .imageSet, let frames = facts.frameCount, frames > 1 {
                    report(.animatedInImageSet,
                           "is an animated GIF (\(frames) frames) in an image set, where UIKit shows only the first frame; put it in a data set")
                }
            } catch {
                var words = "\(format.rawValue.uppercased()) \(error.kind.rawValue)"
                if let frame = error.frame { words += " at frame \(frame)" }
                if let offset = error.offset { words += " at byte \(offset)" }
                report(.undecodableImage, "does not decode (\(words)): \(error.detail)")
            }
        case .pdf:
            if let problem = VectorFileCheck.pdfProblem(sample) { report(.undecodableImage, "PDF \(problem)") }
        case .svg:
            if let problem = VectorFileCheck.svgProblem(sample.head) { report(.undecodableImage, "SVG \(problem)") }
        case .heic, .webp:
            // No HEVC or WebP decoder here: their headers are read instead, as PDFs and SVGs get a structural check.
            let (name, checked) = format == .heic ? ("HEIF", HEIFStructureCheck.check(sample)) : ("WebP", WebPStructureCheck.check(sample))
            switch checked {
            case .sound(let width, let height): outcome.facts = ImageFacts(format: format, width: width, height: height)
            case .damaged(let problem): report(.undecodableImage, "\(name) \(problem)")
            }
        }
        return outcome
    }

    /// Image formats Xcode takes in a set (ImageIO reads them) that `ImageFormat` does not sniff because
    /// nothing here decodes them, named for messages: Photoshop, TIFF (macOS apps' multi-resolution images),
    /// BMP, OpenEXR.
    static func otherImageFormat(_ head: [UInt8]) -> String? {
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && head.prefix(magic.count).elementsEqual(magic) }
        if starts(Array("8BPS".utf8)) { return "Photoshop (PSD)" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0x76, 0x2F, 0x31, 0x01]) { return "OpenEXR" }
        // BMP: "BM", the file size, then four reserved bytes that are zero.
        if starts(Array("BM".utf8)), head.count >= 14, head[6..<10].allSatisfy({ $0 == 0 }) { return "BMP" }
        return nil
    }

    /// Probes or decodes an image; when only the head was read and the headers reach past it (large
    /// metadata before the frame header), reads 64 KiB and tries again, then the whole file.
    private func inspect(_ sample: inout FileSample, format: ImageFormat, job: FileJob,
                         location: Int32) throws(ImageError) -> ImageFacts {
        do {
            return options.deep
                ? try checker.decode(sample, format: format, file: job.path)
                : try checker.probe(sample, format: format, file: job.path)
        } catch {
            guard error.kind == .truncated, !sample.isWhole else { throw error }
            if sample.head.count < ImageInspector.headerWindow,
               case .success(let read) = CatalogFileSystem.read(descriptor: location, head: ImageInspector.headerWindow,
                                                                 tail: ImageInfo.endWindow) {
                sample = FileSample(head: read.head, tail: read.tail, size: read.size)
                do {
                    return try checker.probe(sample, format: format, file: job.path)
                } catch where error.kind == .truncated && !sample.isWhole {
                    // Still inside the headers: read it all, below.
                }
            }
            guard case .success(let read) = CatalogFileSystem.read(descriptor: location, tail: ImageInfo.endWindow)
            else { throw error }
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
            return try checker.probe(sample, format: format, file: job.path)
        }
    }

    static func scaleFactor(_ scale: String) -> Int? {
        switch scale {
        case "1x": return 1
        case "2x": return 2
        case "3x": return 3
        default: return nil
        }
    }

    /// Whether a `width` of `factor`x and one of `otherWidth` at `otherFactor`x can be the same point size,
    /// each rounded either way (down or up) to whole pixels: some point size p has |p·factor − width| < 1
    /// and |p·otherFactor − otherWidth| < 1. A 77-pixel 1x image (76 < p < 78) takes a 3x of 229 to 233.
    static func roundsToSamePoints(_ width: Int, _ factor: Int, _ otherWidth: Int, _ otherFactor: Int) -> Bool {
        // Open intervals (width − 1)/factor … (width + 1)/factor overlap; compared over a common denominator.
        let low = max((width - 1) * otherFactor, (otherWidth - 1) * factor)
        let high = min((width + 1) * otherFactor, (otherWidth + 1) * factor)
        return low < high
    }

    /// Icons whose pixels are not their slot's `size` (points) times its scale: app icon sets, Messages
    /// icon sets and macOS icon sets, where Xcode and iconutil want the exact size (83.5 points at 2x is 167).
    func iconSizeMismatches(of asset: Asset, facts: [Int: ImageFacts]) -> [CatalogDiagnostic] {
        guard [.appIconSet, .stickersIconSet, .iconSet].contains(asset.kind) else { return [] }
        var found: [CatalogDiagnostic] = []
        for (index, entry) in asset.entries.enumerated() {
            guard let size = entry.otherKeys["size"], let fact = facts[index], let width = fact.width, let height = fact.height
            else { continue }
            let parts = size.replacingQuotes().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2 else { continue }
            let factor = entry.scale.flatMap(CatalogValidator.scaleFactor) ?? 1
            let expected = (Int((parts[0] * Double(factor)).rounded()), Int((parts[1] * Double(factor)).rounded()))
            guard (width, height) != expected else { continue }
            let key = asset.kind.entriesKey ?? "images"
            let path = entry.filename.map { "\(asset.path)/\($0)" } ?? asset.path
            found.append(CatalogDiagnostic(.scaleMismatch, path: path, keyPath: asset.kind == .iconSet ? nil : "\(key)[\(index)]",
                                           message: "is \(width)x\(height), but a \(size.replacingQuotes()) point icon at \(factor)x is \(expected.0)x\(expected.1)"))
        }
        return found
    }

    /// A ratio in a few digits: 1.5, 2, 0.667.
    static func ratioText(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Files of one slot at 1x, 2x and 3x that cannot be one artwork at its scales, even allowing for
    /// each size being rounded either way to whole pixels; the message gives the ratio found.
    func scaleMismatches(of asset: Asset, facts: [Int: ImageFacts]) -> [CatalogDiagnostic] {
        guard asset.kind != .dataSet else { return [] }
        var groups: [Slot: [Int: (entry: Int, width: Int, height: Int)]] = [:]
        for (index, entry) in asset.entries.enumerated() {
            // Icons with a `size` are held to it exactly by `iconSizeMismatches`.
            guard entry.otherKeys["size"] == nil, let scale = entry.scale, let factor = CatalogValidator.scaleFactor(scale),
                  let fact = facts[index], let width = fact.width, let height = fact.height else { continue }
            let slot = CatalogValidator.slot(of: entry, ignoringScale: true)
            if groups[slot]?[factor] == nil {
                // With two entries in one slot (an ambiguous-variant), the first is the one compared.
                groups[slot, default: [:]][factor] = (index, width, height)
            }
        }
        var found: [CatalogDiagnostic] = []
        let key = asset.kind.entriesKey ?? "images"
        for group in groups.values {
            let reference: (factor: Int, width: Int, height: Int)
            if let one = group[1] {
                reference = (1, one.width, one.height)
            } else if let two = group[2] {
                reference = (2, two.width, two.height)
            } else {
                continue
            }
            for factor in [2, 3] where factor > reference.factor {
                guard let other = group[factor] else { continue }
                let fitsWidth = CatalogValidator.roundsToSamePoints(reference.width, reference.factor, other.width, factor)
                let fitsHeight = CatalogValidator.roundsToSamePoints(reference.height, reference.factor, other.height, factor)
                guard !(fitsWidth && fitsHeight) else { continue }
                let expectedRatio = Double(factor) / Double(reference.factor)
                let widthRatio = reference.width == 0 ? 0 : Double(other.width) / Double(reference.width)
                let heightRatio = reference.height == 0 ? 0 : Double(other.height) / Double(reference.height)
                let sameRatio = CatalogValidator.ratioText(widthRatio) == CatalogValidator.ratioText(heightRatio)
                let ratio = sameRatio ? CatalogValidator.ratioText(widthRatio)
                    : "\(CatalogValidator.ratioText(widthRatio)) x \(CatalogValidator.ratioText(heightRatio))"
                let expected = "\(CatalogValidator.ratioText(Double(reference.width) * expectedRatio))x\(CatalogValidator.ratioText(Double(reference.height) * expectedRatio))"
                let path = asset.entries[other.entry].filename.map { "\(asset.path)/\($0)" } ?? asset.path
                found.append(CatalogDiagnostic(.scaleMismatch, path: path, keyPath: "\(key)[\(other.entry)]",
                                               message: "is \(other.width)x\(other.height) at \(factor)x: \(ratio) times the \(reference.factor)x \(reference.width)x\(reference.height), where \(CatalogValidator.ratioText(expectedRatio)) is expected (\(expected), rounded either way)"))
            }
        }
        return found
    }
}

private extension String {
    /// The text of a JSON string value as `otherKeys` keeps it (`"16x16"` → `16x16`).
    func replacingQuotes() -> String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
