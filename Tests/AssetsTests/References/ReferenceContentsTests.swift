import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// A set folder without its `Contents.json` (#32): VLC's `iconSubtitle.imageset` held three PNGs and no
/// `Contents.json` until the fix that added one; Xcode's asset compiler builds nothing for such a folder, so
/// `UIImage(named: "iconSubtitle")` came back nil while `refs` counted the name as found.
@Suite("References: a set folder with no Contents.json provides no name")
struct ReferenceContentsTests {
    @Test("a lookup whose only set has no Contents.json: missing at the lookup's line, and the set still used")
    func setWithoutContents() throws {
        // Given an image set folder with files and no Contents.json, a complete image set, and a colour set with no
        // Contents.json that a loose image of the same name does not concern (colours are not loose files)
        let project = try ProjectFixture()
        try project.write("App/Assets.xcassets/iconSubtitle.imageset/subtitles@2x.png", [0x89, 0x50, 0x4E, 0x47])
        try project.write("App/Assets.xcassets/Accent.colorset/readme.txt", "no Contents.json")
        try project.imageSet("iconAudio")
        try project.write(
            "App/ControlBar.swift",
            """
            import UIKit
            final class ControlBar {
                let audio = UIImage(named: "iconAudio")
                let subtitle = UIImage(named: "iconSubtitle")
                let tint = UIColor(named: "Accent")
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then both lookups of the folders without Contents.json are missing at their lines, saying why
        #expect(findings.missingNames == ["iconSubtitle", "Accent"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).map(\.position?.line) == [4, 5])
        let message = findings.findings(.missingAsset).first?.message ?? ""
        #expect(message.contains("App/Assets.xcassets/iconSubtitle.imageset) has no Contents.json"), "\(message)")
        #expect(findings.findings(.missingAsset).first?.relatedSet?.setPath == "iconSubtitle.imageset")
        // and no set is reported unused (the folders are what the lookups name: one finding each, not two)
        #expect(findings.unusedNames.isEmpty, "\(findings.diagnostics)")
    }

    @Test("a name only a literal passes along, a loose image of the name, or a second set with Contents.json: no finding")
    func notWhenProvided() throws {
        // Given two folders without Contents.json: one whose name a loose image also has, one only named in a title;
        // and a name with one set lacking Contents.json in one catalog and a complete set in another
        let project = try ProjectFixture()
        try project.write("App/Assets.xcassets/logo.imageset/logo@2x.png", [0x89, 0x50, 0x4E, 0x47])
        try project.write("App/logo.png", [0x89, 0x50, 0x4E, 0x47])
        try project.write("App/Assets.xcassets/banner.imageset/banner@2x.png", [0x89, 0x50, 0x4E, 0x47])
        try project.write("App/Assets.xcassets/chevron.imageset/chevron@2x.png", [0x89, 0x50, 0x4E, 0x47])
        try project.imageSet("chevron", in: "App/More.xcassets")
        try project.write(
            "App/Screen.swift",
            """
            import UIKit
            let logo = UIImage(named: "logo")
            let title = "banner"
            let chevron = UIImage(named: "chevron")
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then nothing is missing: the loose image answers, a plain literal is no lookup, the complete set answers
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
    }
}
