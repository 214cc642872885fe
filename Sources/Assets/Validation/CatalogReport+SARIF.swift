import AssetsSupport

/// SARIF 2.1.0 (OASIS), as GitHub code scanning and SARIF viewers read it: one run whose tool lists a
/// rule per diagnostic code (title and help text from `CatalogDiagnostic.Code`), and a result per
/// finding with its file and, for a finding about a key, the region where the key's value starts.
///
/// Columns count UTF-8 bytes, as in the text output; SARIF's default column unit is UTF-16 code units,
/// which agree for the ASCII keys and values Contents.json files hold.
extension CatalogReport {
    /// The SARIF version written and the schema it conforms to.
    static let sarifVersion = "2.1.0"
    static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    func sarif() -> String {
        let codes = CatalogDiagnostic.Code.allCases
        let rules: [JSONValue] = codes.map { code in
            .object([
                ("id", .string(code.rawValue)),
                ("name", .string(CatalogReport.ruleName(code))),
                ("shortDescription", .object([("text", .string(code.title))])),
                ("fullDescription", .object([("text", .string(code.help))])),
                ("help", .object([("text", .string(code.help))])),
                ("defaultConfiguration", .object([("level", .string(CatalogReport.sarifLevel(code.defaultSeverity)))])),
            ])
        }
        let results: [JSONValue] = diagnostics.map { diagnostic in
            var physical: [(key: String, value: JSONValue)] = [
                ("artifactLocation", .object([("uri", .string(CatalogReport.uriReference(displayPath(of: diagnostic))))]))
            ]
            if let position = diagnostic.position {
                physical.append(
                    (
                        "region",
                        .object([
                            ("startLine", .int(position.line)),
                            ("startColumn", .int(position.column)),
                        ])
                    ))
            }
            var result: [(key: String, value: JSONValue)] = [
                ("ruleId", .string(diagnostic.code.rawValue)),
                ("ruleIndex", .int(codes.firstIndex(of: diagnostic.code) ?? 0)),
                ("level", .string(CatalogReport.sarifLevel(diagnostic.severity))),
                ("message", .object([("text", .string(diagnostic.fullMessage))])),
                ("locations", .array([.object([("physicalLocation", .object(physical))])])),
            ]
            if let related = diagnostic.relatedSet {
                // The set a source finding concerns, as SARIF's related location (relative to where the tool ran).
                let base = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
                let setPath = related.catalog.hasPrefix("/") ? related.catalog : "\(base)/\(related.catalog)"
                let uri = CatalogReport.uriReference("\(setPath)/\(related.setPath)")
                result.append(
                    (
                        "relatedLocations",
                        .array([
                            .object([
                                ("id", .int(0)),
                                ("physicalLocation", .object([("artifactLocation", .object([("uri", .string(uri))]))])),
                            ])
                        ])
                    ))
            }
            if let keyPath = diagnostic.keyPath {
                result.append(("properties", .object([("keyPath", .string(keyPath))])))
            }
            return .object(result)
        }
        let run: JSONValue = .object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("asset-tool")),
                            ("rules", .array(rules)),
                        ])
                    )
                ])
            ),
            ("results", .array(results)),
        ])
        let log: JSONValue = .object([
            ("$schema", .string(CatalogReport.sarifSchema)),
            ("version", .string(CatalogReport.sarifVersion)),
            ("runs", .array([run])),
        ])
        return log.rendered() + "\n"
    }

    static func sarifLevel(_ severity: CatalogDiagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// `missing-file` → `MissingFile`: SARIF's rule names are identifiers.
    static func ruleName(_ code: CatalogDiagnostic.Code) -> String {
        code.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a URI reference (RFC 3986): relative paths stay relative (to where the tool ran, the
    /// repository root in CI), absolute ones become `file://` URIs; every byte outside the unreserved
    /// set and `/` is percent-encoded, so spaces and `#` in folder names survive.
    static func uriReference(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
