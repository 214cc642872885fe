import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

@Suite("References: one registry of scanners, each saying which files it reads")
struct ReferenceScannersTests {
    @Test("every extension and kind belongs to one scanner, and the walk keeps files by the registry")
    func registryIsTheOneList() {
        // Given the registry
        let scanners = ReferenceScanners.all

        // When its extensions and kinds are listed
        let extensions = scanners.flatMap { $0.fileExtensions }
        let kinds = scanners.map { $0.kind.rawValue }

        // Then none is claimed twice, each name's kind is its scanner's, and an unlisted extension is no source
        #expect(Set(extensions).count == extensions.count, "\(extensions)")
        #expect(kinds == ["swift", "objective-c", "interface-builder", "plist", "build-settings"])
        for scanner in scanners {
            for fileExtension in scanner.fileExtensions {
                #expect(SourceTree.kind(of: "Folder/file.\(fileExtension)") == scanner.kind)
                #expect(ReferenceScanners.scanner(of: scanner.kind).map { ObjectIdentifier($0) } == ObjectIdentifier(scanner))
            }
        }
        #expect(SourceTree.kind(of: "notes.txt") == nil)
        #expect(SourceTree.kind(of: "Makefile") == nil)
    }

    @Test("a binary property list is not text to the UTF-8 check; every other kind is")
    func binaryPropertyListIsNotText() {
        // Given a binary property list's first bytes and a text one's
        let binary = Array("bplist00".utf8) + [0xFF, 0xFE]
        let text = Array("<?xml version=\"1.0\"?>".utf8)

        // When each scanner is asked whether they are text
        // Then only the property list scanner turns the binary one away
        #expect(PropertyListScanner.isText(binary) == false)
        #expect(PropertyListScanner.isText(text))
        #expect(SwiftReferenceScanner.isText(binary))
        #expect(BuildSettingsScanner.isText(binary))
    }
}
