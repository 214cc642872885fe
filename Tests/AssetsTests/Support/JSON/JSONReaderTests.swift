import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

@Suite("Contents.json reader")
struct JSONReaderTests {
    @Test("values keep key order and how numbers were written")
    func values() throws {
        // Given a document with every kind of value
        let text = #"{"b": [1, 1.000, -2e3, true, false, null], "a": "\u00e9\ud83d\ude00\n", "c": {}}"#

        // When it is parsed
        let value = try JSONReader.parse(Array(text.utf8))

        // Then order, literals and escapes are kept
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(value["b"] == .array([.number("1"), .number("1.000"), .number("-2e3"), .bool(true), .bool(false), .null]))
        #expect(value["a"] == .string("é😀\n"))
        #expect(value.text == #"{"b":[1,1.000,-2e3,true,false,null],"a":"é😀\n","c":{}}"#)
    }

    @Test(
        "syntax errors give line and column",
        arguments: [
            ("{\n  \"a\": 1,\n}", 3, 1),
            ("{\"a\" 1}", 1, 6),
            ("[1, 2", 1, 6),
            ("{\"a\": tru}", 1, 7),
            ("\"open", 1, 1),
            ("{} x", 1, 4),
            ("", 1, 1),
        ])
    func positions(text: String, line: Int, column: Int) {
        // Given broken JSON
        // When it is parsed
        // Then the error names where it broke
        do {
            _ = try JSONReader.parse(Array(text.utf8))
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
        }
    }

    @Test("hostile nesting is refused, not a stack overflow")
    func nesting() {
        // Given 100,000 nested arrays
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)

        // When parsed, then a typed error comes back
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    }

    @Test("every prefix and seeded byte flips of a real Contents.json parse or throw, and load without a crash")
    func robustness() throws {
        // Given a Contents.json from the shipped example
        let root = PackageRoot.url
        let source = root.appendingPathComponent("Assets.catalog/Placeholders/placeholder_error_icon.imageset/Contents.json")
        let bytes = [UInt8](try Data(contentsOf: source))
        #expect(bytes.count > 100)

        // When each prefix and flipped variant is read as a set's Contents.json
        var generator = SplitMix(seed: 42)
        var variants = (0..<bytes.count).map { Array(bytes.prefix($0)) }
        for _ in 0..<300 {
            var copy = bytes
            copy[Int(generator.next() % UInt64(copy.count))] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            variants.append(copy)
        }

        // Then each either parses into entries or gives invalid-json diagnostics, never a crash
        var failures = 0
        for variant in variants {
            let (file, parsed) = ContentsFile.parse(variant, path: "x.imageset/Contents.json")
            if let parsed {
                var typed = file
                typed.readEntries(under: "images", of: parsed)
            } else {
                failures += 1
                #expect(file.diagnostics.count == 1 && file.diagnostics[0].code == .invalidJSON)
            }
        }
        #expect(failures > bytes.count / 2)
    }
}

/// A small deterministic generator for seeded tests.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
