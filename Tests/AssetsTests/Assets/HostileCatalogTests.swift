import Foundation
import Testing
@testable import Assets
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #13, first half: each defect found by attacking the library with small crafted catalogs, as a
/// regression test on a generated fixture. The command-line side (build-check's output, text and GitHub
/// output, the report and resolve commands) is in `AssetToolTests/Hardening/HostileCatalogCommandTests`.
@Suite("Hostile catalogs")
struct HostileCatalogTests {
    /// A PNG whose size (7x5) no fixture inside the catalog has, so its facts in a page give it away.
    static func outsidePNG() throws -> [UInt8] { try FixtureCatalog.png(width: 7, height: 5) }

    static func report(_ fixture: FixtureCatalog) throws -> String {
        let catalog = try AssetCatalog.read(at: fixture.root)
        let validation = CatalogValidator(options: .init(placeholders: [])).validate(catalog)
        return CatalogHTMLReport(catalog: catalog, validation: validation).render()
    }

    // MARK: Reads outside the catalog

    @Test("report reads nothing outside the catalog: ../ names, a link to an image elsewhere, a link to a secret")
    func reportStaysInside() throws {
        // Given a set listing ../../outside.png, and a set whose files are links to an image and a text outside
        let fixture = try FixtureCatalog()
        let parent = (fixture.root as NSString).deletingLastPathComponent
        try Data(try Self.outsidePNG()).write(to: URL(fileURLWithPath: parent + "/outside.png"))
        try Data("root:secret-hash:19000:0:99999:7:::\n".utf8).write(to: URL(fileURLWithPath: parent + "/shadow"))
        try fixture.write("climb.imageset/Contents.json", FixtureCatalog.imageSet([("../../outside.png", "1x"), ("../shadow", "2x")]))
        try fixture.write("linked.imageset/Contents.json", FixtureCatalog.imageSet([("photo.png", "1x"), ("shadow.png", "2x")]))
        try fixture.link("linked.imageset/photo.png", to: parent + "/outside.png")
        try fixture.link("linked.imageset/shadow.png", to: parent + "/shadow")

        // When the report is rendered
        let html = try Self.report(fixture)

        // Then neither file was read: no image, no size of the outside PNG, nothing of the secret
        #expect(!html.contains("<img"), "an image was embedded")
        #expect(!html.contains("7×5"))
        #expect(!html.contains("secret"))
        #expect(html.contains("not read: is a symbolic link leading out of the catalog"))
        #expect(html.contains("not read: &quot;..&quot; is not a plain file name"))
    }

    @Test("a link inside the catalog is still followed, by the report too")
    func linkInsideIsFollowed() throws {
        // Given a set whose file is a link to an image in another set of the same catalog
        let fixture = try FixtureCatalog()
        try fixture.write("real.imageset/Contents.json", FixtureCatalog.imageSet([("real.png", "1x")]))
        try fixture.write("real.imageset/real.png", try Self.outsidePNG())
        try fixture.write("alias.imageset/Contents.json", FixtureCatalog.imageSet([("alias.png", "1x")]))
        try fixture.link("alias.imageset/alias.png", to: "../real.imageset/real.png")

        // When it is validated and reported
        let report = try fixture.validate()
        let html = try Self.report(fixture)

        // Then there is no finding and both variants show the image
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(html.components(separatedBy: "<img").count - 1 == 2)
    }

    @Test("resolve's animated placeholder does not follow a link out of the catalog")
    func animationStaysInside() throws {
        // Given the slot placeholder's data set whose GIF is a link to a GIF outside the catalog
        let gif = try GIFFixtures.threeFrames()
        let fixture = try FixtureCatalog()
        let parent = (fixture.root as NSString).deletingLastPathComponent
        try Data(gif).write(to: URL(fileURLWithPath: parent + "/elsewhere.gif"))
        try fixture.write(
            "global_image_placeholder_icon.dataset/Contents.json",
            #"{"data": [{"idiom": "universal", "filename": "spinner.gif"}], "info": {"version": 1, "author": "xcode"}}"#)
        try fixture.link("global_image_placeholder_icon.dataset/spinner.gif", to: parent + "/elsewhere.gif")
        let catalog = try AssetCatalog.read(at: fixture.root)

        // When its timeline is read
        // Then it is refused as unreadable, naming the link
        #expect {
            try SlotPlaceholder(animatedFrom: PlaceholderContext(catalog: catalog))
        } throws: { error in
            guard let error = error as? ImageError else { return false }
            return error.kind == .unreadable && error.detail.contains("leading out of the catalog")
                && error.file?.hasSuffix("spinner.gif") == true
        }
    }

    @Test("the path rule: plain names only, links only inside, special files refused before they are opened")
    func pathRule() throws {
        // Given a catalog with a file, a FIFO, a link inside and a link out
        let fixture = try FixtureCatalog()
        try fixture.write("a.imageset/a.png", try Self.outsidePNG())
        #expect(mkfifo(fixture.root + "/a.imageset/pipe.png", 0o644) == 0)
        try fixture.link("a.imageset/inside.png", to: "a.png")
        try fixture.link("a.imageset/out.png", to: "/etc/hostname")
        let root = try #require(CatalogRoot(path: fixture.root))

        // Then each is opened or refused by the one rule
        let unsafe = ["", ".", "..", "a/b", "a\\b", "a\u{0}b"].filter { CatalogRoot.isPlainName($0) }
        #expect(unsafe.isEmpty)
        #expect(CatalogRoot.isPlainName("café.png") && CatalogRoot.isPlainName("..png"))
        do {
            let refused = Self.refusal(root.openFile("a.imageset/inside.png"))
            #expect(refused == nil, "a link inside is refused")
        }
        do {
            let refused = Self.refusal(root.openFile("a.imageset/pipe.png"))
            #expect(refused == .special)
        }
        do {
            let refused = Self.refusal(root.openFile("a.imageset/out.png"))
            #expect(refused == .linkOutside)
        }
        do {
            let refused = Self.refusal(root.openFile("a.imageset/../../x"))
            #expect(refused == .unsafeName(".."))
        }
        do {
            let refused = Self.refusal(root.openFile("a.imageset"))
            #expect(refused == .folder)
        }
    }

    @Test("a name the listing showed as regular is opened without asking its type, and still refused when it is not")
    func listedRegularStillChecked() throws {
        // Given a set folder with a file, and a FIFO, a link and a folder that a stale listing called regular files
        let fixture = try FixtureCatalog()
        try fixture.write("a.imageset/a.png", try Self.outsidePNG())
        #expect(mkfifo(fixture.root + "/a.imageset/pipe.png", 0o644) == 0)
        try fixture.link("a.imageset/out.png", to: "/etc/hostname")
        try fixture.folder("a.imageset/folder.png")
        let root = try #require(CatalogRoot(path: fixture.root))
        let opened = CatalogFileSystem.openFolder(fixture.root + "/a.imageset")
        switch opened {
        case .none: Issue.record("the set folder does not open")
        case .some(let folder):
            // When each is opened as listed regular
            // Then only the file opens; the FIFO is refused after a non-blocking open, the link by O_NOFOLLOW
            // (ELOOP, which the rule then judges), the folder by its type
            do {
                let refused = Self.refusal(CatalogRoot.openRegular("a.png", in: folder, listed: .file))
                #expect(refused == nil, "a file is refused")
            }
            do {
                let refused = Self.refusal(CatalogRoot.openRegular("pipe.png", in: folder, listed: .file))
                #expect(refused == .special)
            }
            if case .failure(.system(let error)) = CatalogRoot.openRegular("out.png", in: folder, listed: .file) {
                #expect(error.code == ELOOP)
            } else {
                Issue.record("a link listed as a file is opened")
            }
            do {
                let refused = Self.refusal(CatalogRoot.openRegular("folder.png", in: folder, listed: .file))
                #expect(refused == .folder)
            }
            do {
                let refused = Self.refusal(root.openFile(named: "out.png", in: folder, relative: "a.imageset/out.png", listed: .file))
                #expect(refused == .linkOutside)
            }
        }
    }

    /// Why an open was refused; nil when the file opened (it is closed again here).
    static func refusal(_ opened: Result<OpenFile, CatalogRoot.Refusal>) -> CatalogRoot.Refusal? {
        switch opened {
        case .success: return nil
        case .failure(let refusal): return refusal
        }
    }

    // MARK: Script injection

    @Test("HTML escaping works on bytes: a quote followed by a combining accent is still escaped")
    func combiningQuote() throws {
        // Given a set and a file named with a quote that a combining accent joins to the next character
        let hostile = "x\"\u{301} onload=alert(1) y"
        let escaped = HTMLText.escape(hostile)
        #expect(escaped == "x&quot;" + "\u{301}" + " onload=alert(1) y")
        let fixture = try FixtureCatalog()
        try fixture.write("\(hostile).imageset/Contents.json", FixtureCatalog.imageSet([("\(hostile).png", "1x")]))
        try fixture.write("\(hostile).imageset/\(hostile).png", try Self.outsidePNG())

        // When the report is rendered
        let html = try Self.report(fixture)

        // Then no quote in the page is followed by the accent, so no attribute is closed by a name
        let quoteJoined = html.contains("\"\u{301}")
        let escapedName = html.contains("data-name=\"x&quot;\u{301} onload=alert(1) y\"")
        #expect(!quoteJoined)
        #expect(escapedName)
    }

    @Test("the page's policy allows its one script by hash, never inline script")
    func contentSecurityPolicy() throws {
        // Given a rendered report
        let fixture = try FixtureCatalog()
        try fixture.write("a.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x")]))
        let html = try Self.report(fixture)

        // Then the policy names the script's SHA-256, which is the script's, and nothing allows inline script
        let hex = Array(SHA256.hex(Array(ReportPage.loadScript.utf8)).utf8)
        let digest = stride(from: 0, to: hex.count, by: 2).compactMap {
            UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)
        }
        #expect(digest.count == 32)
        #expect(ReportPage.loadScriptHash == "sha256-" + Data(digest).base64EncodedString())
        #expect(html.contains("script-src '\(ReportPage.loadScriptHash)'"))
        #expect(!html.contains("script-src 'unsafe-inline'") && !html.contains("'unsafe-eval'"))
        #expect(html.contains("<script>\(ReportPage.loadScript)</script>"))
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
    }

    // MARK: Output injection (library side)

    @Test("text and GitHub output escape line breaks, CR LF and escape codes by scalar")
    func outputEscaping() {
        // Given a report whose finding names a file with a forged line, CR LF and an escape code
        let path = "x.imageset/a\n::error file=b::forged\r\n\u{1B}[31mred.png"
        let report = CatalogReport(
            catalog: "C.xcassets", diagnostics: [CatalogDiagnostic(.unlistedFile, path: path, message: "is listed")],
            assetCount: 1, fileCount: 0)

        // When it is rendered as text and as GitHub commands
        let text = report.rendered(as: .text)
        let github = report.rendered(as: .github)

        // Then each is one line per finding plus the summary, and no raw control character is left
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 3)
        #expect(github.split(separator: "\n", omittingEmptySubsequences: false).count == 3)
        #expect(text.hasPrefix(#"C.xcassets/x.imageset/a\n::error file=b::forged\r\n\u{1B}[31mred.png: warning:"#))
        #expect(github.hasPrefix("::warning file=C.xcassets/x.imageset/a%0A%3A%3Aerror file=b%3A%3Aforged%0D%0A%1B[31mred.png,"))
        for output in [text, github] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!output.contains("\r"))
        }
        #expect(CatalogReport.escapeData("a\r\nb%") == "a%0D%0Ab%25")
    }

    // MARK: Bounded work

    @Test("links that are not loops are followed once: 14 levels of two links each read each folder once")
    func linkLadder() throws {
        // Given 14 groups, each holding two links to the next, and a set at the bottom
        let fixture = try FixtureCatalog()
        let levels = 14
        for level in 0..<levels {
            try fixture.folder("L\(level)")
            try fixture.link("L\(level)/a", to: "../L\(level + 1)")
            try fixture.link("L\(level)/b", to: "../L\(level + 1)")
        }
        try fixture.write("L\(levels)/bottom.imageset/Contents.json", FixtureCatalog.imageSet([]))

        // When it is read and validated (2^14 paths lead to the bottom)
        let catalog = try AssetCatalog.read(at: fixture.root)
        let report = try fixture.validate()

        // Then each folder is read once, and every link that leads to one already read is a finding
        #expect(catalog.assets.map(\.path) == ["L\(levels)/bottom.imageset"])
        #expect(catalog.groups.count == levels + 1)
        let aliases = report.diagnostics.filter { $0.code == .unsafePath }
        #expect(aliases.count == 2 * levels)
        #expect(
            aliases.allSatisfy {
                $0.message.hasPrefix("is a symbolic link to L") && $0.message.hasSuffix("which is read there; not read twice")
            })
    }

    @Test("duplicate-name: each message names one other set and counts the rest")
    func duplicateNames() throws {
        // Given 300 sets with the same name in 300 groups
        let sets = 300
        let catalog = AssetCatalog(root: "C", assets: (0..<sets).map { Asset(name: "same", kind: .imageSet, path: "g\($0)/same.imageset") })

        // When it is validated
        let report = CatalogValidator(options: .init(placeholders: [])).validate(catalog)

        // Then there is one finding per set, each of bounded length
        let found = report.diagnostics.filter { $0.code == .duplicateName }
        #expect(found.count == sets)
        #expect(found.allSatisfy { $0.message.hasSuffix("and \(sets - 2) other sets") && $0.message.utf8.count < 100 })
        #expect(found.first?.message == "the name \"same\" is also used by g1/same.imageset and 298 other sets")
        #expect(found.last?.message == "the name \"same\" is also used by g0/same.imageset and 298 other sets")
    }

    @Test("duplicate-name: names apart in the walk's order are grouped, by name and lookup alone")
    func duplicateNamesInterleaved() throws {
        // Given sets whose names repeat out of order: "b" twice as images, "a" as an image and a colour (two
        // lookups), "c" once, and "B" (another name: the check is exact)
        let catalog = AssetCatalog(
            root: "C",
            assets: [
                Asset(name: "b", kind: .imageSet, path: "g1/b.imageset"),
                Asset(name: "a", kind: .imageSet, path: "g1/a.imageset"),
                Asset(name: "c", kind: .imageSet, path: "g1/c.imageset"),
                Asset(name: "B", kind: .imageSet, path: "g2/B.imageset"),
                Asset(name: "a", kind: .colorSet, path: "g2/a.colorset"),
                Asset(name: "b", kind: .imageSet, path: "g0/b.imageset"),
            ])

        // When it is validated
        let report = CatalogValidator(options: .init(placeholders: [])).validate(catalog)

        // Then only the two "b" images are findings, each naming the other
        let found = report.diagnostics.filter { $0.code == .duplicateName }
        #expect(found.map(\.path) == ["g0/b.imageset", "g1/b.imageset"])
        #expect(
            found.map(\.message) == [
                "the name \"b\" is also used by g1/b.imageset", "the name \"b\" is also used by g0/b.imageset",
            ])
    }

    @Test("one Contents.json with 5,000 entries: every repeated slot found once, the rest none")
    func wideContents() throws {
        // Given a set of 5,000 distinct slots (one locale each) and one listing the same slot 5,000 times
        let fixture = try FixtureCatalog()
        let distinct = (0..<5_000).map { #"{"filename":"a.png","idiom":"universal","scale":"1x","locale":"l\#($0)"}"# }
        let same = Array(repeating: #"{"filename":"a.png","idiom":"universal","scale":"1x"}"#, count: 5_000)
        for (name, entries) in [("distinct", distinct), ("same", same)] {
            try fixture.write("\(name).imageset/Contents.json", #"{"images":["# + entries.joined(separator: ",") + "]}")
            try fixture.write("\(name).imageset/a.png", try Self.outsidePNG())
        }

        // When it is validated
        let report = try fixture.validate()

        // Then only the set of one repeated slot has ambiguous-variant findings, one per repeat
        let ambiguous = report.diagnostics.filter { $0.code == .ambiguousVariant }
        #expect(ambiguous.count == 4_999)
        #expect(ambiguous.allSatisfy { $0.path == "same.imageset/Contents.json" && $0.message.hasSuffix("as images[0]") })
    }

    @Test("the report files each finding under its own set: 2,000 sets with one finding each")
    func reportFindingsPerSet() throws {
        // Given 2,000 sets, each with one finding, and one catalog-wide finding
        let sets = 2_000
        let assets = (0..<sets).map { Asset(name: "s\($0)", kind: .imageSet, path: "g/s\($0).imageset") }
        var diagnostics = (0..<sets).map {
            CatalogDiagnostic(.unlistedFile, path: "g/s\($0).imageset/x\($0).png", message: "is here \($0)")
        }
        diagnostics.append(CatalogDiagnostic(.unsafePath, path: "g", message: "group finding"))
        let catalog = AssetCatalog(root: "C", assets: assets)
        let page = CatalogHTMLReport(
            catalog: catalog,
            validation: CatalogReport(
                catalog: "C", diagnostics: diagnostics.sorted(),
                assetCount: sets, fileCount: 0))

        // When the findings are filed
        let (byAsset, general) = page.diagnosticsByAsset()

        // Then each set has exactly its own, and the group's is catalog-wide
        #expect(general.map(\.message) == ["group finding"])
        #expect(byAsset.count == sets)
        for index in 0..<sets { #expect(byAsset[index]?.map(\.message) == ["is here \(index)"]) }
        let html = page.render()
        #expect(html.components(separatedBy: "<li class=\"diagnostic").count - 1 == sets + 1)
    }

    // MARK: What validation cannot skip

    @Test("a group whose name is not valid UTF-8 is an error, not skipped")
    func notUTF8() throws {
        // Given a group folder named with the bytes FF FE, holding a set
        let fixture = try FixtureCatalog()
        var name = Array((fixture.root + "/bad").utf8) + [0xFF, 0xFE]
        name.append(0)
        #expect(name.withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) } == 0)

        // When it is validated
        let report = try fixture.validate()

        // Then it is one unsafe-path error naming it, so validation fails
        #expect(report.errorCount == 1)
        #expect(report.diagnostics.first?.path == "bad\u{FFFD}\u{FFFD}")
        #expect(report.diagnostics.first?.message.contains("not valid UTF-8") == true)
    }

    @Test("a set folder that cannot be opened is an error, not a warning")
    func unreadableSet() {
        // Given a set folder the walk found but that cannot be opened (gone, or chmod 000 for others than root)
        let root = CatalogRoot(path: "/nonexistent-catalog", real: "/nonexistent-catalog")
        let set = CatalogReader.PendingSet(root: "/nonexistent-catalog", relative: "gone.imageset", name: "gone", ext: "imageset")

        // When it is read
        let (asset, found) = CatalogReader.readSet(set, root: root, limits: .default)

        // Then it is an error saying why, and its contents count as unreadable
        #expect(asset.contents == .invalid)
        #expect(found.map(\.code) == [.unsafePath])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message == "cannot be listed (No such file or directory); not read")
    }

    @Test("duplicate keys in a Contents.json are findings with the key path and line")
    func duplicateKeys() throws {
        // Given a set whose Contents.json repeats `images` and an entry's `filename`
        let fixture = try FixtureCatalog()
        try fixture.write(
            "d.imageset/Contents.json",
            """
            {
              "images": [{"filename": "a.png", "idiom": "universal",
                          "filename": "b.png"}],
              "images": [],
              "info": {"author": "xcode", "version": 1}
            }
            """)
        try fixture.write("d.imageset/b.png", try Self.outsidePNG())

        // When it is validated
        let report = try fixture.validate()

        // Then both repeats are invalid-json errors with their key paths and lines
        let repeats = report.diagnostics.filter { $0.message.hasPrefix("is given twice in one object") }
        #expect(repeats.map(\.keyPath) == ["images", "images[0].filename"])
        #expect(repeats.map(\.code) == [.invalidJSON, .invalidJSON])
        #expect(repeats.first?.message.contains("line 4, column 3") == true)
        #expect(repeats.last?.message.contains("line 3, column 15") == true)
    }

    @Test("a JSON object of 20,000 keys is checked for repeats in linear time, and without repeats none is found")
    func wideObject() throws {
        // Given an object with 20,000 distinct keys and one repeated at the end
        let members = (0..<20_000).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        var repeats: [JSONDuplicateKey] = []

        // When it is parsed
        _ = try JSONReader.parse(Array(("{" + members.joined(separator: ",") + "}").utf8), duplicateKeys: &repeats)

        // Then the one repeat is found
        #expect(repeats.map(\.keyPath) == ["k7"])
        #expect(repeats.first?.line == 1)
    }
}
