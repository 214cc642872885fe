/// What a catalog costs (`asset-tool size`): the bytes of the files each set names, summed by group and
/// catalog, and the bytes each cost finding promises (`duplicate-image`, `unused-scale`, `oversized-image`,
/// `compressible-image`). Made from a validation report, so it reads nothing itself.
///
/// Two kinds of bytes (Docs/cost.md): `bytes` and `saving` are repository bytes, the source files as git and
/// a download of the source hold them; `appSaving` is what the findings take out of the app. actool decodes
/// every PNG of a catalog and stores its own encoding in Assets.car, so a lossless PNG rewrite
/// (`compressible-image` on a PNG) saves repository bytes only; a file no device loads (`unused-scale`), pixels
/// no screen shows (`oversized-image`) and a second copy (`duplicate-image`) change what actool stores, and a
/// JPEG is stored as it is, so those count for the app too. What the app ships of a catalog is the compiled
/// `Assets.car`'s size: where one is at hand, a reader of it fills `shippedBytes` (the hook the compiled-catalog
/// reader uses; nil until then).
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
        /// What acting on every finding saves in the repository, each file counted once (its largest saving).
        public var saving: Int
        /// What acting on every finding takes out of the app, each file counted once: `saving` less what only
        /// the source files gain (a lossless rewrite of a catalog PNG, which actool re-encodes anyway).
        public var appSaving: Int = 0
    }

    /// Whether a finding's bytes also leave the app: every cost code but `compressible-image` on a PNG (or any
    /// file not a JPEG by its name), which actool re-encodes into Assets.car.
    public static func savesAppBytes(_ code: CatalogDiagnostic.Code, path: String) -> Bool {
        guard code == .compressibleImage else { return true }
        let lower = path.lowercased()
        return lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
    }

    public var catalog: String
    /// The catalog's row first, then groups and sets in path order (a group before what it holds).
    public var rows: [Row]

    public var total: Row { rows[0] }
    /// The bytes the app ships for this catalog (the compiled `Assets.car`'s), when a compiled catalog was
    /// read; nil otherwise (the hook for the compiled-catalog reader: `size` prints it beside `bytes`).
    public var shippedBytes: Int?
    /// The catalog's app icon sets and whether the project's targets build each (`AppIconCost`), and the project
    /// file that says so; empty when no Xcode project was read above the catalog.
    package var appIcons: [AppIconCost] = []
    package var appIconProject: String?

    /// Lists the catalog's app icon sets with the roles the project `deployment` read gives them.
    package mutating func listAppIcons(deployment: DeploymentTarget) {
        appIcons = AppIconCost.list(rows, deployment: deployment)
        appIconProject = deployment.projectFiles.isEmpty ? nil : deployment.projectFiles.joined(separator: ", ")
    }

    public init(_ report: CatalogReport) {
        catalog = report.catalog
        // The largest saving of each file, and each code's saving per file.
        var best: [String: Int] = [:]
        var bestInApp: [String: Int] = [:]
        var perCode: [(String, CatalogDiagnostic.Code, Int)] = []
        for diagnostic in report.diagnostics {
            guard let stake = diagnostic.bytesAtStake, Self.codes.contains(diagnostic.code) else { continue }
            best[diagnostic.path] = max(best[diagnostic.path] ?? 0, stake)
            if Self.savesAppBytes(diagnostic.code, path: diagnostic.path) {
                bestInApp[diagnostic.path] = max(bestInApp[diagnostic.path] ?? 0, stake)
            }
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
        for (path, stake) in bestInApp {
            for owner in owners(path) { byPath[owner]?.appSaving += stake }
        }
        rows = byPath.values.sorted { lhs, rhs in
            lhs.path.isEmpty != rhs.path.isEmpty ? lhs.path.isEmpty : lhs.path < rhs.path
        }
    }

    /// A table: repository bytes, each code's savings, the repository saving and the app's, the path; the
    /// catalog's row last, as a total.
    public var text: String {
        let header = ["bytes", "duplicate", "unused", "oversized", "compressible", "repo saving", "app saving", "path"]
        var lines = [header]
        for row in rows.dropFirst() + [total] {
            var cells = [Self.grouped(row.bytes)]
            cells += Self.codes.map { row.savings[$0].map(Self.grouped) ?? "-" }
            cells.append(Self.grouped(row.saving))
            cells.append(Self.grouped(row.appSaving))
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
        }.joined(separator: "\n") + "\n" + Self.bytesNote + AppIconCost.text(appIcons, project: appIconProject)
    }

    /// What the table's figures are, under it.
    static let bytesNote =
        "bytes and repo saving: the source files (git, source downloads); app saving: what leaves the app "
        + "(actool re-encodes catalog PNGs into Assets.car, so a lossless PNG rewrite may not change the app)\n"

    package var json: JSONValue {
        func savings(_ row: Row) -> JSONValue {
            .object(Self.codes.map { (key: $0.rawValue, value: .int(row.savings[$0] ?? 0)) })
        }
        func item(_ row: Row) -> JSONValue {
            .record([
                "kind": .string(row.kind.rawValue), "path": .string(row.path), "bytes": .int(row.bytes),
                "savings": savings(row), "saving": .int(row.saving), "app_saving": .int(row.appSaving),
            ])
        }
        var fields: [(key: String, value: JSONValue)] = [
            (key: "catalog", value: .string(catalog)),
            (key: "bytes", value: .int(total.bytes)),
            (key: "savings", value: savings(total)),
            (key: "saving", value: .int(total.saving)),
            (key: "app_saving", value: .int(total.appSaving)),
        ]
        if let shippedBytes { fields.append((key: "shipped_bytes", value: .int(shippedBytes))) }
        if !appIcons.isEmpty { fields.append((key: "app_icons", value: .array(appIcons.map(\.json)))) }
        fields.append((key: "rows", value: .array(rows.dropFirst().map(item))))
        return .object(fields)
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
