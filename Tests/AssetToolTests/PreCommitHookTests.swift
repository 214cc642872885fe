import Foundation
import Testing

/// The `asset-tool-validate` hook of `.pre-commit-hooks.yaml`, run by the real `pre-commit try-repo` on
/// a throwaway git repository with two catalogs, only one of them changed. The hook runs the asset-tool
/// these tests built (`ASSET_TOOL`). Skipped, saying so, when `pre-commit` or `git` is not on PATH
/// (`.ci/run` installs pre-commit from PyPI).
@Suite(
    "pre-commit hook", .serialized,
    .enabled(
        if: ExternalTool.find("pre-commit") != nil && ExternalTool.find("git") != nil,
        "pre-commit or git is not on PATH (pip install pre-commit): skipped"))
struct PreCommitHookTests {
    /// A git repository holding `Good.xcassets` and `App/Broken.xcassets` (copies of the shipped catalog),
    /// committed; then `change` edits files and stages everything.
    static func repository(change: (URL) throws -> Void) throws -> (URL, [String: String]) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pre-commit-\(UUID().uuidString)")
        let repo = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("App"), withIntermediateDirectories: true)
        let shipped = ValidateCommandTests.repositoryRoot.appendingPathComponent("Assets.catalog")
        try FileManager.default.copyItem(at: shipped, to: repo.appendingPathComponent("Good.xcassets"))
        try FileManager.default.copyItem(at: shipped, to: repo.appendingPathComponent("App/Broken.xcassets"))
        try Data("notes\n".utf8).write(to: repo.appendingPathComponent("README.txt"))
        var environment = ProcessInfo.processInfo.environment
        environment["PRE_COMMIT_HOME"] = base.appendingPathComponent("cache").path
        environment["ASSET_TOOL"] = CLIRun.binary.path
        for (key, value) in [
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ] {
            environment[key] = value
        }
        let git = try #require(ExternalTool.find("git"))
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "catalogs"]] {
            let outcome = try git.run(arguments, in: repo, environment: environment)
            #expect(outcome.status == 0, "git \(arguments): \(outcome.stderr)")
        }
        try change(repo)
        _ = try git.run(["add", "-A"], in: repo, environment: environment)
        return (repo, environment)
    }

    static func tryRepo(in repo: URL, environment: [String: String]) throws -> ExternalTool.Outcome {
        let preCommit = try #require(ExternalTool.find("pre-commit"))
        return try preCommit.run(
            ["try-repo", ValidateCommandTests.repositoryRoot.path, "asset-tool-validate", "--verbose"],
            in: repo, environment: environment, timeout: 600)
    }

    @Test("a staged Contents.json naming a missing file fails the hook at its line; the unchanged catalog is not checked")
    func failsOnTheChangedCatalog() throws {
        // Given a repository where one catalog's Contents.json now names a file that is not there
        let contents = "App/Broken.xcassets/Photos/sample_landscape.imageset/Contents.json"
        let (repo, environment) = try Self.repository { repo in
            let file = repo.appendingPathComponent(contents)
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "\"sample_landscape.jpg\"", with: "\"sample_landscape@2x.jpg\"")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: repo.deletingLastPathComponent()) }

        // When pre-commit runs the hook from this repository
        let outcome = try Self.tryRepo(in: repo, environment: environment)

        // Then the hook fails, naming the file, line and column, and only the changed catalog was validated
        #expect(outcome.status == 1, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("validate asset catalogs"))
        #expect(
            outcome.stdout.contains("\(contents):4:20: error: images[0].filename: lists \"sample_landscape@2x.jpg\""), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 error, 1 warning in 6 assets"))
        #expect(!outcome.stdout.contains("Good.xcassets"))
    }

    @Test("a commit touching no catalog skips the hook; a clean catalog change passes it")
    func passesAndSkips() throws {
        // Given a change outside the catalogs
        let (repo, environment) = try Self.repository { repo in
            try Data("more notes\n".utf8).write(to: repo.appendingPathComponent("README.txt"))
        }
        defer { try? FileManager.default.removeItem(at: repo.deletingLastPathComponent()) }

        // When the hook runs, then it is skipped
        let skipped = try Self.tryRepo(in: repo, environment: environment)
        #expect(skipped.status == 0, "\(skipped.stdout)\(skipped.stderr)")
        #expect(skipped.stdout.contains("(no files to check)Skipped"), "\(skipped.stdout)")

        // When a catalog file changes without breaking it, then the hook passes
        let git = try #require(ExternalTool.find("git"))
        let contents = repo.appendingPathComponent("Good.xcassets/Contents.json")
        try Data((try String(contentsOf: contents, encoding: .utf8) + "\n").utf8).write(to: contents)
        _ = try git.run(["add", "-A"], in: repo, environment: environment)
        let passed = try Self.tryRepo(in: repo, environment: environment)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("Passed"), "\(passed.stdout)")
        #expect(passed.stdout.contains("0 errors, 0 warnings in 6 assets"), "\(passed.stdout)")
    }
}
