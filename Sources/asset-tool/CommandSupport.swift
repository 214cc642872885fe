import ArgumentParser
import Assets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--format` for commands that print a report.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

/// A failure on the input or the output: prints one line on stderr and gives exit status 1.
func commandFailure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode.failure
}

/// The exit status of every command whose catalog folder cannot be read (sysexits' EX_NOINPUT), as
/// `validate` and `build-check` have it.
let catalogUnreadableStatus: Int32 = 66

/// Reads an input file whole.
enum InputFile {
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return try ImageInspector.readFile(path)
        } catch {
            var info = stat()
            let reason = stat(path, &info) == 0 ? "cannot be read" : "no such file"
            throw commandFailure(ImageError(.unreadable, file: path, detail: reason).description)
        }
    }
}

/// `--placeholders FILE`: the one way validate, build-check, resolve and report learn a team's placeholder
/// names (else `placeholders.json` beside the catalog, else the conventional names), read by one loader.
struct PlaceholderNameOptions: ParsableArguments {
    @Option(help: "A placeholders.json mapping states to asset names (default: placeholders.json beside the catalog, when there is one).")
    var placeholders: String?

    /// The names for `catalog`; throws the configuration's error.
    func names(forCatalog catalog: String) throws(PlaceholderConfigError) -> PlaceholderNames {
        try PlaceholderConfig.names(forCatalog: catalog, file: placeholders)
    }
}

/// `--strings FILE_OR_FOLDER --locale LANG`: the app's string tables the placeholders' text is read from.
struct LocalizationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The app's string tables: a Localizable.xcstrings, a .strings file, or a folder holding them (*.xcstrings, *.lproj/*.strings).",
                               valueName: "file-or-folder"))
    var strings: String?

    @Option(help: "The locale shown (de, de-AT, pt-BR): the region's text, else the language's, else the development language's. Needs --strings.")
    var locale: String?

    func validate() throws {
        if locale != nil && strings == nil { throw ValidationError("--locale needs --strings (the tables to read the text from)") }
        if let locale, locale.isEmpty || locale.contains(where: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw ValidationError("--locale must be a language code such as de, de-AT or zh-Hans, not \"\(locale)\"")
        }
    }

    /// The text provider: the tables read for the locale (the development language without one), or none.
    func provider() throws(StringsFileError) -> LocalizedStrings? {
        guard let strings else { return nil }
        return try LocalizedStrings.read(from: strings, locale: locale ?? "")
    }
}
