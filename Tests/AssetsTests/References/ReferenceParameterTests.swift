import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// Names through parameters (#32): VLC passes `"playing-animation-"` to `generateAnimation(with:)`, which loads
/// `imageName + String(index)`; the literal reaches the lookup through the parameter, so its frames are used.
@Suite("References: a literal passed to a parameter that reaches a lookup")
struct ReferenceParameterTests {
    @Test("the frames a prefix reaches are used; a whole-name parameter uses its set; nothing is reported missing")
    func throughParameters() throws {
        // Given VLC's shape, and a wrapper taking the whole name, called from another file
        let project = try ProjectFixture()
        for frame in 0..<3 { try project.imageSet("playing-animation-\(frame)") }
        try project.imageSet("badge")
        try project.imageSet("loading-animation-0")
        try project.write(
            "App/Animation.swift",
            """
            final class Player {
                func generateAnimation(with imageName: String) -> [UIImage] {
                    (0..<3).compactMap { index in UIImage(named: imageName + String(index)) }
                }
                func icon(_ name: String) -> UIImage? { UIImage(named: name) }
            }
            """)
        try project.write(
            "App/View.swift",
            """
            let frames = player.generateAnimation(with: "playing-animation-")
            let badge = player.icon("badge")
            let other = player.generateAnimation(named: "loading-animation-")
            let typo = player.icon("no_such_set")
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the frames and the badge are used through the parameters; a call with another label reaches nothing,
        // and a literal with no set is not reported missing (the function may be an overload of another type)
        #expect(findings.unusedNames == ["loading-animation-0"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
        let uses = findings.uses["App/Assets.xcassets/playing-animation-1.imageset"] ?? []
        #expect(uses.contains { $0.file == "App/View.swift" && $0.line == 1 && $0.via.hasPrefix("generateAnimation(with:) →") })
        let badge = findings.uses["App/Assets.xcassets/badge.imageset"] ?? []
        #expect(badge.contains { $0.via == "icon(_:) → UIImage(named:)" }, "\(badge)")
    }

    @Test("a bare .x the project declares as an enum case or static property is that member, unless an image call takes it")
    func bareMember() throws {
        // Given sets `newTab` and `lock`, the project's own `case newTab` and `static let lock`, and a set `brandLogo`
        let project = try ProjectFixture()
        for name in ["newTab", "lock", "brandLogo", "bookmarks"] { try project.imageSet(name) }
        try project.write(
            "App/Tabs.swift",
            """
            enum Action { case newTab, close }
            enum CellIdentifier: String, CaseIterable { case bookmarks }
            extension Image { static let lock = Image(systemName: "lock.fill") }
            func perform(_ action: Action) {}
            """)
        try project.write(
            "App/View.swift",
            """
            perform(.newTab)
            let icon: Image = .lock
            let logo = Image(.brandLogo)
            let tab = UIImage(resource: .newTab)
            let cell = Cell(identifier: .bookmarks)
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then `.lock` is the project's member (the set stays unused); `.newTab` is used by the image call only;
        // a String enum's case is its raw value, a string the code may load (VLC's `imageIdentifier: $0.rawValue`)
        #expect(findings.unusedNames == ["lock"], "\(findings.diagnostics)")
        let newTab = findings.uses["App/Assets.xcassets/newTab.imageset"] ?? []
        #expect(newTab.map(\.line) == [4], "\(newTab)")
    }
}
