import Foundation
import Testing
import TestSupport

/// The one door to the operating system, proved on the sources as they are: every descriptor call, every
/// `open`, folder stream, `stat`, terminal question and bare `Int32` descriptor is inside the file layer
/// (`Sources/AssetsSupport/FileSystem`), and `/proc/`, `sysctl` and any platform test other than an
/// `import Glibc`/`import Darwin` pair are there or in a file ARCHITECTURE.md's "Where the platforms
/// differ" names. A violation fails naming its file and line.
@Suite("The file layer is the one door to the OS")
struct FileLayerDoorTests {
    /// One kind of raw call, found by a pattern on a line's code (comments and string literals blanked
    /// out, except for `/proc/`, which only a string holds).
    struct Rule {
        var name: String
        var pattern: String
        /// Whether a platform file (the table's) may hold it too; else only the file layer may.
        var platformFilesMay = false
        var inStrings = false

        init(_ name: String, _ pattern: String, platformFilesMay: Bool = false, inStrings: Bool = false) {
            self.name = name
            self.pattern = pattern
            self.platformFilesMay = platformFilesMay
            self.inStrings = inStrings
        }
    }

    /// The rules and the other patterns, compiled.
    struct Patterns {
        var rules: [(Rule, NSRegularExpression)]
        var platformTest: NSRegularExpression
        var stringLiteral: NSRegularExpression

        init() throws {
            rules = try FileLayerDoorTests.rules.map { ($0, try NSRegularExpression(pattern: $0.pattern)) }
            platformTest = try NSRegularExpression(pattern: #"^\s*#(if|elseif)\b.*(os\(|canImport\((Glibc|Darwin|Musl)\))"#)
            stringLiteral = try NSRegularExpression(pattern: #""(\\.|[^"\\])*""#)
        }
    }

    static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A C call is a free function whose first argument has no label (a Swift method of the same name,
    /// `open(bytes:)`, has one); a declaration (`func open(`) or a member (`.read(`) is not a call.
    static let unlabelled = #"(?!\s*\w+\s*:)"#
    static let free = #"(?<!func )(?<![\w.])"#

    static let rules: [Rule] = [
        Rule("positioned read or write", free + #"p(read|write)\("#),
        Rule("open(", free + #"(open|openat)\("# + unlabelled),
        Rule("folder stream", free + #"(fdopendir|opendir|readdir|closedir|dirfd)\("#),
        Rule("stat", free + #"(fstat|lstat|stat|fstatat)\("# + unlabelled),
        Rule("close(", free + #"close\("# + unlabelled),
        Rule("read or write on a descriptor", free + #"(read|write)\(\s*[\w.\[\]]*(fd|FD|FILENO|[Dd]escriptor)\s*,"#),
        Rule("terminal", free + #"(isatty|ioctl|tcgetattr|tcsetattr)\("#),
        Rule("descriptor call", free + #"(pipe|pipe2|dup|dup2|fcntl|lseek|mkstemp|mkostemp|mkdtemp|fsync|ftruncate|flock)\("# + unlabelled),
        Rule(
            "path call",
            free + #"(access|unlink|unlinkat|rename|renameat|mkdir|mkdirat|rmdir|realpath|chmod|fchmod|symlink|readlink)\("# + unlabelled),
        Rule(
            "Int32 descriptor",
            #"\b(\w*(fd|FD|[Dd]escriptor|[Pp]ipe)s?|std(in|out|err)\w*)\s*:\s*\[?\s*(Int32|CInt)\b|\b(STDIN|STDOUT|STDERR)_FILENO\b|FileDescriptor\(rawValue:"#
        ),
        Rule("/proc/", #""/proc/"#, platformFilesMay: true, inStrings: true),
        Rule("sysctl", free + #"sysctl(byname)?\("#, platformFilesMay: true),
    ]

    static let fileLayer = "Sources/AssetsSupport/FileSystem/"

    /// The Swift files in the file column of ARCHITECTURE.md's "Where the platforms differ", as paths from
    /// the package root.
    static func platformFiles() throws -> [String] {
        let architecture = try String(contentsOf: PackageRoot.url("ARCHITECTURE.md"), encoding: .utf8)
        guard
            let section = architecture.components(separatedBy: "## Where the platforms differ").dropFirst().first?
                .components(separatedBy: "\n## ").first
        else { return [] }
        var files: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| ---") && !line.hasPrefix("| what ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { continue }
            let column = cells[cells.count - 2]
            for (index, piece) in column.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where index % 2 == 1 && piece.hasSuffix(".swift") && piece.contains("/") {
                files.append(piece.hasPrefix("Sources/") ? String(piece) : "Sources/" + piece)
            }
        }
        return files
    }

    /// Every violation in one file's text: `path:line: rule: the line`.
    static func violations(in text: String, path: String, platformFiles: Set<String>, _ patterns: Patterns) -> [String] {
        let inFileLayer = path.hasPrefix(fileLayer)
        let isPlatformFile = inFileLayer || platformFiles.contains(path)
        var found: [String] = []
        var inMultilineString = false
        let lines = text.components(separatedBy: "\n")
        for (index, rawLine) in lines.enumerated() {
            var line = rawLine
            let delimiters = line.components(separatedBy: "\"\"\"").count - 1
            if inMultilineString {
                if delimiters % 2 == 1 { inMultilineString = false }
                continue
            }
            if delimiters % 2 == 1 {
                inMultilineString = true
                line = line.components(separatedBy: "\"\"\"")[0]
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { continue }
            let blanked = patterns.stringLiteral.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "\"\"")
            let code = blanked.components(separatedBy: "//")[0]
            for (rule, expression) in patterns.rules where matches(expression, rule.inStrings ? line : code) {
                if inFileLayer || (rule.platformFilesMay && isPlatformFile) { continue }
                found.append("\(path):\(index + 1): \(rule.name): \(trimmed)")
            }
            if !isPlatformFile, matches(patterns.platformTest, line) {
                let next = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
                if !next.hasPrefix("import ") { found.append("\(path):\(index + 1): platform test: \(trimmed)") }
            }
        }
        return found
    }

    @Test("no raw system call, Int32 descriptor, /proc/ or platform test outside the file layer and the platform files")
    func sourcesGoThroughTheDoor() throws {
        // Given every Swift file under Sources/ and the platform files ARCHITECTURE.md names
        let platform = try Self.platformFiles()
        #expect(platform.contains("Sources/AssetsSupport/Concurrency/ProcessResources.swift"), "\(platform)")
        let root = PackageRoot.url.path
        let sources = try #require(FileManager.default.enumerator(atPath: PackageRoot.url("Sources").path))
        var files: [String] = []
        while let next = sources.nextObject() as? String {
            if next.hasSuffix(".swift") { files.append("Sources/" + next) }
        }
        #expect(files.count > 100, "the scan found \(files.count) Swift files under \(root)/Sources")
        // When each is scanned
        let patterns = try Patterns()
        var violations: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: PackageRoot.url(file), encoding: .utf8)
            violations += Self.violations(in: text, path: file, platformFiles: Set(platform), patterns)
        }
        // Then there is none
        #expect(violations.isEmpty, "raw calls outside the file layer:\n\(violations.joined(separator: "\n"))")
    }

    @Test("every Swift file the platform table names exists")
    func platformTableIsTrue() throws {
        let platform = try Self.platformFiles()
        #expect(platform.count >= 4, "\(platform)")
        for file in platform {
            #expect(
                FileManager.default.fileExists(atPath: PackageRoot.url(file).path), "ARCHITECTURE.md names \(file), which does not exist")
        }
    }

    @Test("the scan finds each kind of raw call, and not a method, a declaration, a comment or a string")
    func scanCatchesRawCalls() throws {
        let patterns = try Patterns()
        // Given lines of each kind in a file outside the file layer
        let raw = [
            "let n = pread(fd, buffer, 16, 0)",
            "let fd = open(path, O_RDONLY)",
            "guard let dir = opendir(path) else { return }",
            "while let entry = readdir(dir) {}",
            "var info = stat()",
            "fstat(fd, &info)",
            "close(inputFD)",
            "let count = read(entry.fd, base, 64)",
            "_ = write(STDERR_FILENO, base, count)",
            "isatty(1) == 1",
            "let made = mkstemp(template)",
            "guard access(path, X_OK) == 0 else { return }",
            "func spawn(stdin: Int32, stdout: Int32) {}",
            "init(lentDescriptor: CInt) {}",
            "var outPipe: [Int32] = [-1, -1]",
            "let text = read(\"/proc/self/status\")",
            "sysctlbyname(\"hw.activecpu\", &count, &size, nil, 0)",
            "#if canImport(Glibc)\nlet x = 1\n#endif",
        ]
        for line in raw {
            #expect(!Self.violations(in: line, path: "Sources/Example/Example.swift", platformFiles: [], patterns).isEmpty, "\(line)")
        }
        // And lines that only look like one
        let fine = [
            "return try open(bytes: bytes, limits: limits)",
            "static func open(_ path: String) throws -> OpenFile",
            "let head = try file.read(from: 0, count: 16)",
            "try descriptor.close()",
            "// close(fd) is the file layer's",
            "let message = \"open(path) failed\"",
            "#if canImport(Glibc)\nimport Glibc\n#endif",
            "let page = \"\"\"\nfunction open(chunk) {}\n\"\"\"",
        ]
        for line in fine {
            #expect(Self.violations(in: line, path: "Sources/Example/Example.swift", platformFiles: [], patterns).isEmpty, "\(line)")
        }
        // And the file layer may make every raw call
        #expect(
            Self.violations(in: raw.joined(separator: "\n"), path: Self.fileLayer + "Example.swift", platformFiles: [], patterns).isEmpty)
    }
}
