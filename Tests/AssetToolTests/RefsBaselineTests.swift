import Foundation
import Testing
import TestSupport

@Suite("asset-tool refs --write-baseline and --baseline")
struct RefsBaselineTests {
    @Test("a baseline hides the findings it lists, by code, file and set; moved lines revive nothing; a new one fails the run")
    func baseline() throws {
        // Given the project of RefsCommandTests (a missing name, an unused set) and its baseline
        let root = try RefsCommandTests.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let written = try CLIRun.run(["refs", ".", "--write-baseline", "refs-baseline.json"], in: root)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("wrote 2 findings to refs-baseline.json"))

        // When nothing changed but the lines moved, the run is clean
        let view = root.appendingPathComponent("App/View.swift")
        try "\n\n// moved\nlet a = UIImage(named: \"used\")\nlet b = UIImage(named: \"typo_name\")\n".write(
            to: view, atomically: true, encoding: .utf8)
        let moved = try CLIRun.run(["refs", ".", "--baseline", "refs-baseline.json"], in: root)
        #expect(moved.status == 0, "\(moved.stdout)")
        #expect(moved.stdout.contains("typo_name") == false)

        // When a new missing name is added, it is the one finding, and the run fails
        try "let a = UIImage(named: \"used\")\nlet b = UIImage(named: \"typo_name\")\nlet c = UIImage(named: \"new_typo\")\n"
            .write(to: view, atomically: true, encoding: .utf8)
        let added = try CLIRun.run(["refs", ".", "--baseline", "refs-baseline.json"], in: root)
        #expect(added.status == 1)
        #expect(added.stdout.contains("new_typo"))
        #expect(added.stdout.contains("typo_name\"") == false && added.stdout.contains("stale") == false)

        // And the baseline is not overwritten without --force
        let again = try CLIRun.run(["refs", ".", "--write-baseline", "refs-baseline.json"], in: root)
        #expect(again.status != 0)
    }

    @Test("a file that is not a baseline fails with what is wrong")
    func notABaseline() throws {
        let root = try RefsCommandTests.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "{\"findings\": [{\"code\": 1}]}".write(to: root.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)

        let run = try CLIRun.run(["refs", ".", "--baseline", "bad.json"], in: root)

        #expect(run.status == 66)
        #expect(run.stderr.contains("bad.json: findings[0] needs the strings"))
    }
}
