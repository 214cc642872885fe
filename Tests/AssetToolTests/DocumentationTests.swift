import Assets
import AssetsSupport
import Foundation
import Testing
import TestSupport

/// README.md is the short page a newcomer reads; everything else lives in one page per topic under `Docs/`.
/// These tests keep that true: the README stays under 15 KB, every relative link and `#anchor` in README.md
/// and Docs/*.md leads somewhere (anchors by GitHub's slug rules), every Docs page is reachable from the
/// README, the set-up commands are the ones CI runs, and the reference tables list every code and schema.
@Suite("Documentation")
struct DocumentationTests {
    static let root = PackageRoot.url

    /// README.md and every Markdown page under Docs/, as paths relative to the package root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
        return ["README.md"] + docs
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("README.md is under 15 KB")
    func readmeIsShort() throws {
        // Given the README
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count

        // Then it is a page a newcomer reads in five minutes; the rest belongs in Docs/
        #expect(size < 15_000, "README.md is \(size) bytes: move the detail to a page under Docs/")
    }

    @Test("every relative link and anchor in README.md and Docs/*.md resolves")
    func linksResolve() throws {
        // Given every page and every link in it
        var checked = 0
        var broken: [String] = []
        for page in try Self.pages() {
            for link in MarkdownPage(text: try Self.text(page)).links {
                // When the link is followed from the page's folder
                guard let problem = try Self.follow(link, from: page) else {
                    checked += 1
                    continue
                }
                broken.append("\(page): \(link): \(problem)")
            }
        }

        // Then each one names a file inside the package, and a heading or anchor that is there
        #expect(broken == [])
        #expect(checked > 50, "only \(checked) links found: is the link parser reading the pages?")
    }

    @Test("every page under Docs/ is reachable by links from README.md")
    func docsReachable() throws {
        // Given the README as the start
        var seen: Set<String> = ["README.md"]
        var queue = ["README.md"]

        // When every relative link to a Markdown page is followed, page after page
        while let page = queue.popLast() {
            for link in MarkdownPage(text: try Self.text(page)).links {
                guard let target = Self.target(of: link, from: page)?.path, target.hasSuffix(".md"),
                    !seen.contains(target),
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path)
                else { continue }
                seen.insert(target)
                queue.append(target)
            }
        }

        // Then no page is an orphan
        let orphans = try Self.pages().filter { !seen.contains($0) }
        #expect(orphans == [], "no chain of links from README.md reaches these pages")
    }

    @Test("README gives the set-up commands CI runs: the Linux packages of .ci/run, brew on macOS, swift test")
    func setupCommands() throws {
        // Given the README and the CI script
        let readme = try Self.text("README.md")
        let ci = try Self.text(".ci/run")
        let lines = readme.split(separator: "\n").map(String.init)

        // Then the Linux line installs, builds and validates, and every package it names is one CI installs
        let apt = try #require(
            lines.first { $0.hasPrefix("apt-get update && apt-get install -y ") },
            "README has no apt-get set-up line")
        #expect(apt.hasSuffix("&& swift run asset-tool validate"))
        let packages = apt.split(separator: " ").filter { $0.hasPrefix("lib") || $0 == "pkg-config" }
        #expect(packages.count >= 5, "\(apt)")
        let ciPackages = try #require(ci.split(separator: "\n").first { $0.hasPrefix("for package in ") })
        for package in packages {
            #expect(ciPackages.split(separator: " ").contains(package), "\(package) is in README but not in .ci/run")
        }
        // And macOS has its Homebrew line, and both end with the command CI runs
        #expect(lines.contains { $0.hasPrefix("brew install ") && $0.contains("&& swift run ") && $0.hasSuffix(" asset-tool validate") })
        #expect(lines.contains("swift test"))
        #expect(lines.contains { $0.hasPrefix("swift test ") })
        #expect(ci.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "swift test" })
    }

    @Test("Docs/diagnostics.md has a row for every diagnostic code, with its default severity")
    func diagnosticCodesListed() throws {
        // Given the codes table
        let rows = MarkdownPage.tableRows(in: try Self.text("Docs/diagnostics.md"))

        // Then each code has its row, and the row names the severity the code has by default
        for code in CatalogDiagnostic.Code.allCases {
            let row = rows.first { $0.first == "`\(code.rawValue)`" }
            #expect(row != nil, "\(code.rawValue) has no row in Docs/diagnostics.md")
            if let row, row.count > 1 {
                #expect(row[1].contains(code.defaultSeverity.rawValue), "\(code.rawValue): \(row[1])")
            }
        }
    }

    @Test("Every diagnostic code has a complete rule: its own code, a title and a help text")
    func diagnosticRulesComplete() {
        // Given each code's rule from the one registry
        for code in CatalogDiagnostic.Code.allCases {
            let rule = code.rule

            // Then it is the code's own rule, with words to show, and the public API forwards to it
            #expect(rule.code == code, "\(code.rawValue)'s rule is \(rule.code.rawValue)'s")
            #expect(!rule.title.trimmingCharacters(in: .whitespaces).isEmpty, "\(code.rawValue) has no title")
            #expect(!rule.help.trimmingCharacters(in: .whitespaces).isEmpty, "\(code.rawValue) has no help")
            #expect(code.title == rule.title && code.help == rule.help)
            #expect(code.defaultSeverity == rule.defaultSeverity && code.readsSources == rule.readsSources)
        }
    }

    @Test("README's short list of codes names every diagnostic code")
    func readmeCodesListed() throws {
        // Given the README
        let readme = try Self.text("README.md")

        // Then each code is in it, in code font
        for code in CatalogDiagnostic.Code.allCases {
            #expect(readme.contains("`\(code.rawValue)`"), "\(code.rawValue) is not in README.md")
        }
    }

    @Test("Docs/inspect.md names every image warning code")
    func warningCodesListed() throws {
        let page = try Self.text("Docs/inspect.md")
        for code in ImageWarningCode.allCases {
            #expect(page.contains("`\(code.rawValue)`"), "\(code.rawValue) is not in Docs/inspect.md")
        }
    }

    @Test("Docs/cli.md names every JSON Schema in Schemas/ and each exists")
    func schemasListed() throws {
        // Given the schemas on disk and the table in Docs/cli.md
        let schemas = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Schemas").path)
            .filter { $0.hasSuffix(".schema.json") }
        let page = try Self.text("Docs/cli.md")
        #expect(schemas.count >= 8)

        // Then every schema is named, and every schema named is there
        for schema in schemas {
            #expect(page.contains("`\(schema)`"), "\(schema) is not in Docs/cli.md")
        }
        let named = Set(page.matches(of: /`([a-z-]+\.schema\.json)`/).map { String($0.output.1) })
        #expect(named.subtracting(schemas).sorted() == [], "Docs/cli.md names schemas that are not in Schemas/")
    }

    /// An `$ asset-tool …` line of one of README's console blocks and the output shown under it.
    struct ConsoleExample: CustomStringConvertible {
        var arguments: [String]
        var output: [String]
        var description: String { "asset-tool " + arguments.joined(separator: " ") }
    }

    /// README's console examples that run as written: a command with a note after it (two spaces and a
    /// parenthesis, such as "(the same catalog with an idiom misspelt …)") shows a changed catalog and is left out.
    static func readmeExamples() throws -> [ConsoleExample] {
        var examples: [ConsoleExample] = []
        var inConsole = false
        var current: ConsoleExample?
        for line in try text("README.md").split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let example = current { examples.append(example) }
                current = nil
                inConsole = !inConsole && line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                if let example = current { examples.append(example) }
                current = nil
                guard line.hasPrefix("$ asset-tool "), !line.contains("  (") else { continue }
                current = ConsoleExample(arguments: shellWords(String(line.dropFirst("$ asset-tool ".count))), output: [])
            } else {
                current?.output.append(line)
            }
        }
        return examples
    }

    /// Words as a shell splits them, for the quoting README uses: spaces, and single quotes around a word.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
                continue
            }
            if character == " ", !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
                continue
            }
            word.append(character)
            inWord = true
        }
        if inWord { words.append(word) }
        return words
    }

    @Test("README's console examples run as written on the shipped catalog and print what README shows")
    func readmeExamplesRun() throws {
        // Given README's examples and a folder holding a copy of the shipped catalog (the examples write files)
        let examples = try Self.readmeExamples()
        #expect(examples.count >= 6, "\(examples)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Assets.catalog"),
            to: folder.appendingPathComponent("Assets.catalog"))

        for example in examples {
            // When each runs there, one after another as a reader would type them
            let result = try CLIRun.run(example.arguments, in: folder)

            // Then it succeeds and prints the lines shown (all of them, or those before a "..." line)
            #expect(result.status == 0, "\(example): \(result.stderr)")
            let printed = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
            if let cut = example.output.firstIndex(of: "...") {
                #expect(Array(printed.prefix(cut)) == Array(example.output.prefix(cut)), "\(example)")
            } else {
                #expect(printed == example.output, "\(example)")
            }
        }
    }

    // MARK: - Following a link

    /// The page and anchor a relative link leads to, relative to the package root; nil for a link with a
    /// scheme (`https:`, `mailto:`), which is not followed.
    static func target(of link: String, from page: String) -> (path: String, anchor: String?)? {
        if link.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil { return nil }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let anchor = parts.count > 1 ? parts[1] : nil
        let file = parts[0].removingPercentEncoding ?? parts[0]
        if file.isEmpty { return (page, anchor) }
        // Relative to the page's folder (a leading `/` is the repository root, as on GitHub); `.` and `..` folded
        var folders = file.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
        for part in file.split(separator: "/").map(String.init) where part != "." {
            if part == "..", let last = folders.last, last != ".." { folders.removeLast() } else { folders.append(part) }
        }
        return (folders.joined(separator: "/"), anchor)
    }

    /// Why the link is broken, or nil when it resolves.
    static func follow(_ link: String, from page: String) throws -> String? {
        guard let found = target(of: link, from: page) else { return nil }
        let (path, anchor) = found
        if path.hasPrefix("..") || path.hasPrefix("/") { return "leads outside the package" }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder) else {
            return "no file \(path)"
        }
        guard let anchor, !anchor.isEmpty else { return nil }
        guard path.hasSuffix(".md"), !isFolder.boolValue else {
            return anchor.range(of: #"^L[0-9]+(-L[0-9]+)?$"#, options: .regularExpression) != nil
                ? nil : "#\(anchor) in a file that is not Markdown"
        }
        let anchors = MarkdownPage(text: try text(path)).anchors
        return anchors.contains(anchor.removingPercentEncoding ?? anchor) ? nil : "no heading or anchor #\(anchor) in \(path)"
    }
}

/// Just enough of CommonMark and GitHub's rendering to find a page's links and its headings' anchors:
/// fenced code blocks and code spans hold no links; anchors are GitHub's heading slugs.
struct MarkdownPage {
    /// The page's blocks outside fenced code, each a paragraph of lines (a heading is its own block).
    let blocks: [String]
    /// The page's headings, in order, as written after the `#`s.
    let headings: [String]
    /// HTML `id=` and `name=` anchors written in the page.
    let htmlAnchors: [String]

    init(text: String) {
        var blocks: [String] = []
        var headings: [String] = []
        var current: [String] = []
        var fence: (character: Character, length: Int)?
        func flush() {
            if !current.isEmpty { blocks.append(current.joined(separator: "\n")) }
            current = []
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                // A closing fence: the same character, at least as long, nothing after it
                let run = trimmed.prefix { $0 == open.character }
                if run.count >= open.length, trimmed.dropFirst(run.count).allSatisfy({ $0 == " " }) { fence = nil }
                continue
            }
            if let first = trimmed.first, first == "`" || first == "~" {
                let run = trimmed.prefix { $0 == first }
                // A backtick fence's info string holds no backtick; otherwise the line is a code span
                if run.count >= 3, first == "~" || !trimmed.dropFirst(run.count).contains("`") {
                    flush()
                    fence = (first, run.count)
                    continue
                }
            }
            if trimmed.isEmpty {
                flush()
                continue
            }
            if let heading = Self.heading(String(trimmed)) {
                flush()
                headings.append(heading)
                blocks.append(heading)
                continue
            }
            current.append(line)
        }
        flush()
        self.blocks = blocks
        self.headings = headings
        self.htmlAnchors = blocks.flatMap { block in
            block.matches(of: /<[a-zA-Z][^>]*\s(?:id|name)="([^"]+)"/).map { String($0.output.1) }
        }
    }

    /// The text of an ATX heading (`## Title ##`), or nil.
    static func heading(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A block with its code spans removed (a run of N backticks up to the next run of exactly N).
    static func withoutCodeSpans(_ block: String) -> String {
        let characters = Array(block)
        var out: [Character] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                out.append(characters[index])
                index += 1
                continue
            }
            var length = 0
            while index + length < characters.count, characters[index + length] == "`" { length += 1 }
            var search = index + length
            var close: Int?
            while search < characters.count {
                if characters[search] == "`" {
                    var run = 0
                    while search + run < characters.count, characters[search + run] == "`" { run += 1 }
                    if run == length {
                        close = search
                        break
                    }
                    search += run
                } else {
                    search += 1
                }
            }
            if let close {
                out.append(" ")
                index = close + length
            } else {
                out.append(contentsOf: characters[index..<(index + length)])
                index += length
            }
        }
        return String(out)
    }

    /// Every link destination: inline links and images `[text](dest "title")`, reference definitions
    /// `[label]: dest`, and HTML `href="…"` / `src="…"`.
    var links: [String] {
        blocks.flatMap { block -> [String] in
            let text = Self.withoutCodeSpans(block)
            var found = text.matches(of: /\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/).map { match -> String in
                let destination = String(match.output.1)
                return destination.hasPrefix("<") ? String(destination.dropFirst().dropLast()) : destination
            }
            found += text.matches(of: /(?m)^\s{0,3}\[[^\]]+\]:\s+(\S+)/).map { String($0.output.1) }
            found += text.matches(of: /<[a-zA-Z][^>]*\s(?:href|src)="([^"]+)"/).map { String($0.output.1) }
            return found
        }
    }

    /// The anchors GitHub gives the page: each heading's slug (`-1`, `-2` … after a repeat) and HTML anchors.
    var anchors: Set<String> {
        var counts: [String: Int] = [:]
        var result = Set(htmlAnchors)
        for heading in headings {
            let base = Self.slug(heading)
            let slug = counts[base].map { "\(base)-\($0)" } ?? base
            counts[base, default: 0] += 1
            result.insert(slug)
        }
        return result
    }

    /// GitHub's heading anchor (github-slugger): the heading's text as rendered (code spans, emphasis and link
    /// syntax gone), lower-cased, every character that is not a letter, number, mark, `-`, `_` or space
    /// dropped, and each space made a `-`.
    static func slug(_ heading: String) -> String {
        var text = heading.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.output.1) }
        text = text.replacingOccurrences(of: "`", with: "")
        text = text.replacing(/(\*\*|__|\*)/) { _ in "" }
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber,
                .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
                slug.unicodeScalars.append(scalar)
            default:
                if scalar == "-" { slug.append("-") } else if scalar == " " { slug.append("-") }
            }
        }
        return slug
    }

    /// The cells of every table row (`| a | b |`) outside code, trimmed; separator rows left out.
    static func tableRows(in text: String) -> [[String]] {
        MarkdownPage(text: text).blocks.flatMap { $0.split(separator: "\n") }.compactMap { line -> [String]? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|") else { return nil }
            let cells = Self.cells(String(trimmed.dropFirst().dropLast()))
            return cells.allSatisfy { $0.allSatisfy { "-: ".contains($0) } } ? nil : cells
        }
    }

    /// A row's cells split at `|` not escaped as `\|`.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var previous: Character?
        for character in row {
            if character == "|", previous != "\\" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        cells.append(cell)
        return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

@Suite("Markdown links and GitHub anchors")
struct MarkdownPageTests {
    @Test("headings slug as GitHub slugs them, repeats numbered")
    func slugs() {
        // Given headings with code, punctuation, apostrophes and a repeat
        let page = MarkdownPage(
            text: """
                # Assets
                ## Real catalogs (`../shared/corpus/catalogs`)
                ## Reports for CI: SARIF, JUnit, checkstyle, GitLab
                ### Real apps' catalogs
                ## Conventional names and `placeholders.json`
                ## Limits
                ## Limits
                ```sh
                # not a heading
                ```
                <a name="custom-anchor"></a>
                """)

        // Then the anchors are GitHub's
        #expect(
            page.anchors == [
                "assets", "real-catalogs-sharedcorpuscatalogs",
                "reports-for-ci-sarif-junit-checkstyle-gitlab", "real-apps-catalogs",
                "conventional-names-and-placeholdersjson", "limits", "limits-1", "custom-anchor",
            ])
    }

    @Test("links in code blocks and code spans are not links; links in text, images and HTML are")
    func links() {
        // Given a page mixing real links with link-like code
        let page = MarkdownPage(
            text: """
                See [the codes](diagnostics.md#diagnostic-codes) and ![chart](../Benchmarks/scale.png "Scale").
                Inline `[not](a-link.md)` and ``` ``[nor](this.md)`` ``` stay code, as does a span `across
                [two](lines.md)` lines.
                <img src="hash-previews/a.png" width="160"> and [out](https://example.com).

                ```swift
                let x = "[no](link.md)"
                ```
                [ref]: install.md
                """)

        // Then exactly the real destinations are found
        #expect(
            page.links == [
                "diagnostics.md#diagnostic-codes", "../Benchmarks/scale.png", "https://example.com",
                "hash-previews/a.png", "install.md",
            ])
    }

    @Test("a broken file or anchor is reported, a good one is not")
    func following() throws {
        // Given links from a Docs page: good, a missing file, a missing anchor, outside the package
        #expect(try DocumentationTests.follow("../README.md", from: "Docs/install.md") == nil)
        #expect(try DocumentationTests.follow("install.md#macos", from: "Docs/install.md") == nil)
        #expect(try DocumentationTests.follow("#linux-debian-ubuntu", from: "Docs/install.md") == nil)
        #expect(try DocumentationTests.follow("nothing-here.md", from: "Docs/install.md") == "no file Docs/nothing-here.md")
        #expect(
            try DocumentationTests.follow("install.md#no-such-heading", from: "Docs/install.md")
                == "no heading or anchor #no-such-heading in Docs/install.md")
        #expect(try DocumentationTests.follow("../../elsewhere.md", from: "Docs/install.md") == "leads outside the package")
        #expect(try DocumentationTests.follow("https://example.com/x#y", from: "Docs/install.md") == nil)
    }
}
