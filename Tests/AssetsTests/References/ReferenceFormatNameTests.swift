import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// Names built by `String(format:)` (found on KeePassium, fetched: `String(format: "%@/%02d", assetPath, id)` with
/// `assetPath` one of three namespace folders made 207 of its sets "unused").
@Suite("References: names a String(format:) makes")
struct ReferenceFormatNameTests {
    @Test("the format's parts: conversions, %%, positions, a * width")
    func parts() throws {
        // Given formats of each shape
        // When parsed
        let plain = try #require(FormatString("icon_%02d_%@.png"))
        let positional = try #require(FormatString("%2$@-%1$ld%%"))
        let sized = try #require(FormatString("x%*dy%@"))
        // Then the literal segments and each conversion's argument are read as Foundation reads them
        #expect(plain.segments == ["icon_", "_", ".png"])
        #expect(plain.arguments == [0, 1])
        #expect(plain.conversions == ["d", "@"])
        #expect(positional.segments == ["", "-", "%"])
        #expect(positional.arguments == [1, 0])
        #expect(sized.arguments == [nil, nil])
        #expect(FormatString("100%% sure") == nil)
        #expect(FormatString("no conversion") == nil)
        // And the names a known argument makes are prefixes up to the first unknown conversion
        let names = try #require(plain.names { $0 == 1 ? ["a", "b"] : nil })
        #expect(names.map { "\($0.prefix)|\($0.suffix)|\($0.complete)" } == ["icon_|_a.png|false", "icon_|_b.png|false"])
        let complete = try #require(FormatString("%@-%@")?.names { $0 == 0 ? ["x"] : ["1", "2"] })
        #expect(complete.map(\.prefix) == ["x-1", "x-2"] && complete.allSatisfy(\.complete))
    }

    @Test("a format's names count as uses, narrowed by the literals a local %@ argument takes; the rest stay unused")
    func narrowedByLocal() throws {
        // Given sets in two namespace folders and one outside, a function that picks the folder in a switch and
        // formats it with a number, and a lookup of a formatted name with a literal prefix
        let project = try ProjectFixture()
        for folder in ["icons", "icons/blue", "icons/red", "other"] {
            try project.write("App/Assets.xcassets/\(folder)/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        }
        for name in ["icons/blue/10", "icons/blue/11", "icons/red/12", "other/13", "badge_3", "badge_x", "tile_9"] {
            try project.imageSet(name)
        }
        try project.write(
            "App/Icons.swift",
            """
            import UIKit
            enum Palette { case blue, red }
            func icon(_ palette: Palette, _ id: Int) -> UIImage? {
                let folder: String
                switch palette {
                case .blue: folder = "icons/blue"
                case .red: folder = "icons/red"
                }
                let name = String(format: "%@/%02d", folder, id)
                return UIImage(named: name)
            }
            func badge(_ count: Int) -> UIImage? {
                UIImage(named: String(format: "badge_%d", count))
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the two folders' sets and the badge sets are used; `other/13` and `tile_9` are not; nothing is missing
        #expect(findings.unusedNames == ["13", "tile_9"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
    }

    @Test("a local assigned anything but literals, or shadowed, keeps the format's own ends")
    func notWhenUnsure() throws {
        // Given a local assigned a call in one branch, one passed inout, and one shadowed by a loop variable
        let project = try ProjectFixture()
        try project.write("App/Assets.xcassets/k/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        for name in ["k/a_1", "k/b_1", "k/c_2", "zz_1"] { try project.imageSet(name) }
        try project.write(
            "App/Kinds.swift",
            """
            import UIKit
            func make() -> String { "zz" }
            func one(_ flag: Bool) -> UIImage? {
                var kind = "k/a"
                if flag { kind = make() }
                let name = String(format: "%@_1", kind)
                return UIImage(named: name)
            }
            func two() -> UIImage? {
                var kind = "k/b"
                change(&kind)
                let name = String(format: "%@_%d", kind, 1)
                return UIImage(named: name)
            }
            func change(_ value: inout String) { value = "zz" }
            func three(_ all: [String]) -> UIImage? {
                let kind = "k/c"
                for kind in all { print(kind) }
                let name = String(format: "%@_2", kind)
                return UIImage(named: name)
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then neither local narrows its format (whose own ends, `_1` and nothing, are too short to tie a set):
        // `k/a_1` and `k/b_1` are not taken as used on the strength of a value the local may not hold
        #expect(findings.unusedNames == ["a_1", "b_1", "c_2", "zz_1"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
    }
}
