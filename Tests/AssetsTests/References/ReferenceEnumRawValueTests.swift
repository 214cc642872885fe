import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// An interpolation of an enum's own `rawValue` narrowed to the raw values the enum declares (#32): IceCubes'
/// `"AppIconAlternate\(rawValue)-image"` inside `enum Icon: Int`, not every set between `AppIconAlternate` and `-image`.
@Suite("References: an interpolation of an enum's rawValue is narrowed to the enum's raw values")
struct ReferenceEnumRawValueTests {
    @Test("Int raw values (implicit and explicit) and String raw values (case names and literals) narrow the pattern")
    func narrowed() throws {
        // Given an Int enum whose cases count on from explicit values, a String enum with implicit and explicit raw
        // values read through an extension, and sets inside and outside the names they make
        let project = try ProjectFixture()
        for name in [
            "Icon0-image", "Icon1-image", "Icon5-image", "Icon6-image", "Icon2-image", "Icon10-image", "Icon7-image",
            "flag_red", "flag_deep-blue", "flag_green", "flag_blue",
        ] {
            try project.imageSet(name)
        }
        try project.write(
            "App/Icon.swift",
            """
            enum Icon: Int, CaseIterable {
                case primary = 0
                case alt1
                case alt5 = 5, alt6
                var previewImageName: String { "Icon\\(rawValue)-image" }
            }
            enum Flag: String {
                case red, blue = "deep-blue"
            }
            extension Flag {
                var imageName: String { return "flag_\\(self.rawValue)" }
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the raw values' names are used, the sets the wide patterns alone matched are unused (`Icon10-image` is
        // not `Icon1` followed by more), and no narrowed name is ever missing
        #expect(
            findings.unusedNames == ["Icon2-image", "Icon10-image", "Icon7-image", "flag_green", "flag_blue"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
        let uses = findings.uses["App/Assets.xcassets/Icon6-image.imageset"] ?? []
        #expect(uses.contains { $0.line == 5 && $0.via.hasSuffix("through Icon.rawValue") }, "\(uses)")
    }

    @Test("a shadowed rawValue, unknown raw values, a struct of the same name or a concatenation keep the wide pattern")
    func notWhenUnsure() throws {
        // Given an enum whose member binds its own `rawValue`, an enum with a computed raw value, a struct sharing an
        // enum's name, a `+` operand, and an enum whose cases sit in `#if`
        let project = try ProjectFixture()
        for name in ["ka_9", "kb_9", "kc_9", "kx_9", "ke_9"] { try project.imageSet(name) }
        try project.write(
            "App/Kinds.swift",
            """
            enum A: Int {
                case one
                init?(rawValue: Int) { print("ka_\\(rawValue)") ; return nil }
            }
            enum B: Int {
                case one = 1
                case two = B.base
                static let base = 2
                var name: String { "kb_\\(rawValue)" }
            }
            enum C: Int { case one; var name: String { "kc_\\(rawValue)" } }
            struct C { var rawValue: Int; var other: String { "kc_\\(rawValue)" } }
            enum D: Int {
                case one
                var name: String { "d" + "kx_\\(rawValue)" }
            }
            enum E: Int {
                #if os(iOS)
                case one
                #endif
                case two
                var name: String { "ke_\\(rawValue)" }
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then every set still matches a wide pattern
        #expect(findings.unusedNames.isEmpty, "\(findings.diagnostics)")
    }
}
