import Foundation
import Testing
import TestSupport

/// A small catalog written by the test: the error placeholder at 1x/2x/3x, any and dark, a team-named empty
/// illustration, an RTL-aware arrow, and `placeholders.json` beside it. File bytes do not matter to `resolve`.
struct ResolveFixture {
    let folder: URL
    var catalog: URL { folder.appendingPathComponent("Assets.catalog") }

    init(config: String? = #"{"names": {"empty": "custom_empty"}}"#) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("Assets.catalog")
        try Self.write(#"{"info": {"version": 1, "author": "xcode"}}"#, to: root.appendingPathComponent("Contents.json"))
        var images: [String] = []
        for scale in 1...3 {
            images.append(#"{"idiom": "universal", "scale": "\#(scale)x", "filename": "error@\#(scale)x.png"}"#)
            images.append(
                #"{"idiom": "universal", "scale": "\#(scale)x", "filename": "error_dark@\#(scale)x.png", "appearances": [{"appearance": "luminosity", "value": "dark"}]}"#
            )
        }
        try Self.set(root, "placeholder_error_icon.imageset", images: images)
        try Self.set(root, "custom_empty.imageset", images: [#"{"idiom": "universal", "filename": "empty.pdf"}"#])
        try Self.set(
            root, "arrow.imageset",
            images: [#"{"idiom": "universal", "scale": "2x", "filename": "arrow@2x.png", "language-direction": "left-to-right"}"#])
        if let config {
            try Self.write(config, to: folder.appendingPathComponent("placeholders.json"))
        }
    }

    static func set(_ root: URL, _ name: String, images: [String]) throws {
        let folder = root.appendingPathComponent(name)
        try write(
            #"{"images": [\#(images.joined(separator: ", "))], "info": {"version": 1, "author": "xcode"}}"#,
            to: folder.appendingPathComponent("Contents.json"))
        for image in images {
            if let range = image.range(of: #""filename": ""#) {
                let file = image[range.upperBound...].prefix { $0 != "\"" }
                try write("x", to: folder.appendingPathComponent(String(file)))
            }
        }
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite("asset-tool resolve")
struct ResolveCommandTests {
    @Test("a name, as text")
    func nameText() throws {
        // Given a catalog with the error placeholder
        let fixture = try ResolveFixture()
        defer { fixture.remove() }

        // When an iPhone in dark mode at 3x asks for it
        let result = try CLIRun.run(["resolve", "placeholder_error_icon", "--catalog", fixture.catalog.path, "--appearance", "dark"])

        // Then the dark 3x file is printed with its trace
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                placeholder_error_icon (phone dark 3x): placeholder_error_icon.imageset/error_dark@3x.png
                  found image set placeholder_error_icon.imageset
                  chose placeholder_error_icon.imageset/error_dark@3x.png

                """)
    }

    @Test("a name, as JSON, with the default catalog ./Assets.catalog")
    func nameJSON() throws {
        let fixture = try ResolveFixture()
        defer { fixture.remove() }

        // When the arrow is asked for right to left at 1x, as JSON, from the folder holding Assets.catalog
        let result = try CLIRun.run(
            ["resolve", "arrow", "--scale", "1", "--rtl", "--idiom", "pad", "--high-contrast", "--format", "json"],
            in: fixture.folder)

        // Then the JSON has the documented shape and says the image is mirrored
        #expect(result.status == 0)
        let json = try jsonObject(result.stdout)
        #expect(json["name"] as? String == "arrow")
        let query = try #require(json["query"] as? [String: Any])
        #expect(query["scale"] as? Int == 1)
        #expect(query["appearance"] as? String == "light")
        #expect(query["high_contrast"] as? Bool == true)
        #expect(query["idiom"] as? String == "pad")
        #expect(query["rtl"] as? Bool == true)
        #expect(json["resolved"] as? Bool == true)
        #expect(json["file"] as? String == "arrow.imageset/arrow@2x.png")
        #expect((json["entry"] as? [String: Any])?["language-direction"] as? String == "left-to-right")
        #expect(json["mirrored"] as? Bool == true)
        let trace = try #require(json["trace"] as? [String])
        #expect(trace.contains("no any-appearance 1x entry; took any-appearance 2x (the next larger)"))
        #expect(trace.contains("no right-to-left variant; the left-to-right image is mirrored"))
    }

    @Test("a name that does not resolve exits 1 and says why")
    func unresolved() throws {
        let fixture = try ResolveFixture()
        defer { fixture.remove() }
        let text = try CLIRun.run(["resolve", "Arrow", "--catalog", fixture.catalog.path])
        #expect(text.status == 1)
        #expect(
            text.stdout == """
                Arrow (phone light 3x): not resolved
                  no set in the catalog is named "Arrow"
                  "arrow" differs only in case; names are case-sensitive

                """)
        let json = try CLIRun.run(["resolve", "Arrow", "--catalog", fixture.catalog.path, "--format", "json"])
        #expect(json.status == 1)
        let object = try jsonObject(json.stdout)
        #expect(object["resolved"] as? Bool == false)
        #expect(object["file"] is NSNull && object["entry"] is NSNull)
    }

    @Test("--state error, as text")
    func stateText() throws {
        let fixture = try ResolveFixture()
        defer { fixture.remove() }
        let result = try CLIRun.run([
            "resolve", "--state", "error", "--catalog", fixture.catalog.path, "--scale", "2", "--appearance", "dark",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                state: error (phone dark 2x)
                style: error
                title: Something went wrong
                subtitle: Please try again.
                buttons (vertical): Try again [retry]
                  retry: normal "Try again", on #0A84FF, no border, corner radius 10, 17 pt semibold #FFFFFF, center, one line; highlighted "Try again", on #0870DB, no border, corner radius 10, 17 pt semibold #FFFFFF, center, one line; disabled "Try again", on #7878805C, no border, corner radius 10, 17 pt semibold #EBEBF599, center, one line
                image: placeholder_error_icon.imageset/error_dark@2x.png (conventional: placeholder_error_icon)
                appearance: background #000000, no border, insets 24 24 24 24, spacing 16
                  image: fixed height 120, scaleAspectFit
                  title: 20 pt semibold #FFFFFF, center, multi-line
                  subtitle: 15 pt regular #EBEBF599, center, multi-line
                trace:
                  the style names no image of its own
                  the error image "placeholder_error_icon" from the catalog
                  found image set placeholder_error_icon.imageset
                  chose placeholder_error_icon.imageset/error_dark@2x.png

                """)
    }

    @Test("--state empty reads placeholders.json beside the catalog, as JSON")
    func stateJSONWithConfig() throws {
        let fixture = try ResolveFixture()
        defer { fixture.remove() }
        let result = try CLIRun.run(["resolve", "--state", "empty", "--catalog", fixture.catalog.path, "--format", "json"])
        #expect(result.status == 0)
        let json = try jsonObject(result.stdout)
        #expect(json["state"] as? String == "empty")
        #expect(json["name"] as? String == "custom_empty")
        #expect(json["file"] as? String == "custom_empty.imageset/empty.pdf")
        let style = try #require(json["style"] as? [String: Any])
        #expect(style["name"] as? String == "empty")
        #expect(style["title"] as? String == "Nothing here yet")
        #expect(style["image"] as? String == "conventional")
        #expect((style["buttons"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "a state whose image is hidden exits 1; states without an image exit 0",
        arguments: [
            ("loading-error", Int32(1), "image: hidden"),
            ("image-slot", 1, "image: hidden"),
            ("loading", 0, "image: none (no animation in the catalog: the activity indicator shows)"),
            ("content", 0, "no placeholder: the content is shown"),
        ])
    func stateExitCodes(state: String, status: Int32, line: String) throws {
        let fixture = try ResolveFixture()
        defer { fixture.remove() }
        let result = try CLIRun.run(["resolve", "--state", state, "--catalog", fixture.catalog.path])
        #expect(result.status == status)
        #expect(result.stdout.split(separator: "\n").contains { $0 == line }, "\(result.stdout)")
        let json = try CLIRun.run(["resolve", "--state", state, "--catalog", fixture.catalog.path, "--format", "json"])
        #expect(try jsonObject(json.stdout)["resolved"] as? Bool == (status == 0))
    }

    @Test("--placeholders names another mapping file")
    func placeholdersOption() throws {
        let fixture = try ResolveFixture(config: nil)
        defer { fixture.remove() }
        let mapping = fixture.folder.appendingPathComponent("team.json")
        try ResolveFixture.write(#"{"names": {"image-slot": "custom_empty"}}"#, to: mapping)
        let result = try CLIRun.run(["resolve", "--state", "image-slot", "--catalog", fixture.catalog.path, "--placeholders", mapping.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("image: custom_empty.imageset/empty.pdf (conventional: custom_empty)"))
    }

    @Test("a damaged placeholders.json is one line on stderr naming the file and key")
    func badConfig() throws {
        let fixture = try ResolveFixture(config: #"{"names": {"empty": 7}}"#)
        defer { fixture.remove() }
        let result = try CLIRun.run(["resolve", "--state", "empty", "--catalog", fixture.catalog.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let file = fixture.folder.appendingPathComponent("placeholders.json").path
        #expect(result.stderr == "asset-tool resolve: \(file): names.empty: expected a string, found a number\n")
    }

    @Test("a missing catalog is one line on stderr naming it, and exit 66 as in validate")
    func missingCatalog() throws {
        let result = try CLIRun.run(["resolve", "anything", "--catalog", "/nonexistent/Assets.catalog"])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("asset-tool resolve: /nonexistent/Assets.catalog"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("--help lists resolve")
    func help() throws {
        let root = try CLIRun.run(["--help"])
        #expect(root.stdout.contains("resolve"))
        let own = try CLIRun.run(["resolve", "--help"])
        #expect(own.status == 0)
        #expect(own.stdout.contains("--state <state>") && own.stdout.contains("--high-contrast"))
    }

    @Test(
        "bad usage exits 64",
        arguments: [
            ["resolve"],
            ["resolve", "a", "--state", "error"],
            ["resolve", "a", "--scale", "4"],
            ["resolve", "a", "--appearance", "sepia"],
            ["resolve", "a", "--idiom", "fridge"],
            ["resolve", "a", "--format", "yaml"],
            ["resolve", "--state", "busy"],
        ])
    func usage(arguments: [String]) throws {
        let result = try CLIRun.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "an animated GIF placeholder reports its timeline",
        .enabled(if: FileManager.default.fileExists(atPath: ResolveCommandTests.twitterCatalog)))
    func animatedPlaceholder() throws {
        // Given a mapping of the image slot to the corpus's animated twemoji cat
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mapping = folder.appendingPathComponent("placeholders.json")
        try ResolveFixture.write(#"{"names": {"image-slot": "twemoji-cat-animated"}}"#, to: mapping)

        // When the image-slot state is asked for, as text and as JSON
        let text = try CLIRun.run(["resolve", "--state", "image-slot", "--catalog", Self.twitterCatalog, "--placeholders", mapping.path])
        let json = try CLIRun.run([
            "resolve", "--state", "image-slot", "--catalog", Self.twitterCatalog, "--placeholders", mapping.path,
            "--format", "json",
        ])

        // Then both name the GIF and its timeline
        #expect(text.status == 0)
        #expect(text.stdout.contains("image: twemoji-cat-animated.dataset/twemoji-cat-animated.gif (conventional: twemoji-cat-animated)\n"))
        #expect(text.stdout.contains("animation: 16 frames, 1600 ms a play, loops forever\n"))
        let animation = try #require(try jsonObject(json.stdout)["animation"] as? [String: Any])
        #expect(animation["frames"] as? Int == 16)
        #expect(animation["plays"] is NSNull)
        #expect((animation["delays_ms"] as? [Int])?.count == 16)
    }

    static let twitterCatalog = PackageRoot.sharedCorpus
        .appendingPathComponent("catalogs/TwitterTextEditor/Assets.xcassets").path
}
