import AssetsSupport

/// GitLab's code-quality report (a JSON array; GitLab's documentation, "Code Quality report format"):
/// each issue has a `description`, a `check_name` (the diagnostic code), a `fingerprint` unique to the
/// finding, a `severity` (`major` for an error, `minor` for a warning) and a `location` with the path
/// and the first line (line 1 for a finding about a whole file, as GitLab requires a line).
///
/// The fingerprint is FNV-1a over the code, path, key path and message, twice with different offset
/// bases for 128 bits, written by hand: it only has to be stable and unique among a report's findings
/// (GitLab suggests an MD5), not secret, and the package has no hash library.
extension CatalogReport {
    func gitlabCodeQuality() -> String {
        let issues: [JSONValue] = diagnostics.map { diagnostic in
            .object([
                ("description", .string("\(diagnostic.fullMessage) [\(diagnostic.code.rawValue)]")),
                ("check_name", .string(diagnostic.code.rawValue)),
                ("fingerprint", .string(CatalogReport.fingerprint(of: diagnostic, path: displayPath(of: diagnostic)))),
                ("severity", .string(diagnostic.severity == .error ? "major" : diagnostic.severity == .warning ? "minor" : "info")),
                (
                    "location",
                    .object([
                        ("path", .string(displayPath(of: diagnostic))),
                        ("lines", .object([("begin", .int(diagnostic.position?.line ?? 1))])),
                    ])
                ),
            ])
        }
        return JSONValue.array(issues).rendered() + "\n"
    }

    static func fingerprint(of diagnostic: CatalogDiagnostic, path: String) -> String {
        let text = [diagnostic.code.rawValue, path, diagnostic.keyPath ?? "", diagnostic.message].joined(separator: "\u{0}")
        func fnv1a(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01B3
            }
            return hash
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(fnv1a(0xCBF2_9CE4_8422_2325)) + hex(fnv1a(0x6C62_272E_07BB_0142))
    }
}
