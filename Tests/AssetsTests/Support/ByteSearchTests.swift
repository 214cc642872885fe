import Testing
@testable import AssetsSupport

/// `ByteSearch.contains`: the byte search the reference scanners ask of every file.
@Suite("Byte search")
struct ByteSearchTests {
    @Test("a run of bytes is found at the start, inside, at the end, after a near miss; not past the end")
    func found() {
        // Given bytes holding `#if` once, after a partial `#i`
        let bytes = Array("let a = 1 #i\n#if os(tvOS)\nx #if".utf8)

        // Then each of these is found or not as the bytes say
        #expect(ByteSearch.contains(Array("let".utf8), in: bytes))
        #expect(ByteSearch.contains(Array("#if os".utf8), in: bytes))
        #expect(ByteSearch.contains(Array("x #if".utf8), in: bytes))
        #expect(!ByteSearch.contains(Array("#if)".utf8), in: bytes))
        #expect(!ByteSearch.contains(Array("#ifx".utf8), in: bytes))
        #expect(ByteSearch.contains([], in: bytes))
        #expect(!ByteSearch.contains(Array("a".utf8), in: []))
        // and a slice is searched only within its bounds
        #expect(!ByteSearch.contains(Array("x #if".utf8), in: bytes.dropLast()))
        #expect(ByteSearch.contains(Array("1 #i".utf8), in: bytes[4..<13]))
        #expect(!ByteSearch.contains(Array("let".utf8), in: bytes[1...]))
    }

    @Test("a run of bytes is found in a string's UTF-8, as in its bytes")
    func foundInString() {
        // Given a set's path inside a brand asset, with a name beyond ASCII
        let path = "Brand/App Icon & Top Shelf Image.brandassets/Déjà.imagestack/Back.imagestacklayer/Content.imageset"

        // Then the marker is found in it and not in a path without it
        #expect(ByteSearch.contains(Array(".brandassets".utf8), in: path))
        #expect(ByteSearch.contains(Array("Déjà".utf8), in: path))
        #expect(!ByteSearch.contains(Array(".brandassets".utf8), in: "Icons/AppIcon.appiconset"))
        #expect(!ByteSearch.contains(Array(".brandassets".utf8), in: ""))
        #expect(ByteSearch.contains([], in: ""))
    }
}
