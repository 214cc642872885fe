import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// Chromium's frames for the wuffs artificial GIFs, which `BROWSER.json` does not cover: made with
/// `../shared/tools/browser-gif-frames` on a folder holding copies of them, plus the WebCodecs
/// `repetitionCount` (Tests/Fixtures/README.md). `loops` is nil where Chromium said Infinity.
enum ArtificialBrowserGoldens {
    enum Result: Sendable {
        case frames([String], loops: Int?)
        case error
    }

    static let results: [String: Result] = [
        "gif/wuffs/artificial-gif/background-color.gif": .frames(
            [
                "a902d00a4a8bf43e5eb0a38d9a3fa7bc0d093c256a1875ea31ecde2a0a6f2f12",
                "548efa8996aca3a7dcef8e4178b2ab92da37121438ece2368180e2682aa9aa8a",
            ], loops: 1),
        "gif/wuffs/artificial-gif/empty-palette.gif": .frames(
            [
                "b7d1b3a1104cc86b1cea310793cf777002db0517281d135a02de079b0ea87c23",
                "e3820096cb82366b860b8a4e668453a7aaaf423af03bdf289fa308ea03a79332",
            ], loops: 0),
        "gif/wuffs/artificial-gif/frame-out-of-bounds.gif": .frames(
            [
                "c36d24dbd66ae2dec83e50785218d05cd5691ba133091e169bcaf87651ed5e8e",
                "b003441b016524d38269c7f76885e665ca3c21a6766a73a739c4a1185a5c26d3",
                "b003441b016524d38269c7f76885e665ca3c21a6766a73a739c4a1185a5c26d3",
                "6a037af72007cdce0133c120b104d7e0cfaf77c6fbf85e5e7a685db735b190a8",
            ], loops: 0),
        "gif/wuffs/artificial-gif/metadata-empty.gif": .frames(
            ["947b861bfc701a2b612a0e935f76d4b648d0929e84f79bf77754e24e23698f07"], loops: 2000),
        "gif/wuffs/artificial-gif/metadata-full.gif": .frames(
            ["947b861bfc701a2b612a0e935f76d4b648d0929e84f79bf77754e24e23698f07"], loops: 2000),
        "gif/wuffs/artificial-gif/multiple-graphic-controls.gif": .frames(
            ["b7d1b3a1104cc86b1cea310793cf777002db0517281d135a02de079b0ea87c23"], loops: nil),
        "gif/wuffs/artificial-gif/multiple-loop-counts.gif": .frames(
            [
                "721de832bebd1ced3cb85b5ca40ba388581134476d58a00b9190bb48903d7c44",
                "721de832bebd1ced3cb85b5ca40ba388581134476d58a00b9190bb48903d7c44",
                "721de832bebd1ced3cb85b5ca40ba388581134476d58a00b9190bb48903d7c44",
                "721de832bebd1ced3cb85b5ca40ba388581134476d58a00b9190bb48903d7c44",
            ], loops: 40),
        "gif/wuffs/artificial-gif/no-frames.gif": .frames([], loops: nil),
        "bad/gif/wuffs/artificial-gif/pixel-data-none.gif": .error,
        "bad/gif/wuffs/artificial-gif/pixel-data-not-enough.gif": .error,
        "bad/gif/wuffs/artificial-gif/pixel-data-too-much-bad-lzw.gif": .frames(
            ["d37a4c2900bb85dfd24592c0b52e8dcd72e0ea45c47fa2db0cf1c4c132c80c66"], loops: nil),
        "bad/gif/wuffs/artificial-gif/pixel-data-too-much-good-lzw.gif": .frames(
            ["d37a4c2900bb85dfd24592c0b52e8dcd72e0ea45c47fa2db0cf1c4c132c80c66"], loops: nil),
        "gif/wuffs/artificial-gif/small-frame-interlaced.gif": .frames(
            ["2e5bd9829bdcbdc6cd72c8d1e690046a7fd0436f2d571f63d2faf94896e4010b"], loops: nil),
        "gif/wuffs/artificial-gif/transparent-index.gif": .frames(
            [
                "397b4ab8f7976e00e4fdf9e2dbd74728ad9a2b4418508576ae8c579151fab4a7",
                "20401a596e621412f522d10f7504188fffcfb2af89020f0be505c6aa64a711a5",
            ], loops: 0),
        "bad/gif/wuffs/artificial-gif/zero-width-frame.gif": .frames(
            ["374708fff7719dd5979ec875d56cd2286f6d3cf7ec317a3b25632aab28ec37bb"], loops: nil),
    ]
}

@Suite(
    "GIF conformance: Chromium on wuffs' artificial files",
    .enabled(if: Corpus.isPresent, "../shared/corpus is absent: the conformance suite skips"))
struct GIFArtificialBrowserTests {
    @Test("frames and loop count match Chromium", arguments: ArtificialBrowserGoldens.results.keys.sorted())
    func matchesBrowser(path: String) throws {
        // Given Chromium's frames for the file
        let expected = try #require(ArtificialBrowserGoldens.results[path])
        let bytes = try Corpus.bytes(path)
        // When we decode it
        let (hashes, error) = Corpus.decode(bytes)
        // Then the frames agree, or both refuse the file
        switch expected {
        case .frames(let browser, let loops):
            #expect(error == nil, "\(path): \(String(describing: error))")
            #expect(hashes == browser)
            // WebCodecs reports the stored NETSCAPE value, Infinity for 0, and 0 when there is none
            // (Infinity for a file of at most one frame without one: a still image)
            let info = try GIFInfo(bytes: bytes)
            let reported: Int? =
                switch info.loopCount {
                case .playOnce: info.frames.count <= 1 ? nil : 0
                case .forever: nil
                case .repeats(let count): count
                }
            #expect(reported == loops, "\(path): \(info.loopCount)")
        case .error:
            #expect(error != nil, "\(path): Chromium refuses it, we decoded \(hashes.count) frames")
        }
    }
}
