import Foundation
import Testing
import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

/// Real outputs of `validate`, `resolve`, `resolve --state`, `info`, `extract-frames` and its frames.json,
/// checked against the schemas in `Schemas/`. The schemas are strict (no unknown property), so a new
/// field or a renamed one in any output fails here until the schema says so.
@Suite("JSON outputs match their schemas")
struct SchemaConformanceTests {
    static let repositoryRoot = PackageRoot.url
    static let shippedCatalog = repositoryRoot.appendingPathComponent("Assets.catalog").path

    static func schema(_ name: String) throws -> JSONSchemaValidator {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Schemas/\(name).schema.json"), encoding: .utf8)
        return JSONSchemaValidator(root: try SchemaJSON.parse(text))
    }

    /// Runs the tool and checks its stdout against the schema; returns the parsed output.
    @discardableResult
    static func expectConforms(
        _ arguments: [String], to name: String, status: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SchemaJSON {
        let result = try CLIRun.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        let output = try SchemaJSON.parse(result.stdout)
        let problems = try schema(name).errors(in: output)
        #expect(problems.isEmpty, "\(arguments): \(problems.joined(separator: "; "))", sourceLocation: sourceLocation)
        return output
    }

    /// A copy of the shipped catalog with a listed file removed and an unlisted one added.
    static func brokenCatalog(in scratch: ScratchFolder) throws -> String {
        let copy = scratch.url.appendingPathComponent("Broken.xcassets")
        try FileManager.default.copyItem(atPath: shippedCatalog, toPath: copy.path)
        let set = copy.appendingPathComponent("Placeholders/placeholder_error_icon.imageset")
        try FileManager.default.removeItem(at: set.appendingPathComponent("placeholder_error_icon@2x.png"))
        try Data("stray".utf8).write(to: set.appendingPathComponent("notes.txt"))
        return copy.path
    }

    @Test("validate --format json: a clean catalog and one with findings")
    func validate() throws {
        // Given the shipped catalog and a broken copy
        let scratch = try ScratchFolder()
        let broken = try Self.brokenCatalog(in: scratch)
        // When each is validated as JSON, then both outputs conform
        try Self.expectConforms(["validate", Self.shippedCatalog, "--format", "json"], to: "validate")
        let output = try Self.expectConforms(["validate", broken, "--format", "json"], to: "validate", status: 1)
        // and the broken one really has findings with and without a key path
        guard case .object(let top) = output, case .array(let diagnostics)? = top["diagnostics"] else {
            Issue.record("no diagnostics array")
            return
        }
        let keyPaths = diagnostics.compactMap { if case .object(let d) = $0 { d["key_path"] } else { nil } }
        #expect(keyPaths.contains(.null) && keyPaths.contains { if case .string = $0 { true } else { false } })
    }

    @Test("validate --format json of several catalogs, a folder of catalogs, and one that cannot be read")
    func validateSeveral() throws {
        // Given a clean catalog and a broken one in one folder, with a plain folder beside them
        let scratch = try ScratchFolder()
        let broken = try Self.brokenCatalog(in: scratch)
        let clean = scratch.url.appendingPathComponent("App/Clean.xcassets").path
        try FileManager.default.createDirectory(atPath: scratch.url.appendingPathComponent("App").path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: clean)
        try FileManager.default.createDirectory(atPath: scratch.url.appendingPathComponent("Docs").path, withIntermediateDirectories: true)
        // When the folder is validated as JSON, then the several-catalog shape conforms, in path order
        let folder = try Self.expectConforms(["validate", scratch.path, "--format", "json"], to: "validate", status: 1)
        guard case .object(let top) = folder, case .array(let catalogs)? = top["catalogs"],
            case .object(let summary)? = top["summary"]
        else {
            Issue.record("no catalogs array and summary")
            return
        }
        let names = catalogs.compactMap { if case .object(let c) = $0, case .string(let path)? = c["catalog"] { path } else { nil } }
        #expect(names == [clean, broken].sorted())
        #expect(summary["catalogs"] == .integer(2) && summary["unreadable"] == .integer(0))
        // and two catalogs named, one of them missing, conform too and exit 66
        let missing = scratch.path + "/Gone.xcassets"
        let named = try Self.expectConforms(["validate", Self.shippedCatalog, missing, "--format", "json"], to: "validate", status: 66)
        if case .object(let top) = named, case .object(let summary)? = top["summary"] {
            #expect(summary["unreadable"] == .integer(1) && summary["catalogs"] == .integer(2))
        } else {
            Issue.record("no summary")
        }
    }

    @Test("resolve NAME --format json: resolved, unresolved, mirrored queries")
    func resolve() throws {
        try Self.expectConforms(
            ["resolve", "Photos/sample_landscape", "--catalog", Self.shippedCatalog, "--format", "json"], to: "resolve")
        try Self.expectConforms(
            [
                "resolve", "placeholder_error_icon", "--catalog", Self.shippedCatalog, "--appearance", "dark",
                "--scale", "2", "--idiom", "pad", "--rtl", "--high-contrast", "--format", "json",
            ], to: "resolve")
        let missing = try Self.expectConforms(
            ["resolve", "no_such_image", "--catalog", Self.shippedCatalog, "--format", "json"],
            to: "resolve", status: 1)
        if case .object(let top) = missing { #expect(top["file"] == .null && top["entry"] == .null) }
    }

    @Test("resolve NAME --format json for a colour set: the colour, its space and sRGB value")
    func resolveColor() throws {
        // Given a catalog with a display-p3 colour set with a dark variant
        let scratch = try ScratchFolder()
        let set = scratch.url.appendingPathComponent("Colors.xcassets/brand.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let contents = #"""
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "display-p3", "components": {"red": "0.800", "green": "0.500", "blue": "0.200", "alpha": "1.000"}}},
              {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "srgb", "components": {"red": "0xFF", "green": "0x80", "blue": "0x00", "alpha": "0.500"}}}
            ], "info": {"author": "xcode", "version": 1}}
            """#
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        let catalog = scratch.url.appendingPathComponent("Colors.xcassets").path

        // When it is resolved light and dark, then both conform and give the sRGB value
        let light = try Self.expectConforms(["resolve", "brand", "--catalog", catalog, "--format", "json"], to: "resolve")
        let dark = try Self.expectConforms(
            ["resolve", "brand", "--catalog", catalog, "--appearance", "dark", "--format", "json"], to: "resolve")
        guard case .object(let top)? = Optional(light), case .object(let color)? = top["color"],
            case .object(let darkTop)? = Optional(dark), case .object(let darkColor)? = darkTop["color"]
        else {
            Issue.record("no color object")
            return
        }
        #expect(color["srgb_hex"] == .string("#D97B15"))
        #expect(color["color_space"] == .string("display-p3"))
        #expect(darkColor["srgb_hex"] == .string("#FF800080"))
    }

    @Test("resolve --state STATE --format json, every state, light and dark", arguments: PlaceholderState.allCases)
    func resolveState(_ state: PlaceholderState) throws {
        for appearance in ["light", "dark"] {
            try Self.expectConforms(
                [
                    "resolve", "--state", state.rawValue, "--catalog", Self.shippedCatalog,
                    "--appearance", appearance, "--format", "json",
                ], to: "resolve-state")
        }
    }

    @Test("resolve --state image-slot with an animated GIF placeholder adds animation")
    func resolveAnimated() throws {
        // Given a catalog whose image-slot placeholder is a GIF data set
        let scratch = try ScratchFolder()
        let catalog = scratch.url.appendingPathComponent("Anim.xcassets")
        let set = catalog.appendingPathComponent("spinner.dataset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(try CLIFixtures.animation()).write(to: set.appendingPathComponent("spinner.gif"))
        try Data(#"{"data": [{"filename": "spinner.gif", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let names = try scratch.write(Array(#"{"names": {"image-slot": "spinner"}}"#.utf8), to: "names.json")
        // When the image-slot state is asked, then it conforms and carries the animation
        let output = try Self.expectConforms(
            [
                "resolve", "--state", "image-slot", "--catalog", catalog.path,
                "--placeholders", names, "--format", "json",
            ], to: "resolve-state")
        if case .object(let top) = output { #expect(top["animation"] != nil) }
    }

    @Test("info --format json: GIF, PNG, several files, and a file that is not an image")
    func info() throws {
        let scratch = try ScratchFolder()
        let gif = try scratch.write(try CLIFixtures.animation(), to: "spinner.gif")
        let png = Self.shippedCatalog + "/Placeholders/placeholder_error_icon.imageset/placeholder_error_icon@2x.png"
        let jpeg = try scratch.write(
            try JPEGEncoder().encode(
                try #require(
                    RGBAImage(
                        width: 16, height: 8,
                        pixels: [UInt8](repeating: 128, count: 16 * 8 * 4)))), to: "photo.png")
        let text = try scratch.write(Array("not an image".utf8), to: "notes.gif")
        try Self.expectConforms(["info", gif, "--format", "json"], to: "info")
        try Self.expectConforms(["info", png, "--decode", "--format", "json"], to: "info")
        let several = try Self.expectConforms(["info", gif, png, jpeg, "--format", "json"], to: "info")
        if case .array(let files) = several { #expect(files.count == 3) } else { Issue.record("several files give an array") }
        try Self.expectConforms(["info", text, "--format", "json"], to: "info", status: 1)
    }

    @Test("frames.json of extract-frames, composited and raw")
    func frames() throws {
        let scratch = try ScratchFolder()
        let gif = try scratch.write(try CLIFixtures.animation(), to: "spinner.gif")
        for (folder, extra) in [("composited", [String]()), ("raw", ["--raw"])] {
            let result = try CLIRun.run(["extract-frames", gif, "--output", scratch.path + "/" + folder] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let manifest = try String(contentsOf: scratch.url.appendingPathComponent("\(folder)/frames.json"), encoding: .utf8)
            let problems = try Self.schema("frames").errors(in: try SchemaJSON.parse(manifest))
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test("extract-frames --format json: one input, and several (one failing)")
    func extractFramesOutput() throws {
        let scratch = try ScratchFolder()
        let gif = try scratch.write(try CLIFixtures.animation(), to: "spinner.gif")
        let other = try scratch.write(try CLIFixtures.animation(), to: "other.gif")
        let junk = try scratch.write(Array("junk".utf8), to: "junk.gif")
        try Self.expectConforms(["extract-frames", gif, "--output", scratch.path + "/one", "--format", "json"], to: "extract-frames")
        let several = try Self.expectConforms(
            [
                "extract-frames", gif, other, junk, "--output", scratch.path + "/several",
                "--format", "json",
            ], to: "extract-frames", status: 1)
        if case .array(let manifests) = several { #expect(manifests.count == 2) } else { Issue.record("several inputs give an array") }
    }

    @Test("size and optimize --format json")
    func sizeAndOptimize() throws {
        // Given the shipped catalog, when it is sized and optimised as JSON, then both outputs conform
        let scratch = try ScratchFolder()
        try Self.expectConforms(["size", Self.shippedCatalog, "--format", "json"], to: "size")
        let output = try Self.expectConforms(
            ["optimize", Self.shippedCatalog, "--output", scratch.path + "/out", "--format", "json"], to: "optimize")
        // and the shipped catalog's PNGs were rewritten smaller
        guard case .object(let top) = output, case .array(let rewritten)? = top["rewritten"] else {
            Issue.record("no rewritten array")
            return
        }
        #expect(!rewritten.isEmpty)
    }

    @Test("the validate schema lists exactly the diagnostic codes the library has")
    func diagnosticCodes() throws {
        let text = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Schemas/validate.schema.json"), encoding: .utf8)
        guard case .object(let top) = try SchemaJSON.parse(text), case .object(let definitions)? = top["$defs"],
            case .object(let diagnostic)? = definitions["diagnostic"], case .object(let properties)? = diagnostic["properties"],
            case .object(let code)? = properties["code"], case .array(let values)? = code["enum"]
        else {
            Issue.record("no $defs.diagnostic.properties.code.enum")
            return
        }
        let listed = Set(values.compactMap { if case .string(let name) = $0 { name } else { nil } })
        #expect(listed == Set(CatalogDiagnostic.Code.allCases.map(\.rawValue)))
    }

    @Test(".asset-tool.json: the schema names every code, the example package's file conforms, a typo does not")
    func configSchema() throws {
        // Given the configuration schema and the example package's configuration
        let schema = try Self.schema("asset-tool-config")
        let example = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Examples/CatalogValidation/.asset-tool.json"),
            encoding: .utf8)
        let text = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Schemas/asset-tool-config.schema.json"), encoding: .utf8)
        guard case .object(let top) = try SchemaJSON.parse(text), case .object(let properties)? = top["properties"],
            case .object(let rules)? = properties["rules"], case .object(let codes)? = rules["properties"]
        else {
            Issue.record("no properties.rules.properties")
            return
        }

        // Then the rules are exactly the library's codes, the example conforms and parses in the library,
        // and a misspelt code or setting is caught by both
        #expect(Set(codes.keys) == Set(CatalogDiagnostic.Code.allCases.map(\.rawValue)))
        #expect(try schema.errors(in: SchemaJSON.parse(example)).isEmpty)
        let parsed = try ValidationConfig.parse(Array(example.utf8), file: ".asset-tool.json")
        #expect(parsed.requirePlaceholders == true && parsed.rules[.missingPlaceholder] == .warning)
        let typo = #"{"rules": {"scale-mismatches": "off"}}"#
        #expect(try !schema.errors(in: SchemaJSON.parse(typo)).isEmpty)
        #expect(throws: ValidationConfigError.self) { try ValidationConfig.parse(Array(typo.utf8), file: "x.json") }
        let loud = #"{"rules": {"scale-mismatch": "fatal"}}"#
        #expect(try !schema.errors(in: SchemaJSON.parse(loud)).isEmpty)
        #expect(throws: ValidationConfigError.self) { try ValidationConfig.parse(Array(loud.utf8), file: "x.json") }
    }

    @Test("the info schema lists exactly the image warning codes the library has")
    func warningCodes() throws {
        let text = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Schemas/info.schema.json"), encoding: .utf8)
        guard case .object(let top) = try SchemaJSON.parse(text), case .object(let definitions)? = top["$defs"],
            case .object(let warning)? = definitions["warning"], case .object(let properties)? = warning["properties"],
            case .object(let code)? = properties["code"], case .array(let values)? = code["enum"]
        else {
            Issue.record("no $defs.warning.properties.code.enum")
            return
        }
        let listed = Set(values.compactMap { if case .string(let name) = $0 { name } else { nil } })
        #expect(listed == Set(ImageWarningCode.allCases.map(\.rawValue)))
    }

    @Test("the schemas catch drift: an extra field, a missing one, a wrong value")
    func drift() throws {
        // Given a real validate output
        let result = try CLIRun.run(["validate", Self.shippedCatalog, "--format", "json"])
        guard case .object(var top) = try SchemaJSON.parse(result.stdout) else {
            Issue.record("validate printed no object")
            return
        }
        let whole = try Self.schema("validate")
        #expect(try whole.errors(in: .object(top)).isEmpty)
        // (the schema's root is one of two shapes; its one-catalog shape words each problem)
        let text = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Schemas/validate.schema.json"), encoding: .utf8)
        guard case .object(let root) = try SchemaJSON.parse(text), let definitions = root["$defs"] else {
            Issue.record("no $defs in the validate schema")
            return
        }
        let schema = JSONSchemaValidator(root: .object(["$ref": .string("#/$defs/report"), "$defs": definitions]))
        // When a field is added, one removed, and a value changed, then each is reported
        var extra = top
        extra["version"] = .integer(2)
        #expect(try whole.errors(in: .object(extra)) == ["$: matches 0 of the oneOf schemas, not exactly one"])
        #expect(try schema.errors(in: .object(extra)) == ["$: unexpected property \"version\""])
        var missing = top
        missing["summary"] = nil
        #expect(try schema.errors(in: .object(missing)) == ["$: missing required \"summary\""])
        top["diagnostics"] = .array([
            .object([
                "severity": .string("fatal"), "code": .string("missing-file"), "path": .string(""),
                "key_path": .null, "line": .null, "column": .null, "message": .string("x"),
            ])
        ])
        #expect(try schema.errors(in: .object(top)) == ["$.diagnostics[0].severity: \"fatal\" is not one of the allowed values"])
    }

    @Test(
        "the validator's keywords",
        arguments: [
            (#"{"type": "integer", "minimum": 1, "maximum": 3}"#, "2", true), (#"{"type": "integer", "minimum": 1}"#, "0", false),
            (#"{"type": "integer"}"#, "true", false), (#"{"type": "number"}"#, "1", true), (#"{"type": ["string", "null"]}"#, "null", true),
            (#"{"const": "a"}"#, #""b""#, false), (#"{"enum": [1, "x"]}"#, #""x""#, true), (#"{"minLength": 2}"#, #""a""#, false),
            (#"{"pattern": "^frame_[0-9]{4}$"}"#, #""frame_0001""#, true), (#"{"pattern": "^a$"}"#, #""ba""#, false),
            (#"{"items": {"type": "string"}}"#, #"["a", 1]"#, false),
            (#"{"oneOf": [{"type": "integer"}, {"type": "number"}]}"#, "1", false),
            (#"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, "null", false),
            (##"{"$ref": "#/$defs/a", "$defs": {"a": {"type": "boolean"}}}"##, "false", true),
            (#"{"properties": {"a": {"type": "integer"}}, "additionalProperties": false, "required": ["a"]}"#, #"{"a": 1}"#, true),
            (#"{"properties": {"a": {"type": "integer"}}, "additionalProperties": false}"#, #"{"a": 1, "b": 2}"#, false),
        ])
    func keywords(schema: String, value: String, valid: Bool) throws {
        let validator = JSONSchemaValidator(root: try SchemaJSON.parse(schema))
        #expect(try validator.errors(in: try SchemaJSON.parse(value)).isEmpty == valid)
    }

    @Test("an unknown schema keyword is refused, not ignored")
    func unknownKeyword() throws {
        let validator = JSONSchemaValidator(root: try SchemaJSON.parse(#"{"maxItems": 1}"#))
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try validator.errors(in: .array([])) }
    }
}
