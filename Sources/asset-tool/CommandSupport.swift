import ArgumentParser
import Assets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit statuses of every command (sysexits' numbers where one fits). README lists them.
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
/// stderr and exits with `status`. Usage errors go through ArgumentParser's `ValidationError` instead.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var status: ExitStatus

    init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    /// The catalog itself cannot be read.
    static func unreadableCatalog(_ message: String) -> CommandFailure {
        CommandFailure(message, status: .noInput)
    }

    var description: String { message }
}

/// `--format`: the output formats of every command; each command accepts the ones it lists in `validate()`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
    /// GitHub Actions workflow commands.
    case github

    /// Throws a usage error when this command does not write `self`.
    func check(_ supported: [OutputFormat]) throws {
        guard supported.contains(self) else {
            throw ValidationError("--format must be \(supported.map(\.rawValue).joined(separator: ", ")), not \(rawValue)")
        }
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
    @Option(help: "The display scale: 1, 2 or 3.")
    var scale: VariantQuery.Scale = .three

    @Option(help: "light or dark.")
    var appearance: VariantQuery.Appearance = .light

    @Flag(help: "Ask for increased contrast.")
    var highContrast = false

    @Option(help: "phone, pad, mac, tv, watch or car.")
    var idiom: VariantQuery.Idiom = .phone

    @Flag(help: "Lay out right to left.")
    var rtl = false

    var query: VariantQuery {
        VariantQuery(scale: scale, appearance: appearance, highContrast: highContrast, idiom: idiom,
                     layoutDirection: rtl ? .rightToLeft : .leftToRight)
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
            var info = stat()
            let reason = stat(path, &info) == 0 ? "cannot be read" : "no such file"
            throw CommandFailure(ImageError(.unreadable, file: path, detail: reason).description)
        }
    }
}
