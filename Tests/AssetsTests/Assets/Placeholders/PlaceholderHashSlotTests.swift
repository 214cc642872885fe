import Testing
@testable import Assets
@testable import AssetsCodecs

@Suite("Placeholder image slot with a hash")
struct PlaceholderHashSlotTests {
    static let context = PlaceholderContext(catalog: placeholderCatalog())
    static let blur = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    @Test("loading with a hash shows its preview; failed or no hash shows the conventional placeholder")
    func hashWhileLoading() throws {
        // Given a slot waiting for its image, with the hash the API sent
        var slot = PlaceholderImageSlot<String>(context: Self.context)
        let placeholder = slot.placeholder
        slot.hash = .blurHash(Self.blur)
        // Then the hash's preview shows, and it decodes
        #expect(slot.shown == .hashPreview(.blurHash(Self.blur)))
        #expect(!slot.showsPlaceholder)
        #expect(slot.placeholderFrame(atMilliseconds: 0) == nil)
        let preview = try PlaceholderHash.blurHash(Self.blur).preview(blurHashSize: (8, 6))
        #expect(preview == (try BlurHash.decode(Self.blur, width: 8, height: 6)))
        // When the image arrives it shows; when loading failed the conventional placeholder shows
        slot.image = "photos/cat.jpg"
        #expect(slot.shown == .image("photos/cat.jpg"))
        slot.image = nil
        slot.loadFailed = true
        #expect(slot.shown == .placeholder(placeholder))
        #expect(slot.showsPlaceholder)
        // No hash, or an invalid one: the conventional placeholder
        slot.loadFailed = false
        slot.hash = nil
        #expect(slot.shown == .placeholder(placeholder))
        slot.hash = .blurHash("LEHV6n")
        #expect(slot.shown == .placeholder(placeholder))
    }

    @Test("a ThumbHash from base64 previews at its own size; bad base64 throws")
    func thumbHash() throws {
        var image = RGBAImage(width: 60, height: 30)
        for i in 0..<(60 * 30) {
            image.pixels[i * 4] = UInt8(i % 256)
            image.pixels[i * 4 + 3] = 255
        }
        let base64 = ThumbHash.base64(try ThumbHash.encode(image))
        let hash = try PlaceholderHash.thumbHash(base64: base64)
        let preview = try hash.preview()
        // 60x30 stores 7x4 luminance components: the reference approximates the aspect as 7/4, 32x18
        #expect(preview.width == 32 && preview.height == 18)
        #expect(throws: ThumbHashError.self) { try PlaceholderHash.thumbHash(base64: "!!") }
        #expect(try ThumbHash.approximateAspectRatio(of: try ThumbHash.bytes(base64: base64)) == 1.75)
    }

    @Test("base64 round trip and JavaScript rounding")
    func helpers() throws {
        for count in 0..<8 {
            let bytes = (0..<count).map { UInt8(($0 * 97 + 13) % 256) }
            #expect(try ThumbHash.bytes(base64: ThumbHash.base64(bytes)) == bytes)
        }
        #expect(ThumbHash.jsRound(2.5) == 3)
        #expect(ThumbHash.jsRound(-2.5) == -2)
        #expect(ThumbHash.jsRound(0.49999999999999994) == 0)
        #expect(ImageHasher.fastScaleEighths(width: 4000, height: 3000) == 1)
        #expect(ImageHasher.fastScaleEighths(width: 640, height: 480) == 2)
        #expect(ImageHasher.fastScaleEighths(width: 90, height: 40) == 8)
    }
}
