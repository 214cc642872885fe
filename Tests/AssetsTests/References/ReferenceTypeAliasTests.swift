import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// A project's own name for a lookup type (#32): NetNewsWire's `typealias RSImage = NSImage` (and `= UIImage` in the
/// other platform branch, in another module), then `RSImage(named: "x")`.
@Suite("References: a typealias of a lookup type looks up as the type does")
struct ReferenceTypeAliasTests {
    @Test("an alias declared in another file, per platform branch or through another alias: missing at the lookup's line")
    func aliasedLookups() throws {
        // Given an image alias in two platform branches, a colour alias through another alias, and a set for one name
        let project = try ProjectFixture()
        try project.imageSet("accountLocal")
        try project.write(
            "Core/PlatformTypes.swift",
            """
            #if os(macOS)
            import AppKit
            public typealias RSImage = NSImage
            public typealias RSColor = AppKit.NSColor
            #else
            import UIKit
            public typealias RSImage = UIImage
            public typealias RSColor = UIColor
            #endif
            typealias TintColor = RSColor
            """)
        try project.write(
            "App/Icons.swift",
            """
            enum Icons {
                static var local: RSImage { RSImage(named: "accountLocal")! }
                static var gone: RSImage { RSImage(named: "accountGone")! }
                static var tint: TintColor? { TintColor(named: "tintMissing") }
                static var other: RSImage? { RSImage(named: "accountOther", in: otherBundle, compatibleWith: nil) }
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the aliased lookups of names no set has are missing at their lines, the unwrapped one crashing,
        // the colour asked for as a colour; a lookup in another bundle stays a use
        #expect(findings.missingNames == ["accountGone", "tintMissing"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).map(\.position?.line) == [3, 4])
        let messages = findings.findings(.missingAsset).map(\.message)
        #expect(messages.first?.hasPrefix("RSImage(named:) asks for \"accountGone\"") == true, "\(messages)")
        #expect(messages.first?.contains("crashes") == true, "\(messages)")
        #expect(messages.last?.contains("colour") == true, "\(messages)")
        // and the set is used by a lookup
        #expect(findings.unusedNames.isEmpty, "\(findings.diagnostics)")
        let uses = findings.uses["App/Assets.xcassets/accountLocal.imageset"] ?? []
        #expect(uses.contains { $0.line == 2 && $0.certainty == .lookup && $0.wanted == "image" }, "\(uses)")
    }

    @Test("an alias of anything else, a name also declared as a type, or two aliases of different kinds: only a possible use")
    func notWhenUnsure() throws {
        // Given aliases that are not certainly one lookup type
        let project = try ProjectFixture()
        try project.imageSet("present")
        try project.write(
            "App/Types.swift",
            """
            typealias IconName = String
            typealias Mixed = UIImage
            struct Holder { typealias Mixed = UIColor }
            typealias Shadowed = UIImage
            typealias Generic = Array<UIImage>
            """)
        try project.write(
            "Other/Shadowed.swift",
            """
            final class Shadowed { init?(named: String) {} }
            """)
        try project.write(
            "App/Use.swift",
            """
            func use() {
                _ = IconName(named: "n1")
                _ = Mixed(named: "n2")
                _ = Shadowed(named: "n3")
                _ = Generic(named: "n4")
                _ = Unknown(named: "n5")
                _ = Unknown(named: "present")
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then nothing is missing, and the literal equal to a set's name still uses it
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
        #expect(findings.unusedNames.isEmpty, "\(findings.diagnostics)")
    }
}
