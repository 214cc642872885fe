import Assets
import AssetsSupport

/// `refs --write-baseline FILE` and `refs --baseline FILE`, as SwiftLint's: adopting `refs` on an app that
/// already has findings. A baseline lists the findings of a run keyed by code, file and subject (the set, or
/// the name asked for), not by line, so moving code revives nothing while a new unused set or a new missing
/// name is exactly one new finding. A key listed twice hides two findings.
enum RefsBaseline {
    struct Key: Hashable {
        var code: String
        var file: String
        var subject: String
    }

    /// The key of a finding: its code, its file, and the set it is about (`catalog/set`), else the first
    /// quoted name of its message (`asks for "x"`), else the message.
    static func key(_ diagnostic: CatalogDiagnostic) -> Key {
        let subject: String
        if let set = diagnostic.relatedSet {
            subject = "\(set.catalog)/\(set.setPath)"
        } else if let open = diagnostic.message.firstIndex(of: "\""),
            let close = diagnostic.message[diagnostic.message.index(after: open)...].firstIndex(of: "\"")
        {
            subject = String(diagnostic.message[diagnostic.message.index(after: open)..<close])
        } else {
            subject = diagnostic.message
        }
        return Key(code: diagnostic.code.rawValue, file: diagnostic.path, subject: subject)
    }

    /// The baseline of `report` as JSON: `{"version": 1, "findings": [{"code", "file", "subject"}, …]}`.
    static func rendered(_ report: CatalogReport) -> String {
        let keys = report.diagnostics.map(key).sorted { ($0.file, $0.code, $0.subject) < ($1.file, $1.code, $1.subject) }
        return JSONValue.record([
            "version": .int(1),
            "findings": .array(
                keys.map { key in
                    JSONValue.record(["code": .string(key.code), "file": .string(key.file), "subject": .string(key.subject)])
                }),
        ]).rendered() + "\n"
    }

    /// Writes the baseline atomically; an existing file only with `--force`.
    static func write(_ report: CatalogReport, to path: String, force: Bool) throws(CommandFailure) {
        do {
            try AtomicFileWriter(overwrite: force).write(Array(rendered(report).utf8), to: path)
        } catch {
            throw CommandFailure("\(error)" + (force ? "" : " (--force replaces it)"))
        }
    }

    /// Reads a baseline: each key with how many findings it hides. A file that is not a baseline fails with
    /// what is wrong (exit status 66).
    static func read(_ path: String) throws(CommandFailure) -> [Key: Int] {
        let bytes: [UInt8]
        switch CatalogFileSystem.read(path, maxBytes: 64 << 20) {
        case .success(let read):
            guard read.size <= 64 << 20 else { throw CommandFailure.unreadableCatalog("error: \(path): a baseline is at most 64 MB") }
            bytes = read.head
        case .failure(let error): throw CommandFailure.unreadableCatalog("error: \(path): cannot be read: \(error)")
        }
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch {
            throw CommandFailure.unreadableCatalog("error: \(path): not JSON: \(error)")
        }
        guard case .object(let members) = value, case .array(let findings)? = members.first(where: { $0.key == "findings" })?.value else {
            throw CommandFailure.unreadableCatalog(
                "error: \(path): not a refs baseline (no \"findings\" array; --write-baseline makes one)")
        }
        var keys: [Key: Int] = [:]
        for (index, finding) in findings.enumerated() {
            guard case .object(let fields) = finding,
                case .string(let code)? = fields.first(where: { $0.key == "code" })?.value,
                case .string(let file)? = fields.first(where: { $0.key == "file" })?.value,
                case .string(let subject)? = fields.first(where: { $0.key == "subject" })?.value
            else {
                throw CommandFailure.unreadableCatalog(
                    "error: \(path): findings[\(index)] needs the strings \"code\", \"file\" and \"subject\"")
            }
            keys[Key(code: code, file: file, subject: subject), default: 0] += 1
        }
        return keys
    }

    /// `report` without the findings the baseline lists (each key hides as many findings as it is listed).
    static func filter(_ report: CatalogReport, by baseline: [Key: Int]) -> CatalogReport {
        var left = baseline
        var filtered = report
        filtered.diagnostics = report.diagnostics.filter { diagnostic in
            let key = key(diagnostic)
            guard let count = left[key], count > 0 else { return true }
            left[key] = count - 1
            return false
        }
        return filtered
    }
}
