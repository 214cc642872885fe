import AssetsSupport
import AssetsCodecs

/// One file to check, and the entries of its set that list it.
struct FileJob: Sendable {
    var kind: AssetKind
    var entryIndices: [Int]
    /// Its record in the set's `fileRecords`.
    var record: Int
    /// The set folder, catalog-relative.
    var folder: String
    /// The file's name within its set folder.
    var filename: String
    /// Catalog-relative: built for a finding, not for every file checked.
    var path: String { CatalogReader.slashJoined(folder, filename) }
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
        guard asset.readsEntryFiles else { return ([], []) }
        var found: [CatalogDiagnostic] = []
        // A set lists a handful of files: arrays searched in order beat hashing every name. Large sets
        // (an app icon set, a data set of many files) get hashed lookups.
        let large = asset.fileRecords.count > 32 || asset.entries.count > 32
        let present = FileLookup(asset.fileRecords)
        var jobIndex: [Int: Int] = [:]
        var jobs: [FileJob] = []
        var listed: [String] = []
        listed.reserveCapacity(asset.entries.count)
        for (entryIndex, entry) in asset.entries.enumerated() {
            guard let filename = entry.filename else { continue }
            func keyPath() -> String { asset.entryKeyPath(entryIndex) + ".filename" }
            listed.append(filename)
            if filename.isEmpty {
                found.append(
                    CatalogDiagnostic(.invalidJSON, path: contentsPath(of: asset), keyPath: keyPath(), message: "is an empty file name"))
                continue
            }
            if !CatalogRoot.isPlainName(filename) {
                found.append(
                    CatalogDiagnostic(
                        .unsafePath, path: contentsPath(of: asset), keyPath: keyPath(),
                        message: "\"\(filename)\" reaches outside the set folder; a filename must be a plain name"))
                continue
            }
            // Names compare as Unicode text (a composed "é" equals a decomposed one), as on APFS, where Xcode
            // finds such a file; the file is then opened by its own spelling on disk, which on Linux may
            // differ byte for byte from the one in Contents.json.
            guard let record = present.index(of: filename) else {
                found.append(
                    CatalogDiagnostic(
                        .missingFile, path: contentsPath(of: asset), keyPath: keyPath(),
                        message: "lists \"\(filename)\", which is not in \(asset.path)"))
                continue
            }
            if let index = large ? jobIndex[record] : jobs.firstIndex(where: { $0.record == record }) {
                jobs[index].entryIndices.append(entryIndex)
            } else {
                if large { jobIndex[record] = jobs.count }
                let stored = asset.fileRecords[record].name
                jobs.append(FileJob(kind: asset.kind, entryIndices: [entryIndex], record: record, folder: asset.path, filename: stored))
            }
        }
        let listedSet = large ? Set(listed) : []
        for file in asset.fileRecords.lazy.map(\.name) where !(large ? listedSet.contains(file) : listed.contains(file)) {
            found.append(
                CatalogDiagnostic(
                    .unlistedFile, path: "\(asset.path)/\(file)",
                    message: isIconSet
                        ? "is not an icon set file name (icon_16x16.png, icon_16x16@2x.png ... icon_512x512@2x.png), so iconutil and Xcode skip it"
                        : "is in the set folder but no entry of Contents.json lists it"))
        }
        return (found, jobs)
    }

    /// A container set (image stack, brand assets, complication set, ...): the folders its entries name
    /// must be there, of a kind it may hold, and each set folder in it should be listed.
    func planFolders(of asset: Asset) -> [CatalogDiagnostic] {
        guard asset.contents == .read, asset.kind.entriesKey != nil, let allowed = asset.kind.childKinds else { return [] }
        var found: [CatalogDiagnostic] = []
        var listed: Set<String> = []
        for (index, entry) in asset.entries.enumerated() {
            guard let filename = entry.filename, !filename.isEmpty else { continue }
            listed.insert(filename)
            let keyPath = asset.entryKeyPath(index) + ".filename"
            if !CatalogRoot.isPlainName(filename) {
                found.append(
                    CatalogDiagnostic(
                        .unsafePath, path: contentsPath(of: asset), keyPath: keyPath,
                        message: "\"\(filename)\" reaches outside the set folder; a filename must be a plain name"))
            } else if !asset.fileRecords.contains(where: { $0.name == filename }) {
                found.append(
                    CatalogDiagnostic(
                        .missingFile, path: contentsPath(of: asset), keyPath: keyPath,
                        message: "lists \"\(filename)\", which is not in \(asset.path)"))
            } else if let ext = CatalogReader.split(filename).ext, let kind = AssetKind(rawValue: ext), !allowed.contains(kind) {
                found.append(
                    CatalogDiagnostic(
                        .unknownValue, path: contentsPath(of: asset), keyPath: keyPath,
                        message:
                            "names \(kind.article), which \(asset.kind.article) does not hold (it holds \(allowed.map(\.displayName).sorted().joined(separator: ", ")))"
                    ))
            }
        }
        for file in asset.fileRecords.lazy.map(\.name) where !listed.contains(file) {
            guard let ext = CatalogReader.split(file).ext, let kind = AssetKind(rawValue: ext), allowed.contains(kind) else { continue }
            found.append(
                CatalogDiagnostic(
                    .unlistedFile, path: "\(asset.path)/\(file)",
                    message: "is in \(asset.kind.article) but no entry of its Contents.json lists it"))
        }
        return found
    }

    /// Everything checked about one set, apart from the catalog-wide checks (duplicate names, placeholders).
    struct SetOutcome: Sendable {
        /// The set's collector: what its checks found, placed at their `Contents.json` lines.
        var findings = FindingCollector()
        /// How many files the set's entries name and the folder holds.
        var fileCount = 0
        /// The bytes of the files the set's entries name.
        var bytes = 0
        /// A set in a tvOS `.brandassets` (or a layer's image set): what the brand asset size check needs of
        /// it, and its path. Behind one reference: few sets carry one, and the report holds every set's
        /// outcome until the last is checked (72 bytes an outcome with the facts inline, 32 so).
        var layered: LayeredSet?
    }

    /// A set's `LayeredIconFacts` and its path, on its outcome.
    final class LayeredSet: Sendable {
        let facts: LayeredIconFacts
        let path: String

        init(_ facts: LayeredIconFacts, path: String) {
            self.facts = facts
            self.path = path
        }
    }

    /// Checks one set's model: entry values, then its files as the reader read them, then scales. Opens
    /// nothing: a file's facts are the header the reader kept on its record (`--deep` decodes the bytes
    /// the reader kept, under the pixel budget).
    /// The digest of each image file goes to `digests`, the catalog's table for `duplicate-image` (not on the
    /// outcome, which the report keeps for every set until the last is checked).
    func checkSet(_ asset: Asset, digestsInto digests: Locked<ImageDigestTable>) -> SetOutcome {
        var (outcome, files) = checkSetUnplaced(asset)
        if !files.isEmpty { digests.withLock { $0.add(set: files, folder: asset.path) } }
        // Every finding about a key of the set's Contents.json points at where its value was written.
        outcome.findings.place(at: asset.contentsPositions.table, path: contentsPath(of: asset))
        return outcome
    }

    private func checkSetUnplaced(_ asset: Asset) -> (SetOutcome, [ImageDigestTable.File]) {
        var outcome = SetOutcome()
        outcome.findings.report(checkValues(of: asset))
        outcome.findings.report(imageStackFindings(of: asset))
        let (found, jobs) = planFiles(of: asset)
        outcome.findings.report(found)
        outcome.fileCount = jobs.count
        if asset.kind != .imageSet, let layered = layeredIconFacts(of: asset, facts: [:]) {
            outcome.layered = LayeredSet(layered, path: asset.path)
        }
        guard !jobs.isEmpty else { return (outcome, []) }
        var facts: [Int: ImageFacts] = [:]
        facts.reserveCapacity(asset.entries.count)
        for job in jobs {
            let checked = check(job, header: asset.fileRecords[job.record].header)
            outcome.findings.report(checked.diagnostics)
            if let found = checked.facts {
                for entry in job.entryIndices { facts[entry] = found }
            }
        }
        if !facts.isEmpty {
            outcome.findings.report(scaleMismatches(of: asset, facts: facts))
            outcome.findings.report(iconSizeMismatches(of: asset, facts: facts))
        }
        outcome.findings.report(appIconFindings(of: asset))
        if asset.kind == .imageSet || asset.kind == .appIconSet, let layered = layeredIconFacts(of: asset, facts: facts) {
            outcome.layered = LayeredSet(layered, path: asset.path)
        }
        outcome.bytes = jobs.reduce(0) { $0 + (asset.fileRecords[$1.record].header?.size ?? 0) }
        let (costs, digests) = costFindings(of: asset, jobs: jobs, facts: facts)
        outcome.findings.report(costs)
        return (outcome, digests)
    }

    /// Judges one file from what the reader found reading it (`FileHeader`).
    private func check(_ job: FileJob, header: FileHeader?) -> FileOutcome {
        var outcome = FileOutcome()
        func report(_ code: CatalogDiagnostic.Code, _ message: String) {
            outcome.diagnostics.append(CatalogDiagnostic(code, path: job.path, message: message))
        }
        guard let header else {
            report(.undecodableImage, "cannot be read: the catalog was read without its files")
            return outcome
        }
        let ext = CatalogReader.fileExtension(job.filename) ?? ""
        let claimed = ImageFormat(fileExtension: ext)
        switch header.content {
        case .refused(.linkOutside):
            report(.unsafePath, CatalogRoot.Refusal.linkOutside.description)
            return outcome
        case .refused(let refusal):
            report(.undecodableImage, "cannot be read: \(refusal)")
            return outcome
        case .unreadable(let error):
            report(.undecodableImage, "cannot be read: \(error)")
            return outcome
        case .otherFormat(let other):
            // An image format Xcode's ImageIO reads but this tool does not decode (a Photoshop file saved
            // as .png builds and shows): not damage, but a misnamed or unchecked file.
            if let claimed {
                report(.formatMismatch, "is named .\(ext) (\(claimed.rawValue.uppercased())) but holds \(other) data")
            }
            if job.kind != .dataSet { report(.unsupportedFormat, "cannot be checked: \(other) is not a format this tool decodes") }
            return outcome
        case .lfsPointer:
            // The checkout holds Git LFS's pointer, not the file: actool fails on it as on any non-image.
            if job.kind != .dataSet {
                report(.undecodableImage, "is a Git LFS pointer, not the image: the checkout did not fetch it (run `git lfs pull`)")
            }
            return outcome
        case .unknownFormat:
            if let claimed {
                report(.undecodableImage, "is named .\(ext) but its bytes are not \(claimed.rawValue.uppercased()) nor any image format")
            } else if job.kind != .dataSet {
                report(.unsupportedFormat, "cannot be checked: its bytes are not an image format this tool reads")
            }
            return outcome
        case .raster, .vector, .structure:
            break
        }
        if let format = header.format, let claimed, claimed != format {
            report(.formatMismatch, "is named .\(ext) (\(claimed.rawValue.uppercased())) but holds \(format.rawValue.uppercased()) data")
        }
        switch header.content {
        case .raster(let format, let probed):
            do throws(ImageError) {
                let facts: ImageFacts
                if options.deep, let bytes = header.bytes {
                    facts = try checker.decode(
                        FileSample(head: bytes, tail: Array(bytes.suffix(ImageInfo.endWindow)), size: bytes.count),
                        format: format, file: job.path, header: try? probed.get())
                } else {
                    facts = try checker.judge(probed.get(), file: job.path)
                }
                outcome.facts = facts
                if job.kind == .imageSet, let frames = facts.frameCount, frames > 1 {
                    report(
                        .animatedInImageSet,
                        "is an animated GIF (\(frames) frames) in an image set, where UIKit shows only the first frame; put it in a data set"
                    )
                }
            } catch {
                var words = "\(format.rawValue.uppercased()) \(error.kind.rawValue)"
                if let frame = error.frame { words += " at frame \(frame)" }
                if let offset = error.offset { words += " at byte \(offset)" }
                report(.undecodableImage, "does not decode (\(words)): \(error.detail)")
            }
        case .vector(let format, let problem):
            if let problem { report(.undecodableImage, "\(format.rawValue.uppercased()) \(problem)") }
        case .structure(let format, let checked):
            // No HEVC or WebP decoder here: their headers are read instead, as PDFs and SVGs get a structural check.
            switch checked {
            case .sound(let width, let height): outcome.facts = ImageFacts(format: format, width: width, height: height)
            case .damaged(let problem): report(.undecodableImage, "\(format == .heic ? "HEIF" : "WebP") \(problem)")
            }
        case .refused, .unreadable, .unknownFormat, .lfsPointer, .otherFormat:
            break
        }
        return outcome
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
            guard case .string(let size)? = entry.otherKeys["size"], let fact = facts[index], let width = fact.width,
                let height = fact.height
            else { continue }
            // The App Store icon's size is an error of its own (`store-icon-format`, `appIconFindings`).
            if asset.kind == .appIconSet, IconSlot(entry).isStoreIcon { continue }
            let parts = size.split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2 else { continue }
            let factor = entry.scale.flatMap(CatalogValidator.scaleFactor) ?? 1
            let expected = (Int((parts[0] * Double(factor)).rounded()), Int((parts[1] * Double(factor)).rounded()))
            guard (width, height) != expected else { continue }
            let path = entry.filename.map { "\(asset.path)/\($0)" } ?? asset.path
            found.append(
                CatalogDiagnostic(
                    .scaleMismatch, path: path, keyPath: asset.kind == .iconSet ? nil : asset.entryKeyPath(index),
                    message: "is \(width)x\(height), but a \(size) point icon at \(factor)x is \(expected.0)x\(expected.1)"))
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
        // Each slot's files by scale factor (1x, 2x, 3x), the slots compared in order: a set has a handful, and
        // hashing a slot's strings cost more than the check. A large set hashes them, as `checkValues` does.
        var slots: [Slot] = []
        var groups: [ScaleGroup] = []
        var numbered: [Slot: Int] = [:]
        let large = asset.entries.count > 32
        for (index, entry) in asset.entries.enumerated() {
            // Icons with a `size` are held to it exactly by `iconSizeMismatches`.
            guard entry.otherKeys["size"] == nil, let scale = entry.scale, let factor = CatalogValidator.scaleFactor(scale),
                let fact = facts[index], let width = fact.width, let height = fact.height
            else { continue }
            let slot = CatalogValidator.slot(of: entry, ignoringScale: true)
            let number: Int
            if let known = large ? numbered[slot] : slots.firstIndex(of: slot) {
                number = known
            } else {
                number = groups.count
                if large { numbered[slot] = number }
                slots.append(slot)
                groups.append(ScaleGroup())
            }
            // With two entries in one slot (an ambiguous-variant), the first is the one compared.
            if groups[number][factor] == nil { groups[number][factor] = (index, width, height) }
        }
        var found: [CatalogDiagnostic] = []
        func fits(
            _ a: (entry: Int, width: Int, height: Int), _ aFactor: Int, _ b: (entry: Int, width: Int, height: Int), _ bFactor: Int
        ) -> Bool {
            CatalogValidator.roundsToSamePoints(a.width, aFactor, b.width, bFactor)
                && CatalogValidator.roundsToSamePoints(a.height, aFactor, b.height, bFactor)
        }
        func mismatch(
            _ other: (entry: Int, width: Int, height: Int), _ factor: Int,
            against reference: (entry: Int, width: Int, height: Int), _ referenceFactor: Int
        ) -> CatalogDiagnostic {
            let expectedRatio = Double(factor) / Double(referenceFactor)
            let widthRatio = reference.width == 0 ? 0 : Double(other.width) / Double(reference.width)
            let heightRatio = reference.height == 0 ? 0 : Double(other.height) / Double(reference.height)
            let sameRatio = CatalogValidator.ratioText(widthRatio) == CatalogValidator.ratioText(heightRatio)
            let ratio =
                sameRatio
                ? CatalogValidator.ratioText(widthRatio)
                : "\(CatalogValidator.ratioText(widthRatio)) x \(CatalogValidator.ratioText(heightRatio))"
            let expected =
                "\(CatalogValidator.ratioText(Double(reference.width) * expectedRatio))x\(CatalogValidator.ratioText(Double(reference.height) * expectedRatio))"
            let path = asset.entries[other.entry].filename.map { "\(asset.path)/\($0)" } ?? asset.path
            return CatalogDiagnostic(
                .scaleMismatch, path: path, keyPath: asset.entryKeyPath(other.entry),
                message:
                    "is \(other.width)x\(other.height) at \(factor)x: \(ratio) times the \(referenceFactor)x \(reference.width)x\(reference.height), where \(CatalogValidator.ratioText(expectedRatio)) is expected (\(expected), rounded either way)"
            )
        }
        for group in groups {
            // A 1x that fits neither of a 2x and 3x that agree is the odd one out: one finding, on the 1x,
            // measured against the 2x (a 1x exported at the 3x's size does not put both others in the wrong).
            if let one = group[1], let two = group[2], let three = group[3], fits(two, 2, three, 3), !fits(one, 1, two, 2) {
                found.append(mismatch(one, 1, against: two, 2))
                continue
            }
            let reference: (factor: Int, entry: (entry: Int, width: Int, height: Int))
            if let one = group[1] {
                reference = (1, one)
            } else if let two = group[2] {
                reference = (2, two)
            } else {
                continue
            }
            for factor in [2, 3] where factor > reference.factor {
                guard let other = group[factor], !fits(reference.entry, reference.factor, other, factor) else { continue }
                found.append(mismatch(other, factor, against: reference.entry, reference.factor))
            }
        }
        return found
    }
}

/// One slot's files by scale factor (1, 2 or 3, as `CatalogValidator.scaleFactor` gives them): each file's
/// entry and pixels.
struct ScaleGroup {
    private var byFactor: [(entry: Int, width: Int, height: Int)?] = [nil, nil, nil]

    subscript(factor: Int) -> (entry: Int, width: Int, height: Int)? {
        get { (1...3).contains(factor) ? byFactor[factor - 1] : nil }
        set { if (1...3).contains(factor) { byFactor[factor - 1] = newValue } }
    }
}
