import ArgumentParser
import Assets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which file a device shows for a name, or what a placeholder state shows.",
        discussion: """
        Exit status: 0 when the name (or the state's image) resolves, or the state shows no image by design; \
        1 when nothing resolves (the trace says why) or a file cannot be read; 64 for bad usage; 66 when \
        the catalog cannot be read.

        \(CommandExamples.resolve)
        """
    )

    @Argument(help: "The set's fully qualified name (exact and case-sensitive).")
    var name: String?

    @Option(help: "Show what the placeholder shows in a state: loading, content, empty, error, loading-error or image-slot.")
    var state: String?

    @Option(help: "The catalog folder.")
    var catalog = "Assets.catalog"

    @Option(help: "The display scale: 1, 2 or 3.")
    var scale = 3

    @Option(help: "light or dark.")
    var appearance = "light"

    @Flag(help: "Ask for increased contrast.")
    var highContrast = false

    @Option(help: "phone, pad, mac, tv, watch or car.")
    var idiom = "phone"

    @Flag(help: "Lay out right to left.")
    var rtl = false

    @Option(help: "text or json.")
    var format = "text"

    @Option(help: "A placeholders.json mapping states to asset names (default: placeholders.json beside the catalog, when there is one).")
    var placeholders: String?

    func validate() throws {
        switch (name, state) {
        case (nil, nil): throw ValidationError("name a set, or ask for a placeholder with --state")
        case (.some, .some): throw ValidationError("give a name or --state, not both")
        default: break
        }
        if let state, PlaceholderState(rawValue: state) == nil {
            throw ValidationError("--state must be one of \(PlaceholderState.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(state)\"")
        }
        if VariantQuery.Scale(rawValue: scale) == nil {
            throw ValidationError("--scale must be 1, 2 or 3, not \(scale)")
        }
        if VariantQuery.Appearance(rawValue: appearance) == nil {
            throw ValidationError("--appearance must be light or dark, not \"\(appearance)\"")
        }
        if VariantQuery.Idiom(rawValue: idiom) == nil {
            throw ValidationError("--idiom must be one of \(VariantQuery.Idiom.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(idiom)\"")
        }
        if format != "text" && format != "json" {
            throw ValidationError("--format must be text or json, not \"\(format)\"")
        }
    }

    var query: VariantQuery {
        VariantQuery(
            scale: VariantQuery.Scale(rawValue: scale) ?? .three,
            appearance: VariantQuery.Appearance(rawValue: appearance) ?? .light,
            highContrast: highContrast,
            idiom: VariantQuery.Idiom(rawValue: idiom) ?? .phone,
            layoutDirection: rtl ? .rightToLeft : .leftToRight
        )
    }

    func run() throws {
        let loaded: AssetCatalog
        do {
            // One name needs only its own set(s) and the groups' namespaces; a state needs the whole catalog.
            if state == nil, let name {
                loaded = try VariantResolver.catalog(at: catalog, forResolving: name)
            } else {
                loaded = try loadCatalog(at: catalog)
            }
        } catch {
            Self.fail("\(error)", status: catalogUnreadableStatus)
        }

        if let stateName = state, let placeholderState = PlaceholderState(rawValue: stateName) {
            var names = PlaceholderNames.conventional
            do {
                if let placeholders {
                    names = try PlaceholderConfig.names(inFile: placeholders)
                } else if let beside = try PlaceholderConfig.names(besideCatalog: catalog) {
                    names = beside
                }
            } catch {
                Self.fail(error.description)
            }
            let context = PlaceholderContext(catalog: loaded, query: query, names: names)
            var report = PlaceholderStateReport(state: placeholderState, context: context)
            if report.looksUpImage, let choice = report.presentation?.image {
                do {
                    report.animation = try context.animation(of: choice)
                } catch {
                    Self.fail(error.description)
                }
            }
            print(format == "json" ? report.reportJSON.text() : report.reportText)
            if !report.isResolved { throw ExitCode.failure }
            return
        }

        let answer = VariantResolver(catalog: loaded).resolve(name ?? "", for: query)
        print(format == "json" ? answer.reportJSON.text() : answer.reportText)
        if !answer.isResolved { throw ExitCode.failure }
    }

    /// One line on stderr, exit `status` (1 unless the catalog itself cannot be read).
    static func fail(_ line: String, status: Int32 = ExitCode.failure.rawValue) -> Never {
        printError("asset-tool resolve: \(line)")
        exitProcess(status)
    }
}

/// Reads the catalog folder at `path` (the catalog work's loader; problems inside the catalog do not stop resolution).
func loadCatalog(at path: String) throws -> AssetCatalog {
    try AssetCatalog.read(at: path)
}

/// Ends the process at once with `status` (the C library's `exit`).
func exitProcess(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #else
    Darwin.exit(status)
    #endif
}
