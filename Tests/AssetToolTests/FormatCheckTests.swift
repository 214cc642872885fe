import Foundation
import Testing
import TestSupport

/// The sources stay in the repository's format: `Scripts/check-format` runs the toolchain's `swift format lint`
/// with `.swift-format` (4 spaces, 140 columns, no force unwrap or `try!`) over every Swift file of the package,
/// its tests, plugins, examples, snippets, benchmarks and fuzz harnesses. `Scripts/check-format --fix` rewrites them.
@Suite("The sources are formatted as .swift-format says")
struct FormatCheckTests {
    static var canRun: Bool {
        guard let swift = ExternalTool.find("swift"), let outcome = try? swift.run(["format", "--version"], timeout: 60) else {
            return false
        }
        return outcome.status == 0
    }

    @Test(
        "swift format lint finds nothing",
        .timeLimit(.minutes(10)),
        .enabled(if: canRun, "the toolchain has no `swift format`: not checked"))
    func lintIsClean() throws {
        // Given the checkout's sources
        let bash = try #require(ExternalTool.find("bash"))
        // When the repository's format check runs
        let outcome = try bash.run([PackageRoot.url("Scripts/check-format").path], timeout: 600)
        // Then it finds nothing
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr.prefix(4000))")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr.prefix(4000))")
    }
}
