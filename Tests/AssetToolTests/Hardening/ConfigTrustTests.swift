import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Only the project configures its checks: a catalog never relaxes the check it is judged by, a file
/// reached through a link or found above the repository root is not read, and a file not read is said.
@Suite("Configuration: trusted only from the project")
struct ConfigTrustTests {
    /// A repository holding a catalog with an error (a listed file that is missing) at `repo/App.xcassets`.
    static func repository(_ folder: TemporaryFolder, git: Bool = true) throws -> String {
        if git { try folder.folder("repo/.git") }
        try folder.write("repo/App.xcassets/Contents.json", "{\"info\": {\"author\": \"xcode\", \"version\": 1}}")
        try folder.write(
            "repo/App.xcassets/icon.imageset/Contents.json",
            "{\"images\": [{\"filename\": \"gone.png\", \"idiom\": \"universal\"}]}")
        return folder.path + "/repo/App.xcassets"
    }

    @Test("#23's reproduction: {\"exclude\": [\"*\"]} inside the catalog switches nothing off, and is reported")
    func configInsideCatalogIgnored() throws {
        let folder = try TemporaryFolder()
        let catalog = try Self.repository(folder)
        try folder.write("repo/App.xcassets/.asset-tool.json", "{\"exclude\": [\"*\"]}")

        let run = try BoundedRun.run(["validate", catalog, "--strict", "--require-placeholders"])

        #expect(run.ending == .exited(1), "\(run.stdout)")
        #expect(run.stdout.contains("[missing-file]"), "\(run.stdout)")
        #expect(run.stdout.contains(".asset-tool.json: warning: is inside the catalog it would configure"), "\(run.stdout)")
        #expect(run.stdout.contains("[ignored-config]"))
    }

    @Test("an empty .git file inside the catalog does not hide the repository's stricter configuration")
    func gitFileInsideCatalog() throws {
        let folder = try TemporaryFolder()
        let catalog = try Self.repository(folder)
        try folder.write("repo/.asset-tool.json", "{\"rules\": {\"missing-file\": \"error\", \"unlisted-file\": \"error\"}}")
        try folder.write("repo/App.xcassets/.git", "")
        try folder.write("repo/App.xcassets/icon.imageset/extra.png", "x")

        let run = try BoundedRun.run(["validate", catalog])

        // unlisted-file is a warning by default: the repository's configuration made it an error
        #expect(run.ending == .exited(1))
        #expect(run.stdout.contains("extra.png: error:"), "\(run.stdout)")
    }

    @Test("a configuration reached through a link is not read, and its contents are never echoed")
    func linkedConfigIgnored() throws {
        let folder = try TemporaryFolder()
        let catalog = try Self.repository(folder)
        try folder.write("outside/secret.json", "{\"top-secret-key\": \"hunter2\"}")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/repo/.asset-tool.json",
            withDestinationPath: folder.path + "/outside/secret.json")
        try FileManager.default.createSymbolicLink(
            atPath: catalog + "/.asset-tool.json",
            withDestinationPath: folder.path + "/outside/secret.json")

        let run = try BoundedRun.run(["validate", catalog])

        #expect(run.ending == .exited(1), "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("is a symbolic link; the configuration is never read through a link"), "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("secret-key") && !(run.stdout + run.stderr).contains("hunter2"))
    }

    @Test("a configuration above the repository root, or above a folder with no repository, is not read")
    func configAboveRootIgnored() throws {
        // Given an exclude-everything file above the repository (as another user's /tmp/.asset-tool.json)
        let folder = try TemporaryFolder()
        let catalog = try Self.repository(folder)
        try folder.write(".asset-tool.json", "{\"exclude\": [\"*\"]}")
        #expect(try BoundedRun.run(["validate", catalog]).ending == .exited(1))

        // And with no repository at all: only the folder holding the catalog counts
        try FileManager.default.removeItem(atPath: folder.path + "/repo/.git")
        #expect(try BoundedRun.run(["validate", catalog]).ending == .exited(1))
        try folder.write("repo/.asset-tool.json", "{\"exclude\": [\"*\"]}")
        #expect(try BoundedRun.run(["validate", catalog]).ending == .exited(0))

        // But never when that folder is one anyone may write to (as /tmp)
        chmod(folder.path + "/repo", 0o1777)
        #expect(try BoundedRun.run(["validate", catalog]).ending == .exited(1))
        chmod(folder.path + "/repo", 0o755)
    }

    @Test("an invalid configuration above the repository root does not make build-check fail or delete")
    func invalidConfigAboveRoot() throws {
        let folder = try TemporaryFolder()
        _ = try Self.repository(folder)
        try folder.write("repo/App.xcassets/icon.imageset/Contents.json", "{\"images\": []}")
        try folder.write(".asset-tool.json", "{bad")
        try folder.write("out/keep", "kept")

        let run = try BoundedRun.run(["build-check", folder.path + "/repo/App.xcassets", "--output", folder.path + "/Gen.swift"])

        #expect(run.ending == .exited(0), "\(run.stdout) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/keep"))
    }

    /// Bad configurations by name (the long ones are made in the test, so the test's name stays short).
    static let badFiles: [String: (bytes: [UInt8], expected: String)] = [
        "repeated top key": (Array("{\"rules\": {}, \"rules\": {}}".utf8), "rules: appears twice"),
        "repeated code": (
            Array("{\"rules\": {\"missing-file\": \"off\", \"missing-file\": \"error\"}}".utf8), "rules.missing-file: appears twice"
        ),
        "invalid UTF-8": (Array("{\"exclude\": [\"".utf8) + [0xFF] + Array("\"]}".utf8), "is not UTF-8 text"),
        "100 kB key": (Array(("{\"" + String(repeating: "k", count: 100_000) + "\": 1}").utf8), "a key or value of 100000 bytes"),
        "100 kB value": (
            Array(("{\"rules\": {\"missing-file\": \"" + String(repeating: "v", count: 100_000) + "\"}}").utf8),
            "a key or value of 100000 bytes"
        ),
        "not JSON": (Array("root:x:0:0:root:/root:/bin/bash".utf8), "is not JSON (line 1, column 1)"),
    ]

    @Test(
        "repeated keys, invalid UTF-8 and long keys in .asset-tool.json are errors in one clipped line",
        arguments: badFiles.keys.sorted())
    func badConfigurations(name: String) throws {
        let (bytes, expected) = try #require(Self.badFiles[name])
        let folder = try TemporaryFolder()
        let catalog = try Self.repository(folder)
        try folder.write("repo/.asset-tool.json", bytes)

        let run = try BoundedRun.run(["validate", catalog])

        #expect(run.ending == .exited(64), "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains(expected), "\(run.stderr.prefix(300))")
        #expect(run.stderr.utf8.count < 600, "\(run.stderr.utf8.count) bytes")
        #expect(!run.stderr.contains("root:x"))
    }
}

/// `validate DIR` whose search hits a limit fails, naming it; it never validates DIR as one catalog.
@Suite("Discovery: a search that hits its limits fails")
struct DiscoveryLimitTests {
    @Test("#23's reproduction: 100,001 folders beside a catalog with an error: one line, non-zero")
    func tooManyFolders() throws {
        let folder = try TemporaryFolder()
        _ = try ConfigTrustTests.repository(folder)
        try folder.folder("repo/node_modules")
        let made = try BoundedRun.run(
            [folder.path + "/repo/node_modules"],
            shell: "cd \"$1\" && seq 1 100001 | xargs mkdir", deadline: 300)
        try #require(made.ending == .exited(0), "\(made.stderr)")

        let run = try BoundedRun.run(["validate", folder.path + "/repo"], deadline: 300)

        #expect(run.ending == .exited(66), "\(run.ending) \(run.stdout.prefix(300))")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("holds more than 100000 folders"), "\(run.stderr)")
        #expect(!run.stdout.contains("0 errors"))
    }
}
