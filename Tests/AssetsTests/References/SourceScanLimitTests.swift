import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

/// Issue 37 (3, 5-8): the source scan stays under the project and within its limits of depth and bytes.
@Suite("References: the source scan stays under the project and within its limits")
struct SourceScanLimitTests {
    @Test("a link leading out of the project is a finding, never read or walked")
    func linkOut() throws {
        // Given a project with links to a file and a folder outside it
        let project = try ProjectFixture()
        let outside = try ProjectFixture()
        try outside.write("Secret.swift", #"let a = UIImage(named: "outside_name")"#)
        try project.write("App/View.swift", #"let a = UIImage(named: "inside_name")"#)
        try FileManager.default.createSymbolicLink(
            atPath: "\(project.root)/App/Secret.swift", withDestinationPath: "\(outside.root)/Secret.swift")
        try FileManager.default.createSymbolicLink(atPath: "\(project.root)/App/Out", withDestinationPath: outside.root)

        // When scanned
        let (scan, findings) = try project.scan()

        // Then only the inside file is read, and each link out is reported by its project-relative path
        #expect(scan.references.contains { String(describing: $0.name).contains("inside_name") })
        #expect(!scan.references.contains { String(describing: $0.name).contains("outside_name") })
        let reported = findings.findings(.unreadableSource).filter { $0.message.contains("leading out of the project") }
        #expect(Set(reported.map(\.path)) == ["App/Secret.swift", "App/Out"])
    }

    @Test(
        "ordinary-shaped deep Swift is reported as unreadable-source, never a crash",
        arguments: [
            ("generics", "let x: " + String(repeating: "A<", count: 2000) + "Int" + String(repeating: ">", count: 2000) + " = 1"),
            ("try", String(repeating: "try ", count: 7000) + "a"),
            ("await", String(repeating: "await ", count: 10000)),
            ("#if", String(repeating: "#if A\n", count: 7000)),
            ("members", "a" + String(repeating: ".b", count: 80000)),
            ("calls", "f" + String(repeating: "()", count: 300_000)),
            ("optional chain", "a" + String(repeating: "?.b", count: 300_000)),
            ("else if", "if a {}" + String(repeating: " else if a {}", count: 100_000)),
            ("unwraps", "a" + String(repeating: "!", count: 500_000)),
        ])
    func deepSwift(shape: String, source: String) throws {
        // Given one deep file and a real lookup in another
        let project = try ProjectFixture()
        try project.imageSet("still_used")
        try project.write("App/Deep.swift", source + "\n")
        try project.write("App/View.swift", #"let a = UIImage(named: "still_used")"#)

        // When scanned
        let (scan, findings) = try project.scan()

        // Then the deep file is one finding with its line, and the other file still counts
        let reported = findings.findings(.unreadableSource)
        #expect(reported.map(\.path) == ["App/Deep.swift"], "\(shape)")
        #expect(scan.skipped.first { $0.path == "App/Deep.swift" }?.line != nil, "\(shape)")
        #expect(findings.unusedNames.isEmpty, "\(shape)")
    }

    @Test("a long member chain under the limit is parsed, and its symbols still read")
    func memberChain() throws {
        // Given a chain of 1,900 members (every member asks for its chain: bounded, so linear) and a symbol
        let project = try ProjectFixture()
        try project.write("App/Chain.swift", "let x = a" + String(repeating: ".b", count: 1900) + "\nlet y = Image(.brandLogo)\n")

        // When scanned
        let (scan, findings) = try project.scan()

        // Then no file is unreadable (the one warning is that the project has no catalog) and the symbol is found
        #expect(findings.findings(.unreadableSource).allSatisfy { $0.path.isEmpty })
        #expect(scan.references.contains { String(describing: $0.name).contains("brandLogo") })
    }

    @Test("Objective-C tokens: punctuation and unrelated words collapse, lookups are kept")
    func compactTokens() {
        // Given a file of a million semicolons, and a lookup
        let noise = Array(String(repeating: ";", count: 1_000_000).utf8)
        let lookup = Array(#"[[NSDataAsset alloc] initWithName:@"d"]; [UIImage imageNamed:@"i"];"#.utf8)

        // When tokenized
        let tokens = ObjCReferenceScanner.tokenize(noise)
        let scan = ObjCReferenceScanner.scan(lookup, file: "a.m")

        // Then the noise is one token, and both lookups are read
        #expect(tokens.count == 1)
        let lookups = scan.references.filter { $0.certainty == .lookup }.map { String(describing: $0.name) }
        #expect(lookups.sorted() == [#"literal("d")"#, #"literal("i")"#])
    }

    @Test("a binary Info.plist is read without a warning; one expanding to 2^24 values is refused unread")
    func binaryPlist() throws {
        // Given a binary Info.plist written by Foundation, and a 24-deep DAG of shared arrays
        let project = try ProjectFixture()
        try project.appIconSet("AppIcon")
        let plist: [String: Any] = ["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]]]
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try project.write("App/Info.plist", Array(binary))
        try project.write("Other/Info.plist", Self.sharedArrays(depth: 24))

        // When scanned
        let (scan, findings) = try project.scan()

        // Then the icon is a use, the binary file draws no warning, and the DAG is refused by its size
        #expect(scan.references.contains { String(describing: $0.name).contains("AppIcon") })
        let reported = findings.findings(.unreadableSource)
        #expect(reported.map(\.path) == ["Other/Info.plist"])
        #expect(reported.first?.message.contains("expands to more than") == true)
        #expect(BinaryPropertyListSize.count(Array(binary), limit: 100) != .tooLarge)
    }

    /// `bplist00` whose object k is an array holding object k+1 twice, the last a one-letter string.
    static func sharedArrays(depth: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<depth {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += word(offsets.count) + word(0) + word(table)
        return bytes
    }
}

/// Issue 37 (4): a project's configuration is its own `.asset-tool.json`, and only one the user may trust.
@Suite("References: a project's configuration is its own, and the user's")
struct ProjectConfigTests {
    @Test("the project's own .asset-tool.json is found first, not the one in the folder above")
    func ownConfig() throws {
        // Given a folder above the project with a config, and the project (a repository) with its own
        let above = try ProjectFixture()
        try above.write(".asset-tool.json", #"{"rules": {"missing-asset": "off"}}"#)
        try above.write("proj/.asset-tool.json", #"{"dynamic_names": ["flag_*"]}"#)
        try FileManager.default.createDirectory(atPath: "\(above.root)/proj/.git", withIntermediateDirectories: true)

        // When the project's configuration is loaded
        let config = try ValidationConfig.load(forProject: "\(above.root)/proj")

        // Then it is the project's own
        #expect(config.file?.hasSuffix("/proj/.asset-tool.json") == true)
        #expect(config.dynamicNames == ["flag_*"])
        #expect(config.rules.isEmpty)
    }

    @Test(
        "a configuration owned by another user is reported, not read",
        .enabled(if: geteuid() == 0, "giving a file to another user needs root"))
    func otherUser() throws {
        // Given a project (a repository) whose .asset-tool.json belongs to another user
        let project = try ProjectFixture()
        try project.write(".asset-tool.json", #"{"rules": {"missing-asset": "off"}}"#)
        try FileManager.default.createDirectory(atPath: "\(project.root)/.git", withIntermediateDirectories: true)
        #expect(chown("\(project.root)/.asset-tool.json", 12_345, 12_345) == 0)

        // When located
        let located = ValidationConfig.locate(forProject: project.root)

        // Then it is not read, and the search says why
        #expect(located.file == nil)
        #expect(located.ignored.contains { $0.reason.contains("owned by another user") })
    }

    @Test(
        "a group-writable folder owned by another user: its configuration is not read",
        .enabled(if: geteuid() == 0, "giving a folder to another user needs root"))
    func groupWritableFolder() throws {
        // Given the project folder owned by another user and group-writable, the file the user's
        let project = try ProjectFixture()
        try project.write(".asset-tool.json", #"{"rules": {"missing-asset": "off"}}"#)
        try FileManager.default.createDirectory(atPath: "\(project.root)/.git", withIntermediateDirectories: true)
        #expect(chown(project.root, 12_345, 12_345) == 0)
        #expect(chmod(project.root, 0o775) == 0)

        // When located
        let located = ValidationConfig.locate(forProject: project.root)

        // Then it is not read
        #expect(located.file == nil)
        #expect(!located.ignored.isEmpty)
    }
}
