/// What a catalog costs the app (`asset-tool size`): the bytes of the files each set names, summed by group
/// and catalog, and the bytes each cost finding promises (`duplicate-image`, `unused-scale`,
/// `oversized-image`, `compressible-image`). Made from a validation report, so it reads nothing itself.
import AssetsSupport

public struct CatalogCostReport: Sendable, Hashable {
    /// The cost codes, in the order columns show them.
    public static let codes: [CatalogDiagnostic.Code] = [.duplicateImage, .unusedScale, .oversizedImage, .compressibleImage]

    public struct Row: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable { case catalog, group, set }
        public var kind: Kind
        /// Catalog-relative; `""` for the catalog.
        public var path: String
        public var bytes: Int
        /// Bytes each code promises inside this row.
        public var savings: [CatalogDiagnostic.Code: Int]
        /// What acting on every finding saves, each file counted once (its largest saving).
        public var saving: Int
    }

    public var catalog: String
    /// The catalog's row first, then groups and sets in path order (a group before what it holds).
    public var rows: [Row]

    public var total: Row { rows[0] }

    public init(_ report: CatalogReport) {
        catalog = report.catalog
        // The largest saving of each file, and each code's saving per file.
        var best: [String: Int] = [:]
        var perCode: [(String, CatalogDiagnostic.Code, Int)] = []
        for diagnostic in report.diagnostics {
            guard let stake = diagnostic.bytesAtStake, Self.codes.contains(diagnostic.code) else { continue }
            best[diagnostic.path] = max(best[diagnostic.path] ?? 0, stake)
            perCode.append((diagnostic.path, diagnostic.code, stake))
        }
        var byPath: [String: Row] = ["": Row(kind: .catalog, path: "", bytes: 0, savings: [:], saving: 0)]
        func ancestors(_ path: String) -> [String] {
            var out = [""]
            var prefix = ""
            for part in path.split(separator: "/").dropLast() {
                prefix = prefix.isEmpty ? String(part) : "\(prefix)/\(part)"
                out.append(prefix)
            }
            return out
        }
        for (index, set) in report.setPaths.enumerated() {
            let bytes = index < report.setBytes.count ? report.setBytes[index] : 0
            byPath[set] = Row(kind: .set, path: set, bytes: bytes, savings: [:], saving: 0)
            for group in ancestors(set) {
                if byPath[group] == nil { byPath[group] = Row(kind: .group, path: group, bytes: 0, savings: [:], saving: 0) }
                byPath[group]?.bytes += bytes
            }
        }
        // A finding belongs to the set whose folder holds its path, and to every group above it.
        func owners(_ path: String) -> [String] {
            var out: [String] = []
            var prefix = Substring(path)
            while true {
                if !prefix.isEmpty, byPath[String(prefix)] != nil { out.append(String(prefix)) }
                guard let slash = prefix.lastIndex(of: "/") else { break }
                prefix = prefix[..<slash]
            }
            out.append("")
            return Array(Set(out))
        }
        for (path, code, stake) in perCode {
            for owner in owners(path) { byPath[owner]?.savings[code, default: 0] += stake }
        }
        for (path, stake) in best {
            for owner in owners(path) { byPath[owner]?.saving += stake }
        }
        rows = byPath.values.sorted { lhs, rhs in
            lhs.path.isEmpty != rhs.path.isEmpty ? lhs.path.isEmpty : lhs.path < rhs.path
        }
    }

    /// A table: bytes, each code's savings, the saving, the path; the catalog's row last, as a total.
    public var text: String {
        let header = ["bytes", "duplicate", "unused", "oversized", "compressible", "saving", "path"]
        var lines = [header]
        for row in rows.dropFirst() + [total] {
            var cells = [Self.grouped(row.bytes)]
            cells += Self.codes.map { row.savings[$0].map(Self.grouped) ?? "-" }
            cells.append(Self.grouped(row.saving))
            let name = row.kind == .catalog ? "total (\(catalog))" : row.path + (row.kind == .group ? "/" : "")
            cells.append(PlainText.escape(name))
            lines.append(cells)
        }
        var widths = Array(repeating: 0, count: header.count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return lines.map { line in
            line.enumerated().map { index, cell in
                index == line.count - 1 ? cell : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    package var json: JSONValue {
        func savings(_ row: Row) -> JSONValue {
            .object(Self.codes.map { (key: $0.rawValue, value: .int(row.savings[$0] ?? 0)) })
        }
        func item(_ row: Row) -> JSONValue {
            .record(["kind": .string(row.kind.rawValue), "path": .string(row.path), "bytes": .int(row.bytes),
                     "savings": savings(row), "saving": .int(row.saving)])
        }
        return .record([
            "catalog": .string(catalog),
            "bytes": .int(total.bytes),
            "savings": savings(total),
            "saving": .int(total.saving),
            "rows": .array(rows.dropFirst().map(item)),
        ])
    }

    /// `12,345`: a count with its thousands grouped, as every byte figure of `size`, `optimize`, the findings and
    /// the report prints it.
    package static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits = String(digits.dropLast(3))
        }
        return digits + out
    }
}
