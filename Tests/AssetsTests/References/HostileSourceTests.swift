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

    @Test("the first byte that breaks UTF-8 is the one a scalar-by-scalar decode stops at, past ASCII runs and valid scalars")
    func firstInvalidUTF8AgreesWithTheDecoder() {
        // Given byte strings mixing ASCII runs, valid two- to four-byte scalars, stray continuation bytes, overlong
        // and surrogate forms, and scalars cut by the end (a fixed pseudo-random mix, 4,000 of them)
        let pieces: [[UInt8]] = [
            Array("let name = ".utf8), Array("…".utf8), Array("é".utf8), Array("😀".utf8), Array("中文".utf8), [0x80], [0xC0, 0xAF],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80], [0xF0, 0x9F], [0xFF], Array("abcdefghij".utf8),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(12) { bytes += pieces[next(pieces.count)] }
            // When the fast check and a decode of the whole array scalar by scalar look for the first bad byte
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            var offset = 0
            var expected: Int?
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break decoding
                case .error:
                    expected = offset
                    break decoding
                }
            }
            // Then they agree
            #expect(ReferenceScan.firstInvalidUTF8(bytes) == expected, "\(bytes)")
        }
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

    @Test("a link to a folder scanned at its own path (a framework's Versions/Current) is not followed and not reported")
    func linkToScannedFolder() throws {
        // Given a vendored macOS framework laid out as Xcode builds one: Versions/A, and Versions/Current linking to it
        let project = try ProjectFixture()
        try project.imageSet("used")
        try project.write("App/View.swift", #"let a = UIImage(named: "used")"#)
        try project.write("Vendor/Kit.framework/Versions/A/Headers/Kit.h", "// a header")
        try FileManager.default.createSymbolicLink(
            atPath: project.root + "/Vendor/Kit.framework/Versions/Current", withDestinationPath: "A")

        // When the project is scanned
        let (_, findings) = try project.scan()

        // Then nothing is reported as left unread: the folder was read at its own path
        #expect(findings.findings(.unreadableSource).isEmpty, "\(findings.findings(.unreadableSource).map(\.message))")
        #expect(findings.unusedNames.isEmpty)
    }

    @Test("a folder reached through links listed before it is read once, at its own path")
    func linkedFolderReadOnce() throws {
        // Given a folder of code and five links to it, some of which the folder lists before it
        let project = try ProjectFixture()
        try project.imageSet("used")
        try project.write("App/Zeta/View.swift", "let a = UIImage(named: \"used\")\nlet b = UIImage(named: \"gone\")\n")
        for name in ["Aardvark", "Alias", "Beta", "Delta", "Gamma"] {
            try FileManager.default.createSymbolicLink(atPath: project.root + "/App/\(name)", withDestinationPath: "Zeta")
        }

        // When the project is scanned
        let (_, findings) = try project.scan()

        // Then the missing name is reported once, at the file's own path, and no link is called a loop
        let missing = findings.findings(.missingAsset)
        #expect(missing.map(\.path) == ["App/Zeta/View.swift"], "\(missing.map(\.path))")
        #expect(findings.findings(.unreadableSource).isEmpty)
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
