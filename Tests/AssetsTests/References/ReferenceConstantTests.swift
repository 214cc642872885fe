import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// Names kept in constants (#32): Open Food Facts' `private let flashOffImageName = "flash_off"`, Maccy's
/// `extension NSImage.Name { static let clipboard = NSImage.Name("clipboard.fill") }`, an enum's raw values.
@Suite("References: a lookup of a string constant asks for its value")
struct ReferenceConstantTests {
    @Test("file, member, name-type and enum constants resolve to their values: missing at the lookup's line")
    func constantsResolve() throws {
        // Given sets for some of the constants' values and none for the others
        let project = try ProjectFixture()
        for name in ["flash_off", "clipboard.fill", "icon_close"] { try project.imageSet(name) }
        try project.write(
            "App/Names.swift",
            """
            extension NSImage.Name {
                static let clipboard = NSImage.Name("clipboard.fill")
                static let gone = NSImage.Name("gone_name")
            }
            enum Icon: String { case close = "icon_close", share = "icon_share" }
            let sharedBadge = "badge_shared"
            """)
        try project.write(
            "App/Flash.swift",
            """
            private let flashOffImageName = "flash_off"
            private let flashOnImageName = "flash_on"
            final class FlashButton {
                let tinted = "tinted_flash"
                func update(on: Bool) {
                    view.image = UIImage(named: on ? flashOnImageName : flashOffImageName)
                    view.image = UIImage(named: flashOffImageName)
                    view.image = UIImage(named: flashOnImageName)
                    view.image = UIImage(named: self.tinted)
                    menu.image = NSImage(named: .clipboard)
                    menu.image = NSImage(named: .gone)
                    menu.image = UIImage(named: Icon.close.rawValue)
                    menu.image = UIImage(named: Icon.share.rawValue)
                    menu.image = UIImage(named: sharedBadge)
                }
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then each constant with no set is missing at the line of its lookup (each branch of a ternary too),
        // named with the constant
        #expect(
            findings.missingNames == ["flash_on", "flash_on", "tinted_flash", "gone_name", "icon_share", "badge_shared"],
            "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).map(\.position?.line) == [6, 8, 9, 11, 13, 14])
        #expect(findings.findings(.missingAsset).first?.message.hasPrefix("UIImage(named:) through flashOnImageName asks for") == true)
        // and the sets the constants name are used by lookups, with no note on a name built at run time
        #expect(findings.unusedNames.isEmpty, "\(findings.diagnostics)")
        let uses = findings.uses["App/Assets.xcassets/clipboard.fill.imageset"] ?? []
        #expect(uses.contains { $0.file == "App/Flash.swift" && $0.line == 10 && $0.certainty == .lookup }, "\(uses)")
        #expect(findings.findings(.dynamicAssetName).isEmpty, "\(findings.diagnostics)")
    }

    @Test("a name the file also binds another way, or two constants with different values, stays a name built at run time")
    func notWhenUnsure() throws {
        // Given a constant shadowed by a parameter and a local, a member constant declared twice with other values,
        // and a top-level constant another file binds as a variable
        let project = try ProjectFixture()
        try project.imageSet("present")
        try project.write(
            "App/A.swift",
            """
            let iconName = "not_a_set"
            struct A { let title = "title_a" }
            struct B { let title = "title_b" }
            func show(iconName: String) { _ = UIImage(named: iconName) }
            func titled() { _ = UIImage(named: title) }
            let shared = "shared_value"
            """)
        try project.write(
            "App/B.swift",
            """
            final class C {
                var shared = "changed"
                func draw() { _ = UIImage(named: shared) }
            }
            func other() {
                let local = "x"
                _ = UIImage(named: local)
            }
            func third() { _ = UIImage(named: shared) }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then nothing is missing: each such lookup is a name built at run time
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
        #expect(findings.findings(.dynamicAssetName).count == 5, "\(findings.diagnostics)")
    }

    @Test("the constants indexed by last name give the answer every key compared gives, non-ASCII keys too")
    func tableAgreesWithEveryKey() {
        // Given constants with shared last names, a name type's members, and a key with a Kelvin sign (canonically `K`)
        let ascii: [String: Set<String>] = [
            "Icon.close": ["icon_close"], "App.Icon.close": ["icon_close"], "Other.Icon.close": ["other_close"],
            "NSImage.Name.clipboard": ["clipboard.fill"], "String.clipboard": ["clipboard.fill"], "Image.clipboard": ["x"],
            "Theme.K": ["theme_k"], "sharedBadge": ["badge_shared"], "Empty.": ["empty"], "a.b.c": ["abc"],
        ]
        var withKelvin = ascii
        withKelvin["App.Units.\u{212A}"] = ["kelvin"]
        let paths = [
            "Icon.close", "App.Icon.close", "Other.Icon.close", "close", ".clipboard", ".close", "Theme.K", "K", ".K",
            "sharedBadge", "Empty.", ".", "b.c", "c", "Missing.x", "Units.K", "Units.\u{212A}", "",
        ]
        for constants in [ascii, withKelvin] {
            let table = StringConstants.Table(constants)
            for path in paths {
                // Then the index answers every path as the comparison with every key does
                #expect(StringConstants.resolve(path, in: table) == StringConstants.resolve(path, in: constants), "\(path)")
            }
        }
        #expect(StringConstants.resolve("Icon.close", in: StringConstants.Table(ascii)) == nil)
        #expect(StringConstants.resolve(".clipboard", in: StringConstants.Table(ascii)) == "clipboard.fill")
        #expect(StringConstants.resolve("Units.K", in: StringConstants.Table(withKelvin)) == "kelvin")
    }

    @Test("an image extension is found in any case, and only after a dot")
    func imageExtensions() {
        #expect(ReferenceFindings.imageExtension(of: "close.PNG") == ".png")
        #expect(ReferenceFindings.imageExtension(of: "photo.Jpeg") == ".jpeg")
        #expect(ReferenceFindings.imageExtension(of: "close") == nil)
        #expect(ReferenceFindings.imageExtension(of: "closepng") == nil)
        #expect(ReferenceFindings.imageExtension(of: "a.png.txt") == nil)
    }
}
