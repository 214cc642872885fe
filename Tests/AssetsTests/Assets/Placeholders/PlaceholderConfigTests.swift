import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing

@Suite("Placeholder names and placeholders.json")
struct PlaceholderConfigTests {
    /// A fresh folder under the system's temporary folder, removed by the caller.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placeholders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the conventional names")
    func conventional() {
        let names = PlaceholderNames.conventional
        #expect(names[.error] == "placeholder_error_icon")
        #expect(names[.loadingDataError] == "placeholder_loading_data_icon")
        #expect(names[.emptyState] == "placeholder_empty_state_icon")
        #expect(names[.imageSlot] == "global_image_placeholder_icon")
    }

    @Test("a mapping in code renames one role and keeps the rest")
    func mappingInCode() {
        let names = PlaceholderNames.conventional.mapping(.emptyState, to: "imgZeroEmpty")
        #expect(names[.emptyState] == "imgZeroEmpty")
        #expect(names[.error] == "placeholder_error_icon")
        let merged = names.merging(PlaceholderNames(overrides: [.error: "imgZeroError"]))
        #expect(merged[.error] == "imgZeroError" && merged[.emptyState] == "imgZeroEmpty")
    }

    @Test("the file lives beside the catalog folder")
    func pathBesideCatalog() {
        #expect(PlaceholderConfig.path(besideCatalog: "App/Assets.xcassets") == "App/placeholders.json")
        #expect(PlaceholderConfig.path(besideCatalog: "App/Assets.xcassets/") == "App/placeholders.json")
        #expect(PlaceholderConfig.path(besideCatalog: "Assets.xcassets") == "placeholders.json")
        #expect(PlaceholderConfig.path(besideCatalog: "/Assets.xcassets") == "/placeholders.json")
    }

    @Test("a full file maps every role")
    func fullFile() throws {
        // Given a placeholders.json beside a catalog folder
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json =
            #"{"names": {"error": "imgZeroError", "loading-error": "imgZeroInternet", "empty": "imgZeroEmpty", "image-slot": "photo"}}"#
        try Data(json.utf8).write(to: folder.appendingPathComponent("placeholders.json"))
        let catalog = folder.appendingPathComponent("Assets.xcassets").path

        // When the names beside the catalog are read
        let names = try #require(try PlaceholderConfig.names(besideCatalog: catalog))

        // Then every role takes the configured name
        #expect(names[.error] == "imgZeroError")
        #expect(names[.loadingDataError] == "imgZeroInternet")
        #expect(names[.emptyState] == "imgZeroEmpty")
        #expect(names[.imageSlot] == "photo")
    }

    @Test("no file beside the catalog: no names")
    func absentFile() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try PlaceholderConfig.names(besideCatalog: folder.appendingPathComponent("Assets.xcassets").path) == nil)
    }

    @Test("an empty object keeps the conventional names")
    func emptyObject() throws {
        #expect(try PlaceholderConfig.names(parsing: Data("{}".utf8), file: "p.json") == .conventional)
        #expect(try PlaceholderConfig.names(parsing: Data(#"{"names": {}}"#.utf8), file: "p.json") == .conventional)
    }

    @Test(
        "bad files give typed errors naming the file and key path",
        arguments: [
            (#"{"names": {"eror": "x"}}"#, "names.eror", "unknown key \"eror\""),
            (#"{"names": {"error": 3}}"#, "names.error", "expected a string, found a number"),
            (#"{"names": {"error": true}}"#, "names.error", "expected a string, found a boolean"),
            (#"{"names": {"error": ""}}"#, "names.error", "the name is empty"),
            (#"{"names": ["error"]}"#, "names", "expected an object, found an array"),
            (#"{"name": {}}"#, "name", "unknown key \"name\" (expected one of names)"),
            (#"[1, 2]"#, "", "expected an object, found an array"),
            (#"{"names": {"error": "x""#, "", "not JSON"),
        ])
    func badFiles(json: String, keyPath: String, words: String) {
        // Given a damaged configuration
        // When it is parsed
        // Then a typed error names the file, the key path and the problem
        #expect {
            try PlaceholderConfig.names(parsing: Data(json.utf8), file: "App/placeholders.json")
        } throws: { error in
            guard let error = error as? PlaceholderConfigError else { return false }
            return error.file == "App/placeholders.json" && error.keyPath == keyPath
                && error.description.hasPrefix(keyPath.isEmpty ? "App/placeholders.json: " : "App/placeholders.json: \(keyPath): ")
                && error.description.contains(words)
        }
    }

    @Test("a huge file is refused before it is read")
    func hugeFile() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("placeholders.json")
        try Data(repeating: 0x20, count: PlaceholderConfig.maximumBytes + 1).write(to: file)
        #expect(
            throws: PlaceholderConfigError(
                file: file.path, reason: .tooLarge(bytes: PlaceholderConfig.maximumBytes + 1, limit: PlaceholderConfig.maximumBytes))
        ) {
            try PlaceholderConfig.names(inFile: file.path)
        }
    }

    @Test("a folder or a device is refused without reading it", arguments: ["/dev/zero", "/tmp"])
    func notRegular(path: String) {
        #expect(throws: PlaceholderConfigError(file: path, reason: .unreadable("not a regular file"))) {
            try PlaceholderConfig.names(inFile: path)
        }
    }

    @Test("an unreadable path is a typed error")
    func unreadable() {
        #expect {
            try PlaceholderConfig.names(inFile: "/nonexistent/placeholders.json")
        } throws: { error in
            (error as? PlaceholderConfigError)?.file == "/nonexistent/placeholders.json"
        }
    }
}
