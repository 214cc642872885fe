import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

@Suite("SVG structure check")
struct XMLShapeCheckTests {
    static let sound = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!-- made by hand -->
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
          <!ENTITY accent "#0071A4"> <!-- an entity ] with a bracket -->
        ]>
        <svg xmlns="http://www.w3.org/2000/svg" width='40' height="40" viewBox="0 0 40 40">
          <title>A &amp; B &#169; &#x1F600;</title>
          <style><![CDATA[ circle { fill: red } /* < & > */ ]]></style>
          <g id="a"><circle cx="20" cy="20" r="8"/><?render fast?></g>
        </svg>
        <!-- trailing comment -->

        """

    @Test("a sound SVG gives its root element")
    func sound() throws {
        // Given a document using every construct the check knows
        // When it is checked, then the root is svg
        #expect(try XMLShapeCheck.rootElement(of: Array(XMLShapeCheckTests.sound.utf8)).get() == "svg")
        #expect(try XMLShapeCheck.rootElement(of: Array("<svg:svg xmlns:svg='x'/>".utf8)).get() == "svg:svg")
        #expect(VectorFileCheck.svgProblem(Array("<html/>".utf8)) == "has root element <html>, expected <svg>")
    }

    @Test(
        "damaged documents are refused with a position",
        arguments: [
            ("<svg><g></svg>", "line 1, column 9: </svg> does not close <g>"),
            ("<svg width=40/>", "line 1, column 12: the value of width is not quoted"),
            ("<svg a='1' a='2'/>", "line 1, column 12: attribute a is repeated"),
            ("<svg/>\n<g/>", "line 2, column 1: text after the root element"),
            ("<svg>\n  <g>", "line 2, column 6: the file ends before </g>"),
            ("<svg>&</svg>", "line 1, column 6: '&' does not start a reference"),
            ("<svg><!-- open", "line 1, column 10: the file ends inside a comment"),
            ("", "line 1, column 1: the file has no root element"),
            ("<1svg/>", "line 1, column 2: a name cannot start with '1'"),
        ])
    func damaged(text: String, expected: String) {
        // Given a damaged document, when it is checked, then the error says where and why
        switch XMLShapeCheck.rootElement(of: Array(text.utf8)) {
        case .success(let root): Issue.record("accepted with root \(root)")
        case .failure(let error): #expect(error.description == expected)
        }
    }

    @Test("every prefix of a sound SVG is refused, without a crash")
    func prefixes() {
        // Given the sound document's bytes
        let bytes = Array(XMLShapeCheckTests.sound.utf8)
        let end = bytes.count - Array("\n<!-- trailing comment -->\n".utf8).count

        // When each prefix up to the end of the root element is checked, then each fails
        for length in 0..<end - 1 {
            if case .success = XMLShapeCheck.rootElement(of: Array(bytes.prefix(length))) {
                Issue.record("prefix of \(length) bytes accepted")
            }
        }
    }
}
