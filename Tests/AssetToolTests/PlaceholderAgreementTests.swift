import Foundation
import Testing

/// `validate`, `build-check`, `resolve` and `report` read placeholder names through one loader, so they
/// agree on every name and role, with `placeholders.json` beside the catalog or given with `--placeholders`.
@Suite("The four commands agree on placeholder names")
struct PlaceholderAgreementTests {
    /// A catalog with the conventional empty, loading-data and image-slot images, and the error image under
    /// the team's name `imgZeroError` (no `placeholder_error_icon`), mapped in `placeholders.json`.
    static func fixture(config: Bool) throws -> ResolveFixture {
        let fixture = try ResolveFixture(config: config ? #"{"names": {"error": "imgZeroError"}}"# : nil)
        let root = fixture.catalog
        try FileManager.default.removeItem(at: root.appendingPathComponent("placeholder_error_icon.imageset"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("custom_empty.imageset"))
        try ResolveFixture.set(root, "imgZeroError.imageset", images: [#"{"idiom": "universal", "filename": "zero.pdf"}"#])
        try ResolveFixture.set(root, "placeholder_empty_state_icon.imageset", images: [#"{"idiom": "universal", "filename": "empty.pdf"}"#])
        try ResolveFixture.set(
            root, "placeholder_loading_data_icon.imageset", images: [#"{"idiom": "universal", "filename": "offline.pdf"}"#])
        try ResolveFixture.set(root, "global_image_placeholder_icon.imageset", images: [#"{"idiom": "universal", "filename": "slot.pdf"}"#])
        try FileManager.default.removeItem(at: root.appendingPathComponent("arrow.imageset"))
        // Real (tiny) PDFs, so that validation finds nothing but what placeholders are about.
        let pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        for file in [
            "imgZeroError.imageset/zero.pdf", "placeholder_empty_state_icon.imageset/empty.pdf",
            "placeholder_loading_data_icon.imageset/offline.pdf", "global_image_placeholder_icon.imageset/slot.pdf",
        ] {
            try ResolveFixture.write(pdf, to: root.appendingPathComponent(file))
        }
        return fixture
    }

    @Test("a catalog mapping error to another image passes everywhere, and the page names that image")
    func mapped() throws {
        // Given the catalog with placeholders.json beside it
        let fixture = try Self.fixture(config: true)
        defer { fixture.remove() }
        let catalog = fixture.catalog.path

        // When each command is run
        let validate = try CLIRun.run(["validate", catalog, "--strict", "--require-placeholders"])
        let output = fixture.folder.appendingPathComponent("Checked.swift").path
        let buildCheck = try CLIRun.run(["build-check", catalog, "--output", output, "--strict"])
        let resolve = try CLIRun.run(["resolve", "--state", "error", "--catalog", catalog])
        let page = fixture.folder.appendingPathComponent("report.html").path
        let report = try CLIRun.run(["report", catalog, "--output", page])

        // Then all four agree: the error image is imgZeroError, and nothing is missing
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(!validate.stdout.contains("missing-placeholder"))
        #expect(buildCheck.status == 0, "\(buildCheck.stdout)\(buildCheck.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
        #expect(resolve.status == 0)
        #expect(resolve.stdout.contains("image: imgZeroError.imageset/zero.pdf (conventional: imgZeroError)"))
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("imgZeroError.imageset/zero.pdf (conventional)"))
        #expect(!html.contains("data-code=\"missing-placeholder\""))
    }

    @Test("without the mapping, all four agree that the error image is missing")
    func unmapped() throws {
        // Given the same catalog without placeholders.json
        let fixture = try Self.fixture(config: false)
        defer { fixture.remove() }
        let catalog = fixture.catalog.path
        let missing = "no image named placeholder_error_icon: the error state goes without an image [missing-placeholder]"
        // Nothing declares placeholders yet, so build-check does not check them (issue 14: the names are this
        // package's convention, not Xcode's); the project then requires them in its .asset-tool.json.
        let undeclared = try CLIRun.run([
            "build-check", catalog, "--output", fixture.folder.appendingPathComponent("U.swift").path, "--strict",
        ])
        #expect(undeclared.status == 0, "\(undeclared.stdout)")
        try ResolveFixture.write(#"{"require_placeholders": true}"#, to: fixture.folder.appendingPathComponent(".asset-tool.json"))

        // When each command is run
        let validate = try CLIRun.run(["validate", catalog, "--require-placeholders"])
        let output = fixture.folder.appendingPathComponent("Checked.swift").path
        let buildCheck = try CLIRun.run(["build-check", catalog, "--output", output, "--strict"])
        let resolve = try CLIRun.run(["resolve", "--state", "error", "--catalog", catalog])
        let page = fixture.folder.appendingPathComponent("report.html").path
        let report = try CLIRun.run(["report", catalog, "--output", page])

        // Then each says the conventional error image is absent
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("error: \(missing)"))
        #expect(buildCheck.status == 1)
        #expect(buildCheck.stdout.contains("error: \(missing)"))
        #expect(resolve.status == 1)
        #expect(resolve.stdout.contains("image: hidden"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(report.status == 0)
        #expect(html.contains("data-code=\"missing-placeholder\""))

        // And --placeholders with the mapping file makes all four pass again
        let mapping = fixture.folder.appendingPathComponent("names.json")
        try ResolveFixture.write(#"{"names": {"error": "imgZeroError"}}"#, to: mapping)
        #expect(try CLIRun.run(["validate", catalog, "--strict", "--require-placeholders", "--placeholders", mapping.path]).status == 0)
        #expect(try CLIRun.run(["build-check", catalog, "--output", output, "--strict", "--placeholders", mapping.path]).status == 0)
        #expect(try CLIRun.run(["resolve", "--state", "error", "--catalog", catalog, "--placeholders", mapping.path]).status == 0)
    }

    @Test("a broken placeholders.json is one line naming the file and key path, in every command")
    func brokenConfig() throws {
        let fixture = try ResolveFixture(config: #"{"names": {"error": 7}}"#)
        defer { fixture.remove() }
        let catalog = fixture.catalog.path
        let config = fixture.folder.appendingPathComponent("placeholders.json").path
        let output = fixture.folder.appendingPathComponent("Checked.swift").path
        let page = fixture.folder.appendingPathComponent("report.html").path
        for arguments in [
            ["validate", catalog], ["build-check", catalog, "--output", output],
            ["resolve", "--state", "error", "--catalog", catalog], ["report", catalog, "--output", page],
        ] {
            let result = try CLIRun.run(arguments)
            #expect(result.status == 1, "\(arguments[0])")
            #expect(
                result.stderr.contains(config) && result.stderr.contains("names.error")
                    && result.stderr.contains("expected a string, found a number"),
                "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments[0]): \(result.stderr)")
        }
    }
}
