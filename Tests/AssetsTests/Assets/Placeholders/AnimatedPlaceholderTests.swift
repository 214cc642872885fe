import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing

@Suite("Animated placeholders read from GIF files")
struct AnimatedPlaceholderTests {
    /// A catalog folder with `global_image_placeholder_icon.dataset` holding `bytes` as a GIF, read back with the loader.
    static func catalogWithGIF(_ bytes: [UInt8]) throws -> (folder: URL, catalog: AssetCatalog) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animated-\(UUID().uuidString)")
        let set = folder.appendingPathComponent("Assets.catalog/global_image_placeholder_icon.dataset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"info": {"version": 1, "author": "xcode"}}"#.utf8)
            .write(to: folder.appendingPathComponent("Assets.catalog/Contents.json"))
        try Data(#"{"data": [{"idiom": "universal", "filename": "spinner.gif"}], "info": {"version": 1, "author": "xcode"}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data(bytes).write(to: set.appendingPathComponent("spinner.gif"))
        return (folder, try AssetCatalog.read(at: folder.appendingPathComponent("Assets.catalog").path))
    }

    @Test("a GIF made by giflib, played twice, stops on its last frame")
    func playsTwice() throws {
        // Given a 3-frame GIF (10, 20, 30 cs) whose loop extension repeats it once more, as the slot placeholder
        let gif = try GIFEncoder(
            width: 4, height: 4, globalColorTable: GIFFixtures.palette, loopCount: .repeats(1),
            frames: [
                GIFFixtures.frame(0, width: 4, height: 4, delay: 10),
                GIFFixtures.frame(1, width: 4, height: 4, delay: 20),
                GIFFixtures.frame(2, width: 4, height: 4, delay: 30),
            ]
        ).encode()
        let (folder, catalog) = try Self.catalogWithGIF(gif)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When a slot is made with its timeline read from the file
        let slot = PlaceholderImageSlot<String>(placeholder: try SlotPlaceholder(animatedFrom: PlaceholderContext(catalog: catalog)))

        // Then the timeline is the file's, and the frame follows it until the last after the second play
        let animation = try #require(slot.placeholder.animation)
        #expect(animation.delays == [100, 200, 300])
        #expect(animation.loop == .times(2))
        #expect(slot.placeholderFrame(atMilliseconds: 150) == 1)
        #expect(slot.placeholderFrame(atMilliseconds: 650) == 0)
        #expect(slot.placeholderFrame(atMilliseconds: 1_199) == 2)
        #expect(slot.placeholderFrame(atMilliseconds: 60_000) == 2)
    }

    @Test("a damaged GIF is a typed error naming the file")
    func damaged() throws {
        let gif = try GIFFixtures.threeFrames()
        let (folder, catalog) = try Self.catalogWithGIF(Array(gif.prefix(12)))
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = PlaceholderContext(catalog: catalog)
        #expect {
            try SlotPlaceholder(animatedFrom: context)
        } throws: { error in
            (error as? ImageError)?.file?.hasSuffix("Assets.catalog/global_image_placeholder_icon.dataset/spinner.gif") == true
        }
    }

    @Test("a still or hidden placeholder has no timeline")
    func still() throws {
        let hidden = try SlotPlaceholder(animatedFrom: PlaceholderContext(catalog: AssetCatalog(root: "/nonexistent", assets: [])))
        #expect(hidden.animation == nil && hidden.isHidden)
    }

    @Test(
        "the corpus's twemoji cat, mapped as the image-slot placeholder", .enabled(if: corpusPresent, "../shared/corpus is absent: skipped")
    )
    func twemojiCat() throws {
        // Given the TwitterTextEditor catalog and a mapping of the image slot to its animated data set
        let catalog = try AssetCatalog.read(at: corpusCatalogs.appendingPathComponent("TwitterTextEditor/Assets.xcassets").path)
        let names = PlaceholderNames.conventional.mapping(.imageSlot, to: "twemoji-cat-animated")
        let context = PlaceholderContext(catalog: catalog, names: names)

        // When the slot placeholder is read
        let placeholder = try SlotPlaceholder(animatedFrom: context)

        // Then it is the GIF: 16 frames of 100 ms, looping forever
        #expect(placeholder.file == "twemoji-cat-animated.dataset/twemoji-cat-animated.gif")
        let animation = try #require(placeholder.animation)
        #expect(animation.frameCount == 16 && animation.delays.allSatisfy { $0 == 100 })
        #expect(animation.loop == .forever)
        #expect(animation.frame(atMilliseconds: 750) == 7)
        #expect(animation.frame(atMilliseconds: 1_650) == 0)
    }
}
