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
        #expect(
            missing.description
                == "icon.imageset/Contents.json:9:20: error: images[1].filename: lists \"gone.png\", which is not in icon.imageset [missing-file]"
        )
        // And findings about whole files have none
        #expect(report.diagnostics.filter { $0.keyPath == nil }.allSatisfy { $0.position == nil })
    }

    @Test("an array item that is not an object keeps the later entries' key paths at their place in the file")
    func itemThatIsNoObject() throws {
        // Given an image set whose second item is a number, then a colour set whose first is a string
        let images =
            "{\n  \"images\" : [\n    { \"filename\" : \"a.png\", \"idiom\" : \"universal\", \"scale\" : \"1x\" },\n    5,\n"
            + "    { \"filename\" : \"gone.png\", \"idiom\" : \"watchh\" }\n  ]\n}\n"
        let colours = "{ \"colors\" : [ \"red\", { \"idiom\" : \"tablet\" } ] }\n"
        let catalog = try FixtureCatalog()
        try catalog.write("icon.imageset/Contents.json", images)
        try catalog.write("icon.imageset/a.png", try FixtureCatalog.png(width: 4, height: 4))
        try catalog.write("Brand.colorset/Contents.json", colours)

        // When it is validated
        let report = try catalog.validate()

        // Then findings about the entries after the number name them as the file has them, with their positions
        let expected: [(CatalogDiagnostic.Code, String, SourcePosition)] = [
            (.invalidJSON, "images[1]", try Self.position(of: "5,", in: images)),
            (.missingFile, "images[2].filename", try Self.position(of: "\"gone.png\"", in: images)),
            (.unknownValue, "images[2].idiom", try Self.position(of: "\"watchh\"", in: images)),
        ]
        for (code, keyPath, position) in expected {
            let finding = report.diagnostics.first { $0.code == code && $0.keyPath == keyPath }
            #expect(finding?.position == position, "\(code.rawValue) at \(keyPath): \(report.diagnostics)")
        }
        let colour = report.diagnostics.first { $0.keyPath == "colors[1].idiom" }
        #expect(colour?.position == (try Self.position(of: "\"tablet\"", in: colours)), "\(report.diagnostics)")
    }

    @Test("colour sets, group properties, CRLF line ends and a byte order mark")
    func colourSetAndGroup() throws {
        // Given a colour set written with CRLF line ends and a BOM, and a group with a wrong provides-namespace
        let colours =
            "{\r\n  \"colors\" : [\r\n    {\r\n      \"idiom\" : \"universal\",\r\n"
            + "      \"color\" : { \"color-space\" : \"cmyk\", \"components\" : { \"red\" : \"lots\", \"green\" : 0, \"blue\" : 0 } }\r\n"
            + "    }\r\n  ]\r\n}\r\n"
        let group = "{\n  \"properties\" : {\n    \"provides-namespace\" : \"yes\"\n  }\n}\n"
        let catalog = try FixtureCatalog()
        try catalog.write("Brand.colorset/Contents.json", [0xEF, 0xBB, 0xBF] + Array(colours.utf8))
        try catalog.write("Icons/Contents.json", group)

        // When it is validated
        let report = try catalog.validate()

        // Then the colour's findings point at their values (the BOM takes no column, CR ends no line)
        let space = report.diagnostics.first { $0.keyPath == "colors[0].color.color-space" }
        #expect(space?.position == (try Self.position(of: "\"cmyk\"", in: colours)), "\(report.diagnostics)")
        #expect(space?.code == .unknownValue)
        let red = report.diagnostics.first { $0.keyPath == "colors[0].color.components.red" }
        #expect(red?.position == (try Self.position(of: "\"lots\"", in: colours)), "\(report.diagnostics)")
        #expect(red?.code == .invalidJSON)
        // and the group's wrong flag points at its value
        let flag = report.diagnostics.first { $0.keyPath == "properties.provides-namespace" }
        #expect(flag?.path == "Icons/Contents.json")
        #expect(flag?.position == (try Self.position(of: "\"yes\"", in: group)))
    }

    @Test("key paths resolve to the first of a repeated key, and unknown paths to nothing")
    func lookups() throws {
        // Given a document with a repeated key and nested arrays
        let text = "{\"a\": [1, {\"b\": 2}], \"a\": 3, \"c\": {\"d.e\": 4}}"
        let (_, positions) = try JSONReader.parseWithPositions(Array(text.utf8))
        let locator = JSONPositions.Locator(positions)

        // Then each path names its value's first byte
        #expect(locator.position(of: "a") == SourcePosition(line: 1, column: 7))
        #expect(locator.position(of: "a[1].b") == SourcePosition(line: 1, column: 17))
        #expect(locator.position(of: "a[0]") == SourcePosition(line: 1, column: 8))
        #expect(locator.position(of: "a[2]") == nil)
        #expect(locator.position(of: "x") == nil)
        #expect(locator.position(of: "a..b") == nil)
        #expect(locator.node(at: "a[1].b")?.keyPosition == SourcePosition(line: 1, column: 12))
    }
}
