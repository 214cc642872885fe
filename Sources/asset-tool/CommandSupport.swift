import ArgumentParser
import Assets
import AssetsSupport

/// The exit statuses of every command (sysexits' numbers where one fits). Docs/guarantees.md and Docs/cli.md list them.
enum ExitStatus: Int32 {
    /// Success: no finding at the level that fails, the output written.
    case success = 0
    /// Findings at the failing level, or an input or output that could not be handled.
    case failure = 1
    /// Bad usage: an unknown flag, a value out of range (ArgumentParser's own status).
    case usage = 64
    /// The catalog (or the input folder) cannot be read at all (EX_NOINPUT).
    case noInput = 66

    var code: ExitCode { ExitCode(rawValue) }
}

/// The one way a command fails: `run()` throws it, and `AssetTool.main` prints `message` as one line on
/// stderr (none when the command has already said why: findings printed, failures listed) and exits with
/// `status`. Usage errors found while parsing are ArgumentParser's (`validate()` throws `ValidationError`);
/// one found only while running is a `CommandFailure` with `.usage`.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String?
    var status: ExitStatus

    init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    private init(silent status: ExitStatus) {
        self.message = nil
        self.status = status
    }

    /// The command has printed its findings or failures already: only the exit status is left to give.
    static func exit(_ status: ExitStatus) -> CommandFailure {
        CommandFailure(silent: status)
    }

    /// The catalog itself cannot be read.
    static func unreadableCatalog(_ message: String) -> CommandFailure {
        CommandFailure(message, status: .noInput)
    }

    var description: String { message ?? "exit status \(status.rawValue)" }
}

/// `--format` of the commands that print text or JSON (info, resolve, hash, extract-frames, size, optimize, car info,
/// car diff): only these two parse, so no command has a branch for a format it does not write.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}

/// `--format text|json`: one declaration and one help text for every command that prints text or JSON.
struct TextOrJSONOption: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text
}

/// `--format` of `validate` and `refs`: the library's `CatalogReportFormat`, every CI format the catalog report
/// renders, parsed by its raw values.
extension CatalogReportFormat: ExpressibleByArgument {
    /// Text and GitHub annotations are read by people; the others by programs, so no progress line.
    var isForPeople: Bool { self == .text || self == .github }

    /// The formats the report of several catalogs is written in.
    var takesSeveralCatalogs: Bool { self == .text || self == .json || self == .github }
}

/// `--strict`, and the one rule for whether findings fail a run (validate, refs, build-check): any error, or
/// with `--strict` any warning; notes never fail.
struct StrictOption: ParsableArguments {
    @Flag(help: "Fail on warnings too.")
    var strict = false

    /// Whether findings with these counts fail the run (exit status 1).
    func fails(errors: Int, warnings: Int) -> Bool {
        errors > 0 || (strict && warnings > 0)
    }
}

/// `--format` and `--strict` of the commands that print findings in every CI format (validate, refs): one
/// declaration, one help text, and the one way such a command prints its rendered findings.
struct FindingOptions: ParsableArguments {
    @Option(help: "Output format: text, json, github (workflow annotations), sarif (2.1.0), junit, checkstyle or gitlab (code quality).")
    var format: CatalogReportFormat = .text

    @OptionGroup var strictness: StrictOption

    /// Prints findings rendered in `format` (text styled for a terminal when it is one).
    func print(_ rendered: String) {
        Swift.print(format == .text ? TerminalStyle.forStream(.output).diagnosticLines(rendered) : rendered, terminator: "")
    }

    /// Throws the exit status 1 when the findings fail the run.
    func exit(errors: Int, warnings: Int) throws(CommandFailure) {
        if strictness.fails(errors: errors, warnings: warnings) { throw CommandFailure.exit(.failure) }
    }
}

/// `--output`/`-o` and `--force`: the one shape of every command that writes (build-check, decode,
/// extract-frames, report, render-hash). An output is written atomically; `--force` replaces only a regular
/// file (extract-frames: an earlier run's output folder), never a folder, a link, a FIFO or a device.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write (see the command's description).", valueName: "path"))
    var output: String

    @Flag(
        help:
            "Replace an existing output: a regular file (extract-frames: an earlier run's output folder); never a folder, link, FIFO or device."
    )
    var force = false

    func validate() throws {
        try OutputOptions.check(output)
    }

    static func check(_ output: String) throws {
        if output.isEmpty { throw ValidationError("--output must name a file, not an empty string") }
        // Compared as a case-insensitive volume (APFS, HFS+ by default) compares names: `Placeholders.JSON` is the same file.
        if let name = output.split(separator: "/").last.map(String.init),
            protectedNames.contains(where: { $0.lowercased() == name.lowercased() })
        {
            throw ValidationError(
                "--output \(output): \(name) is the project's configuration or a catalog's own file, not an output; "
                    + "name the output otherwise (hash: placeholder-hashes.json)")
        }
    }

    /// Names no command writes, even with --force: the project's configuration (`placeholders.json`,
    /// `.asset-tool.json`) and a catalog's own `Contents.json`. Overwriting `placeholders.json` with a hash
    /// manifest made every later command fail.
    static let protectedNames: Set<String> = [PlaceholderConfig.fileName, ValidationConfig.fileName, "Contents.json"]
}

/// `--output`/`-o` and `--force` where the output is optional (`hash`'s manifest): the same words and checks.
struct OptionalOutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write (see the command's description).", valueName: "path"))
    var output: String?

    @Flag(
        help:
            "Replace an existing output: a regular file (optimize: an earlier output folder of optimize); never another folder, a link, FIFO or device."
    )
    var force = false

    func validate() throws {
        if let output { try OutputOptions.check(output) }
    }
}

/// Where the catalog is: `--catalog PATH` on every command that reads one (validate, report and
/// build-check also take it as their argument).
struct CatalogOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalog folder (Assets.catalog, any .xcassets).", valueName: "path"))
    var catalog: String?

    /// The catalog named by `--catalog`, else by the command's argument, else `Assets.catalog`.
    func path(argument: String? = nil) -> String {
        catalog ?? argument ?? "Assets.catalog"
    }
}

/// The traits of the device asking: `--scale`, `--appearance`, `--high-contrast`, `--idiom`, `--rtl`,
/// parsed once into the library's typed values.
struct DeviceTraitOptions: ParsableArguments {
    @Option(help: "The display scale: 1, 2 or 3 (default: the idiom's usual scale: phone 3; pad, mac, tv, watch, car, vision 2).")
    var scale: VariantQuery.Scale?

    @Option(help: "light or dark.")
    var appearance: VariantQuery.Appearance = .light

    @Flag(help: "Ask for increased contrast.")
    var highContrast = false

    @Option(help: "phone, pad, mac, tv, watch, car or vision.")
    var idiom: VariantQuery.Idiom = .phone

    @Flag(help: "Lay out right to left.")
    var rtl = false

    var query: VariantQuery {
        VariantQuery(
            scale: scale ?? idiom.defaultScale, appearance: appearance, highContrast: highContrast, idiom: idiom,
            layoutDirection: rtl ? .rightToLeft : .leftToRight)
    }

    /// The trace line that says where the scale came from, when none was asked for and the idiom is not a
    /// phone (whose 3x is the long-standing default).
    var scaleNote: String? {
        guard scale == nil, idiom != .phone else { return nil }
        return "no --scale: took \(query.scale.catalogValue), the usual scale of a \(idiom.rawValue) (Apple's device specifications)"
    }
}

extension VariantQuery.Scale: ExpressibleByArgument {
    public init?(argument: String) {
        guard let number = Int(argument) else { return nil }
        self.init(rawValue: number)
    }

    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
}

extension VariantQuery.Appearance: ExpressibleByArgument {}
extension VariantQuery.Idiom: ExpressibleByArgument {}

/// Reads an input file whole; a missing or unreadable file fails with the words every command uses.
enum InputFile {
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        do {
            return try ImageInspector.readFile(path)
        } catch {
            let reason = (try? CatalogFileSystem.targetStatus(path).get()) != nil ? "cannot be read" : "no such file"
            throw CommandFailure(ImageError(.unreadable, file: path, detail: reason).description)
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
    @Option(
        help: ArgumentHelp(
            "The app's string tables: a Localizable.xcstrings, a .strings file, or a folder holding them (*.xcstrings, *.lproj/*.strings).",
            valueName: "file-or-folder"))
    var strings: String?

    @Option(
        help:
            "The locale shown (de, de-AT, pt-BR): the region's text, else the language's, else the development language's. Needs --strings."
    )
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

/// One line on stderr, escaped as plain text (`PlainText`): it names files and catalogs, and a name must
/// not break the line or send escape codes. `raw` only for the progress line's own control codes.
func printError(_ text: String, terminator: String = "\n", raw: Bool = false) {
    // A failure caused by the cleanup of an interrupted run is not reported: the signal ends the process.
    InterruptSignals.holdIfInterrupted()
    StandardStream.error.write(Array(((raw ? text : PlainText.escape(text)) + terminator).utf8))
}
