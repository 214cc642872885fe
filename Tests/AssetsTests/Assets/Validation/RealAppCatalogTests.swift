import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs

/// More false findings seen on public apps' catalogs that build in Xcode (issue 14, second round), each
/// rebuilt from a fixture of our own in the shape those catalogs have, next to the real problems the same
/// checks must keep finding.
@Suite("Real apps' catalogs: template shapes and other formats")
struct RealAppCatalogTests {
    static let info = "\"info\": {\"author\": \"xcode\", \"version\": 1}"

    @Test("tvOS top shelf images: the tv-marketing idiom is Apple's, a misspelt idiom is not")
    func tvMarketingIdiom() throws {
        // Given a brand assets folder whose top shelf image has tv and tv-marketing slots, and one misspelt
        let fixture = try FixtureCatalog()
        let shelf = "App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset"
        try fixture.write(
            "App Icon & Top Shelf Image.brandassets/Contents.json",
            """
            {"assets": [{"filename": "Top Shelf Image.imageset", "idiom": "tv", "role": "top-shelf-image", "size": "1920x720"}], \(Self.info)}
            """)
        try fixture.write(
            "\(shelf)/Contents.json",
            """
            {"images": [{"filename": "shelf.png", "idiom": "tv", "scale": "1x"},
                        {"idiom": "tv", "scale": "2x"},
                        {"filename": "shelf-store.png", "idiom": "tv-marketing", "scale": "1x"},
                        {"idiom": "tv-marketting", "scale": "2x"}], \(Self.info)}
            """)
        // (the slot's 1920x720 points at 1x: a top shelf image is held to its size; opaque, as App Store Connect asks)
        let image = try PNGEncoder().encode(CostFixture.gradient(width: 1920, height: 720))
        try fixture.write("\(shelf)/shelf.png", image)
        try fixture.write("\(shelf)/shelf-store.png", image)

        // When it is validated
        let report = try fixture.validate()

        // Then only the misspelt idiom is unknown
        #expect(
            report.diagnostics.map { "\($0.code.rawValue) \($0.fullMessage)" } == [
                "unknown-value images[3].idiom: \"tv-marketting\" is not an idiom Apple defines"
            ])
    }

    @Test("sets Xcode's templates leave empty are no finding; an empty image set, launch image or whole stack still is")
    func templateEmptySets() throws {
        // Given a widget extension's template app icon set, a complication set with an unfilled family, an
        // image stack with an unused layer (as Xcode's visionOS and tvOS templates make them), a stack with
        // no image in any layer, an empty image set and an empty launch image
        let fixture = try FixtureCatalog()
        try fixture.write(
            "AppIcon.appiconset/Contents.json",
            "{\"images\": [{\"idiom\": \"universal\", \"platform\": \"ios\", \"size\": \"1024x1024\"}], \(Self.info)}")
        try fixture.write(
            "Complication.complicationset/Contents.json",
            """
            {"assets": [{"filename": "Circular.imageset", "idiom": "watch", "role": "circular"},
                        {"filename": "Modular.imageset", "idiom": "watch", "role": "modular"}], \(Self.info)}
            """)
        try fixture.write(
            "Complication.complicationset/Circular.imageset/Contents.json",
            "{\"images\": [{\"idiom\": \"watch\", \"scale\": \"2x\", \"screen-width\": \"<=145\"}], \(Self.info)}")
        try fixture.write("Complication.complicationset/Modular.imageset/Contents.json", FixtureCatalog.imageSet([("m.png", "2x")]))
        try fixture.write("Complication.complicationset/Modular.imageset/m.png", try FixtureCatalog.png(width: 26, height: 26))
        try fixture.write(
            "Icon.solidimagestack/Contents.json",
            """
            {"layers": [{"filename": "Front.solidimagestacklayer"}, {"filename": "Middle.solidimagestacklayer"},
                        {"filename": "Back.solidimagestacklayer"}], \(Self.info)}
            """)
        for layer in ["Front", "Middle", "Back"] {
            let folder = "Icon.solidimagestack/\(layer).solidimagestacklayer"
            try fixture.write("\(folder)/Contents.json", "{\(Self.info)}")
            if layer == "Middle" {
                try fixture.write(
                    "\(folder)/Content.imageset/Contents.json",
                    "{\"images\": [{\"idiom\": \"vision\", \"scale\": \"2x\"}], \(Self.info)}")
            } else {
                try fixture.write("\(folder)/Content.imageset/Contents.json", FixtureCatalog.imageSet([("\(layer).png", "2x")]))
                // (a visionOS back layer is 1024x1024 pixels at 2x; the layers above may be smaller)
                let side = layer == "Back" ? 1024 : 16
                try fixture.write("\(folder)/Content.imageset/\(layer).png", try FixtureCatalog.png(width: side, height: side))
            }
        }
        try fixture.write(
            "Blank.imagestack/Contents.json",
            "{\"layers\": [{\"filename\": \"Front.imagestacklayer\"}, {\"filename\": \"Back.imagestacklayer\"}], \(Self.info)}")
        for layer in ["Front", "Back"] {
            try fixture.write("Blank.imagestack/\(layer).imagestacklayer/Contents.json", "{\(Self.info)}")
            try fixture.write(
                "Blank.imagestack/\(layer).imagestacklayer/Content.imageset/Contents.json",
                "{\"images\": [{\"idiom\": \"tv\", \"scale\": \"1x\"}], \(Self.info)}")
        }
        try fixture.write(
            "Forgotten.imageset/Contents.json",
            "{\"images\": [{\"idiom\": \"universal\", \"scale\": \"1x\"}, {\"idiom\": \"universal\", \"scale\": \"2x\"}], \(Self.info)}")
        try fixture.write(
            "LaunchImage.launchimage/Contents.json",
            """
            {"images": [{"idiom": "tv", "orientation": "landscape", "extent": "full-screen", "scale": "1x"}], \(Self.info)}
            """)

        // When it is validated
        let report = try fixture.validate()

        // Then only the stack with no image in any layer, the empty image set and the empty launch image are
        // reported, the stack once
        #expect(
            report.diagnostics.map { "\($0.code.rawValue) \($0.path)" } == [
                "empty-asset Blank.imagestack",
                "empty-asset Forgotten.imageset",
                "empty-asset LaunchImage.launchimage",
            ], "\(report.diagnostics.map(\.description))")
    }

    @Test("a Photoshop file or a TIFF is named for what it is, not called undecodable; garbage still is")
    func otherImageFormats() throws {
        // Given a PSD saved as .png, a TIFF named .tiff, and a .png holding no image format at all
        let fixture = try FixtureCatalog()
        let psd: [UInt8] =
            Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 48, 0, 0, 0, 48, 0, 8, 0, 3] + [UInt8](repeating: 0, count: 40)
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0, count: 40)
        try fixture.write("play.imageset/Contents.json", FixtureCatalog.imageSet([("play.png", "1x"), ("play@2x.png", "2x")]))
        try fixture.write("play.imageset/play.png", try FixtureCatalog.png(width: 24, height: 24))
        try fixture.write("play.imageset/play@2x.png", psd)
        try fixture.write("mac.imageset/Contents.json", FixtureCatalog.imageSet([("mac.tiff", nil)]))
        try fixture.write("mac.imageset/mac.tiff", tiff)
        try fixture.write("junk.imageset/Contents.json", FixtureCatalog.imageSet([("junk.png", nil)]))
        try fixture.write("junk.imageset/junk.png", Array("not an image at all, only words".utf8))

        // When it is validated
        let report = try fixture.validate()

        // Then the PSD is a misnamed file this tool cannot check, the TIFF unchecked, the junk undecodable
        #expect(
            report.diagnostics.map(\.description) == [
                "junk.imageset/junk.png: error: is named .png but its bytes are not PNG nor any image format [undecodable-image]",
                "mac.imageset/mac.tiff: warning: cannot be checked: TIFF is not a format this tool decodes [unsupported-format]",
                "play.imageset/play@2x.png: warning: is named .png (PNG) but holds Photoshop (PSD) data [format-mismatch]",
                "play.imageset/play@2x.png: warning: cannot be checked: Photoshop (PSD) is not a format this tool decodes [unsupported-format]",
            ])
    }

    @Test("a Git LFS pointer in place of an image says so (the checkout did not fetch it); in a data set it is data")
    func lfsPointer() throws {
        // Given isowords' shape: an app icon whose PNGs are Git LFS pointers, and a data set holding one
        let fixture = try FixtureCatalog()
        let pointer = Array(
            """
            version https://git-lfs.github.com/spec/v1
            oid sha256:cac8b21b8c51ccfaf787513c44c58636b44bc64223dc5124e1356f3d66f42d9f
            size 5120

            """.utf8)
        try fixture.write("logo.imageset/Contents.json", FixtureCatalog.imageSet([("logo.png", nil)]))
        try fixture.write("logo.imageset/logo.png", pointer)
        try fixture.write(
            "notes.dataset/Contents.json",
            #"{"data": [{"idiom": "universal", "filename": "notes.txt"}], "info": {"version": 1, "author": "xcode"}}"#)
        try fixture.write("notes.dataset/notes.txt", pointer)

        // When it is validated
        let report = try fixture.validate()

        // Then the image's one finding names the pointer and what to run; the data set's bytes are its own
        #expect(
            report.diagnostics.map(\.description) == [
                "logo.imageset/logo.png: error: is a Git LFS pointer, not the image: the checkout did not fetch it "
                    + "(run `git lfs pull`) [undecodable-image]"
            ], "\(report.diagnostics.map(\.description))")
    }

    @Test("a watch image for one screen width is used only when no plainer entry is there")
    func watchScreenWidth() throws {
        // Given a watch image set as Xcode writes it: a single-scale PDF for every watch, and a 2x PNG only
        // for the narrowest screens (`screen-width` <=145), among unassigned slots for the other widths
        let fixture = try FixtureCatalog()
        try fixture.write(
            "bolus.imageset/Contents.json",
            """
            {"images": [{"idiom": "watch", "filename": "bolus.pdf"},
                        {"idiom": "watch", "screen-width": ">161"},
                        {"idiom": "watch", "filename": "bolus-38mm.png", "screen-width": "<=145", "scale": "2x"},
                        {"idiom": "watch", "scale": "2x", "screen-width": ">183"}], \(Self.info)}
            """)
        try fixture.write("bolus.imageset/bolus.pdf", Array("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n".utf8))
        try fixture.write("bolus.imageset/bolus-38mm.png", try FixtureCatalog.png(width: 40, height: 40))
        try fixture.write(
            "only38.imageset/Contents.json",
            """
            {"images": [{"idiom": "watch", "filename": "only.png", "screen-width": "<=145", "scale": "2x"}], \(Self.info)}
            """)
        try fixture.write("only38.imageset/only.png", try FixtureCatalog.png(width: 40, height: 40))

        // When a watch asks for each, with no screen width
        let catalog = try AssetCatalog.read(at: fixture.root)
        let resolver = VariantResolver(catalog: catalog)
        let watch = VariantQuery(scale: .two, idiom: .watch)
        let bolus = resolver.resolve("bolus", for: watch)
        let only = resolver.resolve("only38", for: watch)

        // Then the PDF for every watch wins, and a set with only the narrow entry still gives it
        #expect(bolus.file == "bolus.imageset/bolus.pdf", "\(bolus.trace)")
        #expect(
            bolus.trace.contains(
                "ignored 1 watch entry for a size class, subtype, screen width, memory, graphics feature set, locale or display gamut (the query names none)"
            ))
        #expect(only.file == "only38.imageset/only.png", "\(only.trace)")
    }

    @Test("an image stack is what UIImage(named:) loads on tvOS as a layered image, not a kind it cannot load")
    func imageStackTrace() {
        // Given a tvOS app icon stack inside a brand assets folder
        let stack = Asset(name: "Brand/App Icon", kind: .imageStack, path: "Brand.brandassets/App Icon.imagestack")
        let catalog = AssetCatalog(root: "C", assets: [stack])

        // When its name is resolved for a TV
        let answer = VariantResolver(catalog: catalog).resolve("Brand/App Icon", for: VariantQuery(scale: .two, idiom: .tv))

        // Then no single file answers, and the trace says how the stack is loaded and how to reach a layer
        #expect(answer.file == nil)
        #expect(
            answer.trace == [
                "\"Brand/App Icon\" is an image stack, which UIImage(named:) loads on tvOS and visionOS as one layered image, not one file; each layer's image resolves by its name under the stack (Brand/App Icon/LAYER/Content)"
            ])
    }

    /// An ISO base media box: a 32-bit size, the four-character type, the body.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A HEIF in the shape an iPhone or libheif writes: `ftyp`, a `meta` whose item properties give the
    /// image's extent (and a rotation), then the coded data in `mdat` (here stand-in bytes: no HEVC decoder
    /// reads them, only the boxes are checked).
    static func heif(width: UInt32, height: UInt32, rotation: UInt8? = nil) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let hdlr = box("hdlr", [0, 0, 0, 0] + [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let thumbnail = box("ispe", [0, 0, 0, 0] + bigEndian(8) + bigEndian(6))
        let extent = box("ispe", [0, 0, 0, 0] + bigEndian(width) + bigEndian(height))
        let irot = rotation.map { box("irot", [$0]) } ?? []
        let meta = box("meta", [0, 0, 0, 0] + hdlr + box("iprp", box("ipco", thumbnail + extent + irot)))
        return ftyp + meta + box("mdat", [UInt8](repeating: 0x5A, count: 600))
    }

    @Test("a HEIC image is checked by its boxes: its size takes part in the scale check, a cut file is found")
    func heicStructure() throws {
        // Given HEIC images: a sound pair, a 2x stored rotated by 90 degrees, a 3x of the wrong size and a
        // 2x cut short inside its coded data
        let fixture = try FixtureCatalog()
        try fixture.write(
            "avatar.imageset/Contents.json",
            FixtureCatalog.imageSet([("avatar.heic", "1x"), ("avatar@2x.heic", "2x"), ("avatar@3x.heic", "3x")]))
        try fixture.write("avatar.imageset/avatar.heic", Self.heif(width: 40, height: 30))
        try fixture.write("avatar.imageset/avatar@2x.heic", Self.heif(width: 60, height: 80, rotation: 1))
        try fixture.write("avatar.imageset/avatar@3x.heic", Self.heif(width: 100, height: 90))
        try fixture.write("cut.imageset/Contents.json", FixtureCatalog.imageSet([("cut.heic", nil)]))
        try fixture.write("cut.imageset/cut.heic", Array(Self.heif(width: 40, height: 30).dropLast(100)))

        // When it is validated, probing and decoding
        let report = try fixture.validate()
        let deep = try fixture.validate(.init(deep: true, placeholders: []))

        // Then the rotated 2x fits, the 3x is the wrong size, the cut file is damaged; nothing is "unsupported"
        let heifSize = Self.heif(width: 40, height: 30).count
        #expect(
            report.diagnostics.map(\.description) == [
                "avatar.imageset/avatar@3x.heic: warning: images[2]: is 100x90 at 3x: 2.5 x 3 times the 1x 40x30, where 3 is expected (120x90, rounded either way) [scale-mismatch]",
                "cut.imageset/cut.heic: error: HEIF box 'mdat' at byte \(heifSize - 608) runs past the end of the file (\(heifSize) of \(heifSize - 100) bytes): the file is cut short [undecodable-image]",
            ])
        #expect(deep.diagnostics == report.diagnostics)
        #expect(
            HEIFStructureCheck.check(FileSample(head: Self.heif(width: 40, height: 30), tail: [], size: heifSize))
                == .sound(width: 40, height: 30))
    }

    @Test("a sticker pack app's Stickers.xcstickers is found in a folder of catalogs, like any .xcassets")
    func stickerCatalogsAreFound() throws {
        // Given a repository folder with an app catalog and a sticker pack app's catalog
        let fixture = try FixtureCatalog()
        let repository = (fixture.root as NSString).deletingLastPathComponent
        let stickers = "\(repository)/Stickers App/Stickers.xcstickers"
        let info = Self.info
        try FileManager.default.createDirectory(
            atPath: "\(stickers)/Sticker Pack.stickerpack/Smile.sticker", withIntermediateDirectories: true)
        try Data("{\(info)}".utf8).write(to: URL(fileURLWithPath: "\(stickers)/Contents.json"))
        try Data("{\"stickers\": [{\"filename\": \"Smile.sticker\"}], \(info)}".utf8)
            .write(to: URL(fileURLWithPath: "\(stickers)/Sticker Pack.stickerpack/Contents.json"))
        try Data("{\"properties\": {\"filename\": \"smile.png\"}, \(info)}".utf8)
            .write(to: URL(fileURLWithPath: "\(stickers)/Sticker Pack.stickerpack/Smile.sticker/Contents.json"))
        try Data(try FixtureCatalog.png(width: 300, height: 300))
            .write(to: URL(fileURLWithPath: "\(stickers)/Sticker Pack.stickerpack/Smile.sticker/smile.png"))

        // When catalogs are looked for, and the sticker catalog is validated
        let found = try CatalogDiscovery.catalogs(under: repository)
        let report = try CatalogValidator(options: .init(placeholders: [])).validate(catalogAt: stickers)

        // Then both catalogs are found, the sticker catalog is one by its name, and its sticker is sound
        #expect(found == [fixture.root, stickers])
        #expect(CatalogDiscovery.isCatalog(stickers))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        #expect(report.assetCount == 2)
    }

    /// A WebP as libwebp writes one: `RIFF`, its size, `WEBP`, then a first chunk whose header gives the
    /// canvas size (`VP8X` extended, `VP8L` lossless); stand-in bytes follow.
    static func webP(width: Int, height: Int, lossless: Bool) -> [UInt8] {
        func little(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) } }
        let chunk: [UInt8]
        if lossless {
            let bits = (width - 1) | (height - 1) << 14
            chunk = Array("VP8L".utf8) + little(5 + 40, 4) + [0x2F] + little(bits, 4) + [UInt8](repeating: 0, count: 40)
        } else {
            chunk =
                Array("VP8X".utf8) + little(10, 4) + [0, 0, 0, 0] + little(width - 1, 3) + little(height - 1, 3)
                + Array("VP8 ".utf8) + little(10, 4) + [0x50, 0x05, 0x00, 0x9D, 0x01, 0x2A] + little(width, 2) + little(height, 2)
        }
        return Array("RIFF".utf8) + little(4 + chunk.count, 4) + Array("WEBP".utf8) + chunk
    }

    @Test("a WebP is checked by its headers, even when it is named .png as in a real app icon set")
    func webPStructure() throws {
        // Given a macOS app icon whose .png files hold WebP data (one the wrong size), and a WebP cut short
        let fixture = try FixtureCatalog()
        try fixture.write(
            "AppIcon.appiconset/Contents.json",
            """
            {"images": [{"filename": "16-mac.png", "idiom": "mac", "scale": "1x", "size": "16x16"},
                        {"filename": "32-mac.png", "idiom": "mac", "scale": "2x", "size": "16x16"}], \(Self.info)}
            """)
        try fixture.write("AppIcon.appiconset/16-mac.png", Self.webP(width: 16, height: 16, lossless: false))
        try fixture.write("AppIcon.appiconset/32-mac.png", Self.webP(width: 30, height: 30, lossless: true))
        let whole = Self.webP(width: 40, height: 40, lossless: true)
        try fixture.write("cut.imageset/Contents.json", FixtureCatalog.imageSet([("cut.webp", nil)]))
        try fixture.write("cut.imageset/cut.webp", Array(whole.prefix(30)))

        // When it is validated
        let report = try fixture.validate()

        // Then the misnamed files are said so, the wrong size is found, the cut file is damaged; none is "unsupported"
        #expect(
            report.diagnostics.map(\.description) == [
                "AppIcon.appiconset/16-mac.png: warning: is named .png (PNG) but holds WEBP data [format-mismatch]",
                "AppIcon.appiconset/32-mac.png: warning: is named .png (PNG) but holds WEBP data [format-mismatch]",
                "AppIcon.appiconset/32-mac.png: warning: images[1]: is 30x30, but a 16x16 point icon at 2x is 32x32 [scale-mismatch]",
                "cut.imageset/cut.webp: error: WebP RIFF data runs past the end of the file (\(whole.count) of 30 bytes): the file is cut short [undecodable-image]",
            ])
    }

    @Test("the HEIF and WebP header walks never crash on a prefix or flipped bytes, and find a file cut inside its data")
    func structureChecksAreRobust() {
        // Given sound HEIF and WebP files
        let files = [
            Self.heif(width: 40, height: 30, rotation: 3), Self.webP(width: 9, height: 7, lossless: true),
            Self.webP(width: 9, height: 7, lossless: false),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for file in files {
            // When every prefix (as a whole file, and as the head of the longer file) and 200 seeded variants
            // with flipped bytes are checked
            let isHEIF = ImageFormat(sniffing: file) == .heic
            for length in 0...file.count {
                let prefix = Array(file.prefix(length))
                let cut = FileSample(head: prefix, tail: [], size: prefix.count)
                let outcome = isHEIF ? HEIFStructureCheck.check(cut) : WebPStructureCheck.check(cut)
                _ = HEIFStructureCheck.check(FileSample(head: prefix, tail: [], size: file.count))
                _ = WebPStructureCheck.check(FileSample(head: prefix, tail: [], size: file.count))
                // Then a file cut inside its last box or its RIFF data is damaged
                if length < file.count, length >= file.count - 8, case .sound = outcome {
                    Issue.record("prefix \(length) of \(file.count) bytes is taken for sound: \(outcome)")
                }
            }
            for _ in 0..<200 {
                var flipped = file
                for _ in 0..<4 { flipped[next() % flipped.count] = UInt8(next() & 0xFF) }
                _ = HEIFStructureCheck.check(FileSample(head: flipped, tail: [], size: flipped.count))
                _ = WebPStructureCheck.check(FileSample(head: flipped, tail: [], size: flipped.count))
            }
        }
        #expect(HEIFStructureCheck.check(FileSample(head: files[0], tail: [], size: files[0].count)) == .sound(width: 30, height: 40))
        #expect(WebPStructureCheck.check(FileSample(head: files[1], tail: [], size: files[1].count)) == .sound(width: 9, height: 7))
        #expect(WebPStructureCheck.check(FileSample(head: files[2], tail: [], size: files[2].count)) == .sound(width: 9, height: 7))
    }

    @Test("a data set's entry for more memory or a Metal feature set is used only when nothing plainer is there")
    func memoryAndGraphicsSlots() throws {
        // Given a data set as Xcode writes one with "Memory" and "Graphics" variants ticked, the plain
        // entry last in Contents.json order
        let fixture = try FixtureCatalog()
        try fixture.write(
            "level.dataset/Contents.json",
            """
            {"data": [{"filename": "level-4gb.json", "idiom": "universal", "memory": "4GB"},
                      {"filename": "level-metal.json", "idiom": "universal", "graphics-feature-set": "metal2v2"},
                      {"filename": "level.json", "idiom": "universal"}], \(Self.info)}
            """)
        for name in ["level-4gb.json", "level-metal.json", "level.json"] { try fixture.write("level.dataset/\(name)", "{}") }

        // When a device with no memory or graphics trait asks for it
        let answer = VariantResolver(catalog: try AssetCatalog.read(at: fixture.root)).resolve("level")

        // Then the plain entry answers, and the trace says the others were set aside
        #expect(answer.file == "level.dataset/level.json", "\(answer.trace)")
        #expect(
            answer.trace.contains(
                "ignored 2 universal entries for a size class, subtype, screen width, memory, graphics feature set, locale or display gamut (the query names none)"
            ))
    }
}
