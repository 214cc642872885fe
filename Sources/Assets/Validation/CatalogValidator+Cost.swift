/// What the catalog costs the app: `unused-scale`, `oversized-image` and `compressible-image` for each set as
/// it is checked, and the compact digest of each file's pixels that `duplicate-image` compares across the
/// catalog once every set is checked (the set itself is dropped, so memory stays flat in the catalog's size).
import AssetsSupport
import AssetsCodecs

extension CatalogValidator {
    /// Whether a cost code runs: the cost checks are on and the configuration does not turn it off.
    /// `compressible-image` (each PNG and JPEG rewritten losslessly in memory, trials at libdeflate's strong
    /// levels: hundreds of times the work of reading headers) runs only where rewrites are wanted
    /// (`costRewritesFiles`: `size`) or the configuration names it; `duplicate-image` reads only the PNGs
    /// and JPEGs whose size and header another file shares, and decodes only with `duplicateEvidence`
    /// `.pixels` (`DuplicateCandidates`); the others judge headers.
    func runs(_ code: CatalogDiagnostic.Code) -> Bool {
        guard options.costChecks, options.config.rules[code] != .off else { return false }
        if code == .compressibleImage {
            return options.costRewritesFiles || options.config.rules[code] != nil
        }
        return true
    }

    /// Whether the reader must read files whole for the cost checks (lossless rewrites).
    var costReadsWhole: Bool { runs(.compressibleImage) }

    /// The cost findings of one set, and the shapes of its files (for `duplicate-image`).
    func costFindings(of asset: Asset, jobs: [FileJob], facts: [Int: ImageFacts]) -> ([CatalogDiagnostic], [ImageDigestTable.File]) {
        guard options.costChecks else { return ([], []) }
        var found: [CatalogDiagnostic] = []
        var digests: [ImageDigestTable.File] = []
        let imageLike: Bool
        switch asset.kind {
        case .imageSet, .appIconSet, .stickersIconSet, .iconSet, .symbolSet: imageLike = true
        default: imageLike = false
        }
        let duplicates = runs(.duplicateImage)
        let compressible = runs(.compressibleImage)
        let unusedScales = asset.kind == .imageSet && runs(.unusedScale)
        for job in jobs {
            guard let header = asset.fileRecords[job.record].header else { continue }
            if unusedScales, let why = unusedReason(asset, job) {
                found.append(
                    CatalogDiagnostic(
                        .unusedScale, path: job.path,
                        message: "\(why); \(Self.bytes(header.size)) at stake", bytesAtStake: header.size))
            }
            guard duplicates || compressible, let format = header.format, imageLike,
                case .raster(_, .success(let info)) = header.content
            else { continue }
            // Four RGBA copies: the rewrite's 16-bit canvas and its rows.
            if (try? options.limits.checkMemory(width: info.width, height: info.height, copies: 4, format: format)) == nil { continue }
            if duplicates, format == .png || format == .jpeg {
                digests.append(
                    ImageDigestTable.File(
                        shape: .init(format: format, orientation: info.orientation, width: info.width, height: info.height),
                        path: job.path, size: header.size,
                        bytesDigest: duplicateEvidence == .bytes ? header.bytesDigest : nil))
            }
            if compressible, let bytes = header.bytes, format == .png || format == .jpeg,
                let rewrite = try? LosslessOptimizer.rewrite(bytes, format: format, limits: options.limits)
            {
                let saved = rewrite.savedBytes
                let settings = options.config.cost
                if Double(saved) * 100 > settings.compressibleMinPercent * Double(bytes.count), saved > settings.compressibleMinBytes {
                    let percent = Int((Double(saved) * 100 / Double(max(bytes.count, 1))).rounded())
                    found.append(
                        CatalogDiagnostic(
                            .compressibleImage, path: job.path,
                            message:
                                "\(Self.bytes(bytes.count)) losslessly rewritten is \(Self.bytes(rewrite.bytes.count)) (\(percent) % smaller: \(rewrite.change)); \(Self.bytes(saved)) of repository bytes at stake (asset-tool optimize; \(Self.shippedNote(format)))",
                            bytesAtStake: saved))
                }
            }
        }
        if asset.kind == .imageSet, runs(.oversizedImage) { found += oversized(asset, jobs: jobs, facts: facts) }
        return (found, digests)
    }

    /// What a lossless rewrite of a catalog file does to the app: actool decodes a catalog's PNGs and stores
    /// its own encoding in Assets.car, so the source's savings may not reach the app (Docs/cost.md).
    static func shippedNote(_ format: ImageFormat) -> String {
        format == .png
            ? "actool re-encodes catalog PNGs into Assets.car, so the app may not get smaller"
            : "a JPEG actool keeps as JPEG ships these bytes"
    }

    /// Why no device of the deployment target loads the file, when none does (every entry naming it unused).
    private func unusedReason(_ asset: Asset, _ job: FileJob) -> String? {
        let target = options.deployment
        var reasons: [String] = []
        for index in job.entryIndices {
            let entry = asset.entries[index]
            let idiom = entry.idiom ?? "universal"
            if entry.scale == "1x", entry.displayGamut?.lowercased() == "display-p3", ["universal", "iphone", "ipad"].contains(idiom) {
                reasons.append("a 1x Display P3 variant: no device with a 1x screen has a P3 display")
            } else if entry.scale == "1x", target.iosAtLeast(10),
                idiom == "iphone" || idiom == "ipad" || (idiom == "universal" && !target.alsoMac)
            {
                let version = target.ios.map { $0.map(String.init).joined(separator: ".") } ?? "10"
                reasons.append(
                    "1x, which no device running iOS \(version) or later loads (deployment target from \(target.source ?? "the project"))")
            } else if idiom == "ipad", let families = target.families, !families.contains("ipad") {
                reasons.append("an iPad file in an iPhone-only app (device families from \(target.source ?? "the configuration"))")
            } else {
                return nil
            }
        }
        return reasons.first
    }

    /// Files with more than twice the pixels a side their set shows at their scale.
    private func oversized(_ asset: Asset, jobs: [FileJob], facts: [Int: ImageFacts]) -> [CatalogDiagnostic] {
        // Point size per variant (every trait but scale): the smallest the scales imply.
        struct Variant: Hashable {
            var idiom, gamut, appearance, direction, subtype, locale: String?
        }
        func variant(_ entry: ImageEntry) -> Variant {
            Variant(
                idiom: entry.idiom, gamut: entry.displayGamut,
                appearance: entry.appearances.map { "\($0.appearance)=\($0.value)" }.joined(separator: ","),
                direction: entry.languageDirection, subtype: entry.subtype, locale: entry.locale)
        }
        // Each variant's smallest implied point size and its scales (a bit each), the variants compared in
        // order: a set has a handful, and hashing six strings per lookup cost more than the whole check. A large
        // set (a hostile one lists 40,000 entries) hashes them, as `checkValues` does.
        var variants: [Variant] = []
        var points: [(Double, Double)] = []
        var scales: [UInt8] = []
        var numbered: [Variant: Int] = [:]
        let large = asset.entries.count > 32
        func number(of key: Variant) -> Int? {
            large ? numbered[key] : variants.firstIndex(of: key)
        }
        // Entries are read in place (`asset.entries[index]`), not copied out: a copy of each entry's strings
        // and keys cost a third of this check.
        for index in asset.entries.indices {
            guard let fact = facts[index], let width = fact.width, let height = fact.height,
                let factor = asset.entries[index].scale.flatMap(CatalogValidator.scaleFactor)
            else { continue }
            let key = variant(asset.entries[index])
            let implied = (Double(width) / Double(factor), Double(height) / Double(factor))
            if let known = number(of: key) {
                points[known] = (min(points[known].0, implied.0), min(points[known].1, implied.1))
                scales[known] |= 1 << factor
            } else {
                if large { numbered[key] = variants.count }
                variants.append(key)
                points.append(implied)
                scales.append(1 << factor)
            }
        }
        let configured = options.config.cost.pointSize(forSet: asset.path)
        var found: [CatalogDiagnostic] = []
        for job in jobs {
            guard let index = job.entryIndices.first, let fact = facts[index], let width = fact.width, let height = fact.height,
                let size = asset.fileRecords[job.record].header?.size
            else { continue }
            let factor = asset.entries[index].scale.flatMap(CatalogValidator.scaleFactor) ?? 1
            var shown: (Double, Double)?
            var from = ""
            if let configured {
                let longest = Double(max(width, height))
                let ratio = configured * Double(factor) / longest
                shown = (Double(width) * ratio, Double(height) * ratio)
                from = "the point size \(CatalogValidator.ratioText(configured)) in .asset-tool.json"
            } else if let known = variants.isEmpty ? nil : number(of: variant(asset.entries[index])), scales[known].nonzeroBitCount > 1 {
                shown = (points[known].0 * Double(factor), points[known].1 * Double(factor))
                from = "its other scales"
            }
            guard let (shownWidth, shownHeight) = shown, shownWidth > 0, shownHeight > 0,
                Double(width) > 2 * shownWidth + 1 || Double(height) > 2 * shownHeight + 1
            else { continue }
            let needed = max(1, Int(shownWidth.rounded())) * max(1, Int(shownHeight.rounded()))
            let share = min(1, Double(needed) / Double(max(width * height, 1)))
            let stake = Int(Double(size) * (1 - share))
            found.append(
                CatalogDiagnostic(
                    .oversizedImage, path: job.path,
                    message:
                        "is \(width)x\(height), but at \(factor)x the set shows \(Int(shownWidth.rounded()))x\(Int(shownHeight.rounded())) (from \(from)); about \(Self.bytes(stake)) at stake",
                    bytesAtStake: stake))
        }
        return found
    }

    /// What `duplicate-image` compares: decoded pixels where the cost is the command's point and lossless
    /// rewrites run anyway (`size`, `report --deep`, a library caller's default), else bytes (`validate`, with or
    /// without `--deep`: copies found from the sizes the headers gave; a pixel digest is a second decode of
    /// every file whose shape collides, 3.4 times `--deep`'s own work on the bench corpus: BENCHMARKS.md).
    var duplicateEvidence: DuplicateCandidates.Evidence { options.costRewritesFiles ? .pixels : .bytes }

    /// `duplicate-image`: every file whose digest an earlier file (by path) has; the earliest is the one kept.
    /// `table` is in path order (`ImageDigestTable.sortByPath()`).
    func duplicateImages(_ table: ImageDigestTable) -> [CatalogDiagnostic] {
        guard runs(.duplicateImage), table.count > 1 else { return [] }
        let rows = table.rows
        // Row numbers by digest, then path: each digest's rows together, the one kept first.
        let order = rows.indices.filter { rows[$0].digest != nil }.sorted { left, right in
            rows[left].digest != rows[right].digest
                ? ImageDigestTable.digestPrecedes(rows[left].digest, rows[right].digest) : left < right
        }
        var found: [CatalogDiagnostic] = []
        var kept = 0
        for (position, index) in order.enumerated() {
            guard position > 0, rows[order[position - 1]].digest == rows[index].digest else {
                kept = index
                continue
            }
            let record = rows[index]
            let path = table.path(index)
            if record.set == rows[kept].set, Self.slotsMayRepeatPixels(path) { continue }
            let place = record.set == rows[kept].set ? " (another entry of the same set)" : ""
            found.append(
                CatalogDiagnostic(
                    .duplicateImage, path: path,
                    message: "\(duplicateEvidence.words) \(table.path(kept))\(place); \(Self.bytes(record.size)) at stake",
                    bytesAtStake: record.size))
        }
        return found
    }

    /// Whether the file at `path` (catalog-relative) is an entry of an app icon, iconset or sticker icon set,
    /// whose slots may need the same pixels (`AssetKind.slotsMayRepeatPixels`).
    static func slotsMayRepeatPixels(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/"), let dot = path[..<slash].lastIndex(of: ".") else { return false }
        let folderExtension = path[path.index(after: dot)..<slash]
        return AssetKind(rawValue: String(folderExtension).lowercased())?.slotsMayRepeatPixels ?? false
    }

    /// `duplicate-image` across the catalogs of a project: each report (in the order given, each with the
    /// validator that made it, for its configuration) gains a finding for every file whose pixels a file of
    /// an earlier catalog (or an earlier path of another catalog) shows; the file kept is the first by
    /// catalog order, then path. A file already reported as a duplicate inside its own catalog is not
    /// reported again. The other catalog's file is named by its path from `root` (the project folder).
    package static func crossCatalogDuplicates(_ reports: inout [CatalogReport], validators: [CatalogValidator], root: String) {
        guard reports.count > 1, reports.count == validators.count else { return }
        func shown(_ catalog: String) -> String {
            guard !root.isEmpty else { return catalog }
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return catalog.hasPrefix(prefix) ? String(catalog.dropFirst(prefix.count)) : catalog
        }
        for index in reports.indices { reports[index].imageDigests.sortByPath() }
        // The files whose shape only another catalog shares get their digests now.
        var tablesToResolve = reports.map(\.imageDigests)
        for index in reports.indices { reports[index].imageDigests = ImageDigestTable() }
        let evidence = validators[0].duplicateEvidence
        DuplicateCandidates.resolve(&tablesToResolve, roots: reports.map(\.catalog), by: evidence, limits: validators[0].options.limits)
        for index in reports.indices { reports[index].imageDigests = tablesToResolve[index] }
        // Every file of every catalog, (catalog, row), by digest, then catalog, then path: each digest's files
        // together, the one kept first, and each catalog's first file of the digest first among its own.
        var order: [(catalog: Int32, row: Int32)] = []
        for (catalog, report) in reports.enumerated() {
            guard let catalogNumber = Int32(exactly: catalog) else { break }
            for row in report.imageDigests.rows.indices where report.imageDigests.rows[row].digest != nil {
                guard let rowNumber = Int32(exactly: row) else { break }
                order.append((catalogNumber, rowNumber))
            }
        }
        let tables = reports.map(\.imageDigests.rows)
        order.sort { left, right in
            let leftDigest = tables[Int(left.catalog)][Int(left.row)].digest
            let rightDigest = tables[Int(right.catalog)][Int(right.row)].digest
            if leftDigest != rightDigest { return ImageDigestTable.digestPrecedes(leftDigest, rightDigest) }
            return left.catalog != right.catalog ? left.catalog < right.catalog : left.row < right.row
        }
        var found = [[CatalogDiagnostic]](repeating: [], count: reports.count)
        var kept = order.first ?? (0, 0)
        for (position, file) in order.enumerated() {
            let catalog = Int(file.catalog)
            let row = Int(file.row)
            guard position > 0, tables[Int(order[position - 1].catalog)][Int(order[position - 1].row)].digest == tables[catalog][row].digest
            else {
                kept = file
                continue
            }
            // Only the first of its digest in its catalog, and not in the kept file's catalog: the others are
            // duplicates within their catalog already.
            guard order[position - 1].catalog != file.catalog, file.catalog != kept.catalog, validators[catalog].runs(.duplicateImage)
            else { continue }
            let keptCatalog = Int(kept.catalog)
            let size = tables[catalog][row].size
            found[catalog].append(
                CatalogDiagnostic(
                    .duplicateImage, path: reports[catalog].imageDigests.path(row),
                    message:
                        "\(evidence.words) \(shown(reports[keptCatalog].catalog))/\(reports[keptCatalog].imageDigests.path(Int(kept.row))) (another catalog); \(bytes(size)) at stake",
                    bytesAtStake: size))
        }
        for index in reports.indices where !found[index].isEmpty {
            reports[index].diagnostics = (reports[index].diagnostics + validators[index].options.config.apply(to: found[index])).sorted()
        }
    }

    /// `12,345 bytes`.
    static func bytes(_ count: Int) -> String {
        CatalogCostReport.grouped(count) + (count == 1 ? " byte" : " bytes")
    }
}
