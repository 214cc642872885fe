import Foundation
import Testing
@testable import Assets

/// Every finding about a key of a Contents.json points at the line and column where the key's value
/// starts. Expected positions are found in the test's own text (the first occurrence of a marker after
/// an anchor), not by the reader under test.
@Suite("Findings point at their line and column")
struct DiagnosticPositionTests {
    /// The line and column (from 1, bytes) of the `occurrence`th `marker` in `text`, moved `plus` bytes on.
    static func position(of marker: String, occurrence: Int = 1, plus: Int = 0, in text: String) throws -> SourcePosition {
        let bytes = Array(text.utf8)
        var offset = -1
        for _ in 0..<occurrence { offset = try #require(find(Array(marker.utf8), in: bytes, from: offset + 1)) }
        offset += plus
        let before = bytes[..<offset]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// An image set laid out over many lines, as Xcode writes it, with a problem in each entry.
    static let imageSetText = """
        {
          "images" : [
            {
              "filename" : "a.png",
              "idiom" : "watchh",
              "scale" : "1x"
            },
            {
              "filename" : "gone.png",
              "idiom" : "universal",
              "scale" : "4x"
            },
            {
              "filename" : "../escape.png",
              "idiom" : "universal",
              "scale" : "2x",
              "width-class" : "wide",
              "height-class" : "tall",
              "display-gamut" : "rec2020",
              "language-direction" : "up",
              "appearances" : [ { "appearance" : "luminosity", "value" : "dim" },
                                { "appearance" : "mood", "value" : "happy" } ]
            },
            {
              "filename" : "a.png",
              "idiom" : "watchh",
              "scale" : "1x"
            },
            {
              "filename" : "",
              "idiom" : "universal",
              "scale" : 3
            }
          ],
          "properties" : {
            "template-rendering-intent" : "sometimes",
            "preserves-vector-representation" : "yes"
          },
          "info" : { "author" : "xcode", "version" : 1 }
        }
        """

    @Test("every key-level finding of an image set names its line and column")
    func imageSet() throws {
        // Given an image set with a problem of every key-level kind
        let catalog = try FixtureCatalog()
        try catalog.write("icon.imageset/Contents.json", Self.imageSetText)
        try catalog.write("icon.imageset/a.png", try FixtureCatalog.png(width: 4, height: 4))

        // When it is validated
        let report = try catalog.validate()

        // Then each finding about a key points at its value
        let text = Self.imageSetText
        let expected: [(CatalogDiagnostic.Code, String, SourcePosition)] = [
            (.unknownValue, "images[0].idiom", try Self.position(of: "\"watchh\"", in: text)),
            (.missingFile, "images[1].filename", try Self.position(of: "\"gone.png\"", in: text)),
            (.unknownValue, "images[1].scale", try Self.position(of: "\"4x\"", in: text)),
            (.unsafePath, "images[2].filename", try Self.position(of: "\"../escape.png\"", in: text)),
            (.unknownValue, "images[2].width-class", try Self.position(of: "\"wide\"", in: text)),
            (.unknownValue, "images[2].height-class", try Self.position(of: "\"tall\"", in: text)),
            (.unknownValue, "images[2].display-gamut", try Self.position(of: "\"rec2020\"", in: text)),
            (.unknownValue, "images[2].language-direction", try Self.position(of: "\"up\"", in: text)),
            (.unknownValue, "images[2].appearances[0].value", try Self.position(of: "\"dim\"", in: text)),
            (.unknownValue, "images[2].appearances[1].appearance", try Self.position(of: "\"mood\"", in: text)),
            (.unknownValue, "images[3].idiom", try Self.position(of: "\"watchh\"", occurrence: 2, in: text)),
            (.ambiguousVariant, "images[3]", try Self.position(of: "{\n      \"filename\" : \"a.png\"", occurrence: 2, in: text)),
            (.invalidJSON, "images[4].filename", try Self.position(of: "\"\"", in: text)),
            (.invalidJSON, "images[4].scale", try Self.position(of: ": 3\n", plus: 2, in: text)),
            (.unknownValue, "properties.template-rendering-intent", try Self.position(of: "\"sometimes\"", in: text)),
            (.unknownValue, "properties.preserves-vector-representation", try Self.position(of: "\"yes\"", in: text)),
        ]
        for (code, keyPath, position) in expected {
            let finding = report.diagnostics.first { $0.code == code && $0.keyPath == keyPath }
            #expect(finding?.position == position, "\(code.rawValue) at \(keyPath): \(String(describing: finding))")
            #expect(finding?.path == "icon.imageset/Contents.json")
        }
        // And the Xcode form leads with path:line:column
        let missing = try #require(report.diagnostics.first { $0.code == .missingFile })
        #expect(missing.description == "icon.imageset/Contents.json:9:20: error: images[1].filename: lists \"gone.png\", which is not in icon.imageset [missing-file]")
        // And findings about whole files have none
        #expect(report.diagnostics.filter { $0.keyPath == nil }.allSatisfy { $0.position == nil })
    }
}
