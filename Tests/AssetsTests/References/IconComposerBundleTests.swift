import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

/// `invalid-icon-file`: an Icon Composer `.icon` bundle's icon.json and the layer images it names.
@Suite("References: Icon Composer .icon bundles")
struct IconComposerBundleTests {
    @Test("a layer image missing, of another format, or lying about its format is an error at its key path")
    func layers() throws {
        // Given a bundle whose icon.json names four layers: a real PNG, a real SVG, a missing one, a JPEG and a
        // text file named .png
        let project = try ProjectFixture()
        try project.appIconSet("Other")
        try project.write(
            "App/AppIcon.icon/icon.json",
            """
            {"groups": [{"layers": [{"image-name": "front.png"}, {"image-name": "back.svg"}, {"image-name": "gone.png"}]},
                        {"layers": [{"image-name": "photo.jpg"}, {"image-name": "fake.png"}, {"name": "no image"}]}]}
            """)
        try project.write("App/AppIcon.icon/Assets/front.png", try FixtureCatalog.png(width: 4, height: 4))
        try project.write("App/AppIcon.icon/Assets/back.svg", "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try project.write("App/AppIcon.icon/Assets/photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        try project.write("App/AppIcon.icon/Assets/fake.png", "not a png")

        // When the project is scanned
        let (_, findings) = try project.scan()

        // Then the three bad layers are reported at icon.json with their key paths, as errors
        let found = findings.findings(.invalidIconFile)
        #expect(
            found.map(\.keyPath) == ["groups[0].layers[2].image-name", "groups[1].layers[0].image-name", "groups[1].layers[1].image-name"])
        #expect(found.allSatisfy { $0.path == "App/AppIcon.icon/icon.json" && $0.severity == .error })
        #expect(
            found.map(\.message) == [
                "names the layer image \"gone.png\", which is not in the bundle's Assets folder",
                "names the layer image \"photo.jpg\", which is not a PNG, SVG or PDF, the layer formats Icon Composer takes",
                "names the layer image \"fake.png\", which is named .png but its first bytes are not a PNG file's",
            ])
    }

    @Test("a layer's image-name-specializations name files too: a missing dark file is an error at its key path")
    func specializations() throws {
        // Given Icon Composer's per-appearance layer files: a light one there, its dark one missing, a tinted one
        // there, and a value that is not a string
        let project = try ProjectFixture()
        try project.appIconSet("Other")
        try project.write(
            "App/AppIcon.icon/icon.json",
            """
            {"groups": [{"layers": [{"image-name": "light.png", "image-name-specializations": [
                {"appearance": "dark", "value": "dark.png"}, {"appearance": "tinted", "value": "tinted.png"},
                {"appearance": "dark", "value": 4}]}]}]}
            """)
        try project.write("App/AppIcon.icon/Assets/light.png", try FixtureCatalog.png(width: 4, height: 4))
        try project.write("App/AppIcon.icon/Assets/tinted.png", try FixtureCatalog.png(width: 4, height: 4))

        // When the project is scanned
        let (_, findings) = try project.scan()

        // Then the missing dark file and the bad value are reported where icon.json names them
        let found = findings.findings(.invalidIconFile)
        #expect(
            found.map { "\($0.keyPath ?? "") \($0.message)" } == [
                "groups[0].layers[0].image-name-specializations[0].value names the layer image \"dark.png\", which is not in the bundle's Assets folder",
                "groups[0].layers[0].image-name-specializations[2].value is not a string",
            ], "\(found)")
    }

    @Test("an icon.json that does not parse, or has the wrong shape, says where")
    func shapes() throws {
        // Given one bundle with a syntax error and one whose groups is an object and whose layer name is a number
        let project = try ProjectFixture()
        try project.appIconSet("Other")
        try project.write("A.icon/icon.json", "{\n  \"groups\": [,]\n}")
        try project.write("B.icon/icon.json", #"{"groups": [{"layers": [{"image-name": 3}]}, 7]}"#)
        try project.write("C.icon/icon.json", #"{"groups": {}}"#)

        // When scanned
        let (scan, findings) = try project.scan()

        // Then each problem is named, with its line or key path, and nothing crashes
        #expect(scan.iconBundles == ["A.icon", "B.icon", "C.icon"])
        let found = findings.findings(.invalidIconFile).map {
            "\($0.path) \($0.keyPath ?? "") \($0.position.map { "\($0.line):\($0.column)" } ?? "") \($0.message)"
        }
        #expect(
            found == [
                "A.icon/icon.json  2:14 does not parse: expected a value, found ','",
                "B.icon/icon.json groups[0].layers[0].image-name  is a number, expected a string",
                "B.icon/icon.json groups[1]  is a number, expected an object",
                "C.icon/icon.json groups  is an object, expected an array",
            ], "\(found)")
    }
}
