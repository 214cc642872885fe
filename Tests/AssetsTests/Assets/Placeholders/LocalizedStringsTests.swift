import Assets
import Foundation
import Testing

@Suite("String tables: .strings, .xcstrings, and the locale fallback")
struct LocalizedStringsTests {
    static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("the old-style syntax: comments, bare words, escapes, a key alone, a repeated key")
    func stringsSyntax() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(
            #"""
            /* Placeholder titles
               over two lines */
            "placeholder.error.title" = "Etwas ist \"schief\" gelaufen"; // trailing
            placeholder.retry = "Erneut\tversuchen\n";
            "emoji" = "\U00e4\UD83D\UDE00 \101";
            "alone";
            "twice" = "first"; "twice" = "second";
            """#, "de.lproj/Localizable.strings", in: root)
        let table = try LocalizedStrings.readStringsFile(root.appendingPathComponent("de.lproj/Localizable.strings").path)
        #expect(table["placeholder.error.title"] == "Etwas ist \"schief\" gelaufen")
        #expect(table["placeholder.retry"] == "Erneut\tversuchen\n")
        #expect(table["emoji"] == "ä😀 A")
        #expect(table["alone"] == "alone")
        #expect(table["twice"] == "second")
    }

    @Test("UTF-16 with a byte-order mark, as older tables are saved")
    func utf16() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in #""k" = "Grüße";"#.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let file = root.appendingPathComponent("fr.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        #expect(try LocalizedStrings.readStringsFile(file.path) == ["k": "Grüße"])
    }

    @Test(
        "malformed tables are typed errors naming file and line",
        arguments: [
            (#""a" = "b""#, 1, "expected \";\" after the value of \"a\""),
            ("\n\n\"a\" = ;", 3, "expected a value, found \";\""),
            ("/* never closed", 1, "a comment that is never closed"),
            ("\"a\" = \"b", 1, "a string that is never closed"),
            (#""a" "b";"#, 1, "expected \"=\" or \";\" after the key \"a\""),
            (#""a" = "\UD83D";"#, 1, "a \\U escape of a lone high surrogate"),
        ])
    func malformed(text: String, line: Int, message: String) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(text, "en.lproj/Localizable.strings", in: root)
        let file = root.appendingPathComponent("en.lproj/Localizable.strings").path
        #expect(throws: StringsFileError(file: file, line: line, reason: .syntax(message))) {
            try LocalizedStrings.readStringsFile(file)
        }
    }

    @Test("a binary property list is refused with what to give instead")
    func binaryPlist() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("bplist00\u{1}", "en.lproj/Localizable.strings", in: root)
        let file = root.appendingPathComponent("en.lproj/Localizable.strings").path
        #expect(throws: StringsFileError(file: file, reason: .binaryPropertyList)) { try LocalizedStrings.readStringsFile(file) }
    }

    @Test("a folder: region, then language, then the development language; Localizable wins")
    func fallback() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(#""placeholder.retry" = "Nochmal";"#, "App/de-AT.lproj/Localizable.strings", in: root)
        try Self.write(
            #""placeholder.retry" = "Erneut versuchen"; "placeholder.error.title" = "Fehler";"#, "App/de.lproj/Localizable.strings",
            in: root)
        try Self.write(#""placeholder.error.title" = "Anderer Fehler";"#, "App/de.lproj/Other.strings", in: root)
        try Self.write(
            #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "placeholder.empty.title": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Nothing yet"}},
                "pt-BR": {"stringUnit": {"state": "translated", "value": "Nada ainda"}}}},
              "items": {"localizations": {"en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%d item"}},
                "other": {"stringUnit": {"state": "translated", "value": "%d items"}}}}}}}}}
            """#, "App/Localizable.xcstrings", in: root)
        let austrian = try LocalizedStrings.read(from: root.path, locale: "de_AT")
        #expect(austrian.fallbackChain == ["de-at", "de", "en", "Base"])
        #expect(austrian.localizedString(forKey: "placeholder.retry") == "Nochmal")
        #expect(austrian.localizedString(forKey: "placeholder.error.title") == "Fehler")
        #expect(austrian.localizedString(forKey: "placeholder.empty.title") == "Nothing yet")
        #expect(austrian.language(forKey: "placeholder.empty.title") == "en")
        #expect(austrian.localizedString(forKey: "items") == "%d items")
        let brazilian = try LocalizedStrings.read(from: root.path, locale: "pt-BR")
        #expect(brazilian.localizedString(forKey: "placeholder.empty.title") == "Nada ainda")
        #expect(brazilian.localizedString(forKey: "placeholder.retry") == nil)
        // The standard styles through these tables
        let context = PlaceholderContext(catalog: nil, localization: austrian)
        let shown = PlaceholderPresentation(style: .errorStyle, context: context)
        #expect(shown.title == "Fehler" && shown.buttons.first?.title == "Nochmal" && shown.subtitle == "Please try again.")
        // Every key the standard styles use is documented
        let styleKeys = [PlaceholderStyle.errorStyle, .loadingDataErrorStyle, .emptyStateStyle]
            .flatMap { [$0.title?.key, $0.subtitle?.key] + $0.buttons.map(\.title.key) }.compactMap { $0 }
        #expect(Set(styleKeys) == Set(PlaceholderText.standardKeys.map(\.key)))
    }

    @Test("an .xcstrings value of the wrong type names its key path; an empty folder says so")
    func xcstringsErrors() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(#"{"strings": {"k": {"localizations": {"de": {"stringUnit": {"value": 3}}}}}}"#, "L.xcstrings", in: root)
        let file = root.appendingPathComponent("L.xcstrings").path
        #expect(
            throws: StringsFileError(
                file: file, keyPath: "strings.k.localizations.de.stringUnit.value",
                reason: .wrongType(expected: "a string", found: "a number"))
        ) {
            try LocalizedStrings.read(from: file, locale: "de")
        }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: StringsFileError(file: empty.path, reason: .noTables)) { try LocalizedStrings.read(from: empty.path, locale: "de") }
    }

    @Test("every prefix of a table either parses or throws, never crashes")
    func prefixes() throws {
        let text = #"/* c */ "a" = "b\n\U00e4"; c = d; // e"#
        let scalars = Array(text.unicodeScalars)
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for end in 0...scalars.count {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[0..<end])
            try Self.write(String(view), "x.lproj/L.strings", in: root)
            _ = try? LocalizedStrings.readStringsFile(root.appendingPathComponent("x.lproj/L.strings").path)
        }
    }
}
