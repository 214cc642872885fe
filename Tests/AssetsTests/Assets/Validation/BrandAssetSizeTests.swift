import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// A tvOS `.brandassets`' images held to their slot's `size` (`scale-mismatch`): a top shelf image, and the back
/// layer of an app icon's stack; front and middle layers may be smaller than the canvas.
@Suite("Brand assets: top shelf and back layer sizes")
struct BrandAssetSizeTests {
    static let info = "\"info\" : { \"author\" : \"xcode\", \"version\" : 1 }"

    /// A brand asset with a 400x240 app icon stack (front layer `front`, back layer files `back` per scale) and a
    /// 1920x720 top shelf image of `shelf` pixels at 1x.
    static func brandAssets(
        in fixture: FixtureCatalog, front: (Int, Int), back: [(String, Int, Int)], shelf: (Int, Int)
    ) throws {
        let brand = "App Icon & Top Shelf Image.brandassets"
        try fixture.write(
            "\(brand)/Contents.json",
            """
            {
              "assets" : [
                { "filename" : "App Icon.imagestack", "idiom" : "tv", "role" : "primary-app-icon", "size" : "400x240" },
                { "filename" : "Top Shelf Image.imageset", "idiom" : "tv", "role" : "top-shelf-image", "size" : "1920x720" }
              ],
              \(info)
            }
            """)
        let stack = "\(brand)/App Icon.imagestack"
        try fixture.write(
            "\(stack)/Contents.json",
            "{ \"layers\" : [ { \"filename\" : \"Front.imagestacklayer\" }, { \"filename\" : \"Back.imagestacklayer\" } ], \(info) }")
        for layer in ["Front", "Back"] { try fixture.write("\(stack)/\(layer).imagestacklayer/Contents.json", "{ \(info) }") }
        let frontSet = "\(stack)/Front.imagestacklayer/Content.imageset"
        try fixture.write("\(frontSet)/Contents.json", FixtureCatalog.imageSet([("front.png", "1x")]))
        try fixture.write("\(frontSet)/front.png", try FixtureCatalog.png(width: front.0, height: front.1))
        let backSet = "\(stack)/Back.imagestacklayer/Content.imageset"
        try fixture.write("\(backSet)/Contents.json", FixtureCatalog.imageSet(back.map { ("back@\($0.0).png", $0.0) }))
        // (the back layer and the top shelf image opaque, as they must be: `LayerOpacityTests`)
        for (scale, width, height) in back {
            try fixture.write("\(backSet)/back@\(scale).png", try PNGEncoder().encode(CostFixture.gradient(width: width, height: height)))
        }
        try fixture.write("\(brand)/Top Shelf Image.imageset/Contents.json", FixtureCatalog.imageSet([("shelf.png", "1x")]))
        try fixture.write(
            "\(brand)/Top Shelf Image.imageset/shelf.png", try PNGEncoder().encode(CostFixture.gradient(width: shelf.0, height: shelf.1)))
    }

    @Test("a back layer or top shelf image not its slot's size times its scale is a scale-mismatch; a smaller front layer is not")
    func wrongSizes() throws {
        // Given a back layer of half the canvas at 1x, a 1x top shelf image of 960x360, and a small front layer
        let fixture = try FixtureCatalog()
        try BrandAssetSizeTests.brandAssets(in: fixture, front: (100, 120), back: [("1x", 200, 120)], shelf: (960, 360))

        // When the catalog is validated
        let report = try fixture.validate()

        // Then the back layer and the top shelf image are reported, on their files, and nothing else
        let found = report.diagnostics.filter { $0.code == .scaleMismatch }
        #expect(
            found.map(\.path).sorted() == [
                "App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Back.imagestacklayer/Content.imageset/back@1x.png",
                "App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/shelf.png",
            ])
        #expect(found.contains { $0.message == "is 200x120, but the back layer of a 400x240 point layered icon at 1x is 400x240" })
        #expect(found.contains { $0.message == "is 960x360, but a 1920x720 point brand asset at 1x is 1920x720" })
        #expect(report.diagnostics.allSatisfy { $0.code == .scaleMismatch })
    }

    @Test("a back layer of the canvas size at each scale is no finding")
    func rightSizes() throws {
        // Given a back layer of 400x240 at 1x and 800x480 at 2x (and a top shelf image of 1920x720)
        let fixture = try FixtureCatalog()
        try BrandAssetSizeTests.brandAssets(in: fixture, front: (50, 50), back: [("1x", 400, 240), ("2x", 800, 480)], shelf: (1920, 720))

        // When the catalog is validated
        let report = try fixture.validate()

        // Then nothing is reported
        #expect(report.diagnostics.isEmpty)
    }

    @Test("a back layer its own set already finds at odds with its other scale is reported once")
    func reportedOnce() throws {
        // Given a back layer of 400x240 at both 1x and 2x
        let fixture = try FixtureCatalog()
        try BrandAssetSizeTests.brandAssets(in: fixture, front: (50, 50), back: [("1x", 400, 240), ("2x", 400, 240)], shelf: (1920, 720))

        // When the catalog is validated
        let report = try fixture.validate()

        // Then the 2x file has one scale-mismatch
        #expect(
            report.diagnostics.map(\.path) == [
                "App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Back.imagestacklayer/Content.imageset/back@2x.png"
            ])
        #expect(report.diagnostics.allSatisfy { $0.code == .scaleMismatch })
    }
}

/// A visionOS app icon's back layer held to 1024x1024 pixels at 2x (`scale-mismatch`, ITMS-90967); the layers
/// above it may be smaller.
@Suite("visionOS app icon: the back layer's size")
struct VisionIconSizeTests {
    /// A `.solidimagestack` with a front layer of `front` pixels at 2x and a back layer of `back` (scale, pixels).
    static func stack(in fixture: FixtureCatalog, front: (Int, Int), back: (String?, Int, Int)) throws {
        let info = BrandAssetSizeTests.info
        let stack = "AppIcon.solidimagestack"
        try fixture.write(
            "\(stack)/Contents.json",
            "{ \"layers\" : [ { \"filename\" : \"Front.solidimagestacklayer\" }, { \"filename\" : \"Back.solidimagestacklayer\" } ], \(info) }"
        )
        for layer in ["Front", "Back"] { try fixture.write("\(stack)/\(layer).solidimagestacklayer/Contents.json", "{ \(info) }") }
        let frontSet = "\(stack)/Front.solidimagestacklayer/Content.imageset"
        try fixture.write(
            "\(frontSet)/Contents.json",
            "{ \"images\" : [ { \"filename\" : \"front.png\", \"idiom\" : \"vision\", \"scale\" : \"2x\" } ], \(info) }")
        try fixture.write("\(frontSet)/front.png", try FixtureCatalog.png(width: front.0, height: front.1))
        let backSet = "\(stack)/Back.solidimagestacklayer/Content.imageset"
        let scale = back.0.map { ", \"scale\" : \"\($0)\"" } ?? ""
        try fixture.write(
            "\(backSet)/Contents.json", "{ \"images\" : [ { \"filename\" : \"back.png\", \"idiom\" : \"vision\"\(scale) } ], \(info) }")
        try fixture.write("\(backSet)/back.png", try FixtureCatalog.png(width: back.1, height: back.2))
    }

    @Test("a back layer of 512 pixels without a scale is a scale-mismatch; a smaller front layer is not")
    func wrongBackLayer() throws {
        // Given Meshtastic's case: the back layer 512x512 with no scale, and a 484x512 front layer (VLC's)
        let fixture = try FixtureCatalog()
        try VisionIconSizeTests.stack(in: fixture, front: (484, 512), back: (nil, 512, 512))

        // When the catalog is validated
        let report = try fixture.validate()

        // Then the back layer's file is reported, and nothing else
        #expect(
            report.diagnostics.map(\.path) == ["AppIcon.solidimagestack/Back.solidimagestacklayer/Content.imageset/back.png"])
        #expect(
            report.diagnostics.first?.message
                == "is 512x512 at 1x, but the back layer of a visionOS app icon is 1024x1024 pixels at 2x (App Store Connect rejects one without it, ITMS-90967)"
        )
        #expect(report.diagnostics.first?.code == .scaleMismatch)
    }

    @Test("a back layer of 1024x1024 at 2x is no finding")
    func rightBackLayer() throws {
        // Given Xcode's template: every layer 1024x1024 at 2x, the front one smaller
        let fixture = try FixtureCatalog()
        try VisionIconSizeTests.stack(in: fixture, front: (484, 512), back: ("2x", 1024, 1024))

        // When the catalog is validated, then nothing is reported
        #expect(try fixture.validate().diagnostics.isEmpty)
    }
}

/// tvOS images that must be opaque, judged by their pixels (`icon-alpha`): an image stack's back layer (actool's
/// "must be a fully opaque bitmap") and a top shelf image (ITMS-90497); an RGBA file whose alpha is all 255 is fine.
@Suite("tvOS: back layers and top shelf images are opaque")
struct LayerOpacityTests {
    @Test("a back layer or top shelf image with one pixel not opaque is reported at that pixel; opaque RGBA is not")
    func transparentPixel() throws {
        // Given the brand asset with an opaque RGBA back layer at 1x and, at 2x, one whose pixel (3, 2) has alpha 254,
        // and a top shelf image whose pixel (0, 0) has alpha 0
        let fixture = try FixtureCatalog()
        try BrandAssetSizeTests.brandAssets(in: fixture, front: (50, 50), back: [("1x", 400, 240), ("2x", 800, 480)], shelf: (1920, 720))
        let stack = "App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Back.imagestacklayer/Content.imageset"
        let opaque = CostFixture.gradient(width: 400, height: 240)
        let seeThrough = CostFixture.gradient(width: 800, height: 480, alpha: { x, y in x == 3 && y == 2 ? 254 : 255 })
        let shelf = CostFixture.gradient(width: 1920, height: 720, alpha: { x, y in x == 0 && y == 0 ? 0 : 255 })
        try fixture.write("\(stack)/back@1x.png", try PNGEncoder().encode(opaque))
        try fixture.write("\(stack)/back@2x.png", try PNGEncoder().encode(seeThrough))
        try fixture.write("App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/shelf.png", try PNGEncoder().encode(shelf))

        // When the catalog is validated
        let found = try fixture.validate().diagnostics.filter { $0.code == .iconAlpha }

        // Then the 2x back layer and the top shelf image are reported with their first pixel, the opaque 1x is not
        #expect(
            found.map(\.path) == [
                "\(stack)/Contents.json", "App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/Contents.json",
            ])
        #expect(found.map(\.keyPath) == ["images[1].filename", "images[0].filename"])
        #expect(found.map { $0.position?.line } == [1, 1])  // (the fixture writes each Contents.json on one line)
        #expect(
            found.first?.message.hasPrefix(
                "\"back@2x.png\" is not opaque (the pixel at (3, 2) has alpha 254); the back layer of a tvOS layered image") == true)
        #expect(
            found.last?.message.contains(
                "(the pixel at (0, 0) has alpha 0); App Store Connect rejects a transparent tvOS top shelf image (ITMS-90497)") == true)
    }

    @Test("a stack outside a brand asset is held to it too; a front layer with transparency is not")
    func standaloneStack() throws {
        // Given a two-layer stack whose front layer is mostly transparent and whose back layer is half transparent
        let fixture = try FixtureCatalog()
        let info = BrandAssetSizeTests.info
        try fixture.write(
            "Poster.imagestack/Contents.json",
            "{ \"layers\" : [ { \"filename\" : \"Front.imagestacklayer\" }, { \"filename\" : \"Back.imagestacklayer\" } ], \(info) }")
        for (layer, alpha) in [("Front", UInt8(0)), ("Back", UInt8(128))] {
            try fixture.write("Poster.imagestack/\(layer).imagestacklayer/Contents.json", "{ \(info) }")
            let set = "Poster.imagestack/\(layer).imagestacklayer/Content.imageset"
            try fixture.write("\(set)/Contents.json", FixtureCatalog.imageSet([("layer.png", "1x")]))
            try fixture.write(
                "\(set)/layer.png",
                try PNGEncoder().encode(CostFixture.gradient(width: 16, height: 9, alpha: { _, y in y > 4 ? alpha : 255 })))
        }

        // When the catalog is validated
        let found = try fixture.validate().diagnostics.filter { $0.code == .iconAlpha }

        // Then only the back layer is reported, at the first pixel of row 5
        #expect(found.map(\.path) == ["Poster.imagestack/Back.imagestacklayer/Content.imageset/Contents.json"])
        #expect(found.first?.message.hasPrefix("\"layer.png\" is not opaque (the pixel at (0, 5) has alpha 128)") == true)
    }
}

/// A tvOS brand asset's entry whose idiom none of its images carries (`missing-icon-size`, ITMS-90471).
@Suite("tvOS: brand asset idioms")
struct BrandAssetIdiomTests {
    @Test("an App Store icon entry of idiom tv-marketing over layers of idiom tv is reported on its idiom; tv over tv is not")
    func idiomMismatch() throws {
        // Given the brand asset with its stack's layers and top shelf image for `tv`, its icon entry rewritten to
        // `tv-marketing` (Meshtastic's case) and the top shelf entry left `tv`
        let fixture = try FixtureCatalog()
        try BrandAssetSizeTests.brandAssets(in: fixture, front: (50, 50), back: [("1x", 400, 240)], shelf: (1920, 720))
        let brand = "App Icon & Top Shelf Image.brandassets"
        for (set, file) in [
            ("App Icon.imagestack/Front.imagestacklayer/Content.imageset", "front.png"),
            ("App Icon.imagestack/Back.imagestacklayer/Content.imageset", "back@1x.png"), ("Top Shelf Image.imageset", "shelf.png"),
        ] {
            try fixture.write(
                "\(brand)/\(set)/Contents.json",
                "{ \"images\" : [ { \"filename\" : \"\(file)\", \"idiom\" : \"tv\", \"scale\" : \"1x\" } ], \(BrandAssetSizeTests.info) }")
        }
        try fixture.write(
            "\(brand)/Contents.json",
            """
            {
              "assets" : [
                { "filename" : "App Icon.imagestack", "idiom" : "tv-marketing", "role" : "primary-app-icon", "size" : "1280x768" },
                { "filename" : "Top Shelf Image.imageset", "idiom" : "tv", "role" : "top-shelf-image", "size" : "1920x720" }
              ],
              \(BrandAssetSizeTests.info)
            }
            """)

        // When the catalog is validated
        let found = try fixture.validate().diagnostics.filter { $0.code == .missingIconSize }

        // Then the App Store icon's entry is reported on its idiom (line 3); the top shelf entry is not
        #expect(found.map(\.path) == ["\(brand)/Contents.json"])
        #expect(found.first?.keyPath == "assets[0].idiom")
        #expect(found.first?.position?.line == 3)
        #expect(
            found.first?.message
                == "gives \"App Icon.imagestack\" the idiom \"tv-marketing\", but its images are for \"tv\": actool builds nothing for this slot, and App Store Connect reports the App Store icon missing (ITMS-90471)"
        )
    }
}
