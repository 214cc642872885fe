import Foundation
import Testing
import TestSupport

@Suite("resolve --state: loading animation, appearance, string tables")
struct PlaceholderStateCommandTests {
    static var repositoryRoot: URL { PackageRoot.url }

    @Test("resolve --state loading on the shipped catalog names the animation, its frames and timing")
    func loading() throws {
        let text = try CLIRun.run(["resolve", "--state", "loading"], in: Self.repositoryRoot)
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "image: Placeholders/placeholder_loading_animation.dataset/placeholder_loading_animation.gif (conventional: placeholder_loading_animation)"
            ))
        #expect(lines.contains("animation: 12 frames, 960 ms a play, loops forever"))
        #expect(lines.contains("  delays (ms): 80 80 80 80 80 80 80 80 80 80 80 80"))
        #expect(!lines.contains("activity indicator: shown"))
        let json = try CLIRun.run(["resolve", "--state", "loading", "--format", "json"], in: Self.repositoryRoot)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "placeholder_loading_animation")
        let animation = try #require(object["animation"] as? [String: Any])
        #expect(animation["frames"] as? Int == 12 && animation["cycle_ms"] as? Int == 960)
        #expect(animation["loop_mode"] as? String == "loop" && animation["plays"] is NSNull)
        #expect((object["style"] as? [String: Any])?["activity_indicator"] as? Bool == false)
    }

    @Test("a loading mapping in placeholders.json is honoured")
    func loadingMapped() throws {
        let fixture = try ResolveFixture(config: #"{"names": {"loading": "custom_empty"}}"#)
        defer { fixture.remove() }
        let result = try CLIRun.run(["resolve", "--state", "loading", "--catalog", fixture.catalog.path])
        #expect(result.stdout.contains("image: custom_empty.imageset/empty.pdf (conventional: custom_empty)"), "\(result.stdout)")
    }

    @Test("--strings and --locale: region, then language, then the development language")
    func strings() throws {
        let fixture = try ResolveFixture()
        defer { fixture.remove() }
        try ResolveFixture.write(
            #""placeholder.error.title" = "Fehler"; "placeholder.retry" = "Nochmal";"#,
            to: fixture.folder.appendingPathComponent("Strings/de.lproj/Localizable.strings"))
        try ResolveFixture.write(
            #""placeholder.retry" = "Nomol";"#, to: fixture.folder.appendingPathComponent("Strings/de-CH.lproj/Localizable.strings"))
        try ResolveFixture.write(
            #""placeholder.error.subtitle" = "Try it again.";"#,
            to: fixture.folder.appendingPathComponent("Strings/en.lproj/Localizable.strings"))
        let strings = fixture.folder.appendingPathComponent("Strings").path
        let swiss = try CLIRun.run([
            "resolve", "--state", "error", "--catalog", fixture.catalog.path, "--strings", strings, "--locale", "de_CH",
        ])
        #expect(swiss.status == 0)
        #expect(
            swiss.stdout.contains(
                "state: error (phone light 3x, locale de_CH)\nstyle: error\ntitle: Fehler\nsubtitle: Try it again.\nbuttons (vertical): Nomol [retry]"
            ),
            "\(swiss.stdout)")
        let json = try CLIRun.run([
            "resolve", "--state", "error", "--catalog", fixture.catalog.path, "--strings", strings, "--locale", "de", "--format", "json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["locale"] as? String == "de")
        #expect((object["style"] as? [String: Any])?["title"] as? String == "Fehler")
        // The report shows the same text
        let page = fixture.folder.appendingPathComponent("r.html").path
        let report = try CLIRun.run(["report", fixture.catalog.path, "-o", page, "--strings", strings, "--locale", "de-CH"])
        #expect(report.status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<p class=\"title\">Fehler</p>") && html.contains(">Nomol</span>"))
        // Usage and input errors
        #expect(try CLIRun.run(["resolve", "--state", "error", "--catalog", fixture.catalog.path, "--locale", "de"]).status == 64)
        let missing = try CLIRun.run([
            "resolve", "--state", "error", "--catalog", fixture.catalog.path, "--strings", "/nonexistent/x.strings",
        ])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/x.strings: cannot read"))
    }
}
