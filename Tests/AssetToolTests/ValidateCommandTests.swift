import Foundation
import Testing
import TestSupport

/// `asset-tool validate`, run as a built binary.
@Suite("asset-tool validate")
struct ValidateCommandTests {
    static let repositoryRoot = PackageRoot.url

    /// A temporary folder holding `Bad.xcassets`: one missing file (an error) and one unlisted file (a warning).
    static func badCatalog() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("validate-cli-\(UUID().uuidString)")
        let set = folder.appendingPathComponent("Bad.xcassets/icon.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let contents = #"{"images": [{"filename": "icon.png", "idiom": "universal", "scale": "1x"}]}"#
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try Data("notes".utf8).write(to: set.appendingPathComponent("notes.txt"))
        return folder
    }

    /// A temporary folder holding `Warn.xcassets`: the four placeholders present but one set has a stray file.
    static func warningOnlyCatalog() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("validate-cli-\(UUID().uuidString)")
        let catalog = folder.appendingPathComponent("Warn.xcassets")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Assets.catalog"), to: catalog)
        let stray = catalog.appendingPathComponent("Photos/sample_landscape.imageset/stray.txt")
        try Data("x".utf8).write(to: stray)
        return folder
    }

    @Test("with no argument it validates ./Assets.catalog, the shipped example, clean")
    func shippedExample() throws {
        // Given the repository root, which holds the example catalog
        // When validate runs there with no argument and placeholders required
        let result = try CLIRun.run(["validate", "--strict", "--require-placeholders"], in: ValidateCommandTests.repositoryRoot)

        // Then it passes with no finding
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("0 errors, 0 warnings in 6 assets"))
        #expect(result.stderr.isEmpty)
    }

    @Test("text output: one path: severity: message [code] line per finding, a summary, exit 1 on errors")
    func text() throws {
        // Given a catalog with one error and one warning
        let folder = try ValidateCommandTests.badCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }

        // When it is validated from its parent folder
        let result = try CLIRun.run(["validate", "Bad.xcassets"], in: folder)

        // Then the lines read as Xcode does, sorted, and the exit status is 1
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "Bad.xcassets/icon.imageset/Contents.json:1:26: error: images[0].filename: lists \"icon.png\", which is not in icon.imageset [missing-file]"
            ))
        #expect(
            lines.contains(
                "Bad.xcassets/icon.imageset/notes.txt: warning: is in the set folder but no entry of Contents.json lists it [unlisted-file]"
            ))
        #expect(!result.stdout.contains("[missing-placeholder]"), "no placeholders declared, so none are checked")
        #expect(lines.last == "1 error, 1 warning in 1 asset (0 files checked)")
        #expect(result.status == 1)
    }

    @Test("json output carries catalog, diagnostics and summary")
    func json() throws {
        // Given a catalog with one error and one warning
        let folder = try ValidateCommandTests.badCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }

        // When it is validated as JSON
        let result = try CLIRun.run(["validate", "Bad.xcassets", "--format", "json"], in: folder)

        // Then the output parses and holds every field
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["catalog"] as? String == "Bad.xcassets")
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let missing = try #require(diagnostics.first { $0["code"] as? String == "missing-file" })
        #expect(missing["severity"] as? String == "error")
        #expect(missing["path"] as? String == "icon.imageset/Contents.json")
        #expect(missing["key_path"] as? String == "images[0].filename")
        #expect((missing["message"] as? String)?.contains("icon.png") == true)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 1, "assets": 1, "files": 0])
        #expect(result.status == 1)
    }

    @Test("github output gives workflow annotations")
    func github() throws {
        // Given a catalog with one error and one warning
        let folder = try ValidateCommandTests.badCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }

        // When it is validated for GitHub Actions
        let result = try CLIRun.run(["validate", "Bad.xcassets", "--format", "github"], in: folder)

        // Then each finding is an ::error or ::warning command naming its file
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "::error file=Bad.xcassets/icon.imageset/Contents.json,line=1,col=26,title=missing-file::images[0].filename%3A lists \"icon.png\", which is not in icon.imageset"
                    .replacingOccurrences(of: "%3A", with: ":")))
        #expect(
            lines.contains(
                "::warning file=Bad.xcassets/icon.imageset/notes.txt,title=unlisted-file::is in the set folder but no entry of Contents.json lists it"
            ))
        #expect(result.status == 1)
    }

    @Test("warnings pass unless --strict; --require-placeholders makes missing placeholders errors")
    func strictness() throws {
        // Given a catalog whose only finding is a warning
        let folder = try ValidateCommandTests.warningOnlyCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }

        // When it is validated plainly and with --strict
        let plain = try CLIRun.run(["validate", "Warn.xcassets"], in: folder)
        let strict = try CLIRun.run(["validate", "Warn.xcassets", "--strict"], in: folder)

        // Then only --strict fails
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(plain.stdout.contains("[unlisted-file]"))
        #expect(strict.status == 1)

        // And a catalog without placeholders fails only with --require-placeholders
        let bare = folder.appendingPathComponent("Bare.xcassets")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        let lenient = try CLIRun.run(["validate", "Bare.xcassets", "--strict"], in: folder)
        let required = try CLIRun.run(["validate", "Bare.xcassets", "--require-placeholders"], in: folder)
        #expect(lenient.status == 0, "\(lenient.stdout)")
        #expect(!lenient.stdout.contains("[missing-placeholder]"))
        #expect(required.status == 1)
        #expect(
            required.stdout.contains(
                "Bare.xcassets: error: no image named placeholder_loading_data_icon: the loading-data error state goes without an image [missing-placeholder]"
            ))
    }

    @Test("--disable, --error and --exclude on top of .asset-tool.json; a bad file is a usage error naming it")
    func configurable() throws {
        // Given the bad catalog (a missing file, an unlisted file) in a repository with a configuration
        let folder = try ValidateCommandTests.badCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data(#"{"rules": {"unlisted-file": "error"}}"#.utf8).write(to: folder.appendingPathComponent(".asset-tool.json"))

        // When it is validated as configured, with flags on top, and with a broken configuration
        let configured = try CLIRun.run(["validate", "Bad.xcassets"], in: folder)
        let disabled = try CLIRun.run(
            ["validate", "Bad.xcassets", "--disable", "unlisted-file", "--disable", "missing-file", "--strict"], in: folder)
        let excluded = try CLIRun.run(["validate", "Bad.xcassets", "--exclude", "icon.*", "--strict"], in: folder)
        let raised = try CLIRun.run(
            ["validate", "Bad.xcassets", "--no-config", "--error", "unlisted-file", "--disable", "missing-file"], in: folder)
        try Data(#"{"rules": {"unlisted": "off"}}"#.utf8).write(to: folder.appendingPathComponent(".asset-tool.json"))
        let broken = try CLIRun.run(["validate", "Bad.xcassets"], in: folder)
        let unknownCode = try CLIRun.run(["validate", "Bad.xcassets", "--no-config", "--disable", "nonsense"], in: folder)

        // Then the file raises unlisted-file to an error, --disable and --exclude silence findings,
        // --error raises without the file, and a bad file or code is exit 64 with one line
        #expect(
            configured.stdout.contains(
                "Bad.xcassets/icon.imageset/notes.txt: error: is in the set folder but no entry of Contents.json lists it [unlisted-file]"))
        #expect(disabled.status == 0, "\(disabled.stdout)")
        #expect(disabled.stdout.hasPrefix("0 errors, 0 warnings"))
        #expect(excluded.status == 0, "\(excluded.stdout)")
        #expect(raised.status == 1)
        #expect(raised.stdout.contains("notes.txt: error:"))
        #expect(broken.status == 64)
        #expect(broken.stderr.contains(".asset-tool.json: rules.unlisted: \"unlisted\" is not a diagnostic code"))
        #expect(unknownCode.status == 64)
    }

    @Test("a folder of catalogs: every .xcassets below it (not hidden ones), one summary, exit by the worst")
    func severalCatalogs() throws {
        // Given a folder with Bad.xcassets, a clean copy of the example two levels down, and a hidden catalog
        let folder = try ValidateCommandTests.badCatalog()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = folder.appendingPathComponent("Features/Profile/Profile.xcassets")
        try FileManager.default.createDirectory(at: clean.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ValidateCommandTests.repositoryRoot.appendingPathComponent("Assets.catalog"), to: clean)
        let hidden = folder.appendingPathComponent(".build/Hidden.xcassets/x.imageset")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)

        // When the folder is validated, and when the two catalogs are named one by one
        let found = try CLIRun.run(["validate", "."], in: folder)
        let named = try CLIRun.run(["validate", "Bad.xcassets", "Features/Profile/Profile.xcassets"], in: folder)
        let cleanOnly = try CLIRun.run(["validate", "Features", "--strict"], in: folder)

        // Then both catalogs are checked, their findings carry their paths, and one summary ends the output
        let lines = found.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "./Bad.xcassets/icon.imageset/notes.txt: warning: is in the set folder but no entry of Contents.json lists it [unlisted-file]"
            ))
        #expect(!found.stdout.contains("Hidden"))
        #expect(lines.last?.hasPrefix("1 error, 1 warning in 7 assets (") == true, "\(lines.last ?? "")")
        #expect(lines.last?.hasSuffix(" checked) in 2 catalogs") == true)
        #expect(found.status == 1)
        #expect(named.stdout.split(separator: "\n").last == lines.last.map { Substring($0) })
        #expect(named.status == 1)
        // and a folder holding only the clean catalog passes even with --strict
        #expect(cleanOnly.status == 0, "\(cleanOnly.stdout)")
        #expect(cleanOnly.stdout.hasPrefix("0 errors, 0 warnings in 6 assets"))
        #expect(cleanOnly.stdout.hasSuffix(" in 1 catalog\n"))
    }

    @Test("an unreadable catalog and a usage error exit with their own codes, one line on stderr")
    func failures() throws {
        // Given a folder without any catalog
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("validate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When validate looks for ./Assets.catalog, and when it is given a bad format
        let missing = try CLIRun.run(["validate"], in: folder)
        let usage = try CLIRun.run(["validate", "--format", "xml"], in: folder)

        // Then the first exits 66 naming the folder, the second 64
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: Assets.catalog: cannot read the catalog: No such file or directory\n")
        #expect(missing.stdout.isEmpty)
        #expect(usage.status == 64)
    }
}
