import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to check, and the entries of its set that list it.
struct FileJob: Sendable {
    var assetIndex: Int
    var kind: AssetKind
    var entryIndices: [Int]
    /// Catalog-relative.
    var path: String
    /// The file's name within its set folder.
    var filename: String
    /// The set folder, catalog-relative.
    var folder: String
    var keyPath: String
}

/// What checking one file found.
struct FileOutcome: Sendable {
    var facts: ImageFacts?
    var diagnostics: [CatalogDiagnostic] = []
}

/// The checks that read files: listed files that are missing, files nobody lists, and the images
/// themselves (format, damage, animation), in parallel.
extension CatalogValidator {
    /// A file name that could reach outside its set folder.
    static func isUnsafe(_ filename: String) -> Bool {
        filename == ".." || filename == "." || filename.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }
    }

    func planFiles(of asset: Asset, index: Int) -> ([CatalogDiagnostic], [FileJob]) {
        guard asset.contents == .read, asset.kind.holdsFiles || asset.kind == .colorSet else { return ([], []) }
        var found: [CatalogDiagnostic] = []
        var jobs: [String: FileJob] = [:]
        var order: [String] = []
        let key = asset.kind.entriesKey ?? "images"
        let present = Set(asset.files)
        var listed: Set<String> = []
        for (entryIndex, entry) in asset.entries.enumerated() {
            guard let filename = entry.filename else { continue }
            let keyPath = "\(key)[\(entryIndex)].filename"
            listed.insert(filename)
            if filename.isEmpty {
                found.append(CatalogDiagnostic(.invalidJSON, path: contentsPath(of: asset), keyPath: keyPath, message: "is an empty file name"))
                continue
            }
            if CatalogValidator.isUnsafe(filename) {
                found.append(CatalogDiagnostic(.unsafePath, path: contentsPath(of: asset), keyPath: keyPath,
                                               message: "\"\(filename)\" reaches outside the set folder; a filename must be a plain name"))
                continue
            }
            guard present.contains(filename) else {
                found.append(CatalogDiagnostic(.missingFile, path: contentsPath(of: asset), keyPath: keyPath,
                                               message: "lists \"\(filename)\", which is not in \(asset.path)"))
                continue
            }
            if jobs[filename] == nil {
                order.append(filename)
                jobs[filename] = FileJob(assetIndex: index, kind: asset.kind, entryIndices: [], path: "\(asset.path)/\(filename)",
                                         filename: filename, folder: asset.path, keyPath: keyPath)
            }
            jobs[filename]?.entryIndices.append(entryIndex)
        }
        for file in asset.files where !listed.contains(file) {
            found.append(CatalogDiagnostic(.unlistedFile, path: "\(asset.path)/\(file)",
                                           message: "is in the set folder but no entry of Contents.json lists it"))
        }
        return (found, order.compactMap { jobs[$0] })
    }

    func runFileChecks(_ jobs: [FileJob], root: String, progress: (@Sendable (Int, Int) -> Void)?) -> [FileOutcome] {
        // Jobs come set by set: each worker takes whole sets, and opens each set folder once.
        var found: [Range<Int>] = []
        var start = 0
        for index in jobs.indices where index + 1 == jobs.count || jobs[index + 1].assetIndex != jobs[index].assetIndex {
            found.append(start..<(index + 1))
            start = index + 1
        }
        let batches = found
        let results = LockedBox([FileOutcome?](repeating: nil, count: jobs.count))
        let done = LockedBox(0)
        let total = jobs.count
        let workers = max(1, min(batches.count, ParallelWork.processorCount * 4))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var batch = worker
            while batch < batches.count {
                let range = batches[batch]
                let folderPath = root + "/" + jobs[range.lowerBound].folder
                let folder = CatalogFileSystem.openFolder(folderPath)
                var outcomes: [FileOutcome] = []
                for index in range {
                    let location = folder.map { ($0, jobs[index].filename) } ?? (AT_FDCWD, root + "/" + jobs[index].path)
                    outcomes.append(check(jobs[index], at: location))
                }
                if let folder { CatalogFileSystem.closeFolder(folder) }
                results.update { all in
                    for (index, outcome) in zip(range, outcomes) { all[index] = outcome }
                }
                if let progress {
                    let count = done.update { value -> Int in
                        value += range.count
                        return value
                    }
                    progress(count, total)
                }
                batch += workers
            }
        }
        return results.update { $0.map { $0 ?? FileOutcome() } }
    }

    /// When probing, only this much of a file's head (and 4 KiB of its tail) is read at first.
    static let probeHead = 8 << 10

    /// Checks one file, opened as `location.name` from the folder descriptor `location.folder`.
    private func check(_ job: FileJob, at location: (folder: Int32, name: String)) -> FileOutcome {
        var outcome = FileOutcome()
        func report(_ code: CatalogDiagnostic.Code, _ message: String) {
            outcome.diagnostics.append(CatalogDiagnostic(code, path: job.path, message: message))
        }
        let filename = job.filename
        let ext = CatalogReader.split(filename).ext ?? ""
        let claimed = ImageFormat(fileExtension: ext)
        // GIFs (frame count) and SVGs (XML parse) are read whole at once; other probes read a head.
        let wholeFile = options.deep || claimed == .gif || claimed == .svg
        var sample: FileSample
        switch CatalogFileSystem.read(location.name, in: location.folder, head: wholeFile ? nil : CatalogValidator.probeHead, tail: 4096) {
        case .failure(let error):
            report(.undecodableImage, "cannot be read: \(error)")
            return outcome
        case .success(let read):
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
        }
        let sniffed = ImageFormat(sniffing: sample.head)
        let isData = job.kind == .dataSet
        guard let format = sniffed else {
            if let claimed {
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
            if case .success(let read) = CatalogFileSystem.read(location.name, in: location.folder, tail: 4096) {
                sample = FileSample(head: read.head, tail: read.tail, size: read.size)
            }
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
            report(.unsupportedFormat, "cannot be checked: \(format.rawValue.uppercased()) is not a format this tool decodes")
        }
        return outcome
    }

    /// Probes or decodes an image; when only the head was read and the headers reach past it (large
    /// metadata before the frame header), reads the whole file and tries again.
    private func inspect(_ sample: inout FileSample, format: ImageFormat, job: FileJob,
                         location: (folder: Int32, name: String)) throws(ImageError) -> ImageFacts {
        do {
            return options.deep
                ? try checker.decode(sample, format: format, file: job.path)
                : try checker.probe(sample, format: format, file: job.path)
        } catch {
            guard error.kind == .truncated, !sample.isWhole,
                  case .success(let read) = CatalogFileSystem.read(location.name, in: location.folder, tail: 4096) else { throw error }
            sample = FileSample(head: read.head, tail: read.tail, size: read.size)
            return try checker.probe(sample, format: format, file: job.path)
        }
    }

    func scaleMismatches(of asset: Asset, facts: [Int: ImageFacts]) -> [CatalogDiagnostic] {
        guard asset.kind != .dataSet else { return [] }
        var groups: [Slot: [Int: (entry: Int, width: Int, height: Int)]] = [:]
        for (index, entry) in asset.entries.enumerated() {
            guard let scale = entry.scale, let factor = ["1x": 1, "2x": 2, "3x": 3][scale],
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
                let fitsWidth = other.width * reference.factor == reference.width * factor
                let fitsHeight = other.height * reference.factor == reference.height * factor
                guard !(fitsWidth && fitsHeight) else { continue }
                let expected = reference.factor == 1
                    ? "\(reference.width * factor)x\(reference.height * factor)"
                    : "\(Double(reference.width) * Double(factor) / Double(reference.factor))x\(Double(reference.height) * Double(factor) / Double(reference.factor))"
                let ratio = reference.factor == 1 ? "\(factor) times" : "\(factor)/\(reference.factor) of"
                let path = asset.entries[other.entry].filename.map { "\(asset.path)/\($0)" } ?? asset.path
                found.append(CatalogDiagnostic(.scaleMismatch, path: path, keyPath: "\(key)[\(other.entry)]",
                                               message: "is \(other.width)x\(other.height) at \(factor)x, expected \(expected) (\(ratio) the \(reference.factor)x \(reference.width)x\(reference.height))"))
            }
        }
        return found
    }
}
