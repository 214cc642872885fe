import Foundation

/// The JPEG entries of `../shared/corpus/MANIFEST.json`, read with Foundation's JSON parser.
struct JPEGCorpusEntry: @unchecked Sendable, CustomStringConvertible {
    var path: String
    var format: String
    var category: String
    var expectations: [String: Any]
    var observedDjpeg: [String: Any]?

    var description: String { path }

    static func all() -> [JPEGCorpusEntry] {
        guard ImageDumps.corpusPresent,
            let data = try? Data(contentsOf: ImageDumps.corpus.appendingPathComponent("MANIFEST.json")),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = root["entries"] as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let path = entry["path"] as? String else { return nil }
            let observed = entry["reference_decoders_observed"] as? [String: Any]
            return JPEGCorpusEntry(
                path: path, format: entry["format"] as? String ?? "",
                category: entry["category"] as? String ?? "",
                expectations: entry["expectations"] as? [String: Any] ?? [:],
                observedDjpeg: observed?["djpeg_libjpeg-turbo_2.1.5"] as? [String: Any])
        }
    }

    static func jpeg() -> [JPEGCorpusEntry] {
        all().filter { $0.format == "jpeg" || $0.path.hasPrefix("bad/jpeg/") }
    }

    var wuffs: (ok: Bool, crc: String)? {
        guard let nia = expectations["wuffs_nia"] as? [String: Any], let status = nia["status"] as? String,
            let crc = nia["crc32"] as? String
        else { return nil }
        return (status == "OK", crc)
    }

    var md5Statements: [(args: String, md5: String, historical: Bool)] {
        (expectations["md5_of_decoder_output"] as? [[String: Any]] ?? []).compactMap { statement in
            guard let md5 = statement["md5"] as? String else { return nil }
            let args = statement["djpeg_args"] as? String ?? statement["program"] as? String ?? ""
            return (args, md5, statement["historical"] as? Bool ?? false)
        }
    }
}
