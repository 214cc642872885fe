import Foundation
import Testing
@testable import Assets

@Suite("Deep validation decodes what the probe only walks")
struct DeepValidationTests {
    /// The two-frame fixture GIF with the first frame's LZW data replaced by codes that cannot decode.
    static func damagedGIF() throws -> [UInt8] {
        var bytes = try GIFFixture.twoFrames()
        let descriptor = try #require(bytes.firstIndex(of: 0x2C))
        let dataStart = descriptor + 10 + 1
        let length = Int(bytes[dataStart])
        for i in (dataStart + 1)..<(dataStart + 1 + length) { bytes[i] = 0xFF }
        return bytes
    }

    @Test("a GIF with damaged LZW data passes the probe and fails --deep")
    func damagedLZW() throws {
        // Given a data set holding a GIF whose block structure is sound but whose pixels are not
        let fixture = try FixtureCatalog()
        try fixture.write("anim.dataset/Contents.json", #"{"data": [{"filename": "anim.gif", "idiom": "universal"}]}"#)
        try fixture.write("anim.dataset/anim.gif", try DeepValidationTests.damagedGIF())

        // When it is validated with and without --deep
        let probed = try fixture.validate()
        let deep = try fixture.validate(CatalogValidator.Options(deep: true, placeholders: []))

        // Then only the deep run reports it
        #expect(probed.diagnostics.isEmpty, "\(probed.diagnostics)")
        #expect(deep.codes == [.undecodableImage], "\(deep.diagnostics)")
        #expect(deep.diagnostics.first?.path == "anim.dataset/anim.gif")
    }
}
