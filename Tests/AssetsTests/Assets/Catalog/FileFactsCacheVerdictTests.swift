import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The catalog-wide checks' verdicts in the cache of files' facts (`FileFactsCache+Verdicts`): the byte digest
/// of a copy over 8 KiB (`duplicate-image`) and whether an image that must be opaque is (`icon-alpha`), kept
/// against the file's identity, so a warm run reads no image; the findings are those of a run without the cache.
@Suite("The cache of files' facts: copies' digests and opacity verdicts")
struct FileFactsCacheVerdictTests {
    /// `validate`'s options (the cost checks, copies compared by bytes) with a cache in `cache`.
    static func options(cache: String?) -> CatalogValidator.Options {
        var options = CostCheckTests.costOptions()
        options.costRewritesFiles = false
        options.cacheFolder = cache
        options.cacheTool = "tests"
        return options
    }

    @Test("the digest of a copy over 8 KiB is kept, a warm run finds the copy from it, and a changed file is read again")
    func copyDigestKept() throws {
        // Given f and g, the same stored 64x64 PNG of 16 KiB, and h, other pixels of its size and shape, dated an hour back
        let fixture = try FixtureCatalog()
        let large = try PNGEncoder(compressionLevel: 0, filter: .none).encode(CostFixture.gradient(width: 64, height: 64))
        let other = try PNGEncoder(compressionLevel: 0, filter: .none).encode(CostFixture.gradient(width: 64, height: 64, seed: 3))
        #expect(large.count > CatalogReader.probeHead && other.count == large.count)
        for (name, bytes) in [("f", large), ("g", large), ("h", other)] {
            try fixture.write("\(name).imageset/Contents.json", FixtureCatalog.imageSet([("\(name).png", nil)]))
            try fixture.write("\(name).imageset/\(name).png", bytes)
        }
        try FileFactsCacheTests.backdate(fixture, by: 3600)
        let cache = (fixture.root as NSString).deletingLastPathComponent + "/cache"
        let found = { (report: CatalogReport) in report.diagnostics.filter { $0.code == .duplicateImage }.map(\.path) }

        // When it is validated with the cache twice, and without it
        let cold = try fixture.validate(Self.options(cache: cache))
        let kept = FileFactsCacheTests.opened(fixture, cache: cache)
        let warm = try fixture.validate(Self.options(cache: cache))
        let none = try fixture.validate(Self.options(cache: nil))

        // Then the three files' digests are kept (all three share a size and header), f's is its bytes', and the
        // three reports are the same, byte for byte, with g a copy of f
        for name in ["f", "g", "h"] {
            let path = "\(name).imageset/\(name).png"
            let identity = try #require(FileIdentity.of("\(fixture.root)/\(path)"))
            let expected = DuplicateCandidates.bytesDigest(name == "h" ? other : large, format: .png)
            #expect(kept.bytesDigest(of: path, identity: identity) == expected, "\(path)")
        }
        #expect(found(warm) == ["g.imageset/g.png"])
        #expect(warm.rendered(as: .json) == cold.rendered(as: .json))
        #expect(warm.rendered(as: .json) == none.rendered(as: .json))

        // And when h becomes a copy of f (same size, a new identity), the next run reads it again and finds it
        try fixture.write("h.imageset/h.png", large)
        try FileFactsCacheTests.setModified("\(fixture.root)/h.imageset/h.png", to: (FileIdentity.now() - 7_200_000_000_000))
        let changed = try fixture.validate(Self.options(cache: cache))
        #expect(found(changed) == ["g.imageset/g.png", "h.imageset/h.png"])
        #expect(changed.rendered(as: .json) == (try fixture.validate(Self.options(cache: nil))).rendered(as: .json))
    }

    @Test("a back layer's and a top shelf image's opacity verdicts are kept, and a warm run reports them as a cold one does")
    func opacityVerdictKept() throws {
        // Given LayerOpacityTests' brand asset (an opaque RGBA 1x back layer, a 2x one with a pixel of alpha 254, a top
        // shelf image with a pixel of alpha 0), dated an hour back
        let fixture = try FixtureCatalog()
        try BrandAssetSizeTests.brandAssets(in: fixture, front: (50, 50), back: [("1x", 400, 240), ("2x", 800, 480)], shelf: (1920, 720))
        let stack = "App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Back.imagestacklayer/Content.imageset"
        let shelfPath = "App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/shelf.png"
        try fixture.write("\(stack)/back@1x.png", try PNGEncoder().encode(CostFixture.gradient(width: 400, height: 240)))
        try fixture.write(
            "\(stack)/back@2x.png",
            try PNGEncoder().encode(CostFixture.gradient(width: 800, height: 480, alpha: { x, y in x == 3 && y == 2 ? 254 : 255 })))
        try fixture.write(
            shelfPath,
            try PNGEncoder().encode(CostFixture.gradient(width: 1920, height: 720, alpha: { x, y in x == 0 && y == 0 ? 0 : 255 })))
        try FileFactsCacheTests.backdate(fixture, by: 3600)
        let cache = (fixture.root as NSString).deletingLastPathComponent + "/cache"

        // When it is validated with the cache twice, and without it
        let cold = try fixture.validate(Self.options(cache: cache))
        let kept = FileFactsCacheTests.opened(fixture, cache: cache)
        let warm = try fixture.validate(Self.options(cache: cache))
        let none = try fixture.validate(Self.options(cache: nil))

        // Then each verdict is kept (opaque, or the first pixel that is not), and the reports are the same
        func verdict(_ path: String) throws -> FileFactsCache.TransparentPixel?? {
            kept.opacity(of: path, identity: try #require(FileIdentity.of("\(fixture.root)/\(path)")))
        }
        #expect(try verdict("\(stack)/back@1x.png") == .some(nil))
        #expect(try verdict("\(stack)/back@2x.png") == .some(FileFactsCache.TransparentPixel(x: 3, y: 2, alpha: 254)))
        #expect(try verdict(shelfPath) == .some(FileFactsCache.TransparentPixel(x: 0, y: 0, alpha: 0)))
        #expect(warm.diagnostics.filter { $0.code == .iconAlpha }.count == 2)
        #expect(warm.rendered(as: .json) == cold.rendered(as: .json))
        #expect(warm.rendered(as: .json) == none.rendered(as: .json))
    }
}
