import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("References: hostile sources are bounded, reported, never skipped silently")
struct HostileSourceTests {
    @Test("100,000 nested parentheses: the parser's nesting limit, a finding, no stack overflow")
    func deepNesting() throws {
        // Given a Swift file nested far past the parser's limit, and a real lookup after it
        let project = try ProjectFixture()
        try project.imageSet("after_nesting")
        let deep = "let x = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000) + "\n"
        try project.write("App/Deep.swift", deep)
        try project.write("App/View.swift", #"let a = UIImage(named: "after_nesting")"#)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the file is reported as cut at the limit, and the other file still counts
        let reported = findings.findings(.unreadableSource)
        #expect(reported.map(\.path) == ["App/Deep.swift"])
        #expect(reported.first?.message.contains("nested 100000 deep") == true)
        #expect(findings.unusedNames.isEmpty)
    }

    @Test("invalid UTF-8: a finding at the bad byte, and the rest of the file still scanned")
    func invalidUTF8() throws {
        let project = try ProjectFixture()
        try project.imageSet("still_found")
        var bytes = Array("let bad = \"".utf8) + [0xFF, 0xFE] + Array("\"\nlet a = UIImage(named: \"still_found\")\n".utf8)
        bytes += Array("let b = UIImage(named: \"gone\")\n".utf8)
        try project.write("App/Bad.swift", bytes)

        let (_, findings) = try project.scan()

        let reported = findings.findings(.unreadableSource)
        #expect(reported.count == 1)
        #expect(reported.first?.message.contains("not valid UTF-8 (byte 11)") == true)
        #expect(reported.first?.position == SourcePosition(line: 1, column: 12))
        #expect(findings.unusedNames.isEmpty)
        #expect(findings.missingNames == ["gone"])
    }

    @Test("a FIFO with a source's name is reported, never waited on; a link loop is reported, not followed")
    func fifoAndLinkLoop() throws {
        let project = try ProjectFixture()
        try project.imageSet("used")
        try project.write("App/View.swift", #"let a = UIImage(named: "used")"#)
        #expect(mkfifo(project.root + "/App/Pipe.swift", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: project.root + "/App/Loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: project.root + "/App/Nowhere.swift", withDestinationPath: "missing.swift")

        let started = ContinuousClock.now
        let (_, findings) = try project.scan()

        let reported = Dictionary(uniqueKeysWithValues: findings.findings(.unreadableSource).map { ($0.path, $0.message) })
        #expect(reported["App/Pipe.swift"]?.contains("FIFO") == true)
        #expect(reported["App/Loop"]?.contains("link loop") == true)
        #expect(reported["App/Nowhere.swift"]?.contains("leads nowhere") == true)
        #expect(findings.unusedNames.isEmpty)
        // Not a timing assertion of speed: a FIFO read would block forever, so this only shows it was not.
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test("a Swift file over the parse limit: its literals still count as possible uses, and a finding says so")
    func oversizedSwift() throws {
        let project = try ProjectFixture()
        try project.imageSet("in_big_file")
        try project.write(
            "App/Big.swift",
            String(repeating: "// padding\n", count: 20)
                + #"let a = UIImage(named: "in_big_file"); let b = UIImage(named: "never_missing")"#)

        let (_, findings) = try project.scan(maxParsedBytes: 64)

        #expect(findings.findings(.unreadableSource).first?.message.contains("over the 64") == true)
        #expect(findings.unusedNames.isEmpty)
        #expect(findings.findings(.missingAsset).isEmpty, "an unparsed file reports nothing missing")
    }
}
