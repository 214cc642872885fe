import Testing

@Suite("SHA-256 for frame hashes")
struct SHA256Tests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ]

    @Test("the Swift and the system digest both give the FIPS 180-4 test vectors", arguments: 0..<3)
    func vectors(index: Int) {
        // Given a FIPS test message
        let (message, expected) = Self.vectors[index]
        // When it is hashed both ways
        let bytes = Array(message.utf8)
        // Then both digests are the published one
        #expect(SHA256.portableHex(bytes) == expected)
        #expect(SHA256.hex(bytes) == expected)
    }

    @Test("the two digests agree across block boundaries")
    func lengths() {
        // Given messages of every length around the 64-byte block and the 56-byte padding edge
        for length in [55, 56, 57, 63, 64, 65, 119, 120, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            // Then the Swift and the system digest agree
            #expect(SHA256.portableHex(bytes) == SHA256.hex(bytes), "length \(length)")
        }
    }
}
