import SwiftParser
import SwiftSyntax
import Testing

@testable import AssetReferences

/// Issue 32 (speed): line numbers read off a file's bytes (`SourceLines`) and the byte-level shortcuts of the
/// syntax walk give what swift-syntax's `SourceLocationConverter` and the string comparisons gave.
@Suite("References: line numbers from the bytes, and the walk's byte-level checks")
struct SourceLinesTests {
    /// Sources whose line breaks are `\n`, `\r\n` and a lone `\r`, inside comments, multi-line and raw strings,
    /// at the end and at the start of the file.
    static let sources: [String] = [
        "",
        "\n",
        "let a = 1",
        "let a = 1\n",
        "\r\nlet a = \"x\"\r\nlet b = UIImage(named: \"y\")\r\n",
        "let a = 1\rlet b = 2\r\rlet c = \"z\"",
        "/* one\r\ntwo\rthree\n */ let s = \"\"\"\r\n  line\r  other\n  \"\"\"\nlet t = #\"raw\"#\n",
        "#if os(iOS)\nlet é = Image(\"ü\")\n#endif\n// end\r\n\n",
    ]

    @Test("every offset's line and column, and the line count, are the converter's")
    func asTheConverter() {
        for source in Self.sources {
            // Given a source and its parsed tree
            let bytes = Array(source.utf8)
            let tree = Parser.parse(source: source)
            let converter = SourceLocationConverter(fileName: "f.swift", tree: tree)

            // When each offset (and one past either end) is located from the bytes
            let lines = bytes.withUnsafeBufferPointer { SourceLines($0) }

            // Then it has the converter's line and column, and the file the converter's count of lines
            for offset in -1...(bytes.count + 1) {
                let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
                let found = lines.location(of: offset)
                #expect(found.line == expected.line && found.column == expected.column, "offset \(offset) of \(source.debugDescription)")
            }
            #expect(lines.count == converter.location(for: tree.endPosition).line)
        }
    }

    @Test("a chain's root is let through exactly when the rules may read it")
    func chainRoots() {
        // Given chains whose roots are modules, Xcode's symbol types, accessor roots, other names, non-ASCII names
        let roots = [
            "UIImage", "Color", "ImageResource", "SwiftUI", "DeveloperToolsSupport", "R", "Asset", "Assets", "XCAssets",
            "MyAppAsset", "AssetCatalog", "appAssets", "view", "self", "Images", "Icons", "UIKit", "UIKi", "Rx", "é",
            "Assetsé", "U\u{0049}\u{212A}it",
        ]
        for root in roots {
            let source = "let x = \(root).member.other\n"
            let tree = Parser.parse(source: source)
            let members = tree.tokens(viewMode: .sourceAccurate).compactMap { $0.parent?.parent?.as(MemberAccessExprSyntax.self) }

            // When the walk's check reads each member access of the chain
            // Then it lets the chain through exactly when its root is one the symbol or accessor rules name
            let expected =
                SwiftReferenceScanner.moduleNames.contains(root) || SwiftReferenceScanner.xcodeSymbolRoots[root] != nil
                || SwiftReferenceScanner.Visitor.isAccessorRoot(root)
            #expect(!members.isEmpty)
            for member in members {
                #expect(SwiftReferenceScanner.Visitor.mayNameAsset(member) == expected, "\(root)")
            }
        }
    }

    @Test("a name loses its backticks as a character filter drops them, canonical equivalents included")
    func unticked() {
        // Given names with and without backticks, and one with U+1FEF (canonically a backtick)
        for name in ["plain", "`default`", "a`b", "é", "x\u{1FEF}", "`é`", ""] {
            // When unticked
            // Then the result is the character filter's
            #expect(SwiftReferenceScanner.unticked(name) == name.filter { $0 != "`" })
        }
    }

    @Test("the nesting measure's chain words are found as the word set finds them")
    func chainWords() {
        // Given every chain word, its prefixes and longer words
        var words = BracketDepth.chainWords.map { String(decoding: $0, as: UTF8.self) }
        words += words.flatMap { [String($0.dropLast()), $0 + "s", "x" + $0] } + ["", "a", "awaits", "borrowingx"]
        for word in words {
            // When looked up in the bytes
            let bytes = Array("(\(word))".utf8)
            let found = bytes.withUnsafeBufferPointer { BracketDepth.isChainWord($0, 1, 1 + word.utf8.count) }

            // Then it is a chain word exactly when the set holds it
            #expect(found == BracketDepth.chainWords.contains(Array(word.utf8)), "\(word)")
        }
    }
}
